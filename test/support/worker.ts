// The real worker in a process of its own (test/hosts/worker/crash-worker.ts) on a test's Postgres schema, for the
// tests that kill it with SIGKILL and start it again.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { POSTGRES_URL } from "./db.ts";
import { nodeArgs } from "./node-entry.ts";

const root = join(import.meta.dirname, "../..");

export interface StandbyWorker {
  /** Opens the runtime and starts the worker; resolves with the process once it is ready. */
  go(): Promise<ChildProcess>;
}

/**
 * Spawns a worker process on `schema` (with `env` added to the test defaults) that loads its code and then waits,
 * touching no database, until `go()`: a test starts the next process while the current one runs, so a restart
 * after a kill does not wait for Node and tsx to load the worker's modules (seconds on a loaded machine).
 */
export function standbyWorkerProcess(schema: string, env: Record<string, string>): StandbyWorker {
  const proc = spawn(process.execPath, nodeArgs("test/hosts/worker/crash-worker.ts"), {
    cwd: root,
    stdio: ["pipe", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: POSTGRES_URL,
      DB_SCHEMA: schema,
      TIN_ENCRYPTION_KEY: "test-only-tin-key",
      LOG_LEVEL: "silent",
      JOB_EXPIRE_SECONDS: "4",
      JOB_MAINTENANCE_SECONDS: "1",
      ...env,
      CRASH_WORKER_STANDBY: "1",
    },
  });
  let out = "";
  let err = "";
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    proc.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready")) resolve(proc);
    });
    proc.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    proc.on("exit", (code) => reject(new Error(`worker exited early (${code}): ${err.slice(-1000)}`)));
  });
  ready.catch(() => {}); // a standby process never told to go never gets ready
  return {
    go: () => {
      proc.stdin?.end("go\n");
      return ready;
    },
  };
}
