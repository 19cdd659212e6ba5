// The API host as a user runs it (`npm start`, hosts/api/main.ts) in its own process, on a random port and an
// embedded PGlite data folder of its own: the sandbox key is the one it prints, every byte it writes to stdout and
// stderr is kept (tests read its logs), and the worker runs inside it as it does by default.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeArgs, sourceArgs } from "./node-entry.ts";
import { freePort } from "./ports.ts";

const root = join(import.meta.dirname, "..", "..");

export interface ApiProcess {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** The key from the `Sandbox API key: ...` line the first start prints. */
  readonly key: string;
  readonly dataDir: string;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far (the JSON log lines). */
  stderr(): string;
  /** SIGTERM, wait for the exit, remove the data folder. */
  stop(): Promise<void>;
}

/** Variables of hosts/shared/config.ts a developer's shell may hold that would change the process under test. */
const CLEARED = ["DATABASE_URL", "DB_SCHEMA", "SEED_SANDBOX_KEY", "TIN_ENCRYPTION_KEY", "PORT", "DATA_DIR"];

/**
 * Starts hosts/api/main.ts. `env` adds variables (a key set to `undefined` removes it); LOG_LEVEL is removed unless
 * given, as in a fresh shell (the test runner sets it to silent). `dataDir` (removed by stop) defaults to a new
 * empty folder; `freshDataDir` of support/db.ts gives one already migrated, faster to start. The process runs what
 * npm test compiled (support/node-entry.ts), or with `asNpmStart` the source under tsx, as `npm start` runs it.
 */
export async function startApiProcess(
  env: Record<string, string | undefined> = {},
  opts: { dataDir?: string; timeoutMs?: number; asNpmStart?: boolean } = {},
): Promise<ApiProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "irs-api-process-"));
  // A first start migrates a fresh folder: tens of seconds on a loaded machine.
  const timeoutMs = opts.timeoutMs ?? 180_000;
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = { ...process.env, FORCE_COLOR: "0" };
  for (const name of [...CLEARED, "LOG_LEVEL"]) delete childEnv[name];
  Object.assign(childEnv, { DATA_DIR: dataDir, PORT: String(port) }, env);
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  const args = (opts.asNpmStart ? sourceArgs : nodeArgs)("hosts/api/main.ts");
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  proc.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${String(port)}`;

  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
    const killer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(killer);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  let key: string | undefined;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      await stop();
      throw new Error(`hosts/api/main.ts exited early (${String(proc.exitCode)}): ${out}${err.slice(-2000)}`);
    }
    key ??= /^Sandbox API key: (\S+)$/m.exec(out)?.[1];
    if (key !== undefined && (await isUp(base))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `hosts/api/main.ts did not start within ${String(timeoutMs)} ms: ${out}${err.slice(-2000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, key, dataDir, stdout: () => out, stderr: () => err, stop };
}

async function isUp(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/readyz`)).status === 200;
  } catch {
    return false;
  }
}
