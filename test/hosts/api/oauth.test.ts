// OAuth 2.0 over HTTP (SPEC "Authentication", D2, D4, D32, RFC 6749 §4-6 and §5.2, RFC 7636, RFC 9700): the
// three grants, every token error for its cause, the consent pages' checks, code replay, refresh rotation and
// reuse, revocation, roles and environments.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import {
  authorize,
  clientCredentials,
  newApp,
  newUser,
  pkcePair,
  serverWithClock,
  token,
  userTokens,
  type TestApp,
} from "../../support/oauth.ts";

process.env["CREDENTIAL_CACHE_MS"] = "0"; // revocations are seen by the next request

interface Ctx {
  api: TestApi;
  app: TestApp;
}
const s = suite<Ctx>("oauth");
s.before(async (ctx) => {
  ctx.api = await startApi("pglite", { sandboxHosts: ["sandbox.test"], liveHosts: ["api.test"] });
  ctx.app = await newApp(ctx.api);
  await newUser(ctx.api, "owner@acme.test", "owner", "owner-password-1");
  await newUser(ctx.api, "member@acme.test", "member", "member-password-1");
});
s.after(async (ctx) => {
  await ctx.api.close();
});

/** The status of GET /v1/payers with `accessToken` on `server` (one with its own clock). */
const payersStatus = async (server: { base: string }, accessToken: string) =>
  (await fetch(`${server.base}/v1/payers`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

const oauthError = (r: { status: number; body: any }, status: number, error: string) => {
  assert.is(r.status, status, JSON.stringify(r.body));
  assert.is(r.body.error, error);
  assert.type(r.body.error_description, "string");
};

s(
  "client_credentials: client auth in the body or with HTTP Basic; bearer token of the requested scope, no refresh token, no-store",
  async ({ api, app }) => {
    const body = await token(api, {
      grant_type: "client_credentials",
      client_id: app.clientId,
      client_secret: app.clientSecret,
      scope: "filings:read",
    });
    assert.is(body.status, 200);
    assert.is(body.body.token_type, "Bearer");
    assert.is(body.body.expires_in, 3600);
    assert.is(body.body.scope, "filings:read");
    assert.is(body.body.refresh_token, undefined);
    assert.match(body.body.access_token, /^oat_sandbox_[A-Za-z0-9]{43}$/);
    assert.is(body.headers.get("cache-control"), "no-store");
    const basic = await token(
      api,
      { grant_type: "client_credentials" },
      { basic: [app.clientId, app.clientSecret] },
    );
    assert.is(basic.status, 200);
    assert.is(
      basic.body.scope,
      "filings:read filings:write payments:read payments:write",
      "no scope asked: all the app's",
    );
    assert.is((await api.request("GET", "/v1/payers", { key: body.body.access_token })).status, 200);
    const denied = await api.request("POST", "/v1/payers", {
      key: body.body.access_token,
      body: { name: "X", tin: "123456789" },
    });
    assert.is(denied.status, 403);
    assert.is(denied.body.error.type, "insufficient_scope");
  },
);

s(
  "client_credentials acts as the owner of the app's own account (D4): pay is not refused as forbidden",
  async ({ api, app }) => {
    const t = await clientCredentials(api, app, "payments:write");
    const pay = await api.request("POST", "/v1/cart/pay", { key: t.access_token });
    assert.is.not(pay.status, 403);
    assert.is(pay.body.error?.type, "cart_not_payable", "an empty cart, but the owner may pay");
  },
);

s(
  "invalid_request (400): no grant_type, a repeated parameter, a body that is not a form, credentials sent twice, a missing code_verifier",
  async ({ api, app }) => {
    oauthError(
      await token(api, { client_id: app.clientId, client_secret: app.clientSecret }),
      400,
      "invalid_request",
    );
    const twice = await api.request("POST", "/oauth/token", {
      key: null,
      raw: `grant_type=client_credentials&scope=filings:read&scope=filings:write&client_id=${app.clientId}&client_secret=${app.clientSecret}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    oauthError(twice, 400, "invalid_request");
    const json = await api.request("POST", "/oauth/token", {
      key: null,
      body: { grant_type: "client_credentials", client_id: app.clientId, client_secret: app.clientSecret },
    });
    oauthError(json, 400, "invalid_request");
    oauthError(
      await token(
        api,
        { grant_type: "client_credentials", client_secret: app.clientSecret },
        { basic: [app.clientId, app.clientSecret] },
      ),
      400,
      "invalid_request",
    );
    oauthError(
      await token(
        api,
        { grant_type: "authorization_code", code: "code_x", redirect_uri: app.redirectUri },
        { basic: [app.clientId, app.clientSecret] },
      ),
      400,
      "invalid_request",
    );
  },
);

s(
  "invalid_client (401 with WWW-Authenticate): wrong secret, unknown client, no client authentication, malformed Basic",
  async ({ api, app }) => {
    for (const r of [
      await token(api, {
        grant_type: "client_credentials",
        client_id: app.clientId,
        client_secret: "secret_sandbox_wrong",
      }),
      await token(
        api,
        { grant_type: "client_credentials" },
        { basic: ["client_sandbox_nobody", app.clientSecret] },
      ),
      await token(api, { grant_type: "client_credentials", client_id: app.clientId }),
      await api.request("POST", "/oauth/token", {
        key: null,
        raw: "grant_type=client_credentials",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic !!!" },
      }),
    ]) {
      oauthError(r, 401, "invalid_client");
      assert.match(r.headers.get("www-authenticate") ?? "", /^Basic/);
    }
  },
);

s(
  "unauthorized_client: an app registered without the grant type; unsupported_grant_type: password; invalid_scope: outside the app's scopes",
  async ({ api, app }) => {
    const codeOnly = await newApp(api, { grantTypes: "authorization_code refresh_token" });
    oauthError(
      await token(
        api,
        { grant_type: "client_credentials" },
        { basic: [codeOnly.clientId, codeOnly.clientSecret] },
      ),
      400,
      "unauthorized_client",
    );
    oauthError(
      await token(
        api,
        { grant_type: "password", username: "u", password: "p" },
        { basic: [app.clientId, app.clientSecret] },
      ),
      400,
      "unsupported_grant_type",
    );
    oauthError(
      await token(
        api,
        { grant_type: "client_credentials", scope: "filings:read webhooks:write" },
        { basic: [app.clientId, app.clientSecret] },
      ),
      400,
      "invalid_scope",
    );
    oauthError(
      await token(
        api,
        { grant_type: "client_credentials", scope: "everything" },
        { basic: [app.clientId, app.clientSecret] },
      ),
      400,
      "invalid_scope",
    );
  },
);

s(
  "authorization_code with PKCE: consent for one payer, code and state on the redirect, tokens for that payer",
  async ({ api, app }) => {
    const pkce = pkcePair();
    const { location, signInHtml } = await authorize(api, {
      app,
      email: "owner@acme.test",
      payer: api.mainPayerId,
      state: "st-123",
      challenge: pkce.challenge,
    });
    assert.ok(!signInHtml.includes('type="password"'), "the sandbox never renders a password field");
    assert.is(`${location.origin}${location.pathname}`, app.redirectUri);
    assert.is(location.searchParams.get("state"), "st-123");
    const code = location.searchParams.get("code") as string;
    assert.match(code, /^code_[A-Za-z0-9]{43}$/);
    const r = await token(api, {
      grant_type: "authorization_code",
      code,
      redirect_uri: app.redirectUri,
      code_verifier: pkce.verifier,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    assert.is(r.status, 200, r.text);
    assert.match(r.body.refresh_token, /^ort_sandbox_/);
    assert.is(r.body.expires_in, 3600);
    const payers = await api.request("GET", "/v1/payers", { key: r.body.access_token });
    assert.equal(
      payers.body.data.map((p: { id: string }) => p.id),
      [api.mainPayerId],
    );
  },
);

s(
  "invalid_grant: a verifier that does not match, a redirect URI differing by one character, an unknown code; the code still works after those",
  async ({ api, app }) => {
    const pkce = pkcePair();
    const { location } = await authorize(api, {
      app,
      email: "owner@acme.test",
      payer: api.mainPayerId,
      challenge: pkce.challenge,
    });
    const code = location.searchParams.get("code") as string;
    const basic: [string, string] = [app.clientId, app.clientSecret];
    const other = pkcePair().verifier;
    oauthError(
      await token(
        api,
        { grant_type: "authorization_code", code, redirect_uri: app.redirectUri, code_verifier: other },
        { basic },
      ),
      400,
      "invalid_grant",
    );
    oauthError(
      await token(
        api,
        { grant_type: "authorization_code", code, redirect_uri: app.redirectUri, code_verifier: "short" },
        { basic },
      ),
      400,
      "invalid_grant",
    );
    oauthError(
      await token(
        api,
        {
          grant_type: "authorization_code",
          code,
          redirect_uri: `${app.redirectUri}x`,
          code_verifier: pkce.verifier,
        },
        { basic },
      ),
      400,
      "invalid_grant",
    );
    oauthError(
      await token(
        api,
        {
          grant_type: "authorization_code",
          code: "code_nope",
          redirect_uri: app.redirectUri,
          code_verifier: pkce.verifier,
        },
        { basic },
      ),
      400,
      "invalid_grant",
    );
    const another = await newApp(api);
    oauthError(
      await token(
        api,
        {
          grant_type: "authorization_code",
          code,
          redirect_uri: app.redirectUri,
          code_verifier: pkce.verifier,
        },
        { basic: [another.clientId, another.clientSecret] },
      ),
      400,
      "invalid_grant",
    );
    assert.is(
      (
        await token(
          api,
          {
            grant_type: "authorization_code",
            code,
            redirect_uri: app.redirectUri,
            code_verifier: pkce.verifier,
          },
          { basic },
        )
      ).status,
      200,
    );
  },
);

s("a replayed code is refused and the tokens it issued are revoked", async ({ api, app }) => {
  const pkce = pkcePair();
  const { location } = await authorize(api, {
    app,
    email: "owner@acme.test",
    payer: api.mainPayerId,
    challenge: pkce.challenge,
  });
  const fields = {
    grant_type: "authorization_code",
    code: location.searchParams.get("code") as string,
    redirect_uri: app.redirectUri,
    code_verifier: pkce.verifier,
  };
  const first = await token(api, fields, { basic: [app.clientId, app.clientSecret] });
  assert.is(first.status, 200);
  assert.is((await api.request("GET", "/v1/payers", { key: first.body.access_token })).status, 200);
  oauthError(await token(api, fields, { basic: [app.clientId, app.clientSecret] }), 400, "invalid_grant");
  assert.is((await api.request("GET", "/v1/payers", { key: first.body.access_token })).status, 401);
  oauthError(
    await token(
      api,
      { grant_type: "refresh_token", refresh_token: first.body.refresh_token },
      { basic: [app.clientId, app.clientSecret] },
    ),
    400,
    "invalid_grant",
  );
});

s(
  "an expired code (the server's clock 5 minutes on) is invalid_grant; access tokens end after 3600 s",
  async ({ api, app }) => {
    const pkce = pkcePair();
    const { location } = await authorize(api, {
      app,
      email: "owner@acme.test",
      payer: api.mainPayerId,
      challenge: pkce.challenge,
    });
    let offset = 300_000;
    const later = await serverWithClock(api, () => new Date(Date.now() + offset));
    try {
      const r = await fetch(`${later.base}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: location.searchParams.get("code") as string,
          redirect_uri: app.redirectUri,
          code_verifier: pkce.verifier,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        }),
      });
      assert.is(r.status, 400);
      const body = (await r.json()) as { error: string; error_description: string };
      assert.is(body.error, "invalid_grant");
      assert.match(body.error_description, /expired/);
      const t = await clientCredentials(api, app);
      offset = 3_599_000;
      assert.is(await payersStatus(later, t.access_token), 200);
      offset = 3_601_000;
      assert.is(await payersStatus(later, t.access_token), 401);
    } finally {
      await later.close();
    }
  },
);

s(
  "refresh_token rotates: a new pair, narrower scope allowed, wider refused; the old refresh token used again revokes the whole grant",
  async ({ api, app }) => {
    const t1 = await userTokens(api, { app, email: "owner@acme.test", payer: api.mainPayerId });
    const basic: [string, string] = [app.clientId, app.clientSecret];
    oauthError(
      await token(
        api,
        { grant_type: "refresh_token", refresh_token: t1.refresh_token, scope: "filings:read webhooks:read" },
        { basic },
      ),
      400,
      "invalid_scope",
    );
    const r2 = await token(
      api,
      { grant_type: "refresh_token", refresh_token: t1.refresh_token, scope: "filings:read" },
      { basic },
    );
    assert.is(r2.status, 200, r2.text);
    assert.is(r2.body.scope, "filings:read");
    assert.is.not(r2.body.refresh_token, t1.refresh_token);
    const r3 = await token(
      api,
      { grant_type: "refresh_token", refresh_token: r2.body.refresh_token },
      { basic },
    );
    assert.is(r3.status, 200);
    assert.is(r3.body.scope, t1.scope, "the rotated refresh token keeps the grant's scope");
    assert.is((await api.request("GET", "/v1/filings", { key: r3.body.access_token })).status, 200);
    oauthError(
      await token(api, { grant_type: "refresh_token", refresh_token: t1.refresh_token }, { basic }),
      400,
      "invalid_grant",
    );
    oauthError(
      await token(api, { grant_type: "refresh_token", refresh_token: r3.body.refresh_token }, { basic }),
      400,
      "invalid_grant",
    );
    assert.is(
      (await api.request("GET", "/v1/filings", { key: r3.body.access_token })).status,
      401,
      "the grant's tokens are revoked",
    );
    oauthError(await token(api, { grant_type: "refresh_token" }, { basic }), 400, "invalid_request");
    oauthError(
      await token(api, { grant_type: "refresh_token", refresh_token: "ort_sandbox_nope" }, { basic }),
      400,
      "invalid_grant",
    );
  },
);

s(
  "authorizations: the owner lists grants per (app, account, payer) and revokes one; refresh is then invalid_grant, the access token runs to its expiry",
  async ({ api, app }) => {
    const t = await userTokens(api, { app, email: "owner@acme.test", payer: api.mainPayerId });
    const list = await api.request("GET", "/v1/authorizations");
    assert.is(list.status, 200);
    const grant = list.body.data.find(
      (g: { client_id: string; payer: string }) =>
        g.client_id === app.clientId && g.payer === api.mainPayerId,
    );
    assert.ok(grant, JSON.stringify(list.body));
    assert.is(grant.object, "authorization");
    assert.is(
      list.body.data.filter(
        (g: { client_id: string; payer: string }) =>
          g.client_id === app.clientId && g.payer === api.mainPayerId,
      ).length,
      1,
      "one grant per (app, account, payer)",
    );
    const developer = await api.sandboxKey("developer");
    assert.is(
      (await api.request("GET", "/v1/authorizations", { key: developer })).body.error.type,
      "forbidden",
    );
    assert.is(
      (await api.request("GET", "/v1/authorizations", { key: t.access_token })).body.error.type,
      "insufficient_scope",
    );
    const del = await api.request("DELETE", `/v1/authorizations/${grant.id}`);
    assert.is(del.status, 200);
    assert.is(del.body.revoked, true);
    assert.is((await api.request("DELETE", `/v1/authorizations/${grant.id}`)).status, 404);
    oauthError(
      await token(
        api,
        { grant_type: "refresh_token", refresh_token: t.refresh_token },
        { basic: [app.clientId, app.clientSecret] },
      ),
      400,
      "invalid_grant",
    );
    assert.is(
      (await api.request("GET", "/v1/payers", { key: t.access_token })).status,
      200,
      "access ends when the current access token expires",
    );
    const later = await serverWithClock(api, () => new Date(Date.now() + 3_600_000));
    try {
      assert.is(await payersStatus(later, t.access_token), 401);
    } finally {
      await later.close();
    }
  },
);

s(
  "authorization_code tokens act with the consenting user's role: a member cannot pay (403 forbidden)",
  async ({ api, app }) => {
    const member = await userTokens(api, { app, email: "member@acme.test", payer: api.mainPayerId });
    const pay = await api.request("POST", "/v1/cart/pay", { key: member.access_token });
    assert.is(pay.status, 403);
    assert.is(pay.body.error.type, "forbidden");
    const owner = await userTokens(api, { app, email: "owner@acme.test", payer: api.mainPayerId });
    assert.is.not((await api.request("POST", "/v1/cart/pay", { key: owner.access_token })).status, 403);
  },
);

s(
  "the authorize page checks client and redirect URI before anything else: an error page, never a redirect",
  async ({ api, app }) => {
    const q = (over: Record<string, string>) =>
      new URLSearchParams({
        response_type: "code",
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        state: "s1",
        code_challenge: pkcePair().challenge,
        code_challenge_method: "S256",
        ...over,
      });
    for (const over of [
      { client_id: "client_sandbox_unknown" } as Record<string, string>,
      { redirect_uri: `${app.redirectUri}/` },
      { redirect_uri: app.redirectUri.replace("callback", "callbacK") },
      { redirect_uri: "https://evil.example/callback" },
    ]) {
      const r = await api.request("GET", `/oauth/authorize?${q(over)}`, { key: null });
      assert.is(r.status, 400, JSON.stringify(over));
      assert.is(r.headers.get("location"), null);
      assert.match(r.headers.get("content-type") ?? "", /text\/html/);
      assert.ok(!r.text.includes("<form"), "nothing to sign in to");
    }
  },
);

s(
  "authorize errors after the redirect URI is trusted go back by redirect with state: plain PKCE, no challenge, response_type, scope",
  async ({ api, app }) => {
    const q = (over: Record<string, string>, drop: string[] = []) => {
      const p = new URLSearchParams({
        response_type: "code",
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        state: "s2",
        code_challenge: pkcePair().challenge,
        code_challenge_method: "S256",
        ...over,
      });
      for (const d of drop) p.delete(d);
      return p;
    };
    const cases: Array<[URLSearchParams, string]> = [
      [q({ code_challenge_method: "plain", code_challenge: "a".repeat(43) }), "invalid_request"],
      [q({}, ["code_challenge"]), "invalid_request"],
      [q({}, ["code_challenge_method"]), "invalid_request"],
      [q({ response_type: "token" }), "unsupported_response_type"],
      [q({ scope: "filings:read webhooks:manage" }), "invalid_scope"],
    ];
    for (const [params, error] of cases) {
      const r = await api.request("GET", `/oauth/authorize?${params}`, { key: null });
      assert.is(r.status, 302, params.toString());
      const loc = new URL(r.headers.get("location") as string);
      assert.is(`${loc.origin}${loc.pathname}`, app.redirectUri);
      assert.is(loc.searchParams.get("error"), error, params.toString());
      assert.is(loc.searchParams.get("state"), "s2");
      assert.is(loc.searchParams.get("code"), null);
    }
  },
);

s(
  "denial redirects with error=access_denied and the state; the consent pages need their cookie and CSRF token",
  async ({ api, app }) => {
    const { location } = await authorize(api, {
      app,
      email: "owner@acme.test",
      payer: api.mainPayerId,
      approve: false,
      state: "deny-me",
    });
    assert.is(location.searchParams.get("error"), "access_denied");
    assert.is(location.searchParams.get("state"), "deny-me");
    assert.is(location.searchParams.get("code"), null);
    const params = new URLSearchParams({
      response_type: "code",
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      state: "s",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    const page = await api.request("GET", `/oauth/authorize?${params}`, { key: null });
    const session = /name="session" value="([^"]+)"/.exec(page.text)?.[1] as string;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] as string;
    const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] as string;
    assert.match(page.headers.get("set-cookie") ?? "", /httponly/i);
    assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
    const post = (fields: Record<string, string>, headers: Record<string, string>) =>
      api.request("POST", "/oauth/authorize", {
        key: null,
        raw: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      });
    assert.is(
      (await post({ session, csrf: "forged", action: "sign_in", email: "owner@acme.test" }, { cookie }))
        .status,
      400,
    );
    assert.is(
      (await post({ session, csrf, action: "sign_in", email: "owner@acme.test" }, {})).status,
      400,
      "another browser (no cookie)",
    );
    const ok = await post({ session, csrf, action: "sign_in", email: "owner@acme.test" }, { cookie });
    assert.is(ok.status, 200);
    const approveWithOldCsrf = await post(
      { session, csrf, action: "approve", payer: api.mainPayerId },
      { cookie },
    );
    assert.is(approveWithOldCsrf.status, 400, "the CSRF token changes at sign-in");
    const unknown = await post(
      { session, csrf: "x", action: "sign_in", email: "nobody@acme.test" },
      { cookie },
    );
    assert.is(unknown.status, 400);
  },
);

s(
  "production: the live host asks for a password (scrypt); a wrong one is refused on the page; live tokens are refused on the sandbox host",
  async ({ api }) => {
    const live = await newApp(api, { env: "live" });
    const params = new URLSearchParams({
      response_type: "code",
      client_id: live.clientId,
      redirect_uri: live.redirectUri,
      state: "s",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    const onSandbox = await api.request("GET", `/oauth/authorize?${params}`, {
      key: null,
      headers: { host: "sandbox.test" },
    });
    assert.is(onSandbox.status, 400, "a live app on the sandbox host");
    const page = await api.request("GET", `/oauth/authorize?${params}`, {
      key: null,
      headers: { host: "api.test" },
    });
    assert.is(page.status, 200);
    assert.ok(page.text.includes('type="password"'));
    const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const hidden = Object.fromEntries(
      [...page.text.matchAll(/name="(session|csrf)" value="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    );
    const wrong = await api.request("POST", "/oauth/authorize", {
      key: null,
      raw: new URLSearchParams({
        ...hidden,
        action: "sign_in",
        email: "owner@acme.test",
        password: "not-the-password",
      }).toString(),
      headers: { host: "api.test", cookie, "content-type": "application/x-www-form-urlencoded" },
    });
    assert.is(wrong.status, 200);
    assert.ok(wrong.text.includes('role="alert"') && !wrong.text.includes('name="payer"'));
    // The live environment has no payers yet: create one, then consent for it with the right password.
    const liveKey = await api.liveKey();
    const payer = await api.request("POST", "/v1/payers", {
      key: liveKey,
      body: { name: "Live Co", tin: "123456789" },
    });
    const t = await userTokens(api, {
      app: live,
      email: "owner@acme.test",
      password: "owner-password-1",
      payer: payer.body.id,
      host: "api.test",
    });
    assert.match(t.access_token, /^oat_live_/);
    assert.is(
      (await api.request("GET", "/v1/payers", { key: t.access_token, headers: { host: "api.test" } })).status,
      200,
    );
    assert.is(
      (await api.request("GET", "/v1/payers", { key: t.access_token, headers: { host: "sandbox.test" } }))
        .status,
      401,
      "bound to its environment",
    );
    oauthError(
      await token(
        api,
        { grant_type: "client_credentials" },
        { basic: [live.clientId, live.clientSecret], host: "sandbox.test" },
      ),
      401,
      "invalid_client",
    );
  },
);

s(
  "the rate limit counts per credential: every access token of one grant shares its window (D33)",
  async () => {
    const api = await startApi("pglite", { rateLimitPerMinute: 3 });
    try {
      const app = await newApp(api);
      const a = await clientCredentials(api, app);
      const b = await clientCredentials(api, app);
      for (let i = 0; i < 3; i++)
        assert.is(
          (await api.request("GET", "/v1/payers", { key: i % 2 ? a.access_token : b.access_token })).status,
          200,
        );
      const limited = await api.request("GET", "/v1/payers", { key: a.access_token });
      assert.is(limited.status, 429);
      assert.is(limited.body.error.type, "rate_limited");
      assert.is((await api.request("GET", "/v1/payers")).status, 200, "the API key has its own window");
    } finally {
      await api.close();
    }
  },
);

s.run();
