// Scopes on every endpoint (D31), payer-scoped grants (D32) and the production IP allowlist (D35).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, testConfig, type TestApi } from "../../support/api.ts";
import { clientCredentials, newApp, newUser, userTokens, type TestApp } from "../../support/oauth.ts";
import { necForm } from "../../support/forms.ts";
import { routeTable } from "../../../hosts/api/app.ts";
import { Api } from "../../../hosts/api/http.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import type { RouteDef } from "../../../hosts/api/routes/route.ts";
import { ALL_SCOPES } from "../../../core/domain/oauth/scopes.ts";
import { setIpAllowlist } from "../../../core/use-cases/accounts/accounts.ts";

process.env["CREDENTIAL_CACHE_MS"] = "0";

const ID = "00000000-0000-4000-8000-0000000000aa";
const pathOf = (r: RouteDef) => r.path.replace(":form", "1099-NEC").replace(/:[A-Za-z]+/g, ID);

interface Ctx {
  api: TestApi;
  app: TestApp;
  routes: RouteDef[];
}
const s = suite<Ctx>("oauth scopes, payers, IP allowlist");
s.before(async (ctx) => {
  ctx.api = await startApi();
  ctx.app = await newApp(ctx.api, { scopes: ALL_SCOPES.join(" ") });
  ctx.routes = routeTable(new Api(ctx.api.runtime, makeLogger("silent")), testConfig());
  await newUser(ctx.api, "owner@scopes.test", "owner", "owner-password-1");
});
s.after(async (ctx) => {
  await ctx.api.close();
});

const call = (api: TestApi, r: RouteDef, key: string) =>
  api.request(r.method.toUpperCase(), pathOf(r), {
    key,
    ...(r.method === "get" || r.method === "delete" ? {} : { body: {} }),
  });

s(
  "every endpoint of routeTable() refuses a token lacking its scope with 403 insufficient_scope",
  async ({ api, app, routes }) => {
    assert.ok(routes.length >= 50, `${routes.length} routes`);
    const tokens = new Map<string, string>();
    for (const r of routes) {
      const lacking = ALL_SCOPES.filter((x) => !r.scopes.includes(x)).join(" ");
      if (!tokens.has(lacking))
        tokens.set(lacking, (await clientCredentials(api, app, lacking)).access_token);
      const res = await call(api, r, tokens.get(lacking) as string);
      assert.is(res.status, 403, `${r.method} ${r.path}: ${res.text}`);
      assert.is(res.body.error.type, "insufficient_scope", `${r.method} ${r.path}`);
    }
  },
);

s("each scope a route names admits it, in either vocabulary (D31)", async ({ api, app, routes }) => {
  const tokens = new Map<string, string>();
  for (const r of routes) {
    for (const scope of r.scopes) {
      if (!tokens.has(scope)) tokens.set(scope, (await clientCredentials(api, app, scope)).access_token);
      const res = await call(api, r, tokens.get(scope) as string);
      assert.ok(
        res.body?.error?.type !== "insufficient_scope",
        `${r.method} ${r.path} with ${scope}: ${res.text}`,
      );
    }
  }
});

s(
  "payer-scoped grant: only its payer's payers, recipients, filings, intake, FIRE, cart and extensions; account-wide calls are 403 forbidden",
  async ({ api, app, routes }) => {
    const p1 = api.mainPayerId;
    const p2 = (
      await api.request("POST", "/v1/payers", { body: { name: "Other Payer Inc", tin: "987654321" } })
    ).body.id as string;
    const r2 = (
      await api.request("POST", "/v1/recipients", { body: { payer: p2, name: "Rec Two", tin: "111223333" } })
    ).body.id as string;
    const intake = (payer: string, tin: string, key?: string) =>
      api.request("POST", `/v1/payers/${payer}/forms`, {
        ...(key ? { key } : {}),
        body: { forms: [{ form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin }) }] },
      });
    const f2 = (await intake(p2, "222334444")).body.forms[0].id as string;
    const t = (await userTokens(api, { app, email: "owner@scopes.test", payer: p1 })).access_token;
    const as = (method: string, path: string, body?: unknown) =>
      api.request(method, path, { key: t, ...(body === undefined ? {} : { body }) });
    const forbidden = async (method: string, path: string, body?: unknown) => {
      const r = await as(method, path, body);
      assert.is(r.status, 403, `${method} ${path}: ${r.text}`);
      assert.is(r.body.error.type, "forbidden", `${method} ${path}`);
    };

    assert.equal(
      (await as("GET", "/v1/payers")).body.data.map((p: { id: string }) => p.id),
      [p1],
    );
    assert.is((await as("GET", `/v1/payers/${p1}`)).status, 200);
    await forbidden("GET", `/v1/payers/${p2}`);
    await forbidden("PATCH", `/v1/payers/${p2}`, { city: "Elsewhere" });
    await forbidden("POST", "/v1/payers", { name: "New Co", tin: "123123123" });

    const f1 = (await intake(p1, "333445555", t)).body.forms[0].id as string;
    assert.ok(f1);
    await forbidden("POST", `/v1/payers/${p2}/forms`, {
      forms: [{ form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin: "444556666" }) }],
    });
    await forbidden("POST", `/v1/payers/${p2}/fire`);
    await forbidden("POST", "/v1/filings", {
      payer: p2,
      form: "1099-NEC",
      tax_year: 2025,
      jsonForm: necForm({ tin: "555667777" }),
    });
    await forbidden("POST", "/v1/filings/batch", {
      forms: [
        { payer: p1, form: "1099-NEC", tax_year: 2025, jsonForm: necForm() },
        { payer: p2, form: "1099-NEC", tax_year: 2025, jsonForm: necForm() },
      ],
    });

    const recipients = await as("GET", "/v1/recipients");
    assert.ok(recipients.body.data.length >= 1);
    assert.ok(
      recipients.body.data.every((r: { payer: string }) => r.payer === p1),
      JSON.stringify(recipients.body.data),
    );
    await forbidden("GET", `/v1/recipients?payer=${p2}`);
    await forbidden("GET", `/v1/recipients/${r2}`);
    await forbidden("PATCH", `/v1/recipients/${r2}`, { name: "Renamed" });
    await forbidden("POST", "/v1/recipients", { payer: p2, name: "Sneaky", tin: "999887777" });
    assert.is(
      (await as("POST", "/v1/recipients", { payer: p1, name: "Mine", tin: "999887776" })).status,
      201,
    );

    const filings = await as("GET", "/v1/filings");
    assert.ok(
      filings.body.data.length >= 1 && filings.body.data.every((f: { payer: string }) => f.payer === p1),
    );
    await forbidden("GET", `/v1/filings?payer=${p2}`);
    for (const path of [`/v1/filings/${f2}`, `/v1/filings/${f2}/ack`, `/v1/filings/${f2}/copy-b`])
      await forbidden("GET", path);
    await forbidden("DELETE", `/v1/filings/${f2}`);
    await forbidden("POST", `/v1/filings/${f2}/corrections`, { boxes: {} });
    assert.is((await as("GET", `/v1/filings/${f1}`)).status, 200);

    await forbidden("POST", "/v1/cart/items", { filing_id: f2 });
    assert.is((await as("POST", "/v1/cart/items", { filing_id: f1 })).status, 201);
    assert.is((await as("GET", "/v1/cart/details")).status, 200, "the cart holds only its payer's forms");
    assert.is((await api.request("POST", "/v1/cart/items", { body: { filing_id: f2 } })).status, 201);
    await forbidden("GET", "/v1/cart/details");
    await forbidden("POST", "/v1/cart/pay");
    await forbidden("DELETE", `/v1/cart/items/${f2}`);

    await forbidden("POST", "/v1/extensions", { payer: p2, tax_year: 2025, forms: ["1099"] });
    const ext = await as("POST", "/v1/extensions", { payer: p1, tax_year: 2025, forms: ["1099"] });
    assert.is(ext.status, 201, ext.text);
    await api.request("POST", "/v1/extensions", { body: { payer: p2, tax_year: 2025, forms: ["1099"] } });
    const exts = await as("GET", "/v1/extensions");
    assert.equal(
      exts.body.data.map((e: { payer: string }) => e.payer),
      [p1],
    );

    // W-9 requests (issue 40): by the grant's payer only, or a recipient of it.
    await forbidden("POST", "/v1/w9-requests", { recipient: r2 });
    await forbidden("POST", "/v1/w9-requests", { payer: p2, name: "Sneaky", email: "s@scopes.test" });
    const w9 = await as("POST", "/v1/w9-requests", { payer: p1, name: "Mine", email: "mine@scopes.test" });
    assert.is(w9.status, 201, w9.text);

    // Routes without a payer rule are account-wide.
    for (const r of routes.filter((x) => x.payers === undefined && !x.ownerOnly)) {
      const res = await api.request(r.method.toUpperCase(), pathOf(r), {
        key: t,
        ...(r.method === "get" || r.method === "delete" ? {} : { body: {} }),
      });
      if (res.body?.error?.type === "insufficient_scope") continue;
      assert.is(res.status, 403, `${r.method} ${r.path}`);
      assert.is(res.body.error.type, "forbidden", `${r.method} ${r.path}`);
    }
  },
);

s(
  "production IP allowlist (D35): live credentials from outside get 403 ip_not_allowed; X-Forwarded-For only with TRUST_PROXY",
  async ({ api }) => {
    const live = await api.liveKey();
    assert.is((await api.request("GET", "/v1/payers", { key: live })).status, 200, "no allowlist: anywhere");
    await api.runtime.runPromise(setIpAllowlist(api.accountId, ["10.0.0.0/8", "2001:db8::/32"]));
    const outside = await api.request("GET", "/v1/payers", { key: live });
    assert.is(outside.status, 403);
    assert.is(outside.body.error.type, "ip_not_allowed");
    assert.is(
      (await api.request("GET", "/v1/payers", { key: live, headers: { "x-forwarded-for": "10.1.2.3" } }))
        .status,
      403,
      "X-Forwarded-For ignored without a trusted proxy",
    );
    assert.is((await api.request("GET", "/v1/payers")).status, 200, "sandbox credentials are not restricted");
    const liveApp = await newApp(api, { env: "live", scopes: "filings:read" });
    const liveToken = await clientCredentials(api, liveApp);
    assert.is(
      (await api.request("GET", "/v1/payers", { key: liveToken.access_token })).body.error.type,
      "ip_not_allowed",
      "OAuth tokens too",
    );
    const proxied = await api.another({ trustProxy: true });
    try {
      assert.is(
        (
          await proxied.request("GET", "/v1/payers", {
            key: live,
            headers: { "x-forwarded-for": "10.1.2.3" },
          })
        ).status,
        200,
      );
      assert.is(
        (
          await proxied.request("GET", "/v1/payers", {
            key: live,
            headers: { "x-forwarded-for": "2001:db8::1" },
          })
        ).status,
        200,
      );
      assert.is(
        (
          await proxied.request("GET", "/v1/payers", {
            key: live,
            headers: { "x-forwarded-for": "192.168.0.1" },
          })
        ).status,
        403,
      );
    } finally {
      await proxied.close();
    }
    await api.runtime.runPromise(setIpAllowlist(api.accountId, ["127.0.0.1/32"]));
    assert.is((await api.request("GET", "/v1/payers", { key: live })).status, 200, "inside the allowlist");
    await api.runtime.runPromise(setIpAllowlist(api.accountId, []));
  },
);

s.run();
