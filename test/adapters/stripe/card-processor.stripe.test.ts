// The Stripe card processor against a local fake of Stripe's endpoints (test/support/stripe-fake.ts): attach,
// PaymentIntents confirmed off-session (success, decline), refunds, idempotency keys, outages.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Redacted from "effect/Redacted";
import { makeStripeCardProcessor, stripeEndpoint } from "../../../adapters/stripe/card-processor.stripe.ts";
import type { CardProcessor } from "../../../core/ports/card-processor.port.ts";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake.ts";

// Each case is a new account: the customer's idempotency key is derived from the account id.
let accounts = 0;
let scope = { accountId: "", livemode: true };

/** The failure of an effect (tag and message), or a test failure when it succeeded or died. */
async function failure<A, E extends { _tag: string; message: string }>(e: Effect.Effect<A, E>): Promise<E> {
  const exit = await Effect.runPromiseExit(e);
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`);
  const reason = exit.cause.reasons.find((r) => r._tag === "Fail");
  if (!reason || reason._tag !== "Fail")
    throw new Error(`expected a typed failure, got ${String(exit.cause)}`);
  return reason.error;
}

const s = suite<{ fake: StripeFake; cards: CardProcessor["Service"]; logs: string[] }>(
  "Stripe card processor",
);
s.before(async (ctx) => {
  ctx.fake = await startStripeFake();
  ctx.logs = [];
  ctx.cards = makeStripeCardProcessor({
    secretKey: Redacted.make(ctx.fake.secretKey),
    apiBase: ctx.fake.base,
    maxNetworkRetries: 1,
    log: (l) => ctx.logs.push(l),
  });
});
s.after(async (ctx) => {
  await ctx.fake.close();
});
s.before.each(() => {
  scope = { accountId: `6f1c2a4e-0000-4000-8000-${String(++accounts).padStart(12, "0")}`, livemode: true };
});

const attach = (cards: CardProcessor["Service"], token: string, customer: string | null = null) =>
  Effect.runPromise(cards.attach({ scope, token, customer }));

s(
  "attach: the first card makes the account's customer (idempotency key from the account); later cards reuse it; tok_ and pm_ both work",
  async ({ fake, cards }) => {
    const first = await attach(cards, "tok_visa");
    assert.match(first.customer ?? "", /^cus_/);
    assert.match(first.card.token, /^pm_/);
    assert.equal({ brand: first.card.brand, last4: first.card.last4 }, { brand: "visa", last4: "4242" });
    const created = fake.requests.filter((r) => r.path === "/v1/customers");
    assert.is(created.length, 1);
    assert.is(created[0]?.idempotencyKey, `customer:${scope.accountId}`);
    assert.is(created[0]?.params["metadata[account]"], scope.accountId);
    assert.is(fake.paymentMethods.get(first.card.token)?.customer, first.customer);

    const second = await attach(cards, "pm_card_mastercard", first.customer);
    assert.is(second.customer, first.customer);
    assert.is.not(second.card.token, "pm_card_mastercard", "the saved id is the attached PaymentMethod's");
    assert.equal(
      { brand: second.card.brand, last4: second.card.last4 },
      { brand: "mastercard", last4: "4444" },
    );
    assert.is(fake.requests.filter((r) => r.path === "/v1/customers").length, 1, "no second customer");
  },
);

s(
  "attach: unknown or malformed tokens are 422 on token; cards Stripe declines on attach are 402 with the decline code",
  async ({ fake, cards }) => {
    const before = fake.requests.length;
    for (const token of ["4242424242424242", "tok_", "sk_live_abc", "tok_visa; drop"]) {
      const e = await failure(cards.attach({ scope, token, customer: null }));
      assert.is(e._tag, "InvalidRequest", token);
      assert.is((e as { param?: string }).param, "token");
    }
    assert.is(fake.requests.length, before, "malformed tokens never reach Stripe");
    const unknown = await failure(cards.attach({ scope, token: "tok_nothing", customer: null }));
    assert.is(unknown._tag, "InvalidRequest");
    assert.match(unknown.message, /No such token: 'tok_nothing'/);
    const declined = await failure(cards.attach({ scope, token: "tok_chargeDeclined", customer: null }));
    assert.is(declined._tag, "CardDeclined");
    assert.match(declined.message, /\(generic_decline\)/);
    const funds = await failure(
      cards.attach({ scope, token: "tok_chargeDeclinedInsufficientFunds", customer: null }),
    );
    assert.match(funds.message, /\(insufficient_funds\)/);
  },
);

s("attach: a customer deleted at Stripe is replaced by a new one", async ({ cards }) => {
  const r = await attach(cards, "tok_visa", "cus_deleted");
  assert.match(r.customer ?? "", /^cus_/);
  assert.is.not(r.customer, "cus_deleted");
});

s(
  "charge: one PaymentIntent confirmed off-session under the caller's idempotency key; the same key never charges twice",
  async ({ fake, cards }) => {
    const { card, customer } = await attach(cards, "tok_visa");
    const input = {
      scope,
      card,
      customer,
      amountCents: 1234,
      idempotencyKey: "ord_abc:order",
      description: "Order 2026-000001",
    };
    const a = await Effect.runPromise(cards.charge(input));
    assert.match(a.chargeId, /^pi_/);
    const sent = fake.requests.filter((r) => r.path === "/v1/payment_intents");
    assert.is(sent.length, 1);
    // The caller's key with a digest of the charge, so another charge under the key is not refused as a reuse.
    assert.match(sent[0]?.idempotencyKey ?? "", /^ord_abc:order:[0-9a-f]{16}$/);
    assert.equal(
      { ...sent[0]?.params },
      {
        amount: "1234",
        currency: "usd",
        customer: customer ?? "",
        payment_method: card.token,
        "allowed_payment_method_types[0]": "card",
        confirm: "true",
        off_session: "true",
        description: "Order 2026-000001",
        "metadata[account]": scope.accountId,
        "metadata[idempotency_key]": "ord_abc:order",
      },
    );
    const b = await Effect.runPromise(cards.charge(input));
    assert.is(b.chargeId, a.chargeId);
    assert.is(
      [...fake.intents.values()].filter((i) => i.status === "succeeded" && i.customer === customer).length,
      1,
      "charged once",
    );
    assert.is(fake.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)?.replayed, true);
  },
);

s(
  "charge: a reply lost after Stripe charged is retried by the SDK with the same key: one charge",
  async ({ fake, cards }) => {
    const { card, customer } = await attach(cards, "tok_visa");
    const from = fake.requests.length;
    fake.dropNextReply();
    const r = await Effect.runPromise(
      cards.charge({
        scope,
        card,
        customer,
        amountCents: 5000,
        idempotencyKey: "top_lost1",
        description: "Prepaid balance top-up",
      }),
    );
    const sent = fake.requests.slice(from).filter((q) => q.method === "POST");
    assert.is(sent.length, 2);
    assert.ok(sent.every((q) => q.idempotencyKey === sent[0]?.idempotencyKey));
    assert.match(sent[0]?.idempotencyKey ?? "", /^top_lost1:/);
    assert.is(sent[1]?.replayed, true);
    assert.is([...fake.intents.values()].filter((i) => i.customer === customer).length, 1);
    assert.ok(fake.intents.has(r.chargeId));
  },
);

s(
  "charge: a key whose charge was refunded since charges anew; another charge under a key is a new charge, not a 400",
  async ({ fake, cards }) => {
    const { card, customer } = await attach(cards, "tok_visa");
    const input = {
      scope,
      card,
      customer,
      amountCents: 7000,
      idempotencyKey: "top_refunded1",
      description: "Prepaid balance top-up",
    };
    const first = await Effect.runPromise(cards.charge(input));
    await Effect.runPromise(cards.refund({ scope, chargeId: first.chargeId }));
    const second = await Effect.runPromise(cards.charge(input));
    assert.is.not(second.chargeId, first.chargeId, "the refunded charge is never the one answered");
    assert.is(fake.intents.get(second.chargeId)?.refunded, false);
    assert.is(fake.intents.get(second.chargeId)?.metadata["idempotency_key"], "top_refunded1");
    const third = await Effect.runPromise(cards.charge(input));
    assert.is(third.chargeId, second.chargeId, "the standing charge replays");
    const other = await Effect.runPromise(cards.charge({ ...input, amountCents: 8000 }));
    assert.is.not(other.chargeId, second.chargeId);
    assert.is(fake.intents.get(other.chargeId)?.amount, 8000);
    const live = [...fake.intents.values()].filter((i) => i.customer === customer && !i.refunded);
    assert.is(live.length, 2);
  },
);

s(
  "charge: a card declined when charged is CardDeclined with Stripe's decline code; nothing succeeded",
  async ({ fake, cards }) => {
    const { card, customer } = await attach(cards, "tok_chargeCustomerFail");
    const e = await failure(
      cards.charge({
        scope,
        card,
        customer,
        amountCents: 900,
        idempotencyKey: "ord_dec:order",
        description: "Order",
      }),
    );
    assert.is(e._tag, "CardDeclined");
    assert.match(e.message, /\(generic_decline\)/);
    assert.ok(
      [...fake.intents.values()]
        .filter((i) => i.customer === customer)
        .every((i) => i.status !== "succeeded"),
    );
    const small = await failure(
      cards.charge({
        scope,
        card: (await attach(cards, "tok_visa", customer)).card,
        customer,
        amountCents: 30,
        idempotencyKey: "ord_small:order",
        description: "Order",
      }),
    );
    assert.is(small._tag, "CardDeclined");
    assert.match(small.message, /minimum is 50 cents/);
    const before = fake.requests.length;
    const notSaved = await failure(
      cards.charge({
        scope,
        card: { token: "tok_visa", brand: "visa", last4: "4242" },
        customer: null,
        amountCents: 900,
        idempotencyKey: "ord_x:order",
        description: "Order",
      }),
    );
    assert.is(notSaved._tag, "CardDeclined");
    assert.match(notSaved.message, /PUT \/v1\/payment-method/);
    assert.is(fake.requests.length, before);
  },
);

s("refund: a Stripe refund of the PaymentIntent; refunding twice refunds once", async ({ fake, cards }) => {
  const { card, customer } = await attach(cards, "tok_visa");
  const { chargeId } = await Effect.runPromise(
    cards.charge({
      scope,
      card,
      customer,
      amountCents: 777,
      idempotencyKey: "top_refund",
      description: "Top-up",
    }),
  );
  await Effect.runPromise(cards.refund({ scope, chargeId }));
  await Effect.runPromise(cards.refund({ scope, chargeId }));
  const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === chargeId);
  assert.equal(refunds, [{ payment_intent: chargeId, amount: 777 }]);
  assert.is(
    fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)?.idempotencyKey,
    `refund:${chargeId}`,
  );
  const unknown = await failure(cards.refund({ scope, chargeId: "pi_unknown" }));
  assert.is(unknown._tag, "ServiceUnavailable");
});

s(
  "charges: every page of the window's succeeded, unrefunded PaymentIntents made by this service, with their account and key",
  async ({ fake, cards }) => {
    const { card, customer } = await attach(cards, "tok_visa");
    const charge = (idempotencyKey: string, amountCents: number) =>
      Effect.runPromise(
        cards.charge({ scope, card, customer, amountCents, idempotencyKey, description: "Order" }),
      );
    const kept = await charge("ord_listA:order", 1200);
    const refunded = await charge("top_listB", 900);
    await Effect.runPromise(cards.refund({ scope, chargeId: refunded.chargeId }));
    const now = Math.floor(Date.now() / 1000);
    const other = {
      customer: customer ?? "",
      payment_method: card.token,
      status: "succeeded",
      refunded: false,
    };
    // A payment someone else made on the same Stripe account (no metadata of ours), one made long before the
    // window, and 120 more of ours so that the list takes two pages.
    fake.intents.set("pi_foreign", { ...other, id: "pi_foreign", amount: 5000, metadata: {}, created: now });
    fake.intents.set("pi_old", {
      ...other,
      id: "pi_old",
      amount: 5000,
      metadata: { account: scope.accountId, idempotency_key: "ord_old:order" },
      created: now - 7200,
    });
    for (let i = 0; i < 120; i++)
      fake.intents.set(`pi_bulk${i}`, {
        ...other,
        id: `pi_bulk${i}`,
        amount: 100 + i,
        metadata: { account: scope.accountId, idempotency_key: `ord_bulk${i}:order` },
        created: now,
      });
    const pagesBefore = fake.requests.filter((r) => r.method === "GET").length;
    const listed = await Effect.runPromise(
      cards.charges({
        livemode: true,
        createdFrom: new Date((now - 3600) * 1000).toISOString(),
        createdBefore: new Date((now + 5) * 1000).toISOString(),
      }),
    );
    assert.is(fake.requests.filter((r) => r.method === "GET").length - pagesBefore, 2);
    const mine = listed.filter((c) => c.accountId === scope.accountId);
    assert.equal(
      mine.find((c) => c.chargeId === kept.chargeId),
      {
        chargeId: kept.chargeId,
        accountId: scope.accountId,
        idempotencyKey: "ord_listA:order",
        amountCents: 1200,
        createdAt: new Date((fake.intents.get(kept.chargeId)?.created ?? 0) * 1000).toISOString(),
      },
    );
    assert.is(mine.length, 121);
    for (const gone of [refunded.chargeId, "pi_foreign", "pi_old"])
      assert.not.ok(
        listed.some((c) => c.chargeId === gone),
        gone,
      );
  },
);

s(
  "outages: 5xx after the SDK's retry, an unreachable API and a refused key are ServiceUnavailable; nothing charged; a single 5xx is retried",
  async ({ fake, cards, logs }) => {
    const { card, customer } = await attach(cards, "tok_visa");
    const count = () => [...fake.intents.values()].filter((i) => i.customer === customer).length;
    const charge = (processor: typeof cards, idempotencyKey: string) =>
      processor.charge({ scope, card, customer, amountCents: 1000, idempotencyKey, description: "Order" });
    fake.failNext(2);
    const down = await failure(charge(cards, "ord_5xx:order"));
    assert.is(down._tag, "ServiceUnavailable");
    assert.is(count(), 0);
    fake.failNext(1);
    const retried = await Effect.runPromise(charge(cards, "ord_5xx:order"));
    assert.ok(fake.intents.has(retried.chargeId));
    assert.is(count(), 1);

    const gone = makeStripeCardProcessor({
      secretKey: Redacted.make(fake.secretKey),
      apiBase: "http://127.0.0.1:9",
      maxNetworkRetries: 0,
    });
    assert.is((await failure(charge(gone, "ord_gone:order")))._tag, "ServiceUnavailable");
    assert.is(
      (await failure(gone.attach({ scope, token: "tok_visa", customer: null })))._tag,
      "ServiceUnavailable",
    );

    const wrongKey = "sk_live_" + "W".repeat(24);
    const refused = makeStripeCardProcessor({
      secretKey: Redacted.make(wrongKey),
      apiBase: fake.base,
      maxNetworkRetries: 0,
      log: (l) => logs.push(l),
    });
    assert.is(
      (
        await failure(
          refused.charge({
            scope,
            card,
            customer,
            amountCents: 1000,
            idempotencyKey: "ord_key:order",
            description: "Order",
          }),
        )
      )._tag,
      "ServiceUnavailable",
    );
    assert.ok(
      logs.some((l) => l.includes("STRIPE_SECRET_KEY")),
      logs.join("\n"),
    );
    assert.ok(
      logs.every((l) => !l.includes(wrongKey) && !l.includes(fake.secretKey)),
      "no key in a log line",
    );
    assert.is(count(), 1);
  },
);

s("STRIPE_API_BASE: a bare http(s) origin; anything else is one clear error", () => {
  assert.equal(stripeEndpoint("https://api.stripe.com"), {
    host: "api.stripe.com",
    port: 443,
    protocol: "https",
  });
  assert.equal(stripeEndpoint("http://127.0.0.1:12111/"), {
    host: "127.0.0.1",
    port: 12111,
    protocol: "http",
  });
  for (const bad of ["api.stripe.com", "ftp://x", "https://api.stripe.com/v1", "not a url"]) {
    assert.throws(() => stripeEndpoint(bad), /STRIPE_API_BASE/, bad);
  }
});

s.run();
