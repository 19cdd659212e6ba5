// Issue 14: an IRS 503 whose Retry-After is longer than the IRS client waits (30 s in production) fails the job
// with that Retry-After, and the job's retry is due no earlier than it: the transmission and the acknowledgement
// jobs on the worker, the jobs on the in-memory queue whose clock the test moves (no wall-clock waits).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { makeFakeJobs, type FakeJobs } from "../../../adapters/in-memory/jobs.fake.ts";
import { seedSandbox } from "../../../core/use-cases/accounts/accounts.ts";
import { ACK_QUEUE, TRANSMIT_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import { RetryLater } from "../../../core/ports/jobs.port.ts";
import { IrsUnavailable } from "../../../core/ports/irs-transmitter.port.ts";
import { createApp } from "../../../hosts/api/app.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { appLayer, irsAdapters, JOB_DEFAULTS, type AppRuntime } from "../../../hosts/shared/runtime.ts";
import type { IrsAdapters } from "../../../hosts/shared/irs.ts";
import { jobFailure, MAX_RETRY_AFTER_SECONDS, startWorker } from "../../../hosts/shared/worker.ts";
import { testConfig, TEST_KEY, keyedCall } from "../../support/api.ts";
import { openTestDb, type TestDb } from "../../support/db.ts";
import { necRows, payerBody } from "../../support/forms.ts";

interface Ctx {
  t: TestDb;
  clock: { now: number };
  jobs: FakeJobs;
  irs: IrsAdapters;
  base: string;
  close: () => Promise<void>;
}

const s = suite<Ctx>("worker: the IRS's Retry-After sets when a job is retried");

s.before(async (ctx) => {
  ctx.t = await openTestDb("pglite");
  ctx.clock = { now: Date.UTC(2026, 1, 2, 15) };
  const clock = ctx.clock;
  // The production retry schedule (2 s, doubling): without Retry-After a failed job is due again within seconds.
  ctx.jobs = makeFakeJobs({
    clock: { now: () => new Date(clock.now) },
    defaults: {
      retryLimit: JOB_DEFAULTS.retryLimit,
      retryDelay: JOB_DEFAULTS.retryDelay,
      retryBackoff: JOB_DEFAULTS.retryBackoff,
    },
  });
  // The acknowledgement job is due a second after the transmission, so the test can break the IRS in between.
  const config = testConfig({ sandboxAckDelayMs: 1000 });
  ctx.irs = irsAdapters(ctx.t.db, config);
  const runtime = ManagedRuntime.make(appLayer(ctx.t.db, config, ctx.jobs.service, ctx.irs)) as AppRuntime;
  await runtime.runPromise(seedSandbox(TEST_KEY));
  const logger = makeLogger("silent");
  const worker = await startWorker({ runtime, jobs: ctx.jobs, config, logger });
  const server: Server = createApp({ runtime, config, logger }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  ctx.base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  ctx.close = async () => {
    server.closeAllConnections();
    server.close();
    await worker.stop();
    await runtime.dispose();
    await ctx.t.drop();
  };
});
s.after(async (ctx) => {
  await ctx.close();
});

const call = keyedCall;

s(
  "jobFailure: an IrsUnavailable with a Retry-After becomes RetryLater (capped); anything else is left",
  () => {
    const e = jobFailure(new IrsUnavailable({ message: "503", retryAfterMs: 120_500 }));
    assert.instance(e, RetryLater);
    assert.is((e as RetryLater).retryAfterSeconds, 121);
    assert.is((e as RetryLater).message, "503");
    const long = jobFailure(new IrsUnavailable({ message: "503", retryAfterMs: 48 * 3600_000 }));
    assert.is((long as RetryLater).retryAfterSeconds, MAX_RETRY_AFTER_SECONDS);
    const plain = new IrsUnavailable({ message: "timeout" });
    assert.is(jobFailure(plain), plain);
    const other = new Error("boom");
    assert.is(jobFailure(other), other);
  },
);

s(
  "a 503 with Retry-After: 120 on transmission, then 300 on the acknowledgement: each retry waits for it",
  async (ctx) => {
    const { jobs, clock, base } = ctx;
    const emulator = ctx.irs.sandboxEmulator;
    const payer = (await call(base, "POST", "/v1/payers", payerBody("Retry After LLC", "123450091"))).body.id;
    const intake = await call(base, "POST", `/v1/payers/${payer}/forms`, {
      addToCart: true,
      forms: necRows(2, 91_000),
    });
    assert.is(intake.status, 201, JSON.stringify(intake.body));
    const filingIds = (intake.body.forms as { id: string }[]).map((f) => f.id);
    const pay = await call(base, "POST", "/v1/cart/pay");
    assert.is(pay.status, 200, JSON.stringify(pay.body));
    const statuses = async () =>
      Promise.all(filingIds.map(async (id) => (await call(base, "GET", `/v1/filings/${id}`)).body.status));
    const only = (queue: string) => {
      const list = jobs.jobs(queue);
      assert.is(list.length, 1, `one ${queue} job`);
      return list[0] as (typeof list)[number];
    };

    // Transmission: the IRS answers 503 with Retry-After: 120.
    emulator.faults.unavailable = 1;
    emulator.faults.retryAfterSeconds = 120;
    assert.is(await jobs.drain(), 1);
    const failed = only(TRANSMIT_QUEUE);
    assert.is(failed.state, "retry");
    assert.match(failed.error ?? "", /HTTP 503/);
    assert.ok(
      failed.startAfter.getTime() - clock.now >= 120_000,
      `retry due ${String(failed.startAfter.getTime() - clock.now)} ms on, not before the Retry-After`,
    );
    assert.is(emulator.stats.unavailableAnswers, 1);
    clock.now += 119_000;
    assert.is(await jobs.drain(), 0, "nothing runs before the Retry-After");
    assert.is(emulator.stats.transmissions, 0);
    for (const st of await statuses())
      assert.ok(st === "queued" || st === "submitted", `a filing waiting for the IRS is ${String(st)}`);
    clock.now += 1_000;
    assert.is(await jobs.drain(), 1, "the transmission runs once the Retry-After has passed");
    assert.is(only(TRANSMIT_QUEUE).state, "completed");
    assert.is(emulator.stats.transmissions, 1);
    assert.equal(await statuses(), ["submitted", "submitted"]);

    // Acknowledgement: due a second later; the IRS answers its status request 503 with Retry-After: 300.
    const ack = only(ACK_QUEUE);
    assert.is(ack.state, "created");
    const statusRequests = emulator.stats.statusRequests;
    emulator.faults.unavailable = 1;
    emulator.faults.retryAfterSeconds = 300;
    clock.now = ack.startAfter.getTime();
    assert.is(await jobs.drain(), 1);
    const ackFailed = only(ACK_QUEUE);
    assert.is(ackFailed.state, "retry");
    assert.ok(ackFailed.startAfter.getTime() - clock.now >= 300_000);
    clock.now += 299_000;
    assert.is(await jobs.drain(), 0, "the acknowledgement is not asked for before the Retry-After");
    assert.is(emulator.stats.statusRequests, statusRequests);
    clock.now += 1_000;
    assert.ok((await jobs.drain()) >= 1);
    assert.is(emulator.stats.statusRequests, statusRequests + 1, "asked once the Retry-After has passed");
    assert.is(jobs.jobs(ACK_QUEUE)[0]?.state, "completed", "read (a later poll is a job of its own)");
  },
);

s.run();
