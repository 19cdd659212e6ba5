// Kill a worker process with SIGKILL mid-handler, start another worker on the same database: every job completes,
// and its effect happens exactly once. On Postgres the parent keeps its own connection throughout; on PGlite (a
// data folder, one process at a time) the parent closes it for the child and opens it again after the kill.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { openDatabase, type Database } from "../../../adapters/knex/connection.ts";
import { openJobs } from "../../../adapters/pg-boss/jobs.pg-boss.ts";
import { POSTGRES_URL, backends, openTestDb, type Backend } from "../../support/db.ts";
import { nodeArgs } from "../../support/node-entry.ts";
import { CRASH_QUEUE, crashDefaults, crashHandler, createCrashTables } from "./crash-handler.ts";
import { bossSchema, jobRows } from "./support.ts";

const JOBS = 40;
const HANG_KEY = "job-06";
const keys = Array.from({ length: JOBS }, (_, i) => `job-${String(i).padStart(2, "0")}`);

/** The child's stdout, line by line, as it arrives. */
function watch(child: ChildProcess): { lines: string[]; stderr: () => string } {
  const lines: string[] = [];
  let partial = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => {
    const parts = (partial + d.toString()).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
  });
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  return { lines, stderr: () => err };
}

async function crashOn(backend: Backend) {
  const dataDir = backend === "pglite" ? mkdtempSync(join(tmpdir(), "jobs-crash-")) : undefined;
  const pg = backend === "postgres" ? await openTestDb("postgres") : undefined;
  const schema = bossSchema();
  const open = (): Promise<Database> => (pg ? Promise.resolve(pg.db) : openDatabase({ dataDir }));

  // 1. Tables and jobs.
  let db = await open();
  await createCrashTables(db.knex);
  const sender = await openJobs(db, { schema, defaults: crashDefaults, queues: [CRASH_QUEUE] });
  for (const key of keys) await Effect.runPromise(sender.service.send(CRASH_QUEUE, { key }, { key }));
  await sender.stop();
  if (!pg) await db.close();

  // 2. A child process works them and is killed with SIGKILL: one job right after its effect, others mid-handler.
  const child = spawn(process.execPath, nodeArgs(join(import.meta.dirname, "crash-child.ts")), {
    cwd: join(import.meta.dirname, "../../.."),
    env: {
      ...process.env,
      CRASH_DATABASE_URL: pg ? POSTGRES_URL : "",
      CRASH_DB_SCHEMA: pg?.schema ?? "",
      CRASH_DATA_DIR: dataDir ?? "",
      CRASH_BOSS_SCHEMA: schema,
      CRASH_HANG_KEY: HANG_KEY,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = watch(child);
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on("exit", (_code, signal) => resolve(signal)),
  );
  const has = (line: string) => out.lines.includes(line);
  const midHandler = () => keys.filter((k) => k !== HANG_KEY && has(`start ${k}`) && !has(`effect ${k}`));
  for (let i = 0; i < 600 && !(has(`hang ${HANG_KEY}`) && midHandler().length > 0); i++) {
    if (child.exitCode !== null) break;
    await sleep(25);
  }
  const inFlight = midHandler();
  child.kill("SIGKILL");
  assert.is(await exited, "SIGKILL", `the child did not get to the crash point:\n${out.stderr()}`);
  const childEffects = keys.filter((k) => has(`effect ${k}`));
  assert.ok(childEffects.includes(HANG_KEY));
  assert.ok(inFlight.length > 0, "no job was mid-handler at the kill");
  assert.ok(childEffects.length < JOBS, "the child finished everything before the kill");

  // 3. A new worker: jobs the dead child held come back after their expiry, and each runs again.
  if (!pg) db = await open();
  const parentLog: string[] = [];
  const worker = await openJobs(db, {
    schema,
    pollingIntervalSeconds: 0.1,
    maintenanceIntervalSeconds: 1,
    defaults: crashDefaults,
  });
  await worker.work(CRASH_QUEUE, crashHandler(db.knex, { log: (l) => parentLog.push(l) }), {
    batchSize: 3,
    teamConcurrency: 2,
  });
  const allDone = async () => (await jobRows(db, schema, CRASH_QUEUE)).every((j) => j.state === "completed");
  for (let i = 0; i < 150 && !(await allDone()); i++) await sleep(100);
  await worker.stop();

  try {
    const rows = await jobRows(db, schema, CRASH_QUEUE);
    assert.is(rows.length, JOBS);
    assert.equal(
      rows.filter((j) => j.state !== "completed"),
      [],
      "jobs left unfinished",
    );
    // Exactly once: every key has one effect, applied by exactly one run in one of the two processes.
    const effects = await db.knex("crash_effects").select("job_key", "pid");
    assert.equal(effects.map((e) => e.job_key).sort(), keys);
    // Who applied each effect comes from the database: the child can be killed after its insert and before its
    // "effect" line reaches the pipe, so its log may miss the last one.
    const byChild = effects.filter((e) => e.pid === child.pid).map((e) => e.job_key);
    const byParent = effects.filter((e) => e.pid === process.pid).map((e) => e.job_key);
    assert.equal([...byChild, ...byParent].sort(), keys, "an effect was applied twice, or never");
    assert.ok(
      childEffects.every((k) => byChild.includes(k)),
      "every effect the child logged is its own",
    );
    // ...while the runs themselves were not once: the job killed after its effect ran again and found it done,
    // and the jobs killed mid-handler ran again and did their effect then.
    assert.ok(parentLog.includes(`already ${HANG_KEY}`), `${HANG_KEY} was not run again`);
    assert.is(effects.find((e) => e.job_key === HANG_KEY)?.pid, child.pid);
    for (const k of inFlight)
      assert.ok(parentLog.includes(`start ${k}`), `${k} (mid-handler at the kill) was not run again`);
    const attempts = await db.knex("crash_attempts").count<{ n: number }[]>({ n: "*" });
    assert.ok(Number(attempts[0]?.n) > JOBS, "no job ran twice: the crash proved nothing");
    console.log(
      `  ${backend}: child applied ${childEffects.length} effects and was killed with ${inFlight.length + 1} jobs running; ` +
        `${attempts[0]?.n} runs in all for ${JOBS} jobs, ${JOBS} effects`,
    );
  } finally {
    if (pg) {
      await db.knex.raw(`drop schema if exists "${schema}" cascade`);
      await pg.drop();
    } else {
      await db.close();
      rmSync(dataDir as string, { recursive: true, force: true });
    }
  }
}

const s = suite("pg-boss: a worker killed with SIGKILL mid-handler");
for (const backend of backends) {
  s(
    `${backend === "pglite" ? "PGlite data folder" : "Postgres"}: after a restart every job completes, its effect exactly once`,
    () => crashOn(backend),
  );
}
s.run();
