// A worker process for the crash test: the real worker on the test's Postgres schema. With CRASH_WORKER_STANDBY=1
// it loads its modules and then waits for a line on standard input before it opens anything (test/support/worker.ts).
import { once } from "node:events";
import { loadConfig } from "../../../hosts/shared/config.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { openRuntime } from "../../../hosts/shared/runtime.ts";
import { startWorker } from "../../../hosts/shared/worker.ts";

if (process.env["CRASH_WORKER_STANDBY"] === "1") {
  process.stdin.resume();
  await once(process.stdin, "data");
  process.stdin.pause();
}
const config = loadConfig();
const { runtime, jobs } = await openRuntime(config);
if (!jobs) throw new Error("no jobs");
await startWorker({ runtime, jobs, config, logger: makeLogger("silent") });
process.stdout.write("ready\n");
