// The real worker in a process of its own (test/hosts/worker/crash-worker.ts) on a test's Postgres schema, for the
// tests that kill it with SIGKILL and start it again.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { POSTGRES_URL } from "./db.ts";

const root = join(import.meta.dirname, "../..");

/** Starts a worker process on `schema` with `env` added to the test defaults; resolves once it is ready. */
export function startWorkerProcess(schema: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", "test/hosts/worker/crash-worker.ts"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: POSTGRES_URL,
        DB_SCHEMA: schema,
        TIN_ENCRYPTION_KEY: "test-only-tin-key",
        LOG_LEVEL: "silent",
        JOB_EXPIRE_SECONDS: "4",
        JOB_MAINTENANCE_SECONDS: "1",
        ...env,
      },
    });
    proc.stdout?.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) resolve(proc);
    });
    proc.on("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
}
