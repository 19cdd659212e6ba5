// POST /oauth/token and GET/POST /oauth/authorize (SPEC "Auth", D32). These two paths take no bearer token:
// the token endpoint answers OAuth-style errors `{ error, error_description }`, the authorize endpoint HTML.
import Router from "@koa/router";
import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { tokenErrorStatus } from "../../../core/domain/oauth/errors.ts";
import { redirectWith } from "../../../core/domain/oauth/redirect.ts";
import type { FormFields } from "../../../core/domain/oauth/token-request.ts";
import { requestToken } from "../../../core/use-cases/oauth/token.ts";
import {
  decide,
  signIn,
  startAuthorization,
  type AuthorizeQuery,
} from "../../../core/use-cases/oauth/authorize.ts";
import { hostEnvironment } from "../middleware/authenticate.ts";
import { readRaw } from "../middleware/body.ts";
import { findUnstorableText } from "../../../core/domain/shared/validation.ts";
import type { Api, ApiContext } from "../http.ts";
import type { AppServices } from "../../shared/runtime.ts";
import type { Config } from "../../shared/config.ts";
import { consentPage, errorPage, signInPage, STYLE_HASH } from "./pages.ts";

const FORM_LIMIT = 64 * 1024;
const BROWSER_COOKIE = "oauth_browser";

/** Runs an OAuth use case; its typed failure comes back as a value, a defect is thrown (500 api_error). */
async function runOAuth<A, E>(
  api: Api,
  effect: Effect.Effect<A, E, AppServices>,
): Promise<{ ok: true; value: A } | { ok: false; error: E }> {
  const exit = await api.exit(effect);
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value };
  const failure = exit.cause.reasons.find(Cause.isFailReason);
  if (failure) return { ok: false, error: failure.error };
  throw Cause.squash(exit.cause);
}

async function readForm(ctx: ApiContext): Promise<FormFields | null> {
  if (!ctx.is("application/x-www-form-urlencoded")) return null;
  const fields = new Map<string, string[]>();
  for (const [k, v] of new URLSearchParams((await readRaw(ctx, FORM_LIMIT, "The form")).toString("utf8")))
    fields.set(k, [...(fields.get(k) ?? []), v]);
  return fields;
}

/** A NUL or lone surrogate in a form or query value: the message naming the field, or null (issue 13's text rule). */
function unstorableField(values: FormFields | Record<string, unknown>): string | null {
  const record =
    values instanceof Map
      ? Object.fromEntries([...values].map(([k, v]) => [k, v.length === 1 ? v[0] : v]))
      : values;
  return findUnstorableText(record)?.message ?? null;
}

const first = (fields: FormFields, name: string) => fields.get(name)?.[0] ?? "";

function sendPage(ctx: ApiContext, status: number, html: string): void {
  ctx.status = status;
  ctx.type = "text/html; charset=utf-8";
  ctx.set({
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; style-src ${STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'`,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  });
  ctx.body = html;
}

function redirect(ctx: ApiContext, location: string, status: 302 | 303): void {
  ctx.status = status;
  ctx.set({ Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  ctx.body = "";
}

export function oauthRouter(api: Api, config: Config): Router {
  const router = new Router();

  router.post("/oauth/token", async (raw) => {
    const ctx = raw as unknown as ApiContext;
    ctx.set({ "Cache-Control": "no-store", Pragma: "no-cache" });
    const fields = await readForm(ctx);
    const badText = fields === null ? null : unstorableField(fields);
    const result =
      fields === null
        ? {
            ok: false as const,
            error: {
              code: "invalid_request" as const,
              message: "The token request must be application/x-www-form-urlencoded.",
            },
          }
        : badText !== null
          ? { ok: false as const, error: { code: "invalid_request" as const, message: badText } }
          : await runOAuth(
              api,
              requestToken(fields, ctx.get("Authorization") || undefined, hostEnvironment(config, ctx.host)),
            );
    if (result.ok) {
      ctx.status = 200;
      ctx.body = result.value;
      return;
    }
    const status = tokenErrorStatus(result.error.code);
    if (status === 401) ctx.set("WWW-Authenticate", 'Basic realm="oauth", charset="UTF-8"');
    ctx.status = status;
    ctx.body = { error: result.error.code, error_description: result.error.message };
  });

  router.get("/oauth/authorize", async (raw) => {
    const ctx = raw as unknown as ApiContext;
    const badText = unstorableField(ctx.query);
    if (badText !== null) return sendPage(ctx, 400, errorPage("Bad request", badText));
    const r = await runOAuth(
      api,
      startAuthorization(
        ctx.query as AuthorizeQuery,
        hostEnvironment(config, ctx.host),
        ctx.cookies.get(BROWSER_COOKIE),
      ),
    );
    if (!r.ok) {
      const e = r.error;
      if (e._tag === "AuthorizeRedirectError")
        return redirect(
          ctx,
          redirectWith(e.redirectUri, { error: e.code, error_description: e.message, state: e.state }),
          302,
        );
      return sendPage(ctx, e.status, errorPage(e.title, e.message));
    }
    ctx.cookies.set(BROWSER_COOKIE, r.value.browser, {
      httpOnly: true,
      sameSite: "lax",
      path: "/oauth",
      secure: ctx.secure,
      overwrite: true,
    });
    sendPage(ctx, 200, signInPage(r.value.page));
  });

  router.post("/oauth/authorize", async (raw) => {
    const ctx = raw as unknown as ApiContext;
    const fields = await readForm(ctx);
    if (fields === null) return sendPage(ctx, 400, errorPage("Bad request", "The form could not be read."));
    const badText = unstorableField(fields);
    if (badText !== null) return sendPage(ctx, 400, errorPage("Bad request", badText));
    const browser = ctx.cookies.get(BROWSER_COOKIE);
    const [session, csrf, action] = [
      first(fields, "session"),
      first(fields, "csrf"),
      first(fields, "action"),
    ];
    if (action === "sign_in") {
      const r = await runOAuth(
        api,
        signIn(session, browser, csrf, first(fields, "email"), first(fields, "password"), ctx.ip),
      );
      if (!r.ok) return sendPage(ctx, r.error.status, errorPage(r.error.title, r.error.message));
      if (!r.value.ok) {
        const { page, error, email, retryAfterSeconds } = r.value;
        if (retryAfterSeconds === undefined) return sendPage(ctx, 200, signInPage(page, { error, email }));
        // A throttle's refusal (issue 38): 429 with Retry-After, the page saying why and for how long.
        ctx.set("Retry-After", String(retryAfterSeconds));
        return sendPage(ctx, 429, signInPage(page, { locked: error, email }));
      }
      return sendPage(ctx, 200, consentPage(r.value.page));
    }
    if (action !== "approve" && action !== "deny")
      return sendPage(ctx, 400, errorPage("Bad request", "Unknown action."));
    const r = await runOAuth(
      api,
      decide(session, browser, csrf, action === "approve", fields.get("payer")?.[0]),
    );
    if (!r.ok) return sendPage(ctx, r.error.status, errorPage(r.error.title, r.error.message));
    if (r.value.kind === "consent")
      return sendPage(ctx, 200, consentPage(r.value.page, { error: r.value.error }));
    redirect(ctx, r.value.location, 303);
  });

  return router;
}

export const isOAuthPath = (path: string) => path === "/oauth/token" || path === "/oauth/authorize";
