// `npm run worker`: a background worker process on Postgres (several may share one database).
import { loadConfigOrExit } from "../shared/config.ts";
import { makeLogger } from "../shared/logger.ts";
import { adapterSummary, openRuntime } from "../shared/runtime.ts";
import { startWorker } from "../shared/worker.ts";

const config = loadConfigOrExit();
const logger = makeLogger(config.logLevel);
if (!config.databaseUrl) {
  console.error(
    "The standalone worker needs DATABASE_URL: with the embedded database, `npm start` runs the worker in its own process.",
  );
  process.exit(2);
}
const { db, runtime, jobs, irs } = await openRuntime(config);
logger.info("adapters", adapterSummary(config, irs));
if (!jobs) throw new Error("jobs were not opened");
const worker = await startWorker({ runtime, jobs, config, logger });
logger.info("worker started", {});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await runtime.dispose();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
