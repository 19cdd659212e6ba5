// A job whose payload does not decode, through the worker's table on the real pg-boss adapter (PGlite, and Postgres
// with DATABASE_URL): the queue's edge (runJob) dead-letters it, the adapter fails it for good on its first run
// although retries were left (pg-boss state `failed`, the dead letter an operator reads), it never runs again, and
// the one log line names the queue and the job without any of the payload's values.
import { setTimeout as sleep } from "node:timers/promises";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { openJobs, type PgBossJobs } from "../../../adapters/pg-boss/jobs.pg-boss.ts";
import { TRANSMIT_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import type { Logger } from "../../../hosts/shared/logger.ts";
import { appLayer, JOB_DEFAULTS, type AppRuntime } from "../../../hosts/shared/runtime.ts";
import { startWorker } from "../../../hosts/shared/worker.ts";
import { testConfig } from "../../support/api.ts";
import { backends, openTestDb, type Backend, type TestDb } from "../../support/db.ts";
import { bossSchema } from "../../adapters/pg-boss/support.ts";

interface Line {
  readonly level: string;
  readonly msg: string;
  readonly fields: Record<string, unknown>;
}

function capturingLogger(lines: Line[]): Logger {
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      lines.push({ level, msg, fields });
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error"), enabled: () => true };
}

interface JobRow {
  readonly id: string;
  readonly state: string;
  readonly retry_count: number;
  readonly retry_limit: number;
  readonly output: Record<string, unknown> | null;
}

// Values a log line or the job's failure must never repeat.
const PAYLOAD = {
  accountId: "acct_PAYLOADVALUE1",
  livemode: "PAYLOADVALUE2",
  orderId: "ord_PAYLOADVALUE3",
};
const RETRY_DELAY_SECONDS = 1;

for (const backend of backends) dead(backend);

function dead(backend: Backend) {
  const s = suite<{
    t: TestDb;
    jobs: PgBossJobs;
    runtime: AppRuntime;
    stop: () => Promise<void>;
    lines: Line[];
    schema: string;
  }>(`a dead letter on pg-boss (${backend})`);

  s.before(async (ctx) => {
    ctx.lines = [];
    ctx.t = await openTestDb(backend);
    ctx.schema = bossSchema();
    ctx.jobs = await openJobs(ctx.t.db, {
      schema: ctx.schema,
      pollingIntervalSeconds: 0.1,
      defaults: { ...JOB_DEFAULTS, retryLimit: 5, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: false },
    });
    const config = testConfig();
    ctx.runtime = ManagedRuntime.make(appLayer(ctx.t.db, config, ctx.jobs.service)) as AppRuntime;
    const worker = await startWorker({
      runtime: ctx.runtime,
      jobs: ctx.jobs,
      config,
      logger: capturingLogger(ctx.lines),
    });
    ctx.stop = async () => {
      await worker.stop();
      await ctx.runtime.dispose();
      await ctx.t.db.knex.raw(`drop schema if exists "${ctx.schema}" cascade`);
      await ctx.t.drop();
    };
  });
  s.after(async (ctx) => {
    await ctx.stop();
  });

  const rows = async (ctx: { t: TestDb; schema: string }): Promise<JobRow[]> =>
    (
      await ctx.t.db.knex.raw(
        `select id, state, retry_count, retry_limit, output from "${ctx.schema}".job where name = ? order by created_on`,
        [TRANSMIT_QUEUE],
      )
    ).rows as JobRow[];

  s(
    "fails for good on its first run, is not retried, and is logged by queue and job id only",
    async (ctx) => {
      await Effect.runPromise(ctx.jobs.service.send(TRANSMIT_QUEUE, { ...PAYLOAD }));
      const deadline = Date.now() + 15_000;
      let found = await rows(ctx);
      while (found[0]?.state !== "failed" && Date.now() < deadline) {
        await sleep(100);
        found = await rows(ctx);
      }
      const [job] = found;
      assert.ok(job, "the job is in the queue's table");
      assert.is(job.state, "failed", "failed for good");
      assert.is(job.retry_count, 0, "no retry was used");
      assert.is(job.retry_limit, 0, "its retries were taken away (it had 5)");
      assert.is(job.output?.["name"], "DeadLetter");

      // Past several retry delays: still failed, still one job, and its handler ran once.
      await sleep(RETRY_DELAY_SECONDS * 3000);
      const after = await rows(ctx);
      assert.equal(
        after.map((r) => [r.id, r.state, r.retry_count]),
        [[job.id, "failed", 0]],
      );
      const dropped = ctx.lines.filter((l) => l.msg === "job dropped: its payload does not decode");
      assert.is(dropped.length, 1, "run once");
      const [line] = dropped;
      assert.is(line?.level, "error");
      assert.is(line?.fields["queue"], TRANSMIT_QUEUE);
      assert.is(line?.fields["jobId"], job.id);
      assert.match(String(line?.fields["reason"]), /livemode/, "it says which member does not decode");
      assert.not.ok(
        ctx.lines.some((l) => l.msg.includes("job failed")),
        "no 'will be retried' line",
      );

      const written = JSON.stringify([ctx.lines, job.output]);
      for (const value of Object.values(PAYLOAD))
        assert.not.ok(written.includes(value), `a log line or the job's failure repeats ${value}`);
    },
  );

  s.run();
}
