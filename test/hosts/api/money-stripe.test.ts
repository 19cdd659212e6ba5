// Production card payments through Stripe over HTTP (STRIPE_SECRET_KEY + STRIPE_API_BASE pointing at a local fake
// of Stripe's endpoints): the card on file, top-ups and pay, and a declined card that files and draws nothing.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Redacted from "effect/Redacted";
import { startApi, type TestApi } from "../../support/api.ts";
import { testIrisConfig } from "../../support/iris.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake.ts";
import { enableLive } from "../../../core/use-cases/accounts/accounts.ts";

const livePayer = payerBody("Live Payer LLC", "12-3456701");

const s = suite<{ api: TestApi; fake: StripeFake; live: string }>("live card payments through Stripe");
s.before(async (ctx) => {
  ctx.fake = await startStripeFake();
  // Live e-filing needs a complete IRIS configuration before pay charges anything; nothing is transmitted here.
  ctx.api = await startApi("pglite", {
    stripeSecretKey: Redacted.make(ctx.fake.secretKey),
    stripeApiBase: ctx.fake.base,
    iris: testIrisConfig(),
  });
  await ctx.api.runtime.runPromise(enableLive(ctx.api.accountId));
  ctx.live = await ctx.api.liveKey("owner");
});
s.after(async (ctx) => {
  await ctx.api.close();
  await ctx.fake.close();
});

const entries = async (api: TestApi, key: string) =>
  (await api.request("GET", "/v1/balance/entries?limit=100", { key })).body.data;

s(
  "the card on file is a Stripe PaymentMethod of the account's customer; a top-up is a PaymentIntent under the top-up's id; the sandbox never calls Stripe",
  async ({ api, fake, live }) => {
    const sandboxCalls = fake.requests.length;
    assert.is((await api.request("PUT", "/v1/payment-method", { body: { token: "tok_visa" } })).status, 200);
    assert.is(fake.requests.length, sandboxCalls, "sandbox cards stay in the sandbox processor");

    const pm = await api.request("PUT", "/v1/payment-method", { key: live, body: { token: "tok_visa" } });
    assert.is(pm.status, 200, pm.text);
    assert.equal(pm.body, { object: "payment_method", brand: "visa", last4: "4242" });
    const customers = [...fake.customers.values()].filter((c) => c["metadata[account]"] === api.accountId);
    assert.is(customers.length, 1);
    assert.is(
      (await api.request("PUT", "/v1/payment-method", { key: live, body: { token: "pm_card_mastercard" } }))
        .body.last4,
      "4444",
    );
    assert.is(
      [...fake.customers.values()].filter((c) => c["metadata[account]"] === api.accountId).length,
      1,
      "one customer per account",
    );

    const top = await api.request("POST", "/v1/balance/top-ups", { key: live, body: { amount_cents: 5000 } });
    assert.is(top.status, 201, top.text);
    const intent = fake.intents.get(top.body.charge);
    assert.ok(intent, "the charge is the PaymentIntent");
    assert.is(intent?.amount, 5000);
    assert.is(intent?.status, "succeeded");
    assert.is(
      fake.requests
        .find((r) => r.path === "/v1/payment_intents" && r.params["amount"] === "5000")
        ?.idempotencyKey?.split(":")[0],
      top.body.id,
    );
    assert.is((await entries(api, live))[0].kind, "topup");
  },
);

s(
  "live pay with a card Stripe declines is 402 card_declined with the decline code; nothing filed, drawn or charged",
  async ({ api, fake, live }) => {
    const payer = (await api.request("POST", "/v1/payers", { key: live, body: livePayer })).body.id;
    const forms = await api.request("POST", `/v1/payers/${payer}/forms`, {
      key: live,
      body: { forms: necRows(2, 7100) },
    });
    assert.is(forms.status, 201, forms.text);
    const ids: string[] = forms.body.forms.map((f: { id: string }) => f.id);
    assert.is(
      (
        await api.request("POST", "/v1/cart/items", {
          key: live,
          body: { forms: ids.map((id) => ({ form_id: id })) },
        })
      ).status,
      200,
    );

    // Stripe declines 4000000000000002 when it is attached: the PUT is refused and the card on file stays.
    const refused = await api.request("PUT", "/v1/payment-method", {
      key: live,
      body: { token: "tok_chargeDeclined" },
    });
    assert.is(refused.status, 402);
    assert.is(refused.body.error.type, "card_declined");
    assert.match(refused.body.error.message, /generic_decline/);
    assert.is((await api.request("GET", "/v1/balance", { key: live })).body.payment_method.last4, "4444");

    // 4000000000000341 attaches and is declined when charged.
    assert.is(
      (
        await api.request("PUT", "/v1/payment-method", {
          key: live,
          body: { token: "tok_chargeCustomerFail" },
        })
      ).status,
      200,
    );
    const balanceBefore = (await api.request("GET", "/v1/balance", { key: live })).body.available_cents;
    // A cart bigger than the balance: the rest goes to the card.
    const more = await api.request("POST", `/v1/payers/${payer}/forms`, {
      key: live,
      body: { forms: necRows(20, 7200) },
    });
    await api.request("POST", "/v1/cart/items", {
      key: live,
      body: { forms: more.body.forms.map((f: { id: string }) => ({ form_id: f.id })) },
    });
    const before = await entries(api, live);
    const succeededBefore = [...fake.intents.values()].filter((i) => i.status === "succeeded").length;
    const declined = await api.request("POST", "/v1/cart/pay", { key: live });
    assert.is(declined.status, 402, declined.text);
    assert.is(declined.body.error.type, "card_declined");
    assert.match(declined.body.error.message, /generic_decline/);
    assert.equal(await entries(api, live), before, "nothing drawn");
    assert.is((await api.request("GET", "/v1/balance", { key: live })).body.available_cents, balanceBefore);
    assert.is(
      (await api.request("GET", `/v1/filings/${ids[0]}`, { key: live })).body.status,
      "in_cart",
      "nothing filed",
    );
    assert.equal((await api.request("GET", "/v1/orders", { key: live })).body.data, []);
    assert.is(
      [...fake.intents.values()].filter((i) => i.status === "succeeded").length,
      succeededBefore,
      "nothing charged",
    );

    // A good card: the same cart is paid, the card charged under the order's key.
    assert.is(
      (await api.request("PUT", "/v1/payment-method", { key: live, body: { token: "tok_visa" } })).status,
      200,
    );
    const paid = await api.request("POST", "/v1/cart/pay", { key: live });
    assert.is(paid.status, 200, paid.text);
    assert.is(paid.body.from_balance_cents, balanceBefore);
    assert.ok(paid.body.from_card_cents > 0);
    const charge = fake.requests.filter((r) => r.path === "/v1/payment_intents").at(-1);
    assert.is(charge?.params["metadata[idempotency_key]"], `${paid.body.order}:order`);
    assert.ok(charge?.idempotencyKey?.startsWith(`${paid.body.order}:order:`));
    assert.is(charge?.params["amount"], String(paid.body.from_card_cents));
    assert.is((await api.request("GET", `/v1/filings/${ids[0]}`, { key: live })).body.status, "queued");
  },
);

s.run();
