// Bearer credential -> principal and scope (D2, D3, D32), production IP allowlist (D35; `ctx.ip` honours
// X-Forwarded-For only when TRUST_PROXY sets `app.proxy`), shared rate window headers and 429 (D33).
import {
  authenticate,
  rateLimitExceeded,
  type HostEnvironment,
} from "../../../core/use-cases/accounts/authenticate.ts";
import { resolveVersion } from "../../../core/domain/shared/versioning.ts";
import { MalformedRequest } from "../../../core/domain/shared/errors.ts";
import type { Principal, RateWindow } from "../../../core/domain/parties/account.ts";
import type { Api, ApiContext } from "../http.ts";
import type { Config } from "../../shared/config.ts";

/** A Host header as a name to compare: lower case, without its port and without the root's trailing dot(s). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const bare = h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d*$/, "");
  return bare.replace(/\.+$/, "");
}

export function hostEnvironment(config: Config, host: string): HostEnvironment {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/\.+(:\d*)?$/, "$1");
  const bare = hostName(host);
  if (config.liveHosts.includes(h) || config.liveHosts.includes(bare)) return "live";
  if (config.sandboxHosts.includes(h) || config.sandboxHosts.includes(bare)) return "sandbox";
  return null;
}

/** Two Authorization headers make the credential ambiguous (Node keeps only the first): refused outright. */
function checkSingleAuthorization(ctx: ApiContext): void {
  const raw = ctx.req.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2)
    if ((raw[i] as string).toLowerCase() === "authorization" && ++seen > 1) {
      throw new MalformedRequest({
        message: "The request carries more than one Authorization header; send exactly one.",
      });
    }
}

/**
 * Resolves the request's principal and scope, sets the RateLimit headers, refuses what it must. Returns nothing
 * when the credential check finished synchronously (a cached credential far from its rate limit, the common
 * case), else a promise: the caller awaits only then.
 */
export function authentication(api: Api, config: Config) {
  const hostsConfigured = config.liveHosts.length > 0 || config.sandboxHosts.length > 0;
  return (ctx: ApiContext): Promise<void> | undefined => {
    checkSingleAuthorization(ctx);
    const hostEnv = hostsConfigured ? hostEnvironment(config, ctx.host) : null;
    const admitted = api.runNow(authenticate(ctx.get("Authorization") || undefined, hostEnv, ctx.ip));
    if (admitted instanceof Promise) return admitted.then((a) => admit(ctx, a));
    admit(ctx, admitted);
    return undefined;
  };
}

function admit(ctx: ApiContext, { principal, rate }: { principal: Principal; rate: RateWindow }): void {
  ctx.state.principal = principal;
  ctx.state.scope = { accountId: principal.accountId, livemode: principal.livemode };
  const header = ctx.get("API-Version");
  ctx.state.apiVersion = resolveVersion(
    header === "" ? undefined : header.trim(),
    principal.livemode,
    principal.account.defaultApiVersion,
  );
  const now = new Date();
  ctx.set({
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(Math.max(0, rate.limit - rate.used)),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(rate.resetAtSeconds - now.getTime() / 1000))),
  });
  const limited = rateLimitExceeded(rate, now);
  if (limited) throw limited;
}
