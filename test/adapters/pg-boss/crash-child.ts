// Child process of jobs-crash.test.ts: works the crash queue until it is killed with SIGKILL.
// Not a *.test.ts file: the test runner only starts it through the crash test.
import { openDatabase } from "../../../adapters/knex/connection.ts";
import { openJobs } from "../../../adapters/pg-boss/jobs.pg-boss.ts";
import { CRASH_QUEUE, crashDefaults, crashHandler } from "./crash-handler.ts";

const env = (name: string): string | undefined => process.env[name] || undefined;
const db = await openDatabase(
  env("CRASH_DATABASE_URL")
    ? { databaseUrl: env("CRASH_DATABASE_URL"), schema: env("CRASH_DB_SCHEMA") }
    : { dataDir: env("CRASH_DATA_DIR") },
);
const jobs = await openJobs(db, {
  schema: env("CRASH_BOSS_SCHEMA"),
  pollingIntervalSeconds: 0.1,
  maintenanceIntervalSeconds: 1,
  defaults: crashDefaults,
});
const log = (line: string) => {
  process.stdout.write(`${line}\n`);
};
await jobs.work(CRASH_QUEUE, crashHandler(db.knex, { hangAfterEffectOf: env("CRASH_HANG_KEY"), log }), {
  batchSize: 3,
  teamConcurrency: 2,
});
log("ready");
