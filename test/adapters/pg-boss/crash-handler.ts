// The handler of the crash test, shared by the child process that is killed and the worker that takes over.
// It shows the pattern every D22 handler follows: a job can run twice (here: killed after its effect, before
// pg-boss marked it done), so the effect is keyed by the job's business key and a second run finds it done.
import { setTimeout as sleep } from "node:timers/promises";
import type { Knex } from "knex";
import type { JobHandler } from "../../../core/ports/jobs.port.ts";

export const CRASH_QUEUE = "crash-test";
/** Short expiry so a job left running by the killed process comes back within seconds. */
export const crashDefaults = { retryLimit: 3, retryDelay: 0, retryBackoff: false, expireInSeconds: 2 };

export async function createCrashTables(knex: Knex): Promise<void> {
  await knex.schema.createTable("crash_effects", (t) => {
    t.text("job_key").primary();
    t.integer("pid").notNullable();
  });
  await knex.schema.createTable("crash_attempts", (t) => {
    t.increments("id");
    t.text("job_key").notNullable();
    t.integer("pid").notNullable();
    t.integer("attempt").notNullable();
  });
}

export interface CrashHandlerOptions {
  /** After applying this job's effect, never return: the process is killed with the job still active. */
  readonly hangAfterEffectOf?: string;
  readonly log: (line: string) => void;
}

export function crashHandler(knex: Knex, options: CrashHandlerOptions): JobHandler {
  return async (data, job) => {
    const key = String(data["key"]);
    // Every run is recorded on purpose without a key: it shows how many runs there really were.
    await knex("crash_attempts").insert({ job_key: key, pid: process.pid, attempt: job.attempt });
    options.log(`start ${key}`);
    await sleep(40 + Math.random() * 160); // the work before the effect (a kill here loses nothing)
    // The effect and the record that it happened are one statement, keyed by the job's business key: a second
    // run of the same job changes nothing. (An external call would carry the same key as its idempotency key.)
    const r = await knex.raw(
      "insert into crash_effects (job_key, pid) values (?, ?) on conflict (job_key) do nothing returning job_key",
      [key, process.pid],
    );
    const applied = (r.rows as unknown[]).length === 1;
    options.log(`${applied ? "effect" : "already"} ${key}`);
    if (applied && key === options.hangAfterEffectOf) {
      options.log(`hang ${key}`);
      await new Promise(() => {}); // killed here: effect applied, job still active
    }
    await sleep(Math.random() * 40);
  };
}
