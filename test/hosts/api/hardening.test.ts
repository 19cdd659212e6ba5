// Issue 13: what a red team broke, each kept fixed here. Findings 1, 2 and 5 have their own files
// (cart-races.test.ts, paging.test.ts); the fuzz of every route is fuzz-routes.test.ts.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { necRow } from "../../support/forms.ts";
import { writeFire, type FireFormInput } from "../../../core/domain/fire/index.ts";
import { fileInput, payer as firePayer, recipient } from "../../core/domain/fire/helpers.ts";
import { createAccount, createApiKey } from "../../../core/use-cases/accounts/accounts.ts";
import { fanOutEvents, deliverFresh } from "../../../core/use-cases/webhooks/deliveries.ts";
import { authorize, newApp, newUser, pkcePair } from "../../support/oauth.ts";

/** Sends raw bytes to the server and returns the raw response text (for what a client library would refuse). */
function rawExchange(api: TestApi, request: string): Promise<string> {
  const { port } = new URL(api.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(request));
    let out = "";
    socket.on("data", (d) => (out += d.toString()));
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
    setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, 3000).unref();
  });
}

const fireForm = (i: number, over: Partial<FireFormInput["recipient"]> = {}): FireFormInput => ({
  form: "1099-NEC",
  corrected: null,
  payer: firePayer(),
  accountNumber: `H-${i}`,
  recipient: recipient({
    tin: `55501${String(1000 + i).slice(-4)}`,
    name: "ALEX SAMPLE",
    nameControl: "SAMP",
    ...over,
  }),
  amounts: { NonemployeeCompensationAmt: 100_00 + i },
  indicators: {},
  codes: {},
  extra: {},
  state: null,
});

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`hardening (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  s(
    "finding 3: a FIRE file with one invalid row is 422 with the located row, nothing saved",
    async ({ api }) => {
      const payer = (
        await api.request("POST", "/v1/payers", { body: { name: "Example Payer LLC", tin: "123456789" } })
      ).body.id;
      const before = (await api.request("GET", "/v1/filings?limit=500")).body.data.length;
      const bytes = writeFire(fileInput([fireForm(1), fireForm(2, { city: "12345" }), fireForm(3)]), {
        lineEnding: "crlf",
      });
      const r = await api.request("POST", `/v1/payers/${payer}/fire`, {
        raw: bytes,
        headers: { "content-type": "application/octet-stream" },
      });
      assert.is(r.status, 422, r.text);
      assert.is(r.body.error.type, "invalid_request");
      assert.match(r.body.error.message, /Nothing was imported: 1 form\(s\) failed/);
      assert.is(r.body.problems.length, 1);
      assert.is(r.body.problems[0].record, 4, "the second B record (T, A, B, B)");
      assert.is(r.body.problems[0].field, "PayeeCity");
      assert.is(r.body.problems[0].position, 448);
      assert.match(r.body.problems[0].param, /CityNm$/);
      assert.is((await api.request("GET", "/v1/filings?limit=500")).body.data.length, before);
    },
  );

  s(
    "finding 4: NUL and lone surrogates anywhere in bodies, queries and paths are 422 naming the field",
    async ({ api }) => {
      const recipientId = (
        await api.request("POST", "/v1/recipients", {
          body: { payer: api.mainPayerId, name: "Ok Name", tin: "123456780" },
        })
      ).body.id;
      const nul = "Bad\u0000Name";
      const lone = "Bad\uD800Name";
      const lowAlone = "Bad\uDC00Name";
      const cases: Array<[string, string, unknown, string]> = [
        ["POST", "/v1/payers", { name: nul, tin: "123456789" }, "name"],
        ["POST", "/v1/payers", { name: "Ok", tin: "123456789", address_line1: lone }, "address_line1"],
        ["PATCH", `/v1/payers/${api.mainPayerId}`, { city: lowAlone }, "city"],
        ["POST", "/v1/recipients", { payer: api.mainPayerId, name: lone, tin: "123456789" }, "name"],
        ["PATCH", `/v1/recipients/${recipientId}`, { address_line2: nul }, "address_line2"],
        ["POST", `/v1/payers/${api.mainPayerId}/forms`, { reference: nul, forms: [necRow()] }, "reference"],
        [
          "POST",
          `/v1/payers/${api.mainPayerId}/forms`,
          { forms: [necRow({ last: `Roe${nul}` })] },
          "forms.0.jsonForm.RecipientDetail.PersonName.PersonLastNm",
        ],
        ["POST", "/v1/filings/batch", { payer: nul, forms: [necRow()] }, "payer"],
        ["POST", "/v1/filings/batch", { forms: [{ ...necRow(), payer: lone }] }, "forms.0.payer"],
        [
          "POST",
          "/v1/filings",
          { payer: api.mainPayerId, form: `1099-NEC${nul}`, tax_year: 2025, jsonForm: necRow().jsonForm },
          "form",
        ],
        ["POST", "/v1/tin-match", { entries: [{ name: nul, tin: "123456789" }] }, "entries.0.name"],
        ["POST", "/v1/webhooks", { url: "https://example.com/h", events: [lone] }, "events.0"],
        ["POST", "/v1/payers", { ["na\u0000me"]: "x", tin: "123456789" }, "(body)"],
      ];
      for (const [method, path, body, param] of cases) {
        const r = await api.request(method, path, { body });
        assert.is(
          r.status,
          422,
          `${method} ${path} ${JSON.stringify(body).slice(0, 80)}: ${r.status} ${r.text}`,
        );
        assert.is(r.body.error.type, "invalid_request");
        assert.is(r.body.error.param ?? "(body)", param, r.text);
        assert.match(r.body.error.message, /NUL|surrogate/);
      }
      for (const path of [
        "/v1/payers?starting_after=%00",
        "/v1/filings?status=%00",
        `/v1/payers/${api.mainPayerId}%00`,
        "/v1/filings/%00",
        "/v1/events/evt_%00",
        "/v1/recipients?payer=%ED%A0%80",
        "/v1/orders/%00/ack",
      ]) {
        const r = await api.request("GET", path);
        assert.is(r.status, 422, `${path}: ${r.status} ${r.text}`);
        assert.is(r.body.error.type, "invalid_request");
      }
      // Nothing was stored: no TIN-match run is left processing forever.
      const runs = (await api.request("GET", "/v1/tin-match")).body.data;
      assert.is(runs.length, 0);
    },
  );

  s(
    "finding 4: the OAuth endpoints refuse NUL and lone surrogates in forms, queries and Basic credentials",
    async ({ api }) => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const token = await api.request("POST", "/oauth/token", {
        raw: "grant_type=client_credentials&client_id=%00&client_secret=x",
        headers: form,
        key: null,
      });
      assert.is(token.status, 400, token.text);
      assert.is(token.body.error, "invalid_request");
      assert.match(token.body.error_description, /client_id contains a NUL/);
      const basic = await api.request("POST", "/oauth/token", {
        raw: "grant_type=client_credentials",
        key: null,
        headers: { ...form, authorization: `Basic ${Buffer.from("a%00b:secret").toString("base64")}` },
      });
      assert.is(basic.status, 401, basic.text);
      assert.is(basic.body.error, "invalid_client");
      const page = await api.request("GET", "/oauth/authorize?client_id=%00&response_type=code", {
        key: null,
      });
      assert.is(page.status, 400);
      assert.match(page.text, /client_id contains a NUL/);
      const post = await api.request("POST", "/oauth/authorize", {
        raw: "action=sign_in&session=%ED%A0%80&email=a",
        headers: form,
        key: null,
      });
      assert.is(post.status, 400);
    },
  );

  s("finding 8: headers over 16 KB answer 431 with the error envelope", async ({ api }) => {
    const raw = await rawExchange(
      api,
      `GET /v1/payers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${api.key}\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    assert.match(raw, /^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4));
    assert.is(body.error.type, "headers_too_large");
    assert.type(body.error.message, "string");
    const bad = await rawExchange(api, "GARBAGE\r\n\r\n");
    assert.match(bad, /^HTTP\/1\.1 400 /);
    assert.is(JSON.parse(bad.slice(bad.indexOf("\r\n\r\n") + 4)).error.type, "invalid_request");
  });

  s("finding 8: two Authorization headers are 400, whichever comes first", async ({ api }) => {
    for (const [first, second] of [
      [api.key, "sk_sandbox_nonsense"],
      ["sk_sandbox_nonsense", api.key],
      [api.key, api.key],
    ]) {
      const raw = await rawExchange(
        api,
        `GET /v1/payers HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${first}\r\nAuthorization: Bearer ${second}\r\n\r\n`,
      );
      assert.match(raw, /^HTTP\/1\.1 400 /, raw.slice(0, 200));
      assert.is(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)).error.type, "invalid_request");
    }
  });

  s(
    "finding 8: developer keys cannot move money or reset the sandbox (owner only, 403 forbidden)",
    async ({ api }) => {
      const dev = await api.sandboxKey("developer");
      const calls: Array<[string, string, unknown]> = [
        ["POST", "/v1/cart/pay", undefined],
        ["POST", "/v1/balance/top-ups", { amount_cents: 500 }],
        ["PUT", "/v1/payment-method", { token: "tok_visa" }],
        [
          "PATCH",
          "/v1/balance",
          { auto_replenish: { enabled: true, threshold_cents: 100, topup_cents: 1000 } },
        ],
        ["POST", "/v1/sandbox/reset", undefined],
      ];
      const before = (await api.request("GET", "/v1/balance")).body.available_cents;
      for (const [method, path, body] of calls) {
        const r = await api.request(method, path, { key: dev, ...(body ? { body } : {}) });
        assert.is(r.status, 403, `${method} ${path}: ${r.text}`);
        assert.is(r.body.error.type, "forbidden");
      }
      assert.is((await api.request("GET", "/v1/balance")).body.available_cents, before);
      // What a developer may do: read money, build the cart.
      assert.is((await api.request("GET", "/v1/balance", { key: dev })).status, 200);
      assert.is((await api.request("GET", "/v1/cart/details", { key: dev })).status, 200);
      assert.is(
        (await api.request("POST", "/v1/balance/top-ups", { body: { amount_cents: 500 } })).status,
        201,
        "the owner can",
      );
    },
  );

  s("finding 6: sandbox sign-in never reaches another account's users", async ({ api }) => {
    const other = await api.runtime.runPromise(createAccount("Other account"));
    await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"));
    await newUser(api, "victim@example.com", "owner", null, api.accountId);
    await newUser(api, "attacker@example.com", "owner", null, other.id);
    const attackerApp = await newApp(api, { accountId: other.id });
    const crossed = await authorize(api, {
      app: attackerApp,
      email: "victim@example.com",
      payer: api.mainPayerId,
    }).then(
      () => "signed in",
      (e: Error) => e.message,
    );
    assert.match(crossed, /^sign-in: 200 /, "the sign-in page again, with no payer to pick");
    // The app's own account's users still sign in without a password (SPEC: the sandbox shows none).
    const ownApp = await newApp(api);
    const { location } = await authorize(api, {
      app: ownApp,
      email: "victim@example.com",
      payer: api.mainPayerId,
      challenge: pkcePair().challenge,
    });
    assert.ok(location.searchParams.get("code"));
  });

  s("finding 8: a trailing-dot Host is the same host (pinning holds)", async ({ api }) => {
    const pinned = await api.another({ sandboxHosts: ["sandbox.api.test"], liveHosts: ["api.test"] });
    try {
      for (const host of ["api.test", "api.test.", "API.TEST.:443", "api.test..", "api.test:8080"]) {
        const r = await pinned.request("GET", "/v1/payers", { headers: { host } });
        assert.is(r.status, 401, `${host}: a sandbox key on the live host: ${r.status}`);
      }
      assert.is(
        (await pinned.request("GET", "/v1/payers", { headers: { host: "sandbox.api.test." } })).status,
        200,
      );
    } finally {
      await pinned.close();
    }
  });

  s.run();
}

// Finding 7: loopback webhook delivery is an operator setting.
const w = suite<{ api: TestApi; shared: TestApi; receiver: Server; hits: number; port: number }>(
  "sandbox loopback webhooks (setting on and off)",
);
w.before(async (ctx) => {
  ctx.hits = 0;
  ctx.receiver = createServer((_req, res) => {
    ctx.hits++;
    res.end("ok");
  });
  await new Promise<void>((r) => ctx.receiver.listen(0, "127.0.0.1", () => r()));
  ctx.port = (ctx.receiver.address() as AddressInfo).port;
  ctx.api = await startApi("pglite", { sandboxWebhookLoopback: true });
  ctx.shared = await ctx.api.another({ sandboxWebhookLoopback: false });
});
w.after(async (ctx) => {
  await ctx.shared.close();
  await ctx.api.close();
  ctx.receiver.close();
});

w("on: http://localhost endpoints are accepted and delivered to", async ({ api, port }) => {
  const r = await api.request("POST", "/v1/webhooks", {
    body: { url: `http://localhost:${port}/hooks`, events: ["*"] },
  });
  assert.is(r.status, 201, r.text);
  await api.request("DELETE", `/v1/webhooks/${r.body.id}`);
});

w(
  "off: every loopback form is refused at creation, and an earlier loopback endpoint is never connected to",
  async (ctx) => {
    const { api, shared, port } = ctx;
    for (const host of [
      "localhost",
      "127.0.0.1",
      "2130706433",
      "0x7f000001",
      "127.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "LOCALHOST.",
    ]) {
      for (const scheme of ["http", "https"]) {
        const r = await shared.request("POST", "/v1/webhooks", {
          body: { url: `${scheme}://${host}:${port}/hooks`, events: ["*"] },
        });
        assert.is(r.status, 422, `${scheme}://${host}: ${r.status} ${r.text}`);
        assert.is(r.body.error.param, "url");
      }
    }
    // An endpoint made while the setting was on: the shared deployment's sender refuses to connect.
    const made = await api.request("POST", "/v1/webhooks", {
      body: { url: `http://127.0.0.1:${port}/hooks`, events: ["*"] },
    });
    assert.is(made.status, 201);
    await api.request("POST", "/v1/balance/top-ups", { body: { amount_cents: 100 } });
    await api.request("POST", `/v1/payers/${api.mainPayerId}/forms`, {
      body: { addToCart: true, forms: [necRow({ tin: "123450777" })] },
    });
    assert.is((await api.request("POST", "/v1/cart/pay")).status, 200);
    const fresh = await shared.runtime.runPromise(fanOutEvents(500));
    assert.ok(fresh.length > 0);
    const hitsBefore = ctx.hits;
    for (const f of fresh) await shared.runtime.runPromise(deliverFresh(f, 0.001));
    assert.is(ctx.hits, hitsBefore, "nothing reached the loopback receiver");
    const deliveries = (await api.request("GET", `/v1/webhooks/${made.body.id}/deliveries`)).body.data;
    assert.ok(deliveries.length > 0);
    for (const d of deliveries) {
      assert.is(d.last_status_code, null);
      assert.match(String(d.last_error), /refused/);
    }
  },
);
w.run();
