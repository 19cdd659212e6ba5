// `npm start`: open the database (embedded PGlite by default), migrate, seed the sandbox on first start,
// and serve the API on PORT.
import { loadConfigOrExit, tuningOf } from "../shared/config.ts";
import { makeLogger } from "../shared/logger.ts";
import { adapterSummary, openRuntime } from "../shared/runtime.ts";
import { seedSandbox } from "../../core/use-cases/accounts/accounts.ts";
import { DataFolderInUse } from "../../adapters/knex/connection.ts";
import { buildContainer, HttpApp } from "./container.ts";
import { startWorker } from "../shared/worker.ts";
import { listen, stopServing } from "./server.ts";
import { makeMetrics } from "./operability/metrics.ts";
import { readinessProbe } from "./operability/readiness.ts";

const config = loadConfigOrExit();
const logger = makeLogger(config.logLevel);

let opened;
try {
  opened = await openRuntime(config);
} catch (e) {
  if (e instanceof DataFolderInUse) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
const { db, runtime, jobs, irs } = opened;
logger.info("adapters", adapterSummary(config, irs));
// The embedded default runs the worker in this process; on Postgres too unless RUN_WORKER=false (then run
// `npm run worker` processes beside the API).
const worker =
  jobs && tuningOf(config).runWorker ? await startWorker({ runtime, jobs, config, logger }) : null;

const seeded = await runtime.runPromise(seedSandbox(config.seedSandboxKey));
if (seeded) console.log(`Sandbox API key: ${seeded.key.key}`);

const ops = {
  metrics: makeMetrics({ knex: db.knex, jobsSchema: jobs?.schema, processMetrics: true }),
  readiness: readinessProbe({
    knex: db.knex,
    schema: config.dbSchema,
    jobsAlive: jobs ? () => jobs.alive() : undefined,
  }),
};
const container = buildContainer({ config, logger, db, runtime, ops });
const app = container.get(HttpApp).koa;
const server = await listen(app, config.port);
logger.info("listening", {
  port: config.port,
  database: db.kind === "postgres" ? "postgres" : `pglite:${config.dataDir}`,
});
if (tuningOf(config).announce)
  console.log(
    `API listening on http://localhost:${config.port} (${db.kind === "postgres" ? "Postgres" : `embedded database in ${config.dataDir}`})`,
  );

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  // Stop accepting, let requests in flight finish (up to SHUTDOWN_GRACE_MS), then close what is left.
  const closed = stopServing(server);
  const grace = setTimeout(() => server.closeAllConnections(), tuningOf(config).shutdownGraceMs);
  await closed;
  clearTimeout(grace);
  if (worker) await worker.stop();
  else await jobs?.stop();
  await runtime.dispose();
  await db.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
