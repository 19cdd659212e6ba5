// OAuth test helpers: register apps and users through the core use cases, call the token endpoint, walk the
// consent pages over HTTP (cookie, CSRF fields), PKCE pairs, and a second server with a driven clock.
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { createApp } from "../../hosts/api/app.ts";
import { listen } from "../../hosts/api/server.ts";
import { appLayer, type AppRuntime } from "../../hosts/shared/runtime.ts";
import { makeLogger } from "../../hosts/shared/logger.ts";
import { Clock } from "../../core/ports/clock.port.ts";
import { PasswordHasher } from "../../core/ports/password-hasher.port.ts";
import { makeScryptPasswordHasher } from "../../adapters/system/password-hasher.scrypt.ts";
import { createUser, registerApp } from "../../core/use-cases/oauth/apps.ts";
import { testConfig, type TestApi } from "./api.ts";

/** Cheap scrypt for test users (the stored hash names its own cost, so sign-in verifies it as stored). */
const fastHasher = makeScryptPasswordHasher({ N: 1024, r: 8, p: 1 });

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface TestApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  id: string;
}

export async function newApp(
  api: TestApi,
  opts: {
    env?: "sandbox" | "live";
    scopes?: string;
    redirectUris?: string[];
    grantTypes?: string;
    accountId?: string;
  } = {},
): Promise<TestApp> {
  const redirectUris = opts.redirectUris ?? ["https://client.example/callback"];
  const { app, clientSecret } = await api.runtime.runPromise(
    registerApp({
      accountId: opts.accountId ?? api.accountId,
      env: opts.env ?? "sandbox",
      name: "Acme Payroll",
      redirectUris,
      scopes: opts.scopes ?? "filings:read filings:write payments:read payments:write",
      ...(opts.grantTypes ? { grantTypes: opts.grantTypes } : {}),
    }),
  );
  return { clientId: app.clientId, clientSecret, redirectUri: redirectUris[0] as string, id: app.id };
}

export async function newUser(
  api: TestApi,
  email: string,
  role: "owner" | "member",
  password: string | null,
  accountId = api.accountId,
) {
  return api.runtime.runPromise(
    Effect.provideService(createUser(accountId, email, role, password), PasswordHasher, fastHasher),
  );
}

export async function token(
  api: TestApi,
  fields: Record<string, string>,
  opts: { basic?: [string, string]; host?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = {
    "content-type": opts.contentType ?? "application/x-www-form-urlencoded",
  };
  if (opts.basic)
    headers["authorization"] =
      `Basic ${Buffer.from(`${encodeURIComponent(opts.basic[0])}:${encodeURIComponent(opts.basic[1])}`).toString("base64")}`;
  if (opts.host) headers["host"] = opts.host;
  return api.request("POST", "/oauth/token", {
    key: null,
    raw: new URLSearchParams(fields).toString(),
    headers,
  });
}

export const clientCredentials = async (api: TestApi, app: TestApp, scope?: string) => {
  const r = await token(api, {
    grant_type: "client_credentials",
    client_id: app.clientId,
    client_secret: app.clientSecret,
    ...(scope ? { scope } : {}),
  });
  if (r.status !== 200) throw new Error(`client_credentials: ${r.status} ${r.text}`);
  return r.body as { access_token: string; scope: string };
};

function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[m[1] as string] = m[2] as string;
  return out;
}

export interface AuthorizeOpts {
  app: TestApp;
  email: string;
  password?: string;
  payer?: string;
  scope?: string;
  state?: string;
  challenge?: string;
  host?: string;
  redirectUri?: string;
  approve?: boolean;
}

/** Walks GET /oauth/authorize, sign-in and consent; returns the final redirect's URL (with code or error). */
export async function authorize(
  api: TestApi,
  o: AuthorizeOpts,
): Promise<{ location: URL; signInHtml: string; consentHtml: string }> {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: o.app.clientId,
    redirect_uri: o.redirectUri ?? o.app.redirectUri,
    state: o.state ?? "xyz",
    code_challenge: o.challenge ?? pkcePair().challenge,
    code_challenge_method: "S256",
    ...(o.scope ? { scope: o.scope } : {}),
  });
  const host: Record<string, string> = o.host ? { host: o.host } : {};
  const page = await api.request("GET", `/oauth/authorize?${query}`, { key: null, headers: host });
  if (page.status !== 200)
    throw new Error(
      `authorize page: ${page.status} ${page.headers.get("location") ?? page.text.slice(0, 300)}`,
    );
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const post = (fields: Record<string, string>) =>
    api.request("POST", "/oauth/authorize", {
      key: null,
      raw: new URLSearchParams(fields).toString(),
      headers: { ...host, cookie, "content-type": "application/x-www-form-urlencoded" },
    });
  const signedIn = await post({
    ...hiddenFields(page.text),
    action: "sign_in",
    email: o.email,
    password: o.password ?? "",
  });
  if (signedIn.status !== 200 || !signedIn.text.includes('name="payer"'))
    throw new Error(`sign-in: ${signedIn.status} ${signedIn.text.slice(0, 2000)}`);
  const decided = await post({
    ...hiddenFields(signedIn.text),
    action: o.approve === false ? "deny" : "approve",
    ...(o.payer ? { payer: o.payer } : {}),
  });
  if (decided.status !== 303) throw new Error(`consent: ${decided.status} ${decided.text.slice(0, 500)}`);
  return {
    location: new URL(decided.headers.get("location") as string),
    signInHtml: page.text,
    consentHtml: signedIn.text,
  };
}

/** Consents and exchanges the code: the token response of an authorization_code grant. */
export async function userTokens(api: TestApi, o: Omit<AuthorizeOpts, "challenge">) {
  const pkce = pkcePair();
  const { location } = await authorize(api, { ...o, challenge: pkce.challenge });
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  const r = await token(
    api,
    {
      grant_type: "authorization_code",
      code,
      redirect_uri: o.redirectUri ?? o.app.redirectUri,
      code_verifier: pkce.verifier,
    },
    { basic: [o.app.clientId, o.app.clientSecret], ...(o.host ? { host: o.host } : {}) },
  );
  if (r.status !== 200) throw new Error(`code exchange: ${r.status} ${r.text}`);
  return r.body as {
    access_token: string;
    refresh_token: string;
    scope: string;
    expires_in: number;
    token_type: string;
  };
}

/** A second server on the test database whose Clock is `now()`: for code and token expiry without sleeping. */
export async function serverWithClock(
  api: TestApi,
  now: () => Date,
): Promise<{ base: string; close: () => Promise<void> }> {
  const config = testConfig();
  const runtime = ManagedRuntime.make(
    Layer.merge(appLayer(api.db, config), Layer.succeed(Clock, Clock.of({ now }))),
  ) as unknown as AppRuntime;
  const app = createApp({ runtime, config, logger: makeLogger("silent") });
  const server: Server = await listen(app, 0, "127.0.0.1");
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await runtime.dispose();
    },
  };
}
