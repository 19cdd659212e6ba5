// Reconciliation of card charges (core/use-cases/money/reconcile-charges.ts) on the in-memory store and the
// sandbox card processor, its clock driven by the test: a charge whose payment a crash kept from being recorded is
// refunded once it is past the grace period; recorded payments, keys this service does not make and accounts this
// database does not have are left alone; a refund that fails is reported and done by a later run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { ServiceUnavailable } from "../../../core/domain/shared/errors.ts";
import { CardProcessor } from "../../../core/ports/card-processor.port.ts";
import { IdempotentOperation } from "../../../core/ports/idempotency.port.ts";
import { topUp } from "../../../core/use-cases/money/balance.ts";
import { reconcileCharges } from "../../../core/use-cases/money/reconcile-charges.ts";
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

/** A top-up under the idempotent operation `operation` (a request with an Idempotency-Key). */
const topUpAs = (t: CoreTest, operation: string, amount: number) =>
  t.run(Effect.provideService(topUp(t.scope, { amount_cents: amount }), IdempotentOperation, operation));
const topupEntries = async (t: CoreTest) =>
  (await t.run(t.store.scoped(t.scope).balance.entries({ limit: 100, startingAfter: null }))).data.filter(
    (e) => e.kind === "topup",
  );
/** The charge an attempt of operation `operation` made before its process died, uncommitted. */
const lostTopupCharge = (t: CoreTest, operation: string, amount: number) =>
  t
    .run(
      t.card.charge({
        scope: t.scope,
        card: VISA,
        customer: null,
        amountCents: amount,
        idempotencyKey: `top_${operation}`,
        description: "Prepaid balance top-up",
      }),
    )
    .then((c) => c.chargeId);

test("a top-up retried after its commit answers the recorded top-up: one charge, one entry", async () => {
  const t = await coreTest();
  try {
    const before = (await topupEntries(t)).length;
    const first = await topUpAs(t, "opDone", 2500);
    const retry = await topUpAs(t, "opDone", 2500);
    assert.equal(retry, first);
    assert.is(first.id, "top_opDone");
    assert.is((await topupEntries(t)).length, before + 1);
    assert.is([...t.card.made.values()].filter((c) => c.idempotencyKey === "top_opDone").length, 1);
  } finally {
    await t.dispose();
  }
});

test("a top-up retried after a crash between charge and commit records the charge made; nothing is refunded", async () => {
  const t = await coreTest();
  try {
    const charges = t.card.made.size;
    const lost = await lostTopupCharge(t, "opLost", 2500);
    const retry = await topUpAs(t, "opLost", 2500);
    assert.is(retry.charge, lost, "the processor answered the charge the first attempt made");
    assert.is(t.card.made.size, charges + 1);
    t.advance(11 * MINUTE);
    const run = await t.run(reconcileCharges(options));
    assert.equal(run.refunded, []);
    assert.is((await topupEntries(t)).filter((e) => e.reference === lost).length, 1);
  } finally {
    await t.dispose();
  }
});

test("a retry after the reconciliation refunded the first attempt's charge is charged anew, and that charge stands", async () => {
  const t = await coreTest();
  try {
    const lost = await lostTopupCharge(t, "opLate", 2500);
    t.advance(11 * MINUTE);
    assert.equal(
      (await t.run(reconcileCharges(options))).refunded.map((c) => c.chargeId),
      [lost],
    );
    const retry = await topUpAs(t, "opLate", 2500);
    assert.is.not(retry.charge, lost, "a refunded charge is never the one recorded");
    assert.is(t.card.made.get(retry.charge)?.refunded, false);
    t.advance(11 * MINUTE);
    assert.equal((await t.run(reconcileCharges(options))).refunded, []);
    const entries = await topupEntries(t);
    assert.is(entries.filter((e) => e.reference === retry.charge).length, 1);
    assert.is(entries.filter((e) => e.reference === lost).length, 0);
  } finally {
    await t.dispose();
  }
});

test.run();
