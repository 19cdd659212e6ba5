// Reconciliation of card charges (core/use-cases/reconcile-charges.use-case.ts) on the in-memory store and the
// sandbox card processor, its clock driven by the test: a charge whose payment a crash kept from being recorded is
// refunded once it is past the grace period; recorded payments, keys this service does not make and accounts this
// database does not have are left alone; a refund that fails is reported and done by a later run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { ServiceUnavailable } from "../../../core/domain/shared/errors.ts";
import { CardProcessor } from "../../../core/ports/card-processor.port.ts";
import { topUp } from "../../../core/use-cases/balance.use-case.ts";
import { reconcileCharges } from "../../../core/use-cases/reconcile-charges.use-case.ts";
import { coreTest, type CoreTest } from "../../support/core.ts";

const MINUTE = 60_000;
const options = { livemode: false, lookbackMs: 24 * 60 * MINUTE, graceMs: 10 * MINUTE };
const VISA = { token: "tok_visa", brand: "visa", last4: "4242" };

/** A charge made straight at the processor, as a payment does just before a crash keeps it from committing. */
const charge = (t: CoreTest, idempotencyKey: string, accountId = t.scope.accountId) =>
  t
    .run(
      t.card.charge({
        scope: { accountId, livemode: false },
        card: VISA,
        customer: null,
        amountCents: 1234,
        idempotencyKey,
        description: "lost",
      }),
    )
    .then((c) => c.chargeId);

const refundedIds = (t: CoreTest) =>
  new Set([...t.card.made].filter(([, c]) => c.refunded).map(([id]) => id));

test("an unrecorded order charge, auto top-up and top-up are refunded past the grace period; the rest is left", async () => {
  const t = await coreTest();
  try {
    // A top-up that committed: its charge is recorded as a `topup` entry.
    const top = await t.run(topUp(t.scope, { amount_cents: 2500 }));
    const lostOrder = await charge(t, "ord_Lost1:order");
    const lostAuto = await charge(t, "ord_Lost1:auto_topup");
    const lostTopup = await charge(t, "top_Lost2");
    const notOurs = await charge(t, "inv_2026_17");
    const otherDeployment = await charge(t, "ord_Elsewhere:order", "acct_not_in_this_database");

    const early = await t.run(reconcileCharges(options));
    assert.is(early.checked, 0, "every charge is younger than the grace period");
    assert.is(refundedIds(t).size, 0);

    t.advance(11 * MINUTE);
    const fresh = await charge(t, "top_Fresh3");
    const run = await t.run(reconcileCharges(options));
    assert.is(run.checked, 6, "the six charges past the grace period, not the fresh one");
    assert.equal(new Set(run.refunded.map((c) => c.chargeId)), new Set([lostOrder, lostAuto, lostTopup]));
    assert.equal(run.failed, []);
    assert.equal(refundedIds(t), new Set([lostOrder, lostAuto, lostTopup]));
    for (const kept of [top.charge, notOurs, otherDeployment, fresh])
      assert.not.ok(refundedIds(t).has(kept), kept);

    // The next run finds nothing new to refund; the fresh charge, once old enough, is refunded.
    t.advance(11 * MINUTE);
    const next = await t.run(reconcileCharges(options));
    assert.equal(
      next.refunded.map((c) => c.chargeId),
      [fresh],
    );
    // Charges older than the lookback are no longer listed.
    t.advance(25 * 60 * MINUTE);
    assert.is((await t.run(reconcileCharges(options))).checked, 0);
  } finally {
    await t.dispose();
  }
});

test("a refund that fails is reported, and a later run refunds it", async () => {
  const t = await coreTest();
  try {
    const lost = await charge(t, "ord_Lost9:order");
    t.advance(11 * MINUTE);
    let down = true;
    const flaky = CardProcessor.of({
      ...t.card,
      refund: (input) =>
        down
          ? Effect.fail(new ServiceUnavailable({ message: "The card processor is unavailable." }))
          : t.card.refund(input),
    });
    const reconcile = Effect.provideService(reconcileCharges(options), CardProcessor, flaky);
    const first = await t.run(reconcile);
    assert.equal(first.refunded, []);
    assert.equal(
      first.failed.map((f) => [f.charge.chargeId, f.message]),
      [[lost, "The card processor is unavailable."]],
    );
    assert.not.ok(refundedIds(t).has(lost));
    down = false;
    const second = await t.run(reconcile);
    assert.equal(
      second.refunded.map((c) => c.chargeId),
      [lost],
    );
    assert.ok(refundedIds(t).has(lost));
  } finally {
    await t.dispose();
  }
});

test.run();
