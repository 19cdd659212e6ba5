// Bench helpers: run a server in its own process (so the load generator does not share its event loop),
// and measure it with autocannon.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";

export const root = join(import.meta.dirname, "../..");
export const BENCH_KEY = "sk_sandbox_" + "B".repeat(40);

export function benchDatabaseUrl(): string {
  return process.env["DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
}

export async function startProcess(
  script: string,
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  // BENCH_CPU_PROF=DIR: each server process writes a V8 CPU profile there when it exits (open it in Chrome DevTools).
  const prof = process.env["BENCH_CPU_PROF"]
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env["BENCH_CPU_PROF"]}`]
    : [];
  const proc = spawn(process.execPath, [...prof, "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  proc.stdout?.resume();
  // Up to 90 s: a fresh embedded database runs initdb first, slow on a loaded machine.
  for (let i = 0; i < 900 && proc.exitCode === null; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      started.add(proc);
      return proc;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  proc.kill();
  throw new Error(`${script} did not start`);
}

// Servers still running when a bench fails are stopped on its way out, not left behind.
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const p of started) if (p.exitCode === null) p.kill("SIGTERM");
});

export async function stop(proc: ChildProcess): Promise<void> {
  started.delete(proc);
  if (proc.exitCode !== null) return;
  proc.kill("SIGTERM");
  await new Promise((r) => proc.once("exit", r));
}

export async function load(
  url: string,
  headers: Record<string, string>,
  seconds = 8,
  connections = 32,
): Promise<{ rps: number; p99: number; non2xx: number; requests: number }> {
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** The API on the embedded default (PGlite in a fresh data folder, dropped by `stop`'s caller), the bench key seeded. */
export async function startEmbeddedApi(
  port: number,
  env: Record<string, string> = {},
): Promise<{ proc: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
  const proc = await startProcess(
    "hosts/api/main.ts",
    {
      DATABASE_URL: "",
      DATA_DIR: dir,
      SEED_SANDBOX_KEY: BENCH_KEY,
      TIN_ENCRYPTION_KEY: "bench",
      RATE_LIMIT_PER_MINUTE: "100000000",
      ...env,
    },
    port,
  );
  return { proc, dir };
}

export async function stopEmbedded(api: { proc: ChildProcess; dir: string }): Promise<void> {
  await stop(api.proc);
  rmSync(api.dir, { recursive: true, force: true });
}

/**
 * A schema of its own on the bench database, dropped first and at `close` (with its job queue's schema), and
 * the API process on it: the bench key seeded, no practical rate limit.
 */
export async function benchSchema(schema: string) {
  const url = benchDatabaseUrl();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const drop = async () => {
    for (const s of [schema, `${schema}_pgboss`]) await admin.query(`drop schema if exists ${s} cascade`);
  };
  await drop();
  return {
    url,
    admin,
    startApi: (port: number, env: Record<string, string> = {}) =>
      startProcess(
        "hosts/api/main.ts",
        {
          DATABASE_URL: url,
          DB_SCHEMA: schema,
          SEED_SANDBOX_KEY: BENCH_KEY,
          TIN_ENCRYPTION_KEY: "bench",
          RATE_LIMIT_PER_MINUTE: "100000000",
          ...env,
        },
        port,
      ),
    close: async () => {
      await drop();
      await admin.end();
    },
  };
}
