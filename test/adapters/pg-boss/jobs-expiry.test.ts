// How long a running job may take before it counts as abandoned is the setting of the process that works its queue
// (JOB_EXPIRE_SECONDS, JOB_TRANSMIT_EXPIRE_SECONDS on the workers), not of the process that sent it: API processes
// send the jobs, and operators set the expiry where the jobs run. The worker writes it as its queues' policy when
// it starts working them; a send names no expiry, so pg-boss stamps each job with its queue's.
import { setTimeout as sleep } from "node:timers/promises";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { openDatabase, type Database } from "../../../adapters/knex/connection.ts";
import { openJobs, type PgBossJobs } from "../../../adapters/pg-boss/jobs.pg-boss.ts";
import { POSTGRES_URL, backends, openTestDb, type Backend } from "../../support/db.ts";
import { bossSchema } from "./support.ts";

const base = { retryLimit: 2, retryDelay: 1, retryBackoff: false };

interface Ctx {
  db: Database;
  schema: string;
  /** An API process: no expiry setting of its own (the defaults: 120 s, 900 s for the long queue). */
  sender: PgBossJobs;
  /** A worker process whose operator set 1 s for every queue and 2 s for the long one. */
  worker: PgBossJobs;
  close: () => Promise<void>;
}

async function open(backend: Backend): Promise<Ctx> {
  const t = await openTestDb(backend);
  const schema = bossSchema();
  const other: Database =
    backend === "postgres"
      ? await openDatabase({ databaseUrl: POSTGRES_URL, schema: t.schema, poolMax: 4 })
      : t.db;
  const sender = await openJobs(t.db, {
    schema,
    pollingIntervalSeconds: 0.1,
    maintenanceIntervalSeconds: 1,
    defaults: { ...base, expireInSeconds: 120 },
    expireInSecondsByQueue: { long: 900 },
  });
  const worker = await openJobs(other, {
    schema,
    pollingIntervalSeconds: 0.1,
    maintenanceIntervalSeconds: 1,
    defaults: { ...base, expireInSeconds: 1 },
    expireInSecondsByQueue: { long: 2 },
    stopTimeoutMs: 100,
  });
  return {
    db: t.db,
    schema,
    sender,
    worker,
    close: async () => {
      await worker.stop();
      await sender.stop();
      if (other !== t.db) await other.close();
      await t.db.knex.raw(`drop schema if exists "${schema}" cascade`);
      await t.drop();
    },
  };
}

async function expiries(ctx: Ctx, queue: string): Promise<Record<string, number>> {
  const r = await ctx.db.knex.raw(
    `select data->>'id' as id, extract(epoch from expire_in)::float8 as seconds from "${ctx.schema}".job
      where name = ?`,
    [queue],
  );
  return Object.fromEntries((r.rows as { id: string; seconds: number }[]).map((x) => [x.id, x.seconds]));
}

for (const backend of backends) {
  const s = suite<Ctx>(`pg-boss on ${backend}: job expiry is the worker's setting`);
  s.before(async (ctx) => {
    Object.assign(ctx, await open(backend));
  });
  s.after(async (ctx) => {
    await ctx.close();
  });

  s("a job sent by a process with no setting carries the expiry of the worker of its queue", async (ctx) => {
    const { sender, worker } = ctx;
    // Sent before any worker started: the queue is the sender's creation, with its values.
    await Effect.runPromise(sender.service.send("short", { id: "before" }));
    await Effect.runPromise(sender.service.send("long", { id: "before" }));
    await worker.work("short", async () => new Promise<void>(() => {}), { teamConcurrency: 1 });
    await worker.work("long", async () => new Promise<void>(() => {}), { teamConcurrency: 1 });
    await Effect.runPromise(sender.service.send("short", { id: "after" }));
    await Effect.runPromise(sender.service.send("long", { id: "after" }));
    assert.equal(await expiries(ctx, "short"), { before: 120, after: 1 });
    assert.equal(await expiries(ctx, "long"), { before: 900, after: 2 });
  });

  s(
    "and it is expired on that setting: retried after the worker's 1 s, not the sender's 120 s",
    async (ctx) => {
      const { db, schema, sender, worker } = ctx;
      const attempts: number[] = [];
      let release = () => {};
      const gate = new Promise<void>((r) => (release = r));
      await worker.work(
        "hang",
        async (_data, job) => {
          attempts.push(job.attempt);
          if (job.attempt === 1) await gate; // the first run hangs, as in a process that died
        },
        { teamConcurrency: 2 },
      );
      const startedAt = Date.now();
      await Effect.runPromise(sender.service.send("hang", { id: "stuck" }));
      const state = async () =>
        (await db.knex.raw(`select state, retry_count from "${schema}".job where name = 'hang'`)).rows[0] as
          | { state: string; retry_count: number }
          | undefined;
      for (let i = 0; i < 150 && !attempts.includes(2); i++) await sleep(50);
      release();
      assert.equal(attempts.slice(0, 2), [1, 2], "the job ran again once its first run expired");
      const waited = (Date.now() - startedAt) / 1000;
      assert.ok(waited < 7, `retried after ${waited.toFixed(1)} s`);
      for (let i = 0; i < 40 && (await state())?.state !== "completed"; i++) await sleep(50);
      assert.equal(await state(), { state: "completed", retry_count: 1 });
    },
  );

  s.run();
}
