// Issue 39: Lob answering 429 (rate limited) or 503 with Retry-After: the letter's send job fails with that wait and
// is not tried again before it; then the letter goes out once, under its key. The worker on PGlite, the sandbox's Lob
// adapter on the in-process Lob emulator (its faults), the jobs on the in-memory queue whose clock the test moves
// (no wall-clock waits for the retry).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { makeFakeJobs, type FakeJobs } from "../../../adapters/in-memory/jobs.fake.ts";
import { seedSandbox } from "../../../core/use-cases/accounts/accounts.ts";
import { ACK_QUEUE, SEND_STATEMENT_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import { RetryLater } from "../../../core/ports/jobs.port.ts";
import { ServiceUnavailable } from "../../../core/domain/shared/errors.ts";
import { createApp } from "../../../hosts/api/app.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { mailLayer, type MailAdapters } from "../../../hosts/shared/mail.ts";
import { appLayer, irsAdapters, JOB_DEFAULTS, type AppRuntime } from "../../../hosts/shared/runtime.ts";
import { jobFailure, MAX_RETRY_AFTER_SECONDS, startWorker } from "../../../hosts/shared/worker.ts";
import { loadTuning } from "../../../hosts/shared/config.ts";
import { testConfig, TEST_KEY, keyedCall } from "../../support/api.ts";
import { openTestDb, type TestDb } from "../../support/db.ts";
import { necRows, payerBody } from "../../support/forms.ts";

interface Ctx {
  t: TestDb;
  clock: { now: number };
  jobs: FakeJobs;
  mail: MailAdapters;
  base: string;
  close: () => Promise<void>;
}

const s = suite<Ctx>("worker: Lob's 429 and 503 with Retry-After set when a letter is sent again");

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
  const config = testConfig({
    sandboxAckDelayMs: 1000,
    // No tracking steps during the test: the letter stays as Lob made it.
    sandboxMailDelayMs: 3_600_000,
    // The statement sweep plans every 50 ms (wall clock); a queued letter is not taken for stalled meanwhile.
    tuning: { ...loadTuning({}), dispatchSweepEveryMs: 50, dispatchSweepAfterMs: 3_600_000 },
  });
  const logger = makeLogger("silent");
  const mail = mailLayer(config, logger);
  ctx.mail = mail.adapters;
  const irs = irsAdapters(ctx.t.db, config);
  const runtime = ManagedRuntime.make(appLayer(ctx.t.db, config, ctx.jobs.service, irs, mail)) as AppRuntime;
  await runtime.runPromise(seedSandbox(TEST_KEY));
  const worker = await startWorker({ runtime, jobs: ctx.jobs, config, logger });
  const server: Server = createApp({ runtime, config, logger }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  ctx.base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  ctx.close = async () => {
    server.closeAllConnections();
    server.close();
    await worker.stop();
    ctx.mail.sandboxEmulator().close();
    await runtime.dispose();
    await ctx.t.drop();
  };
});
s.after(async (ctx) => {
  await ctx.close();
});

s("jobFailure: the mail house's ServiceUnavailable with a Retry-After becomes RetryLater (capped)", () => {
  const e = jobFailure(new ServiceUnavailable({ message: "Lob 429", retryAfterSeconds: 90.2 }));
  assert.instance(e, RetryLater);
  assert.is((e as RetryLater).retryAfterSeconds, 91);
  const long = jobFailure(new ServiceUnavailable({ message: "Lob 429", retryAfterSeconds: 86_400 }));
  assert.is((long as RetryLater).retryAfterSeconds, MAX_RETRY_AFTER_SECONDS);
  const plain = new ServiceUnavailable({ message: "Lob down" });
  assert.is(jobFailure(plain), plain, "no Retry-After: the queue's own backoff");
});

s(
  "a 429 with Retry-After: 90, then a 503 with Retry-After: 300: the letter waits for each, then goes out once",
  async (ctx) => {
    const { jobs, clock, base } = ctx;
    const lob = ctx.mail.sandboxEmulator();
    const payer = (await keyedCall(base, "POST", "/v1/payers", payerBody("Rate Limited LLC", "123450092")))
      .body.id;
    const intake = await keyedCall(base, "POST", `/v1/payers/${payer}/forms`, {
      addToCart: true,
      service: "efile_print_mail",
      forms: necRows(1, 92_000),
    });
    assert.is(intake.status, 201, JSON.stringify(intake.body));
    const filing = (intake.body.forms as { id: string }[])[0]?.id;
    assert.is((await keyedCall(base, "POST", "/v1/cart/pay")).status, 200);
    // The transmission, then the acknowledgement polls (the IRS emulator acknowledges on the wall clock, a second
    // on): accepted, the statement opens.
    const accepted = Date.now() + 10_000;
    for (;;) {
      await jobs.drain();
      const status = (await keyedCall(base, "GET", `/v1/filings/${String(filing)}`)).body.status;
      if (status === "accepted") break;
      if (Date.now() > accepted) assert.unreachable(`the filing stayed ${String(status)}`);
      clock.now = Math.max(clock.now, ...jobs.jobs(ACK_QUEUE).map((j) => j.startAfter.getTime())) + 1;
      await new Promise((r) => setTimeout(r, 100));
    }

    // The sweep (on its wall-clock timer) plans the statement and queues its letter's job.
    const deadline = Date.now() + 10_000;
    while (jobs.jobs(SEND_STATEMENT_QUEUE).length === 0) {
      if (Date.now() > deadline) assert.unreachable("no send job was queued");
      await new Promise((r) => setTimeout(r, 20));
    }
    const only = () => {
      const list = jobs.jobs(SEND_STATEMENT_QUEUE);
      assert.is(list.length, 1, "one send job");
      return list[0] as (typeof list)[number];
    };

    // Lob rate limits: 429 with Retry-After: 90 (on the address verification, the first request).
    lob.faults.rateLimited = 1;
    lob.faults.retryAfterSeconds = 90;
    assert.is(await jobs.drain(), 1);
    const limited = only();
    assert.is(limited.state, "retry");
    assert.match(limited.error ?? "", /unavailable/i);
    assert.ok(
      limited.startAfter.getTime() - clock.now >= 90_000,
      `retry due ${String(limited.startAfter.getTime() - clock.now)} ms on, not before the Retry-After`,
    );
    assert.is(lob.letters().length, 0);
    clock.now += 89_000;
    assert.is(await jobs.drain(), 0, "nothing is sent before the Retry-After");

    // Then Lob is down: 503 with Retry-After: 300.
    clock.now += 1_000;
    lob.faults.unavailable = 1;
    lob.faults.retryAfterSeconds = 300;
    assert.is(await jobs.drain(), 1);
    assert.is(only().state, "retry");
    assert.ok(only().startAfter.getTime() - clock.now >= 300_000);
    clock.now += 299_000;
    assert.is(await jobs.drain(), 0);
    assert.is(lob.letters().length, 0);

    clock.now += 1_000;
    assert.is(await jobs.drain(), 1, "sent once the Retry-After has passed");
    assert.is(only().state, "completed");
    const letters = lob.letters();
    assert.is(letters.length, 1, "one letter");
    const statement = (await keyedCall(base, "GET", `/v1/filings/${String(filing)}/statement`)).body;
    assert.is(statement.deliveries.length, 1);
    assert.is(statement.deliveries[0].vendor_id, letters[0]?.id);
    assert.is(statement.deliveries[0].status, "queued", "with Lob, to be printed");
  },
);

s.run();
