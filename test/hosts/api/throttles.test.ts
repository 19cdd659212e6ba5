// Issue 38 over HTTP, through the real Koa host: failed sign-ins throttled per user and per address (429 page with
// Retry-After, the right password refused while locked, let in once the window passed on a driven clock), failed
// credential checks throttled per address (429 rate_limited while valid keys still work), the owner's list and lift
// of lock-outs, payer-scoped grants refused on them, and two app instances on one Postgres sharing the counts.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { newApp, newUser, pkcePair, serverWithClock, userTokens, type TestApp } from "../../support/oauth.ts";
import { DEFAULT_THROTTLE_POLICY } from "../../../core/domain/security/throttle.ts";

interface Ctx {
  api: TestApi;
  live: TestApp;
  ownerKey: string;
}
const s = suite<Ctx>("throttles");
s.before(async (ctx) => {
  // X-Forwarded-For names the client address, so each test fails from addresses of its own.
  ctx.api = await startApi("pglite", { trustProxy: true });
  ctx.live = await newApp(ctx.api, { env: "live" });
  ctx.ownerKey = await ctx.api.liveKey();
  const payer = await ctx.api.request("POST", "/v1/payers", {
    key: ctx.ownerKey,
    body: { name: "Live Co", tin: "123456789" },
  });
  assert.is(payer.status, 201, payer.text);
  for (const name of ["locked", "member", "other", "second"])
    await newUser(ctx.api, `${name}@lock.test`, name === "locked" ? "owner" : "member", `${name}-password-1`);
});
s.after(async (ctx) => {
  await ctx.api.close();
});

/** One sign-in on the production page of `base` from `ip`, in a session of its own: the POST's answer. */
async function signIn(base: string, app: TestApp, email: string, password: string, ip: string) {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    state: "s",
    code_challenge: pkcePair().challenge,
    code_challenge_method: "S256",
  });
  const headers = { "x-forwarded-for": ip };
  const page = await fetch(`${base}/oauth/authorize?${params}`, { headers });
  const html = await page.text();
  assert.is(page.status, 200, html.slice(0, 300));
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const hidden = Object.fromEntries(
    [...html.matchAll(/name="(session|csrf)" value="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );
  const r = await fetch(`${base}/oauth/authorize`, {
    method: "POST",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...hidden, action: "sign_in", email, password }).toString(),
  });
  return { status: r.status, retryAfter: r.headers.get("retry-after"), text: await r.text() };
}

const consented = (r: { text: string }) => r.text.includes('name="payer"');

s(
  "11 wrong passwords lock the user: 429 with Retry-After even for the right password, from any address; the right one passes once the window has",
  async ({ api, live }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn(api.base, live, "locked@lock.test", "wrong", "198.51.100.1")).status);
    assert.equal(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429], "the 10th failure locks");
    for (const ip of ["198.51.100.1", "198.51.100.2"]) {
      const right = await signIn(api.base, live, "locked@lock.test", "locked-password-1", ip);
      assert.is(right.status, 429);
      assert.not.ok(consented(right));
      assert.ok(right.text.includes("Sign-in is paused."), right.text);
      assert.ok(right.text.includes("Too many failed sign-ins for this e-mail address"));
      const retry = Number(right.retryAfter);
      assert.ok(retry > 800 && retry <= 900, `Retry-After ${right.retryAfter}`);
    }
    const later = await serverWithClock(api, () => new Date(Date.now() + 901_000));
    try {
      const after = await signIn(later.base, live, "locked@lock.test", "locked-password-1", "198.51.100.1");
      assert.is(after.status, 200);
      assert.ok(consented(after), "the window passed: the consent page");
    } finally {
      await later.close();
    }
  },
);

s("an e-mail address that names no user locks as a user does", async ({ api, live }) => {
  let last;
  for (let i = 0; i < 10; i++) last = await signIn(api.base, live, "nobody@lock.test", "x", "198.51.100.3");
  assert.is(last?.status, 429);
  assert.ok(last?.text.includes("for this e-mail address"));
});

s(
  "the address's count: a success clears only its user's, and an address over its limit is refused for every user",
  async ({ api, live }) => {
    const strict = await api.another({
      trustProxy: true,
      throttles: { ...DEFAULT_THROTTLE_POLICY, signInPerAddress: { limit: 4, windowSeconds: 900 } },
    });
    try {
      const ip = "198.51.100.4";
      for (const email of ["a@lock.test", "b@lock.test", "c@lock.test"])
        assert.is((await signIn(strict.base, live, email, "x", ip)).status, 200);
      assert.ok(consented(await signIn(strict.base, live, "other@lock.test", "other-password-1", ip)));
      const fourth = await signIn(strict.base, live, "d@lock.test", "x", ip);
      assert.is(fourth.status, 429, "the success before did not reset the address's count");
      assert.ok(fourth.text.includes("from this network address"));
      const right = await signIn(strict.base, live, "other@lock.test", "other-password-1", ip);
      assert.is(right.status, 429);
      assert.ok(Number(right.retryAfter) > 0);
      assert.ok(
        consented(await signIn(strict.base, live, "other@lock.test", "other-password-1", "198.51.100.5")),
      );
    } finally {
      await strict.close();
    }
  },
);

s(
  "bad sk_ keys from one address: 401 up to the limit, then 429 rate_limited with Retry-After; valid keys still work, from another address and from it",
  async ({ api, ownerKey }) => {
    const bad = (i: number) => `sk_live_${String(i).padStart(40, "x")}`;
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push(
        (await api.request("GET", "/v1/payers", { key: bad(i), headers: from("203.0.113.1") })).status,
      );
    assert.equal(statuses.filter((x) => x === 401).length, 99);
    assert.is(statuses[99], 429);
    const limited = await api.request("GET", "/v1/payers", { key: bad(100), headers: from("203.0.113.1") });
    assert.is(limited.status, 429);
    assert.is(limited.body.error.type, "rate_limited");
    assert.match(limited.body.error.message, /invalid credential/);
    const retry = Number(limited.headers.get("retry-after"));
    assert.ok(retry > 0 && retry <= 300, `Retry-After ${retry}`);
    assert.is(
      (await api.request("GET", "/v1/payers", { key: bad(1), headers: from("203.0.113.2") })).status,
      401,
    );
    assert.is(
      (await api.request("GET", "/v1/payers", { key: ownerKey, headers: from("203.0.113.2") })).status,
      200,
    );
    assert.is(
      (await api.request("GET", "/v1/payers", { key: ownerKey, headers: from("203.0.113.1") })).status,
      200,
    );
  },
);

s("the owner lists a lock-out and lifts it; the user then signs in", async ({ api, live, ownerKey }) => {
  for (let i = 0; i < 10; i++) await signIn(api.base, live, "member@lock.test", "wrong", "198.51.100.6");
  const listed = await api.request("GET", "/v1/security/lockouts");
  assert.is(listed.status, 200, listed.text);
  const lock = listed.body.data.find((l: { user: { email: string } }) => l.user.email === "member@lock.test");
  assert.ok(lock, listed.text);
  assert.is(lock.object, "lockout");
  assert.is(lock.id, lock.user.id);
  assert.is(lock.failures, 10);
  assert.ok(Date.parse(lock.locked_until) > Date.now() + 800_000);
  assert.ok(
    !listed.body.data.some((l: { user: { email: string | null } }) => l.user.email === "nobody@lock.test"),
    "an address that names no user is no user's lock-out",
  );
  assert.is(
    (await api.request("GET", "/v1/security/lockouts", { key: ownerKey })).status,
    200,
    "either environment",
  );
  const developer = await api.sandboxKey("developer");
  assert.is(
    (await api.request("DELETE", `/v1/security/lockouts/${lock.id}`, { key: developer })).status,
    403,
  );
  const lifted = await api.request("DELETE", `/v1/security/lockouts/${lock.id}`);
  assert.is(lifted.status, 200, lifted.text);
  assert.is(lifted.body.lifted, true);
  assert.is(lifted.body.user.email, "member@lock.test");
  assert.is((await api.request("DELETE", `/v1/security/lockouts/${lock.id}`)).status, 404, "already lifted");
  assert.is((await api.request("DELETE", "/v1/security/lockouts/not-a-uuid")).status, 404);
  const after = await api.request("GET", "/v1/security/lockouts");
  assert.not.ok(after.body.data.some((l: { id: string }) => l.id === lock.id));
  assert.ok(consented(await signIn(api.base, live, "member@lock.test", "member-password-1", "198.51.100.6")));
});

s("a payer-scoped OAuth grant gets 403 on the lock-out routes", async ({ api }) => {
  await newUser(api, "sandbox-owner@lock.test", "owner", null);
  const app = await newApp(api, { scopes: "filings:read filings:write payments:read payments:write" });
  const t = await userTokens(api, { app, email: "sandbox-owner@lock.test", payer: api.mainPayerId });
  const list = await api.request("GET", "/v1/security/lockouts", { key: t.access_token });
  assert.is(list.status, 403, list.text);
  const lift = await api.request("DELETE", "/v1/security/lockouts/00000000-0000-4000-8000-000000000000", {
    key: t.access_token,
  });
  assert.is(lift.status, 403);
});

s.run();

if (POSTGRES_URL) {
  const pg = suite<{ a: TestApi; b: TestApi }>("throttles: two app instances on one Postgres");
  pg.before(async (ctx) => {
    ctx.a = await startApi("postgres", {
      trustProxy: true,
      throttles: { ...DEFAULT_THROTTLE_POLICY, credentialPerAddress: { limit: 20, windowSeconds: 300 } },
    });
    ctx.b = await ctx.a.another();
  });
  pg.after(async (ctx) => {
    await ctx.b.close();
    await ctx.a.close();
  });
  pg("failed credential checks on either instance add to one count per address", async ({ a, b }) => {
    const headers = { "x-forwarded-for": "203.0.113.50" };
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).request("GET", "/v1/payers", { key: `sk_sandbox_bad${i}`, headers }),
      ),
    ).then((rs) => rs.map((r) => r.status));
    assert.is(statuses.filter((x) => x === 401).length, 19, statuses.join(" "));
    assert.is(statuses.filter((x) => x === 429).length, 1);
    for (const api of [a, b]) {
      const r = await api.request("GET", "/v1/payers", { key: "sk_sandbox_bad", headers });
      assert.is(r.status, 429);
      assert.ok(Number(r.headers.get("retry-after")) > 0);
    }
    assert.is((await b.request("GET", "/v1/payers", { headers })).status, 200, "a valid key");
  });
  pg.run();
}
