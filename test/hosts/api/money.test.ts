// Cart, prices, pay, balance and orders over HTTP (SPEC "Cart, pricing and payment", D12-D17).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { makeSandboxCardProcessor } from "../../../adapters/sandbox-card/sandbox-card.ts";
import { createAccount, createApiKey } from "../../../core/use-cases/accounts/accounts.ts";
import { creditBalance } from "../../../core/use-cases/money/credit-balance.ts";
import { reconcileCharges } from "../../../core/use-cases/money/reconcile-charges.ts";

const fullPayer = payerBody("Cart Payer LLC", "12-3456700");
let tinSeq = 1000;

/** Files n ready forms under a complete payer; returns their ids. */
async function readyForms(
  api: TestApi,
  n: number,
  payerFields: Record<string, unknown> = fullPayer,
  key?: string,
): Promise<{ payer: string; ids: string[] }> {
  const payer = (await api.request("POST", "/v1/payers", { body: { ...payerFields }, key })).body.id;
  const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
    body: { forms: necRows(n, (tinSeq += n)) },
    key,
  });
  assert.is(r.status, 201, r.text);
  return { payer, ids: r.body.forms.map((f: { id: string }) => f.id) };
}

const balanceOf = async (api: TestApi, key?: string) =>
  (await api.request("GET", "/v1/balance", { key })).body;
const entriesOf = async (api: TestApi, key?: string) =>
  (await api.request("GET", "/v1/balance/entries?limit=500", { key })).body.data;

const s = suite<{
  api: TestApi;
  failing: { on: boolean };
  cards: ReturnType<typeof makeSandboxCardProcessor>;
}>("cart, pay, balance, orders");
s.before(async (ctx) => {
  ctx.failing = { on: false };
  // Charges are dated a second back, so the reconciliation case (no grace period) sees the newest at once.
  ctx.cards = makeSandboxCardProcessor({
    failCharges: () => ctx.failing.on,
    now: () => new Date(Date.now() - 1000),
  });
  ctx.api = await startApi("pglite", { cardProcessor: ctx.cards });
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("prices: rate card and quotes (D12); bad quotes are 422 naming the parameter", async ({ api }) => {
  const card = (await api.request("GET", "/v1/prices")).body;
  assert.is(card.object, "rate_card");
  assert.equal(card.brackets[0], { forms: "1-10", efile_cents: 299 });
  const q = (await api.request("GET", "/v1/prices/quote?form=1099-NEC&quantity=12&service=efile")).body;
  assert.is(q.total_cents, 10 * 299 + 2 * 199 + 12 * 35);
  for (const [query, param] of [
    ["form=1099-XYZ&quantity=1", "form"],
    ["form=1099-NEC&quantity=0", "quantity"],
    ["form=1099-NEC&quantity=1000000000", "quantity"],
    ["form=1099-NEC&quantity=1.5", "quantity"],
    ["quantity=1", "form"],
  ] as const) {
    const r = await api.request("GET", `/v1/prices/quote?${query}`);
    assert.is(r.status, 422, query);
    assert.is(r.body.error.param, param);
  }
});

s("cart: both body shapes, answered in the caller's shape; details, value, removal", async ({ api }) => {
  const { ids } = await readyForms(api, 3);
  const one = await api.request("POST", "/v1/cart/items", { body: { filing_id: ids[0], service: "efile" } });
  assert.is(one.status, 201, one.text);
  assert.is(one.body.object, "cart_item");
  assert.is(one.body.service, "efile");
  const cart = await api.request("POST", "/v1/cart/items", {
    body: { forms: [{ form_id: ids[1] }, { form_id: ids[2], service: "print_mail", portal_access: true }] },
  });
  assert.is(cart.status, 200, cart.text);
  assert.is(cart.body.object, "cart");
  assert.is(cart.body.item_count, 3);
  // efile: 299 + 35; efile_print_mail: 299 + 179 + 35; print_mail + portal: 179 + 35
  assert.is(cart.body.total_cents, 299 + 35 + 299 + 179 + 35 + 179 + 35);
  assert.is(
    cart.body.charge_lines.reduce((a: number, l: { amount_cents: number }) => a + l.amount_cents, 0),
    cart.body.total_cents,
  );
  const details = (await api.request("GET", "/v1/cart/details")).body;
  assert.is(details.total_cents, cart.body.total_cents);
  const value = (await api.request("GET", "/v1/cart/value")).body;
  assert.equal(value, {
    object: "cart_value",
    id: details.id,
    item_count: 3,
    total_cents: details.total_cents,
    currency: "usd",
  });
  assert.is((await api.request("GET", `/v1/filings/${ids[0]}`)).body.status, "in_cart");
  const again = await api.request("POST", "/v1/cart/items", { body: { filing_id: ids[0] } });
  assert.is(again.status, 409);
  const removed = await api.request("DELETE", `/v1/cart/items/${one.body.id}`);
  assert.is(removed.status, 200);
  assert.is((await api.request("GET", `/v1/filings/${ids[0]}`)).body.status, "ready_to_file");
  assert.is((await api.request("GET", "/v1/cart/value")).body.item_count, 2);
  const bad = await api.request("POST", "/v1/cart/items", {
    body: { filing_id: ids[0], service: "efile", portal_access: false },
  });
  assert.is(bad.status, 422);
  assert.is(bad.body.error.param, "portal_access");
  const unknown = await api.request("POST", "/v1/cart/items", {
    body: { filing_id: "00000000-0000-4000-8000-000000000000" },
  });
  assert.is(unknown.status, 404);
  // Clean up so later cases start with an empty cart.
  for (const item of (await api.request("GET", "/v1/cart/details")).body.items)
    await api.request("DELETE", `/v1/cart/items/${item.id}`);
});

s("pay: developer key 403 forbidden; empty cart 422 cart_not_payable; nothing touched", async ({ api }) => {
  const dev = await api.sandboxKey("developer");
  const before = await balanceOf(api);
  const f = await api.request("POST", "/v1/cart/pay", { key: dev });
  assert.is(f.status, 403);
  assert.is(f.body.error.type, "forbidden");
  const e = await api.request("POST", "/v1/cart/pay");
  assert.is(e.status, 422);
  assert.is(e.body.error.type, "cart_not_payable");
  assert.equal(await balanceOf(api), before);
});

s(
  "pay: an incomplete payer is a cart_not_payable problem (D5); ledger and cart unchanged",
  async ({ api }) => {
    const { ids } = await readyForms(api, 2, { name: "Bare Payer", tin: "123450000" });
    await api.request("POST", "/v1/cart/items", { body: { forms: ids.map((id) => ({ form_id: id })) } });
    const before = await entriesOf(api);
    const r = await api.request("POST", "/v1/cart/pay");
    assert.is(r.status, 422);
    assert.is(r.body.error.type, "cart_not_payable");
    assert.is(r.body.problems.length, 2);
    assert.equal(Object.keys(r.body.problems[0]).sort(), ["item", "message", "reference", "type"]);
    assert.is(r.body.problems[0].type, "payer_incomplete");
    assert.equal(await entriesOf(api), before);
    assert.is((await api.request("GET", `/v1/filings/${ids[0]}`)).body.status, "in_cart");
    for (const item of (await api.request("GET", "/v1/cart/details")).body.items)
      await api.request("DELETE", `/v1/cart/items/${item.id}`);
  },
);

s(
  "pay: draws from the balance, one order, filings queued, receipt; a second pay is already_paid",
  async ({ api }) => {
    const { ids } = await readyForms(api, 3);
    await api.request("POST", "/v1/cart/items", {
      body: { forms: ids.map((id) => ({ form_id: id, service: "efile" })) },
    });
    const before = await balanceOf(api);
    const r = await api.request("POST", "/v1/cart/pay");
    assert.is(r.status, 200, r.text);
    assert.is(r.body.object, "cart_payment");
    assert.is(r.body.status, "paid");
    assert.is(r.body.filed, 3);
    assert.is(r.body.failed, 0);
    assert.is(r.body.amount_charged, 3 * (299 + 35));
    assert.is(r.body.filings.length, 3);
    assert.ok(
      r.body.filings.every(
        (f: { status: string; amount_charged: number }) => f.status === "queued" && f.amount_charged === 334,
      ),
    );
    const after = await balanceOf(api);
    assert.is(after.available_cents, before.available_cents - 3 * 334);
    const draw = (await entriesOf(api))[0];
    assert.is(draw.kind, "filing");
    assert.is(draw.amount_cents, -3 * 334);
    assert.is(draw.balance_after_cents, after.available_cents);
    for (const id of ids) {
      const f = (await api.request("GET", `/v1/filings/${id}`)).body;
      assert.is(f.status, "queued");
      assert.is(f.order, r.body.order);
      assert.is(f.amount_charged_cents, 334);
    }
    const order = (await api.request("GET", `/v1/orders/${r.body.order}`)).body;
    assert.is(order.object, "order");
    assert.match(order.number, /^\d{4}-\d{6}$/);
    assert.is(order.grand_total_cents, 3 * 334);
    assert.is(order.forms.length, 3);
    assert.ok(order.charge_lines.some((l: { type: string }) => l.type === "FederalEFile"));
    assert.equal(order.pricing_segments[0].bracket, "1-10");
    const list = (await api.request("GET", "/v1/orders")).body;
    assert.is(list.data[0].id, r.body.order);
    const again = await api.request("POST", "/v1/cart/pay");
    assert.is(again.status, 200);
    assert.is(again.body.already_paid, true);
    assert.is(again.body.order, r.body.order);
    assert.is((await balanceOf(api)).available_cents, after.available_cents);
  },
);

s("balance: top-ups, bad amounts refused with the ledger unchanged, declined card 402", async ({ api }) => {
  const start = await entriesOf(api);
  const t = await api.request("POST", "/v1/balance/top-ups", { body: { amount_cents: 5000 } });
  assert.is(t.status, 201, t.text);
  assert.is(t.body.entry.kind, "topup");
  assert.is(t.body.balance_after_cents, start[0].balance_after_cents + 5000);
  const mid = await entriesOf(api);
  for (const amount of [0, -5, 1.5, "100", null]) {
    const r = await api.request("POST", "/v1/balance/top-ups", { body: { amount_cents: amount } });
    assert.is(r.status, 422, String(amount));
    assert.is(r.body.error.param, "amount_cents");
  }
  assert.equal(await entriesOf(api), mid);
  assert.is((await api.request("PUT", "/v1/payment-method", { body: { token: "tok_unknown" } })).status, 422);
  const pm = await api.request("PUT", "/v1/payment-method", { body: { token: "tok_chargeDeclined" } });
  assert.is(pm.status, 200);
  const declined = await api.request("POST", "/v1/balance/top-ups", { body: { amount_cents: 100 } });
  assert.is(declined.status, 402);
  assert.is(declined.body.error.type, "card_declined");
  assert.equal(await entriesOf(api), mid);
  await api.request("PUT", "/v1/payment-method", { body: { token: "tok_visa" } });
});

s(
  "pay: not enough balance and a declined card is 402 card_declined; nothing drawn or filed",
  async ({ api }) => {
    const other = await api.runtime.runPromise(createAccount("Poor Co"));
    const key = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
    const { ids } = await readyForms(api, 1, fullPayer, key);
    await api.request("POST", "/v1/cart/items", { key, body: { filing_id: ids[0] } });
    const noCard = await api.request("POST", "/v1/cart/pay", { key });
    assert.is(noCard.status, 402);
    assert.is(noCard.body.error.type, "payment_required");
    await api.request("PUT", "/v1/payment-method", { key, body: { token: "tok_chargeDeclined" } });
    const declined = await api.request("POST", "/v1/cart/pay", { key });
    assert.is(declined.status, 402);
    assert.is(declined.body.error.type, "card_declined");
    assert.equal(await entriesOf(api, key), []);
    assert.is((await api.request("GET", `/v1/filings/${ids[0]}`, { key })).body.status, "in_cart");
    await api.request("PUT", "/v1/payment-method", { key, body: { token: "tok_visa" } });
    const ok = await api.request("POST", "/v1/cart/pay", { key });
    assert.is(ok.status, 200, ok.text);
    assert.is(ok.body.from_card_cents, ok.body.amount_charged);
    assert.equal(await entriesOf(api, key), [], "a card-only payment draws nothing from the ledger");
  },
);

s(
  "failure: the card processor fails after the balance draw: nothing charged, ledger unchanged",
  async ({ api, failing }) => {
    // An account whose balance (100 cents) covers part of the order: the rest goes to the card, which fails.
    const acct = await api.runtime.runPromise(createAccount("Outage Co"));
    const key = (await api.runtime.runPromise(createApiKey(acct.id, "sandbox", "owner"))).key;
    await api.request("PUT", "/v1/payment-method", { key, body: { token: "tok_visa" } });
    assert.is(
      (await api.request("POST", "/v1/balance/top-ups", { key, body: { amount_cents: 100 } })).status,
      201,
    );
    const { ids } = await readyForms(api, 2, fullPayer, key);
    await api.request("POST", "/v1/cart/items", { key, body: { forms: ids.map((id) => ({ form_id: id })) } });
    const before = await entriesOf(api, key);
    failing.on = true;
    const r = await api.request("POST", "/v1/cart/pay", { key });
    failing.on = false;
    assert.is(r.status, 503, r.text);
    assert.is(r.body.error.type, "service_unavailable");
    assert.equal(await entriesOf(api, key), before, "the balance draw was rolled back");
    assert.is((await balanceOf(api, key)).available_cents, 100);
    assert.is((await api.request("GET", `/v1/filings/${ids[0]}`, { key })).body.status, "in_cart");
    assert.equal((await api.request("GET", "/v1/orders", { key })).body.data, []);
    const paid = await api.request("POST", "/v1/cart/pay", { key });
    assert.is(paid.status, 200, paid.text);
    assert.is(paid.body.from_balance_cents, 100);
    assert.is(paid.body.from_card_cents, paid.body.amount_charged - 100);
  },
);

s(
  "auto-replenish tops up from the card when a draw leaves the balance below the threshold (D15)",
  async ({ api }) => {
    const acct = await api.runtime.runPromise(createAccount("Auto Co"));
    const key = (await api.runtime.runPromise(createApiKey(acct.id, "sandbox", "owner"))).key;
    await api.request("PUT", "/v1/payment-method", { key, body: { token: "tok_visa" } });
    await api.request("POST", "/v1/balance/top-ups", { key, body: { amount_cents: 2000 } });
    const set = await api.request("PATCH", "/v1/balance", {
      key,
      body: { auto_replenish: { enabled: true, threshold_cents: 1500, topup_cents: 5000 } },
    });
    assert.is(set.status, 200, set.text);
    assert.equal(set.body.auto_replenish, { enabled: true, threshold_cents: 1500, topup_cents: 5000 });
    const { ids } = await readyForms(api, 2, fullPayer, key);
    await api.request("POST", "/v1/cart/items", { key, body: { forms: ids.map((id) => ({ form_id: id })) } });
    assert.is((await api.request("POST", "/v1/cart/pay", { key })).status, 200);
    const kinds = (await entriesOf(api, key)).map((e: { kind: string }) => e.kind);
    assert.equal(kinds, ["auto_topup", "filing", "topup"]);
    assert.is((await balanceOf(api, key)).available_cents, 2000 - 1026 + 5000);
    const bad = await api.request("PATCH", "/v1/balance", {
      key,
      body: { auto_replenish: { threshold_cents: -1 } },
    });
    assert.is(bad.status, 422);
  },
);

s(
  "an operator credit (wire or invoice) is a `credit` entry in GET /v1/balance/entries and pays a cart without a card",
  async ({ api }) => {
    const acct = await api.runtime.runPromise(createAccount("Wire Co"));
    const key = (await api.runtime.runPromise(createApiKey(acct.id, "sandbox", "owner"))).key;
    await api.runtime.runPromise(
      creditBalance({ accountId: acct.id, livemode: false, amountCents: 2000, reference: "INV-2026-17" }),
    );
    const [entry] = await entriesOf(api, key);
    assert.equal(
      {
        kind: entry.kind,
        amount_cents: entry.amount_cents,
        balance_after_cents: entry.balance_after_cents,
        reference: entry.reference,
      },
      { kind: "credit", amount_cents: 2000, balance_after_cents: 2000, reference: "INV-2026-17" },
    );
    assert.is((await balanceOf(api, key)).payment_method, null);
    const { ids } = await readyForms(api, 1, fullPayer, key);
    await api.request("POST", "/v1/cart/items", { key, body: { filing_id: ids[0] } });
    const paid = await api.request("POST", "/v1/cart/pay", { key });
    assert.is(paid.status, 200, paid.text);
    assert.is(paid.body.from_card_cents, 0);
    assert.is((await balanceOf(api, key)).available_cents, 2000 - paid.body.amount_charged);
  },
);

s(
  "reconciliation: every card payment this suite made is found recorded; a charge whose payment was lost is refunded",
  async ({ api, cards }) => {
    // The cases above charged the card for orders, auto top-ups and top-ups, each recorded by its transaction.
    const paid = [...cards.made].filter(([, c]) => !c.refunded);
    assert.ok(paid.length >= 4, `card payments made above: ${paid.length}`);
    const kinds = new Set(paid.map(([, c]) => c.idempotencyKey.replace(/^(ord|top)_[A-Za-z0-9]+/, "$1")));
    assert.equal(kinds, new Set(["ord:order", "ord:auto_topup", "top"]));
    const reconcile = () =>
      api.runtime.runPromise(reconcileCharges({ livemode: false, lookbackMs: 3_600_000, graceMs: 0 }));
    const clean = await reconcile();
    assert.is(clean.checked, paid.length);
    assert.equal(clean.refunded, [], "no recorded payment is refunded");

    // A pay killed between the card charge and its commit: the charge exists, its order does not.
    const acct = await api.runtime.runPromise(createAccount("Crash Co"));
    const lost = await api.runtime.runPromise(
      cards.charge({
        scope: { accountId: acct.id, livemode: false },
        card: { token: "tok_visa", brand: "visa", last4: "4242" },
        customer: null,
        amountCents: 4321,
        idempotencyKey: "ord_KilledBeforeCommit:order",
        description: "Order",
      }),
    );
    const after = await reconcile();
    assert.equal(
      after.refunded.map((c) => [c.chargeId, c.accountId, c.amountCents]),
      [[lost.chargeId, acct.id, 4321]],
    );
    assert.is(cards.made.get(lost.chargeId)?.refunded, true);
    assert.ok(paid.every(([id]) => cards.made.get(id)?.refunded === false));
  },
);

s.run();
