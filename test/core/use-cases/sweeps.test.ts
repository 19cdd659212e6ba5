// The worker's safety-net sweeps as core use cases (issue 42) on the in-memory adapters, with the clock the test
// drives: each finds what a lost job left behind, only once it has waited past its threshold, and returns (or
// queues) the jobs that repair it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  DELIVER_QUEUE,
  SEND_STATEMENT_QUEUE,
  TRANSMIT_QUEUE,
} from "../../../core/use-cases/lifecycle/queues.ts";
import { filePayerForms } from "../../../core/use-cases/filing/filings.ts";
import { payCart } from "../../../core/use-cases/money/pay.ts";
import { transmitOrder } from "../../../core/use-cases/lifecycle/transmission.ts";
import {
  dispatchSweep,
  fanOutSweep,
  reconcileSweep,
  runSweep,
  statementsSweep,
  type SweepSettings,
} from "../../../core/use-cases/lifecycle/sweeps.ts";
import { coreTest, runWithMail, type CoreTest } from "../../support/core.ts";
import { necRows } from "../../support/forms.ts";

const SETTINGS: SweepSettings = {
  stalledAfterMs: 10_000,
  sandboxTinMatchDelayMs: 0,
  webhookRetryScale: 1,
  chargeReconcile: { lookbackMs: 86_400_000, graceMs: 600_000 },
};

async function paidOrder(t: CoreTest, service = "efile"): Promise<string> {
  await t.run(filePayerForms(t.scope, t.payerId, { forms: necRows(2, 700), addToCart: true, service }));
  t.advance(1000);
  const receipt = await t.run(payCart(t.scope, t.owner));
  if (!("order" in receipt)) throw new Error("the cart was already paid");
  return receipt.order;
}

/** An active endpoint for every event and one event in the outbox. */
async function eventWithEndpoint(t: CoreTest) {
  const repos = t.store.scoped(t.scope);
  const at = t.now().toISOString();
  await t.run(
    repos.webhooks.insert({
      id: "00000000-0000-4000-8000-000000000001",
      url: "https://receiver.example/hook",
      events: ["*"],
      status: "active",
      secret: "whsec_test",
      previousSecret: null,
      rotatedAt: null,
      livemode: false,
      createdAt: at,
      updatedAt: at,
    }),
  );
  await t.run(repos.events.insert({ id: "evt_sweep", type: "cart.paid", data: { n: 1 }, createdAt: at }));
}

test("dispatch sweep: a paid order whose transmit job was lost is queued again once it has waited", async () => {
  const t = await coreTest();
  try {
    const order = await paidOrder(t);
    const transmits = (o: { enqueue: readonly { queue: string; key?: string }[] }) =>
      o.enqueue.filter((f) => f.queue === TRANSMIT_QUEUE).map((f) => f.key);
    assert.equal(transmits(await t.run(dispatchSweep(SETTINGS))), [], "not before the threshold");
    t.advance(10_001);
    const late = await t.run(dispatchSweep(SETTINGS));
    assert.equal(transmits(late), [order]);
    assert.equal(late.enqueue[0]?.data, { accountId: t.scope.accountId, livemode: false, orderId: order });
    const sent = t.jobs.length;
    await t.run(runSweep(dispatchSweep, SETTINGS));
    assert.equal(
      t.jobs.slice(sent).map((j) => [j.queue, j.options?.key]),
      [[TRANSMIT_QUEUE, order]],
      "runSweep queues the follow-ups",
    );
  } finally {
    await t.dispose();
  }
});

test("fan-out sweep: events become deliveries attempted at once; a failed attempt queues its retry job", async () => {
  const t = await coreTest();
  try {
    await eventWithEndpoint(t);
    t.webhooks.status = 503;
    const out = await t.run(fanOutSweep(SETTINGS));
    assert.equal(out.log, []);
    assert.is(t.webhooks.sent.length, 1, "attempted");
    const retries = t.jobs.filter((j) => j.queue === DELIVER_QUEUE);
    assert.is(retries.length, 1, "a retry job");
    assert.match(String(retries[0]?.options?.key), /^whd_.*:retry$/);
    assert.ok((retries[0]?.options?.startAfterSeconds ?? 0) > 0);
    await t.run(fanOutSweep(SETTINGS));
    assert.is(t.webhooks.sent.length, 1, "an event is fanned out once");

    // Its retry job lost: the dispatch sweep attempts the delivery once it is overdue by a minute.
    t.webhooks.status = 200;
    await t.run(dispatchSweep(SETTINGS));
    assert.is(t.webhooks.sent.length, 1, "not yet overdue");
    t.advance(24 * 3_600_000);
    const again = await t.run(dispatchSweep(SETTINGS));
    assert.is(t.webhooks.sent.length, 2, "attempted again");
    assert.equal(
      again.enqueue.filter((f) => f.queue === DELIVER_QUEUE),
      [],
      "delivered: no retry",
    );
  } finally {
    await t.dispose();
  }
});

test("statements sweep: a print-and-mail order's letters are planned and their send jobs queued", async () => {
  const t = await coreTest();
  try {
    const run = runWithMail(t);
    const order = await paidOrder(t, "print_mail");
    const sent = await t.run(transmitOrder(t.scope, order));
    assert.is(sent.furnished, 2, "print-only forms are furnished: their statements open");
    const first = await run(statementsSweep(SETTINGS));
    assert.equal(
      first.log.map((l) => l.message),
      ["statements planned"],
    );
    assert.ok(Number(first.log[0]?.fields["planned"]) >= 1);
    assert.ok(
      t.jobs.some((j) => j.queue === SEND_STATEMENT_QUEUE),
      "a send job per delivery",
    );
    const second = await run(statementsSweep(SETTINGS));
    assert.equal(second.log, [], "nothing new to plan");
  } finally {
    await t.dispose();
  }
});

test("reconcile sweep: an unrecorded card charge is refunded past the grace period, with its warning line", async () => {
  const t = await coreTest();
  try {
    const lost = await t.run(
      t.card.charge({
        scope: t.scope,
        card: { token: "tok_visa", brand: "visa", last4: "4242" },
        customer: null,
        amountCents: 1234,
        idempotencyKey: "ord_Lost1:order",
        description: "lost",
      }),
    );
    assert.equal((await t.run(reconcileSweep(SETTINGS))).log, [], "within the grace period");
    t.advance(600_001);
    const out = await t.run(reconcileSweep(SETTINGS));
    assert.equal(out.log, [
      {
        level: "warn",
        message: "card charge refunded: its payment was never recorded",
        fields: {
          charge: lost.chargeId,
          account: t.scope.accountId,
          livemode: false,
          amount_cents: 1234,
          idempotency_key: "ord_Lost1:order",
        },
      },
    ]);
    assert.is(t.card.made.get(lost.chargeId)?.refunded, true);
  } finally {
    await t.dispose();
  }
});

test.run();
