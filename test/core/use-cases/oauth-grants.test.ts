// The OAuth use cases on a driven clock, against every Store and AccessGate adapter (in-memory fake, PGlite,
// and Postgres when DATABASE_URL is set): code and token lifetimes, single use, rotation, revocation.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { createHash, randomBytes } from "node:crypto";
import { makeFakeStore } from "../../../adapters/in-memory/store.fake.ts";
import { makeFakeAccessGate } from "../../../adapters/in-memory/access.fake.ts";
import { makeKnexStore } from "../../../adapters/knex/store.knex.ts";
import { makeKnexAccessGate } from "../../../adapters/knex/access-gate.knex.ts";
import { makeFakeThrottles } from "../../../adapters/in-memory/throttles.fake.ts";
import { makeKnexThrottles } from "../../../adapters/knex/throttles.knex.ts";
import { Throttles } from "../../../core/ports/throttles.port.ts";
import { makeTinVault, sha256Hasher, systemIds } from "../../../adapters/system/system.ts";
import { makeScryptPasswordHasher } from "../../../adapters/system/password-hasher.scrypt.ts";
import { Store } from "../../../core/ports/store.port.ts";
import { AccessGate } from "../../../core/ports/access-gate.port.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import { Ids } from "../../../core/ports/ids.port.ts";
import { Hasher } from "../../../core/ports/hasher.port.ts";
import { TinVault } from "../../../core/ports/tin-vault.port.ts";
import { PasswordHasher } from "../../../core/ports/password-hasher.port.ts";
import { createAccount } from "../../../core/use-cases/accounts/accounts.ts";
import { createPayer } from "../../../core/use-cases/parties/payers.ts";
import { createUser, registerApp, revokeApp } from "../../../core/use-cases/oauth/apps.ts";
import { decide, signIn, startAuthorization } from "../../../core/use-cases/oauth/authorize.ts";
import { requestToken } from "../../../core/use-cases/oauth/token.ts";
import { listAuthorizations, revokeAuthorization } from "../../../core/use-cases/oauth/authorizations.ts";
import { backends, openTestDb } from "../../support/db.ts";

type Services = Store | AccessGate | Throttles | Clock | Ids | Hasher | TinVault | PasswordHasher;

async function harness(backend: "fake" | "pglite" | "postgres") {
  let now = Date.UTC(2026, 2, 1, 12);
  const common = Layer.mergeAll(
    Layer.succeed(Clock, Clock.of({ now: () => new Date(now) })),
    Layer.succeed(Ids, systemIds),
    Layer.succeed(Hasher, sha256Hasher),
    Layer.succeed(TinVault, makeTinVault("oauth-grants")),
    Layer.succeed(PasswordHasher, makeScryptPasswordHasher({ N: 1024, r: 8, p: 1 })),
  );
  let close = async () => undefined as void;
  let adapters: Layer.Layer<Store | AccessGate | Throttles>;
  if (backend === "fake") {
    const store = makeFakeStore();
    adapters = Layer.mergeAll(
      Layer.succeed(Store, store),
      Layer.succeed(AccessGate, makeFakeAccessGate(store.tables, 1000)),
      Layer.succeed(Throttles, makeFakeThrottles()),
    );
  } else {
    const t = await openTestDb(backend);
    adapters = Layer.mergeAll(
      Layer.succeed(Store, makeKnexStore(t.db.knex)),
      Layer.succeed(AccessGate, makeKnexAccessGate(t.db.knex, 1000, 0, t.db.onClose)),
      Layer.succeed(Throttles, makeKnexThrottles(t.db.knex)),
    );
    close = t.drop;
  }
  const runtime = ManagedRuntime.make(Layer.merge(common, adapters));
  const run = <A, E>(e: Effect.Effect<A, E, Services>) => runtime.runPromise(e);
  const exit = <A, E>(e: Effect.Effect<A, E, Services>) => runtime.runPromiseExit(e);
  return {
    run,
    exit,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
    admits: async (token: string) =>
      (await run(Effect.flatMap(Effect.service(AccessGate), (g) => g.admit(token, new Date(now))))) !==
      undefined,
    close: async () => {
      await runtime.dispose();
      await close();
    },
  };
}

const failure = <A, E>(e: Exit.Exit<A, E>): E => {
  if (Exit.isSuccess(e)) throw new Error(`expected a failure, got ${JSON.stringify(e.value)}`);
  const f = e.cause.reasons.find((r) => r._tag === "Fail");
  if (!f || f._tag !== "Fail") throw new Error(String(e.cause));
  return f.error;
};

const form = (o: Record<string, string>) => new Map(Object.entries(o).map(([k, v]) => [k, [v]]));

for (const backend of ["fake", ...backends] as const) {
  const s = suite(`oauth grants (${backend})`);

  s(
    "codes live 5 minutes and are single-use; access tokens 1 hour; refresh rotates; reuse and replay revoke; revocation lets access run out",
    async () => {
      const h = await harness(backend);
      try {
        const account = await h.run(createAccount("Grants Co"));
        const scope = { accountId: account.id, livemode: false };
        const payer = await h.run(createPayer(scope, { name: "Grants Payer", tin: "123456789" }));
        await h.run(createUser(account.id, "Owner@Grants.test", "owner", null));
        const { app, clientSecret } = await h.run(
          registerApp({
            accountId: account.id,
            env: "sandbox",
            name: "Grants App",
            redirectUris: ["https://app.example/cb"],
            scopes: "filings:read filings:write",
          }),
        );
        const client = { client_id: app.clientId, client_secret: clientSecret };

        const consent = async () => {
          const verifier = randomBytes(32).toString("base64url");
          const challenge = createHash("sha256").update(verifier).digest("base64url");
          const start = await h.run(
            startAuthorization(
              {
                response_type: "code",
                client_id: app.clientId,
                redirect_uri: "https://app.example/cb",
                state: "s",
                code_challenge: challenge,
                code_challenge_method: "S256",
              },
              null,
              undefined,
            ),
          );
          const signedIn = await h.run(
            signIn(
              start.page.sessionId,
              start.browser,
              start.page.csrf,
              "owner@grants.test",
              "",
              "192.0.2.1",
            ),
          );
          if (!signedIn.ok) throw new Error(signedIn.error);
          const decision = await h.run(
            decide(start.page.sessionId, start.browser, signedIn.page.csrf, true, payer.id),
          );
          if (decision.kind !== "redirect") throw new Error("no redirect");
          return { code: new URL(decision.location).searchParams.get("code") as string, verifier };
        };
        const exchange = (c: { code: string; verifier: string }) =>
          requestToken(
            form({
              grant_type: "authorization_code",
              code: c.code,
              code_verifier: c.verifier,
              redirect_uri: "https://app.example/cb",
              ...client,
            }),
            undefined,
            null,
          );

        const late = await consent();
        h.advance(300);
        assert.is(
          failure(await h.exit(exchange(late))).code,
          "invalid_grant",
          "a code is expired at 5 minutes",
        );

        const c = await consent();
        h.advance(299);
        const t1 = await h.run(exchange(c));
        assert.ok(t1.refresh_token);
        assert.ok(await h.admits(t1.access_token));
        assert.is(failure(await h.exit(exchange(c))).code, "invalid_grant", "single use");
        assert.not.ok(await h.admits(t1.access_token), "the replayed code's tokens are revoked");

        const t2 = await h.run(exchange(await consent()));
        h.advance(3599);
        assert.ok(await h.admits(t2.access_token));
        h.advance(1);
        assert.not.ok(await h.admits(t2.access_token), "access tokens live 3600 s");
        const refresh = (rt: string) =>
          requestToken(form({ grant_type: "refresh_token", refresh_token: rt, ...client }), undefined, null);
        const t3 = await h.run(refresh(t2.refresh_token as string));
        assert.ok(await h.admits(t3.access_token));
        assert.is(
          failure(await h.exit(refresh(t2.refresh_token as string))).code,
          "invalid_grant",
          "a rotated refresh token is spent",
        );
        assert.not.ok(await h.admits(t3.access_token), "reuse revokes the grant's tokens");
        assert.is(failure(await h.exit(refresh(t3.refresh_token as string))).code, "invalid_grant");

        const t4 = await h.run(exchange(await consent()));
        const grants = await h.run(listAuthorizations(scope));
        assert.is(grants.data.length, 1, "one active grant per (app, account, payer)");
        await h.run(revokeAuthorization(scope, grants.data[0]?.id as string));
        assert.is(failure(await h.exit(refresh(t4.refresh_token as string))).code, "invalid_grant");
        assert.ok(await h.admits(t4.access_token), "access runs to its expiry");
        h.advance(3600);
        assert.not.ok(await h.admits(t4.access_token));

        const cc = await h.run(
          requestToken(form({ grant_type: "client_credentials", ...client }), undefined, null),
        );
        assert.ok(await h.admits(cc.access_token));
        await h.run(revokeApp(app.clientId));
        assert.not.ok(await h.admits(cc.access_token), "a revoked app's tokens end at once");
        assert.is(
          failure(
            await h.exit(
              requestToken(form({ grant_type: "client_credentials", ...client }), undefined, null),
            ),
          ).code,
          "invalid_client",
        );
      } finally {
        await h.close();
      }
    },
  );

  s("the consent session expires after 10 minutes and allows 5 sign-in attempts", async () => {
    const h = await harness(backend);
    try {
      const account = await h.run(createAccount("Session Co"));
      const { app } = await h.run(
        registerApp({
          accountId: account.id,
          env: "live",
          name: "Live App",
          redirectUris: ["https://app.example/cb"],
          scopes: "filings:read",
        }),
      );
      const q = {
        response_type: "code",
        client_id: app.clientId,
        redirect_uri: "https://app.example/cb",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      };
      const a = await h.run(startAuthorization(q, "live", undefined));
      h.advance(600);
      assert.is(
        failure(await h.exit(signIn(a.page.sessionId, a.browser, a.page.csrf, "x@y.test", "pw", "192.0.2.1")))
          .title,
        "This page has expired",
      );
      const b = await h.run(startAuthorization(q, "live", a.browser));
      assert.is(b.browser, a.browser, "the browser cookie is reused");
      for (let i = 0; i < 4; i++) {
        const r = await h.run(
          signIn(b.page.sessionId, b.browser, b.page.csrf, "x@y.test", "pw", "192.0.2.1"),
        );
        assert.is(r.ok, false);
      }
      assert.is(
        failure(await h.exit(signIn(b.page.sessionId, b.browser, b.page.csrf, "x@y.test", "pw", "192.0.2.1")))
          .title,
        "Too many attempts",
      );
      const wrongEnv = failure(await h.exit(startAuthorization(q, "sandbox", undefined)));
      assert.is(wrongEnv._tag === "AuthorizePageError" ? wrongEnv.title : wrongEnv.code, "Wrong environment");
    } finally {
      await h.close();
    }
  });

  s.run();
}
