// D2: a sandbox key never sees live rows and vice versa; another account never sees either. D32 and issue 38: a
// payer-scoped grant sees no other payer's order through the empty cart's pay, no account-wide ledger through the
// balance, and cannot add its forms to a cart that holds another payer's.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { createAccount, createApiKey } from "../../../core/use-cases/accounts/accounts.ts";
import { ALL_SCOPES } from "../../../core/domain/oauth/scopes.ts";
import { newApp, newUser, userTokens } from "../../support/oauth.ts";
import { necForm, payerBody } from "../../support/forms.ts";

const s = suite<{ api: TestApi }>("environment and account isolation");
s.before(async (ctx) => {
  ctx.api = await startApi();
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("live and sandbox rows are disjoint; foreign accounts get 404", async ({ api }) => {
  const live = await api.liveKey();
  const lp = (
    await api.request("POST", "/v1/payers", { key: live, body: { name: "Live Co", tin: "123456789" } })
  ).body;
  const sp = (await api.request("POST", "/v1/payers", { body: { name: "Sandbox Co", tin: "123456789" } }))
    .body;
  assert.is(lp.livemode, true);
  assert.is(sp.livemode, false);
  const liveList = (await api.request("GET", "/v1/payers", { key: live })).body.data.map(
    (p: { id: string }) => p.id,
  );
  const sbList = (await api.request("GET", "/v1/payers")).body.data.map((p: { id: string }) => p.id);
  assert.ok(liveList.includes(lp.id) && !liveList.includes(sp.id));
  assert.ok(sbList.includes(sp.id) && !sbList.includes(lp.id));
  assert.is((await api.request("GET", `/v1/payers/${lp.id}`)).status, 404);
  assert.is((await api.request("GET", `/v1/payers/${sp.id}`, { key: live })).status, 404);
  assert.is((await api.request("PATCH", `/v1/payers/${lp.id}`, { body: { city: "X" } })).status, 404);
  const rec = await api.request("POST", "/v1/recipients", {
    body: { payer: lp.id, name: "R", tin: "123456789" },
  });
  assert.is(rec.status, 422, "a live payer cannot take sandbox recipients");

  const other = await api.runtime.runPromise(createAccount("Other"));
  const otherKey = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
  assert.is((await api.request("GET", `/v1/payers/${sp.id}`, { key: otherKey })).status, 404);
  assert.is((await api.request("GET", "/v1/payers", { key: otherKey })).body.data.length, 0);
  assert.is(
    (await api.request("PATCH", `/v1/payers/${sp.id}`, { key: otherKey, body: { city: "X" } })).status,
    404,
  );
  assert.is((await api.request("GET", `/v1/payers/${sp.id}`)).body.city, null, "unchanged");
});

s(
  "a payer-scoped grant sees only its payer's orders, no account-wide ledger, and no cart holding another payer's forms",
  async ({ api }) => {
    const app = await newApp(api, { scopes: ALL_SCOPES.join(" ") });
    await newUser(api, "owner@isolation.test", "owner", "owner-password-1");
    const p1 = api.mainPayerId;
    const p2 = (await api.request("POST", "/v1/payers", { body: payerBody("Other Payer Inc", "98-7654321") }))
      .body.id as string;
    const intake = async (payer: string, tin: string) =>
      (
        await api.request("POST", `/v1/payers/${payer}/forms`, {
          body: { forms: [{ form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin }) }] },
        })
      ).body.forms[0].id as string;
    const f1 = await intake(p1, "333445551");
    const f2 = await intake(p2, "222334441");
    const t = (await userTokens(api, { app, email: "owner@isolation.test", payer: p1 })).access_token;
    const as = (method: string, path: string, body?: unknown) =>
      api.request(method, path, { key: t, ...(body === undefined ? {} : { body }) });

    // 5: the cart holds another payer's form: the grant may not add its own to it, and nothing changes.
    assert.is((await api.request("POST", "/v1/cart/items", { body: { filing_id: f2 } })).status, 201);
    const added = await as("POST", "/v1/cart/items", { filing_id: f1 });
    assert.is(added.status, 403, added.text);
    assert.is(added.body.error.type, "forbidden");
    assert.match(added.body.error.message, /the cart holds another payer's forms/);
    const cart = await api.request("GET", "/v1/cart/details");
    assert.equal(
      cart.body.items.map((i: { filing_id: string }) => i.filing_id),
      [f2],
      "the cart is unchanged",
    );

    // 2: the other payer's cart is paid; the grant's pay of the empty cart does not answer that order.
    const other = await api.request("POST", "/v1/cart/pay");
    assert.is(other.status, 200, other.text);
    const empty = await as("POST", "/v1/cart/pay");
    assert.is(empty.status, 422, empty.text);
    assert.is(empty.body.error.type, "cart_not_payable");
    assert.not.ok(empty.text.includes(other.body.order), "no word of the other payer's order");
    assert.not.ok(empty.text.includes(f2));
    // Its own order it does see again.
    assert.is((await as("POST", "/v1/cart/items", { filing_id: f1 })).status, 201);
    const mine = await as("POST", "/v1/cart/pay");
    assert.is(mine.status, 200, mine.text);
    const again = await as("POST", "/v1/cart/pay");
    assert.is(again.status, 200, again.text);
    assert.is(again.body.already_paid, true);
    assert.is(again.body.order, mine.body.order);

    // 3: the balance, without the account-wide ledger that GET /v1/balance/entries refuses the grant.
    const balance = await as("GET", "/v1/balance");
    assert.is(balance.status, 200, balance.text);
    assert.equal(balance.body.recent, []);
    assert.is(typeof balance.body.available_cents, "number");
    assert.is((await as("GET", "/v1/balance/entries")).status, 403);
    assert.ok(
      (await api.request("GET", "/v1/balance")).body.recent.length > 0,
      "the owner's key sees the ledger",
    );
  },
);

s.run();
