// The recipient portal's cookies (issue 39), signed with a key derived from the service's TIN key (HMAC-SHA256), so
// every API process of one deployment reads the others' and nobody can forge one:
// - `portal_entry` (15 minutes): the recipient a link or an access code reached, before they proved who they are;
// - `portal_session` (30 minutes, renewed on each page): the signed-in recipient and the session's secret;
// - `portal_csrf`: the token every form carries back (double submit).
// SameSite=Lax, not Strict: the e-mail's link arrives from another site, and a Strict cookie set on its redirect
// would not come back on the next page; a POST from another site carries none of them.
// All are HttpOnly, path /portal, Secure over HTTPS. A cookie that does not verify, or is past its time, is absent.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PortalRef } from "../../../core/ports/portal.port.ts";
import type { PortalSession } from "../../../core/use-cases/statements/portal.ts";
import { PORTAL_SESSION_SECONDS } from "../../../core/domain/statements/portal.ts";
import type { ApiContext } from "../http.ts";

export const ENTRY_COOKIE = "portal_entry";
export const SESSION_COOKIE = "portal_session";
export const CSRF_COOKIE = "portal_csrf";
const ENTRY_SECONDS = 15 * 60;

export interface PortalCookies {
  readonly entry: (ctx: ApiContext) => PortalRef | undefined;
  readonly setEntry: (ctx: ApiContext, ref: PortalRef) => void;
  readonly session: (ctx: ApiContext) => PortalSession | undefined;
  readonly setSession: (ctx: ApiContext, session: PortalSession) => void;
  readonly clear: (ctx: ApiContext) => void;
  /** The browser's CSRF token, made (and set) on first use. */
  readonly csrf: (ctx: ApiContext) => string;
  /** Whether a form's token is the browser's. */
  readonly csrfOk: (ctx: ApiContext, sent: string) => boolean;
}

const b64 = (b: Buffer) => b.toString("base64url");

export function portalCookies(secret: string, now: () => Date = () => new Date()): PortalCookies {
  const key = createHmac("sha256", secret).update("recipient-portal-cookies-v1").digest();
  const sign = (payload: object) => {
    const body = b64(Buffer.from(JSON.stringify(payload)));
    return `${body}.${b64(createHmac("sha256", key).update(body).digest())}`;
  };
  const verify = (value: string | undefined): Record<string, unknown> | undefined => {
    if (!value) return undefined;
    const [body, mac] = value.split(".");
    if (!body || !mac) return undefined;
    const expected = createHmac("sha256", key).update(body).digest();
    const got = Buffer.from(mac, "base64url");
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) return undefined;
    try {
      const parsed: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      if (typeof parsed !== "object" || parsed === null) return undefined;
      const p = parsed as Record<string, unknown>;
      return typeof p["exp"] === "number" && p["exp"] > now().getTime() ? p : undefined;
    } catch {
      return undefined;
    }
  };
  const refOf = (p: Record<string, unknown> | undefined): PortalRef | undefined =>
    p && typeof p["a"] === "string" && typeof p["l"] === "boolean" && typeof p["r"] === "string"
      ? { accountId: p["a"], livemode: p["l"], recipientId: p["r"] }
      : undefined;
  const options = (ctx: ApiContext, seconds: number) =>
    ({
      httpOnly: true,
      sameSite: "lax",
      path: "/portal",
      secure: ctx.secure,
      overwrite: true,
      maxAge: seconds * 1000,
    }) as const;
  const exp = (seconds: number) => now().getTime() + seconds * 1000;
  return {
    entry: (ctx) => refOf(verify(ctx.cookies.get(ENTRY_COOKIE))),
    setEntry: (ctx, ref) =>
      ctx.cookies.set(
        ENTRY_COOKIE,
        sign({ a: ref.accountId, l: ref.livemode, r: ref.recipientId, exp: exp(ENTRY_SECONDS) }),
        options(ctx, ENTRY_SECONDS),
      ),
    session: (ctx) => {
      const p = verify(ctx.cookies.get(SESSION_COOKIE));
      const ref = refOf(p);
      return ref && typeof p?.["n"] === "string" ? { ...ref, nonce: p["n"] } : undefined;
    },
    setSession: (ctx, s) => {
      ctx.cookies.set(
        SESSION_COOKIE,
        sign({
          a: s.accountId,
          l: s.livemode,
          r: s.recipientId,
          n: s.nonce,
          exp: exp(PORTAL_SESSION_SECONDS),
        }),
        options(ctx, PORTAL_SESSION_SECONDS),
      );
      ctx.cookies.set(ENTRY_COOKIE, null, { path: "/portal" });
    },
    clear: (ctx) => {
      ctx.cookies.set(SESSION_COOKIE, null, { path: "/portal" });
      ctx.cookies.set(ENTRY_COOKIE, null, { path: "/portal" });
    },
    csrf: (ctx) => {
      const have = ctx.cookies.get(CSRF_COOKIE);
      if (have && /^[A-Za-z0-9_-]{32,64}$/.test(have)) return have;
      const token = b64(randomBytes(32));
      ctx.cookies.set(CSRF_COOKIE, token, { ...options(ctx, 24 * 3600) });
      return token;
    },
    csrfOk: (ctx, sent) => {
      const have = ctx.cookies.get(CSRF_COOKIE);
      if (!have || !sent || have.length !== sent.length) return false;
      return timingSafeEqual(Buffer.from(have), Buffer.from(sent));
    },
  };
}
