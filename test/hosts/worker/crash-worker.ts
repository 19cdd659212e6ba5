// A worker process for the crash test: the real worker on the test's Postgres schema.
import { loadConfig } from "../../../hosts/shared/config.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { openRuntime } from "../../../hosts/shared/runtime.ts";
import { startWorker } from "../../../hosts/worker/worker.ts";

const config = loadConfig();
const { runtime, jobs } = await openRuntime(config);
if (!jobs) throw new Error("no jobs");
await startWorker({ runtime, jobs, config, logger: makeLogger("silent") });
process.stdout.write("ready\n");
