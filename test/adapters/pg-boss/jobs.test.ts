// Jobs contract on the in-memory fake, pg-boss on PGlite and (with DATABASE_URL) pg-boss on Postgres; then what is
// particular to PGlite: pg-boss shares the one session with Knex and must never land inside a Knex transaction.
import { setTimeout as sleep } from "node:timers/promises";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { makeFakeJobs } from "../../../adapters/in-memory/jobs.fake.ts";
import { openJobs, type PgBossJobs } from "../../../adapters/pg-boss/jobs.pg-boss.ts";
import { RetryLater } from "../../../core/ports/jobs.port.ts";
import type { Database } from "../../../adapters/knex/connection.ts";
import { bossSchema, jobRows } from "./support.ts";
import { backends, openTestDb } from "../../support/db.ts";
import { contractDefaults, jobsContract } from "../jobs.contract.ts";

jobsContract("in-memory", async () => {
  let t = Date.UTC(2026, 0, 15, 9);
  const fake = makeFakeJobs({ clock: { now: () => new Date(t) }, defaults: contractDefaults });
  return {
    service: fake.service,
    work: fake.work,
    elapse: async (seconds) => {
      t += Math.round(seconds * 1000);
      void fake.drain().catch(() => {}); // not awaited: a handler may be parked on a gate
      await new Promise((r) => setImmediate(r));
    },
    now: () => t,
    jobs: async (q) => fake.jobs(q).map((j) => ({ data: j.data, state: j.state })),
    close: fake.stop,
  };
}).run();

for (const backend of backends) {
  jobsContract(`pg-boss on ${backend}`, async () => {
    const t = await openTestDb(backend);
    const schema = bossSchema();
    const jobs = await openJobs(t.db, {
      schema,
      pollingIntervalSeconds: 0.1,
      maintenanceIntervalSeconds: 1,
      defaults: contractDefaults,
    });
    return {
      service: jobs.service,
      work: jobs.work,
      elapse: (seconds) => sleep(seconds * 1000),
      now: () => Date.now(),
      jobs: (q) => jobRows(t.db, schema, q),
      close: async () => {
        await jobs.stop();
        await t.db.knex.raw(`drop schema if exists "${schema}" cascade`);
        await t.drop();
      },
    };
  }).run();
}

const p = suite<{ db: Database; jobs: PgBossJobs }>("pg-boss on PGlite: one session shared with Knex");
p.before(async (ctx) => {
  const t = await openTestDb("pglite");
  ctx.db = t.db;
  ctx.jobs = await openJobs(t.db, { pollingIntervalSeconds: 0.1, defaults: contractDefaults });
});
p.after(async (ctx) => {
  await ctx.jobs.stop();
  await ctx.db.close();
});

p(
  "a send issued while a Knex transaction is open waits for it and survives its rollback",
  async ({ db, jobs }) => {
    await db.knex.schema.createTable("jobs_probe", (t) => {
      t.text("id").primary();
    });
    const seen: string[] = [];
    await jobs.work("probe", async (data) => {
      seen.push(String(data["id"]));
    });
    const trx = await db.knex.transaction();
    await trx("jobs_probe").insert({ id: "rolled-back" });
    let sent = false;
    const sending = Effect.runPromise(jobs.service.send("probe", { id: "sent-during-trx" })).then(() => {
      sent = true;
    });
    await sleep(300);
    assert.not.ok(sent, "the send ran while the transaction held the session");
    assert.equal(seen, [], "a worker polled inside the open transaction");
    await trx.rollback();
    await sending;
    for (let i = 0; i < 40 && seen.length === 0; i++) await sleep(50);
    assert.equal(seen, ["sent-during-trx"]);
    assert.is((await db.knex("jobs_probe")).length, 0);
  },
);

p(
  "a job in a batch completes when its own handler does, not when its slowest neighbour does",
  async ({ db, jobs }) => {
    const finished: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await Effect.runPromise(jobs.service.send("batch", { id: "slow" }));
    await Effect.runPromise(jobs.service.send("batch", { id: "fast" }));
    await jobs.work(
      "batch",
      async (data) => {
        if (data["id"] === "slow") await gate;
        finished.push(String(data["id"]));
      },
      { batchSize: 2 },
    );
    const state = async (id: string) =>
      (await jobRows(db, jobs.schema, "batch")).find((j) => j.data["id"] === id)?.state;
    for (let i = 0; i < 40 && (await state("fast")) !== "completed"; i++) await sleep(50);
    assert.is(await state("fast"), "completed");
    assert.is(await state("slow"), "active");
    release();
    for (let i = 0; i < 40 && (await state("slow")) !== "completed"; i++) await sleep(50);
    assert.is(await state("slow"), "completed");
  },
);

p(
  "a pg-boss script that fails does not leave the shared session in an aborted transaction",
  async ({ db }) => {
    // Two installs racing on a fresh schema: the second script fails ("already exists") after its BEGIN, as it does
    // when two processes start together; pg-boss expects and swallows that error.
    const schema = bossSchema();
    const both = await Promise.all([1, 2].map(() => openJobs(db, { schema, defaults: contractDefaults })));
    for (const j of both) await j.stop();
    const r = await db.knex.raw("select 1 as one");
    assert.is(r.rows[0].one, 1);
    await db.knex.transaction(async (trx) => {
      await trx.raw("select 1");
    });
    await db.knex.raw(`drop schema "${schema}" cascade`);
  },
);

p(
  "a RetryLater failure is due again no earlier than its retryAfterSeconds (read in the job row, not waited for)",
  async ({ db, jobs }) => {
    await jobs.work("retry-later", async (data) => {
      if (data["id"] === "later") throw new RetryLater("the IRS asked for 10 minutes", 600);
      throw new Error("plain failure");
    });
    await Effect.runPromise(jobs.service.send("retry-later", { id: "later" }));
    await Effect.runPromise(jobs.service.send("retry-later", { id: "plain" }));
    const waits = async () => {
      const r = await db.knex.raw(
        `select data->>'id' as id, state, extract(epoch from start_after - now())::float8 as wait
          from "${jobs.schema}".job where name = 'retry-later'`,
      );
      return new Map(
        (r.rows as { id: string; state: string; wait: number }[]).map((x) => [x.id, x] as const),
      );
    };
    for (let i = 0; i < 60; i++) {
      const w = await waits();
      if (w.get("later")?.state === "retry" && w.get("plain")?.state === "retry") break;
      await sleep(50);
    }
    const w = await waits();
    assert.is(w.get("later")?.state, "retry");
    assert.ok((w.get("later")?.wait ?? 0) > 590, `due in ${String(w.get("later")?.wait)} s, not before 600`);
    assert.is(w.get("plain")?.state, "retry");
    assert.ok((w.get("plain")?.wait ?? 99) < 5, "a plain failure keeps the retry delay (1 s, doubling)");
  },
);

p.run();
