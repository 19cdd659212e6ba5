// The queues' jobs as core use cases (issue 42) on the in-memory adapters, with the clock the test drives: each job
// runs through the queue's edge (runJob) on the in-memory job queue, which retries, waits and dead-letters as
// pg-boss does. Covered: a payload that does not decode, the IRS's Retry-After, and the give-up after
// NOT_FOUND_POLLS polls of a receipt the IRS does not know.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { makeFakeJobs, type FakeJobs } from "../../../adapters/in-memory/jobs.fake.ts";
import { NOT_FOUND_POLLS, type JobOutcome } from "../../../core/domain/jobs/outcome.ts";
import { IrsUnavailable } from "../../../core/ports/irs-transmitter.port.ts";
import { filePayerForms } from "../../../core/use-cases/filing/filings.ts";
import { enqueueAll, failureOf, runJob, type JobSettings } from "../../../core/use-cases/lifecycle/jobs.ts";
import { payCart } from "../../../core/use-cases/money/pay.ts";
import { ACK_QUEUE, TRANSMIT_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import { coreTest, runWithMail, type CoreTest } from "../../support/core.ts";
import { necRows } from "../../support/forms.ts";

interface Ctx {
  t: CoreTest;
  jobs: FakeJobs;
  /** Every outcome the edge returned, oldest first, with its queue. */
  outcomes: { queue: string; outcome: JobOutcome }[];
}

const SETTINGS: JobSettings = {
  ackPolling: { livePollIntervalMs: 300_000, sandboxAckDelayMs: 30_000 },
  webhookRetryScale: 1,
};

const s = suite<Ctx>("jobs: typed payloads, Retry-After and the not-found give-up on a driven clock");

s.before.each(async (ctx) => {
  let jobs: FakeJobs | undefined;
  ctx.t = await coreTest({
    jobs: (clock) => {
      // Two retries of 2 s, as the worker's queue has (fewer, so a test sees a job run out of them).
      jobs = makeFakeJobs({ clock, defaults: { retryLimit: 2, retryDelay: 2, retryBackoff: false } });
      return jobs.service;
    },
  });
  if (!jobs) throw new Error("the job queue was not built");
  ctx.jobs = jobs;
  ctx.outcomes = [];
  for (const queue of [TRANSMIT_QUEUE, ACK_QUEUE])
    await ctx.jobs.work(queue, async (data) => {
      const outcome = await runWithMail(ctx.t)(runJob(queue, data, SETTINGS));
      ctx.outcomes.push({ queue, outcome });
      const failure = failureOf(outcome);
      if (failure) throw failure;
    });
});
s.after.each(async ({ t }) => {
  await t.dispose();
});

/** Files two e-file forms, pays, and returns the order (the payment queues its transmit job). */
async function paidOrder(t: CoreTest): Promise<string> {
  await t.run(
    filePayerForms(t.scope, t.payerId, { forms: necRows(2, 700), addToCart: true, service: "efile" }),
  );
  t.advance(1000);
  const receipt = await t.run(payCart(t.scope, t.owner));
  if (!("order" in receipt)) throw new Error("the cart was already paid");
  return receipt.order;
}

s(
  "a payload that does not decode is logged and dead-lettered: failed at once, never run, no retry",
  async (ctx) => {
    const { t, jobs } = ctx;
    await t.run(
      enqueueAll([
        { queue: TRANSMIT_QUEUE, data: { accountId: t.scope.accountId, livemode: "no", orderId: 7 } },
      ]),
    );
    assert.is(await jobs.drain(), 1, "run once");
    const [job] = jobs.jobs(TRANSMIT_QUEUE);
    assert.is(job?.state, "failed", "failed for good although retries were left");
    assert.is(job?.attempts, 1);
    t.advance(60_000);
    assert.is(await jobs.drain(), 0, "no retry");
    assert.is(t.irs.sent.length, 0, "nothing transmitted");
    const outcome = ctx.outcomes[0]?.outcome;
    assert.ok(outcome?.deadLetter, "the outcome says why");
    assert.match(outcome?.deadLetter ?? "", /livemode/);
    assert.equal(
      outcome?.log.map((l) => [l.level, l.message, l.fields["queue"]]),
      [["error", "job dropped: its payload does not decode", TRANSMIT_QUEUE]],
    );
    assert.is(
      (await runWithMail(t)(runJob("no-such-queue", {}, SETTINGS))).deadLetter,
      "no job for queue no-such-queue",
    );
  },
);

s(
  "an IRS 503 with Retry-After: the transmit job waits for it, then transmits and queues the first poll",
  async (ctx) => {
    const { t, jobs } = ctx;
    const order = await paidOrder(t);
    t.irs.unavailable = new IrsUnavailable({ message: "IRS HTTP 503", retryAfterMs: 120_500 });
    assert.is(await jobs.drain(), 1);
    const [failed] = jobs.jobs(TRANSMIT_QUEUE);
    assert.is(failed?.state, "retry");
    assert.is(failed?.error, "IRS HTTP 503");
    assert.is(
      (failed?.startAfter.getTime() ?? 0) - t.now().getTime(),
      121_000,
      "the Retry-After, rounded up",
    );
    const warn = ctx.outcomes[0]?.outcome.log[0];
    assert.equal(
      [warn?.level, warn?.message, warn?.fields["order"], warn?.fields["retry_after_seconds"]],
      ["warn", "transmission not finished; the job will be retried", order, 121],
    );
    t.irs.unavailable = null;
    t.advance(120_000);
    assert.is(await jobs.drain(), 0, "not before the Retry-After (the queue's own delay is 2 s)");
    t.advance(1_000);
    assert.is(await jobs.drain(), 1);
    assert.is(jobs.jobs(TRANSMIT_QUEUE)[0]?.state, "completed");
    assert.is(t.irs.sent.length, 1);
    const [ack] = jobs.jobs(ACK_QUEUE);
    assert.is(ack?.state, "created", "the receipt's poll is queued");
    assert.is((ack?.startAfter.getTime() ?? 0) - t.now().getTime(), 30_000, "after the sandbox's delay");
  },
);

s("a Retry-After longer than an hour is capped at an hour", async (ctx) => {
  const { t, jobs } = ctx;
  await paidOrder(t);
  t.irs.unavailable = new IrsUnavailable({ message: "IRS HTTP 503", retryAfterMs: 48 * 3_600_000 });
  await jobs.drain();
  const [failed] = jobs.jobs(TRANSMIT_QUEUE);
  assert.is((failed?.startAfter.getTime() ?? 0) - t.now().getTime(), 3_600_000);
});

s(
  `a receipt the IRS does not know is polled ${String(NOT_FOUND_POLLS)} times, then reported and left`,
  async (ctx) => {
    const { t, jobs } = ctx;
    await paidOrder(t);
    await jobs.drain();
    const receipt = `2026-${"1".padStart(11, "0")}-ABCDEFGHI`;
    t.irs.outcome = "not_found";
    for (let poll = 1; poll <= NOT_FOUND_POLLS; poll++) {
      const due = jobs.jobs(ACK_QUEUE).filter((j) => j.state === "created");
      assert.is(due.length, 1, `poll ${String(poll)}: one poll queued`);
      t.advance((due[0]?.startAfter.getTime() ?? 0) - t.now().getTime() - 1);
      assert.is(await jobs.drain(), 0, "not before it is due");
      t.advance(1);
      assert.is(await jobs.drain(), 1);
      const next = ctx.outcomes.at(-1)?.outcome;
      if (poll < NOT_FOUND_POLLS) {
        const [again] = next?.enqueue ?? [];
        assert.equal(again?.data["notFoundPolls"], { [receipt]: poll });
        assert.is(again?.data["poll"], poll);
        assert.is(again?.startAfterSeconds, 30, "polled again after the sandbox's interval");
      } else {
        assert.equal(next?.enqueue, [], "given up: no further poll");
        assert.equal(
          next?.log.find((l) => l.level === "error"),
          {
            level: "error",
            message: "the IRS does not know a receipt; its filings stay submitted",
            fields: { receipt, polls: NOT_FOUND_POLLS },
          },
        );
      }
    }
    t.advance(3_600_000);
    assert.is(await jobs.drain(), 0, "nothing left to run");
    assert.is(jobs.jobs(ACK_QUEUE).length, NOT_FOUND_POLLS);
    const filings = await t.run(t.store.scoped(t.scope).filings.receiptRecords(receipt));
    assert.is(filings.length, 2, "the receipt's two forms");
    for (const r of filings)
      assert.is((await t.run(t.store.scoped(t.scope).filings.get(r.filingId)))?.status, "submitted");
  },
);

s(
  "an acknowledgement still processing is polled again; once ready it is applied and polling stops",
  async (ctx) => {
    const { t, jobs } = ctx;
    await paidOrder(t);
    await jobs.drain();
    t.irs.outcome = "processing";
    t.advance(30_000);
    assert.is(await jobs.drain(), 1);
    assert.equal(ctx.outcomes.at(-1)?.outcome.enqueue.length, 1);
    t.irs.outcome = "accepted";
    t.advance(30_000);
    assert.is(await jobs.drain(), 1);
    assert.equal(ctx.outcomes.at(-1)?.outcome.enqueue, []);
    assert.equal(ctx.outcomes.at(-1)?.outcome.log.at(-1)?.fields["applied"], 2);
  },
);

s.run();
