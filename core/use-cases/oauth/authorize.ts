// GET/POST /oauth/authorize (SPEC "Authentication", D32, RFC 6749 §4.1.1-4.1.2, RFC 9700 §4.1): the client and
// its exact redirect URI are checked before anything is shown; later problems go back to the client by
// redirect. The user signs in (no password on the sandbox), picks one payer and approves the scopes; the
// client gets a single-use code bound to the PKCE challenge. Every form post carries the session's CSRF token
// and comes from the browser the session was opened in (a cookie).
import * as Effect from "effect/Effect";
import { AuthorizePageError, AuthorizeRedirectError } from "../../domain/oauth/errors.ts";
import {
  CODE_TTL_SECONDS,
  CONSENT_SESSION_TTL_SECONDS,
  MAX_SIGN_IN_ATTEMPTS,
  PREFIX,
  SECRET_LENGTH,
  addSeconds,
  isExpired,
  type ConsentSession,
  type OAuthApp,
  type User,
} from "../../domain/oauth/model.ts";
import { checkChallenge, constantTimeEqual } from "../../domain/oauth/pkce.ts";
import { isRegisteredRedirect, redirectWith } from "../../domain/oauth/redirect.ts";
import { resolveScope } from "../../domain/oauth/scopes.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { PasswordHasher } from "../../ports/password-hasher.port.ts";
import { Store } from "../../ports/store.port.ts";
import type { HostEnvironment } from "../accounts/authenticate.ts";
import { normalizeEmail } from "./apps.ts";
import { signInFailed, signInRefusal, signInSucceeded } from "../accounts/throttles.ts";

export type AuthorizeQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

/** What the pages show: the app, whether a password is asked for (never on the sandbox), the scopes. */
export interface PageContext {
  readonly sessionId: string;
  readonly csrf: string;
  readonly appName: string;
  readonly livemode: boolean;
  readonly scopes: readonly string[];
}

export interface ConsentPage extends PageContext {
  readonly email: string;
  readonly payers: readonly Payer[];
}

const expiredSession = () =>
  new AuthorizePageError({
    title: "This page has expired",
    message:
      "The sign-in session has expired or was opened in another browser. Go back to the application and start again.",
    status: 400,
  });

const pageError = (title: string, message: string) => new AuthorizePageError({ title, message, status: 400 });

export const startAuthorization = Effect.fn("startAuthorization")(function* (
  query: AuthorizeQuery,
  hostEnv: HostEnvironment,
  browser: string | undefined,
) {
  const single = (name: string): string | undefined | null => {
    const v = query[name];
    if (Array.isArray(v)) return v.length === 1 ? (v[0] as string) : null;
    return v === undefined || v === "" ? undefined : (v as string);
  };
  const clientId = single("client_id");
  const redirectUri = single("redirect_uri");
  if (!clientId)
    return yield* pageError(
      "Unknown application",
      "The link that brought you here names no application (client_id).",
    );
  const store = yield* Store;
  const app = yield* store.oauthApps.byClientId(clientId);
  if (!app || app.revokedAt !== null)
    return yield* pageError(
      "Unknown application",
      "The application that sent you here is not registered, or was removed.",
    );
  if (hostEnv !== null && (hostEnv === "live") !== app.livemode) {
    return yield* pageError(
      "Wrong environment",
      `This application is registered for the ${app.livemode ? "production" : "sandbox"} environment, not this one.`,
    );
  }
  if (!redirectUri || !isRegisteredRedirect(redirectUri, app.redirectUris)) {
    return yield* pageError(
      "Invalid redirect address",
      "The application asked to send you back to an address it has not registered. Nothing was shared.",
    );
  }
  const state = single("state");
  const fail = (code: AuthorizeRedirectError["code"], message: string) =>
    new AuthorizeRedirectError({ code, message, redirectUri, state: state ?? undefined });
  if (state === null) return yield* fail("invalid_request", "state is sent more than once.");
  for (const name of ["response_type", "scope", "code_challenge", "code_challenge_method"]) {
    if (single(name) === null) return yield* fail("invalid_request", `${name} is sent more than once.`);
  }
  const responseType = single("response_type");
  if (responseType !== "code")
    return yield* fail(
      responseType === undefined ? "invalid_request" : "unsupported_response_type",
      "response_type must be code.",
    );
  if (!app.grantTypes.includes("authorization_code"))
    return yield* fail(
      "unauthorized_client",
      "This client is not registered for the authorization_code grant.",
    );
  const pkce = checkChallenge(
    single("code_challenge") ?? undefined,
    single("code_challenge_method") ?? undefined,
  );
  if (pkce) return yield* fail("invalid_request", pkce);
  const scope = resolveScope(single("scope") ?? undefined, app.scopes);
  if (!scope.ok) return yield* fail("invalid_scope", scope.message);

  const ids = yield* Ids;
  const hasher = yield* Hasher;
  const binding = browser && /^[A-Za-z0-9]{43}$/.test(browser) ? browser : ids.short("", SECRET_LENGTH);
  const csrf = ids.short("", SECRET_LENGTH);
  const session: ConsentSession = {
    id: ids.short("", SECRET_LENGTH),
    appId: app.id,
    livemode: app.livemode,
    browserHash: hasher.sha256Hex(binding),
    csrfHash: hasher.sha256Hex(csrf),
    redirectUri,
    state: state ?? null,
    scopes: scope.scopes,
    codeChallenge: single("code_challenge") as string,
    userId: null,
    attempts: 0,
    expiresAt: addSeconds((yield* Clock).now().toISOString(), CONSENT_SESSION_TTL_SECONDS),
  };
  yield* store.oauth.insertSession(session);
  const page: PageContext = {
    sessionId: session.id,
    csrf,
    appName: app.name,
    livemode: app.livemode,
    scopes: session.scopes,
  };
  return { browser: binding, page };
});

/** The session a form post belongs to, checked against the browser cookie and the CSRF token. */
const openSession = Effect.fnUntraced(function* (
  sessionId: string,
  browser: string | undefined,
  csrf: string,
) {
  const store = yield* Store;
  const hasher = yield* Hasher;
  const session = sessionId === "" ? undefined : yield* store.oauth.session(sessionId);
  if (!session || !browser || isExpired(session.expiresAt, (yield* Clock).now()))
    return yield* expiredSession();
  if (
    !constantTimeEqual(hasher.sha256Hex(browser), session.browserHash) ||
    !constantTimeEqual(hasher.sha256Hex(csrf), session.csrfHash)
  ) {
    return yield* expiredSession();
  }
  const app = (yield* store.oauthApps.getMany([session.appId]))[0];
  if (!app || app.revokedAt !== null)
    return yield* pageError("Unknown application", "The application was removed.");
  return { session, app };
});

const consentPage = Effect.fnUntraced(function* (
  session: ConsentSession,
  app: OAuthApp,
  user: User,
  csrf: string,
) {
  const page = yield* (yield* Store)
    .scoped({ accountId: user.accountId, livemode: session.livemode })
    .payers.list({ limit: 500, startingAfter: null });
  if (page.data.length === 0) {
    return yield* pageError(
      "No payers yet",
      `Your account has no payers in the ${session.livemode ? "production" : "sandbox"} environment. Add a payer first, then try again.`,
    );
  }
  const out: ConsentPage = {
    sessionId: session.id,
    csrf,
    appName: app.name,
    livemode: session.livemode,
    scopes: session.scopes,
    email: user.email,
    payers: page.data,
  };
  return out;
});

/** A well-formed scrypt hash that matches no password, verified when the e-mail address is unknown. */
const DUMMY_HASH = `scrypt$32768$8$1$${"A".repeat(22)}==$${"A".repeat(43)}=`;

export type SignInResult =
  | {
      readonly ok: false;
      readonly error: string;
      readonly page: PageContext;
      readonly email: string;
      /** Set when the sign-in was refused by a throttle (issue 38): the page is answered 429 with Retry-After. */
      readonly retryAfterSeconds?: number;
    }
  | { readonly ok: true; readonly page: ConsentPage };

/**
 * `address`: the client's network address, whose failed sign-ins are throttled (issue 38) as the user's are. On
 * production, where a password is checked, the user is throttled too: by its id, or by a hash of the address typed
 * when it names no user, so an unknown address locks as a known one does and a lock tells nothing.
 */
export const signIn = Effect.fn("signIn")(function* (
  sessionId: string,
  browser: string | undefined,
  csrf: string,
  email: string,
  password: string,
  address: string,
) {
  const { session, app } = yield* openSession(sessionId, browser, csrf);
  const store = yield* Store;
  const normalized = normalizeEmail(email);
  const user = yield* store.users.byEmail(normalized);
  const pageOf = (): PageContext => ({
    sessionId: session.id,
    csrf,
    appName: app.name,
    livemode: session.livemode,
    scopes: session.scopes,
  });
  const throttled = (refusal: { message: string; retryAfterSeconds: number }): SignInResult => ({
    ok: false,
    error: refusal.message,
    email,
    page: pageOf(),
    retryAfterSeconds: refusal.retryAfterSeconds,
  });
  const userKey = !session.livemode
    ? null
    : user
      ? user.id
      : `email:${(yield* Hasher).sha256Hex(normalized)}`;
  // A locked user or address is refused before its password is checked, even the right one.
  const refused = yield* signInRefusal(address, userKey);
  if (refused) return throttled(refused);
  let ok = user !== undefined;
  // The sandbox asks no password (SPEC), so it signs in only the users of the app's own account: a sandbox app
  // can never reach another account's data by naming one of its users.
  if (!session.livemode) ok = ok && user?.accountId === app.accountId;
  if (session.livemode) {
    // The hash is checked even for an unknown address, so timing does not tell which addresses exist.
    const verified = yield* (yield* PasswordHasher).verify(password, user?.passwordHash ?? DUMMY_HASH);
    ok = ok && user?.passwordHash !== null && verified;
  }
  if (!ok || !user) {
    const locked = yield* signInFailed(
      address,
      userKey === null ? null : { key: userKey, user: user && { id: user.id, accountId: user.accountId } },
    );
    if (locked) return throttled(locked);
    const attempts = session.attempts + 1;
    if (attempts >= MAX_SIGN_IN_ATTEMPTS) {
      yield* store.oauth.deleteSession(session.id);
      return yield* pageError(
        "Too many attempts",
        "Sign-in failed too many times. Go back to the application and start again.",
      );
    }
    yield* store.oauth.updateSession(session.id, { attempts });
    const message = session.livemode
      ? "The e-mail address or the password is not right."
      : "No user of this application's account has this e-mail address (the sandbox signs in only the account that registered the app).";
    const result: SignInResult = { ok: false, error: message, email, page: pageOf() };
    return result;
  }
  if (userKey !== null) yield* signInSucceeded(userKey);
  // A new CSRF token once signed in: a token seen before sign-in cannot approve.
  const next = (yield* Ids).short("", SECRET_LENGTH);
  yield* store.oauth.updateSession(session.id, {
    userId: user.id,
    csrfHash: (yield* Hasher).sha256Hex(next),
  });
  const result: SignInResult = { ok: true, page: yield* consentPage(session, app, user, next) };
  return result;
});

export type Decision =
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "consent"; readonly page: ConsentPage; readonly error: string };

export const decide = Effect.fn("decide")(function* (
  sessionId: string,
  browser: string | undefined,
  csrf: string,
  approve: boolean,
  payerId: string | undefined,
) {
  const { session, app } = yield* openSession(sessionId, browser, csrf);
  const store = yield* Store;
  const state = session.state ?? undefined;
  if (!approve) {
    yield* store.oauth.deleteSession(session.id);
    const out: Decision = {
      kind: "redirect",
      location: redirectWith(session.redirectUri, {
        error: "access_denied",
        error_description: "The user denied the request.",
        state,
      }),
    };
    return out;
  }
  const user = session.userId === null ? undefined : yield* store.users.get(session.userId);
  if (!user) return yield* expiredSession();
  const scope = { accountId: user.accountId, livemode: session.livemode };
  const payer = payerId && isUuid(payerId) ? yield* store.scoped(scope).payers.get(payerId) : undefined;
  if (!payer) {
    const out: Decision = {
      kind: "consent",
      page: yield* consentPage(session, app, user, csrf),
      error: "Pick the payer the application may act for.",
    };
    return out;
  }
  const ids = yield* Ids;
  const hasher = yield* Hasher;
  const now = (yield* Clock).now().toISOString();
  const grant = yield* store.oauth.upsertActive({
    id: ids.uuid(),
    appId: app.id,
    accountId: user.accountId,
    livemode: session.livemode,
    payerId: payer.id,
    userId: user.id,
    role: user.role,
    scopes: session.scopes,
    kind: "authorization_code",
    createdAt: now,
    updatedAt: now,
    revokedAt: null,
  });
  const code = ids.short(PREFIX.code, SECRET_LENGTH);
  yield* store.oauth.insertCode({
    codeHash: hasher.sha256Hex(code),
    grantId: grant.id,
    appId: app.id,
    redirectUri: session.redirectUri,
    codeChallenge: session.codeChallenge,
    scopes: session.scopes,
    expiresAt: addSeconds(now, CODE_TTL_SECONDS),
    usedAt: null,
    createdAt: now,
  });
  yield* store.oauth.deleteSession(session.id);
  const out: Decision = { kind: "redirect", location: redirectWith(session.redirectUri, { code, state }) };
  return out;
});
