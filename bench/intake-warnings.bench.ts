// Issue 41: intake of 1,000 rows that all warn (each breaks IRS rule F1099NEC001, threshold-graded: saved with the
// finding in `warnings` instead of refused) against 1,000 rows of the same boxes that break no rule, POSTed one batch at a time to
// /v1/payers/{id}/forms of the API in its own process, alternating, on the embedded default (PGlite) and on Postgres
// (in a schema of its own). Target: the warned rows' rate within 10% of the clean rows' (at least 0.9 of it).
// With BENCH_BASELINE_DIR set to a checkout of the build before issue 41 (with its node_modules), the clean rows are
// also posted to that build's API, for the rate of today's intake itself.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { necRows } from "../test/support/forms.ts";
import { loadNote, record } from "./support/report.ts";
import { processCpuSeconds } from "./support/cpu.ts";
import { BENCH_KEY, benchSchema, startEmbeddedApi, stop, stopEmbedded } from "./support/servers.ts";

const PER_BATCH = 1000;
const ROUNDS = 12;
const WARM_UP = 2;
const TARGET_RATIO = 0.9;
const headers = { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" };

/**
 * 1000 rows of 1099-NEC from TIN `from` on, each with pay and withholding (the same boxes, so that only the warning
 * differs): `warn`, withholding above the pay (F1099NEC001); else 24% of it.
 */
const rows = (from: number, warn: boolean) =>
  necRows(PER_BATCH, from).map((r) => ({
    ...r,
    jsonForm: warn
      ? { ...r.jsonForm, NonemployeeCompensationAmt: 100, FederalIncomeTaxWithheldAmt: 900 }
      : { ...r.jsonForm, NonemployeeCompensationAmt: 5000, FederalIncomeTaxWithheldAmt: 1200 },
  }));

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

interface Rates {
  readonly clean: number;
  readonly warned: number;
  /** The API process's CPU per form (µs, user + system), when its pid is known: less bound by a shared machine. */
  readonly cpu?: { readonly clean: number; readonly warned: number };
}

/** Forms/s of one batch (median of ROUNDS) for clean and warned rows, alternating, on the API at `base`. */
async function measure(
  base: string,
  kinds: readonly ("clean" | "warned")[],
  tinBase: number,
  pid?: number,
): Promise<Rates> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(base + path, { method: "POST", headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const payer = await post("/v1/payers", { name: "Warnings Bench LLC", tin: "123456789" });
  if (payer.status !== 201) throw new Error(`payer: ${payer.status} ${JSON.stringify(payer.body)}`);
  const path = `/v1/payers/${String(payer.body["id"])}/forms`;
  const times: Record<string, number[]> = { clean: [], warned: [] };
  const cpu: Record<string, number> = { clean: 0, warned: 0 };
  const cpuNow = () => (pid === undefined ? null : processCpuSeconds(pid));
  let tin = tinBase;
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    // The order alternates, so that neither kind always runs on the warmer (or fuller) database.
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      const body = { forms: rows(tin, kind === "warned") };
      tin += PER_BATCH;
      const c0 = cpuNow();
      const t0 = performance.now();
      const r = await post(path, body);
      const ms = performance.now() - t0;
      const c1 = cpuNow();
      if (round >= WARM_UP && c0 !== null && c1 !== null) cpu[kind] = (cpu[kind] ?? 0) + (c1 - c0);
      if (r.status !== 201 || r.body["created"] !== PER_BATCH)
        throw new Error(`${kind}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      if (round >= WARM_UP) times[kind]?.push(ms);
    }
  }
  const rate = (kind: string) => (1000 * PER_BATCH) / median(times[kind] ?? []);
  const perForm = (kind: string) => (1e6 * (cpu[kind] ?? 0)) / (ROUNDS * PER_BATCH);
  return {
    clean: rate("clean"),
    warned: rate("warned"),
    ...(pid !== undefined ? { cpu: { clean: perForm("clean"), warned: perForm("warned") } } : {}),
  };
}

/** The API of another checkout (BENCH_BASELINE_DIR) on a fresh embedded database. */
async function baselineEmbedded(dir: string, port: number) {
  const data = mkdtempSync(join(tmpdir(), "bench-baseline-"));
  const proc = spawn(process.execPath, ["--import", "tsx", "hosts/api/main.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: data,
      SEED_SANDBOX_KEY: BENCH_KEY,
      TIN_ENCRYPTION_KEY: "bench",
      RATE_LIMIT_PER_MINUTE: "100000000",
      PORT: String(port),
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 900 && proc.exitCode === null; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return {
        close: async () => {
          proc.kill("SIGTERM");
          await new Promise((r) => proc.once("exit", r));
          rmSync(data, { recursive: true, force: true });
        },
      };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  proc.kill();
  throw new Error("the baseline API did not start");
}

const report = (backend: string, r: Rates, baseline?: number) => {
  const ratio = r.warned / r.clean;
  console.log(
    `${backend}: ${PER_BATCH} clean rows ${Math.round(r.clean)} forms/s, ${PER_BATCH} warned rows ${Math.round(r.warned)} forms/s: ${ratio.toFixed(3)} of the clean rate${baseline ? `; the build before issue 41, clean rows: ${Math.round(baseline)} forms/s (warned / that ${(r.warned / baseline).toFixed(3)})` : ""} (median of ${ROUNDS} batches, ${loadNote()})`,
  );
  if (r.cpu) {
    console.log(
      `  the API process's CPU: ${r.cpu.clean.toFixed(0)} µs a clean form, ${r.cpu.warned.toFixed(0)} µs a warned one (${(r.cpu.clean / r.cpu.warned).toFixed(3)} of the rate that CPU allows)`,
    );
    record(
      "intake-warnings.bench.ts",
      `${backend}: the API's CPU per clean form / per form that warns`,
      r.cpu.clean / r.cpu.warned,
      "x",
      { atLeast: TARGET_RATIO },
    );
  }
  record(
    "intake-warnings.bench.ts",
    `${backend}: intake of 1000 rows that all warn, share of the clean rows' rate`,
    ratio,
    "x",
    { atLeast: TARGET_RATIO },
  );
  if (baseline)
    record(
      "intake-warnings.bench.ts",
      `${backend}: intake of 1000 rows that all warn, share of the build before issue 41 (clean rows)`,
      r.warned / baseline,
      "x",
      { atLeast: TARGET_RATIO },
    );
};

const baselineDir = process.env["BENCH_BASELINE_DIR"];

// PGlite (the embedded default).
{
  const api = await startEmbeddedApi(3911);
  let rates: Rates;
  try {
    rates = await measure("http://127.0.0.1:3911", ["clean", "warned"], 600_000_000, api.proc.pid);
  } finally {
    await stopEmbedded(api);
  }
  let baseline: number | undefined;
  if (baselineDir) {
    const b = await baselineEmbedded(baselineDir, 3912);
    try {
      baseline = (await measure("http://127.0.0.1:3912", ["clean"], 610_000_000)).clean;
    } finally {
      await b.close();
    }
  }
  report("PGlite", rates, baseline);
}

// Postgres, when reachable.
{
  let db: Awaited<ReturnType<typeof benchSchema>> | undefined;
  try {
    db = await benchSchema("bench_intake_warnings");
  } catch (e) {
    console.log(`Postgres: skipped (${e instanceof Error ? e.message : String(e)})`);
  }
  if (db) {
    const proc = await db.startApi(3913);
    try {
      report("Postgres", await measure("http://127.0.0.1:3913", ["clean", "warned"], 620_000_000, proc.pid));
    } finally {
      await stop(proc);
      await db.close();
    }
  }
}
