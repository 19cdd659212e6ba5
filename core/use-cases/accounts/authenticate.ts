// SPEC "Authentication" + D2/D3/D32/D33/D35: resolve the bearer credential (API key or OAuth access token),
// check it belongs to the environment of the host it was sent to and, for production, comes from inside the
// account's IP allowlist, and count it against its shared rate window. A credential that matches nothing counts
// against its address's throttle (issue 38).
import * as Effect from "effect/Effect";
import { environmentOfToken, type Principal, type RateWindow } from "../../domain/parties/account.ts";
import { ipAllowed } from "../../domain/parties/ip-allowlist.ts";
import { IpNotAllowed, RateLimited, Unauthorized } from "../../domain/shared/errors.ts";
import { AccessGate } from "../../ports/access-gate.port.ts";
import { Clock } from "../../ports/clock.port.ts";
import { credentialFailed } from "./throttles.ts";

export type HostEnvironment = "sandbox" | "live" | null;

const envName = (env: "sandbox" | "live") => (env === "live" ? "production" : "sandbox");

export const authenticate = Effect.fnUntraced(function* (
  authorization: string | undefined,
  hostEnv: HostEnvironment,
  clientIp = "",
) {
  const token = bearerToken(authorization);
  if (!token) {
    return yield* new Unauthorized({
      message: "Missing credential: send Authorization: Bearer <API key or access token>.",
    });
  }
  const tokenEnv = environmentOfToken(token);
  if (hostEnv !== null && tokenEnv !== null && tokenEnv !== hostEnv) {
    return yield* new Unauthorized({
      message: `This host serves the ${envName(hostEnv)} environment; a ${envName(tokenEnv)} credential is refused here.`,
    });
  }
  const admission = yield* (yield* AccessGate).admit(token, (yield* Clock).now());
  if (!admission) {
    // Issue 38: credentials that match nothing are counted per address; past the limit they are 429, not 401.
    const throttled = yield* credentialFailed(clientIp);
    if (throttled) return yield* throttled;
    return yield* new Unauthorized({ message: "Invalid, expired or revoked credential." });
  }
  const { principal, rate } = admission;
  // OAuth tokens are bound to the environment they were minted in (D2).
  if (hostEnv !== null && (hostEnv === "live") !== principal.livemode) {
    return yield* new Unauthorized({ message: "This credential belongs to the other environment." });
  }
  const allowlist = principal.account.ipAllowlist;
  if (principal.livemode && allowlist.length > 0 && !ipAllowed(clientIp, allowlist)) {
    return yield* new IpNotAllowed({
      message: `Requests from ${clientIp || "this address"} are not in the account's IP allowlist for production credentials.`,
    });
  }
  return { principal, rate } satisfies { principal: Principal; rate: RateWindow };
});

export function rateLimitExceeded(rate: RateWindow, now: Date): RateLimited | null {
  if (rate.used <= rate.limit) return null;
  const retryAfterSeconds = Math.max(1, Math.ceil(rate.resetAtSeconds - now.getTime() / 1000));
  return new RateLimited({
    retryAfterSeconds,
    message: `Rate limit of ${rate.limit} requests per minute exceeded; retry after ${retryAfterSeconds} s.`,
  });
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}
