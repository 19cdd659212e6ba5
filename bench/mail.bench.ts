// Issue 39 ("Recipient copies"): a season's paper. `npm run bench -- mail`: MAIL_BENCH_LETTERS (default 100,000)
// paper recipients with forms on efile_print_mail, one pay, the sandbox IRS accepts them, and the real worker
// (hosts/worker/main.ts on Postgres, pg-boss jobs; on PGlite the API process's own worker) sends every letter
// through the Lob adapter to the Lob emulator, served over HTTP by this process (SANDBOX_LOB_API_BASE).
//
// Postgres when DATABASE_URL is set (schemas of their own, dropped after), else PGlite in a fresh data folder.
//
// 1. Pay without statements: the same number of forms on `efile` (no paper) in a schema (data folder) of its own,
//    paid with no worker running.
// 2. Pay with them: the forms on efile_print_mail, paid the same way (their statements open when the IRS accepts
//    them, in the acknowledgement's transaction, not in pay).
// 3. The worker started: it transmits, applies the acknowledgements (every statement opened), plans the statements
//    and sends one durable job per letter; each job renders the Copy B PDF, verifies the address and makes the
//    letter at the emulator under the delivery's key. Until the emulator holds every letter.
// Reported: letters/s (first letter to last), pay to the last letter, the worker's peak RSS (VmHWM of its
// process) and CPU per letter, Postgres's CPU per letter, and the emulator's letters: exactly one per recipient,
// no key or delivery twice. The emulator keeps a hash of each PDF past the latest few (LOB_EMULATOR keepFiles).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { apiCaller, necForm, benchPayer } from "./support/api.ts";
import { benchSchema, root, startEmbeddedApi, stop, stopEmbedded } from "./support/servers.ts";
import { loadNote, record } from "./support/report.ts";
import { microsEach, postgresCpuSeconds, processCpuSeconds } from "./support/cpu.ts";
import { startLobEmulator } from "../adapters/lob-emulator/server.ts";
import { SEND_STATEMENT_QUEUE } from "../core/use-cases/lifecycle/queues.ts";

const N = Number(process.env["MAIL_BENCH_LETTERS"] ?? 100_000);
const PER_BATCH = 1000;
const IN_FLIGHT = 4;
const POSTGRES = Boolean(process.env["DATABASE_URL"]);
const DEADLINE_S = Number(process.env["MAIL_BENCH_DEADLINE_S"] ?? 3600);
const bench = "mail.bench.ts";
const command = `${N === 100_000 ? "" : `MAIL_BENCH_LETTERS=${N} `}${POSTGRES ? "DATABASE_URL=… " : ""}npm run bench -- mail`;
const LOB_KEY = "test_mailbench";
const count = N.toLocaleString("en-US");
const where = POSTGRES ? "Postgres" : "PGlite";
const seconds = (t0: number) => (performance.now() - t0) / 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS and VmHWM (peak) of a process, in MiB; null once it is gone. */
function rssOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** N forms into the payer's cart over HTTP (batches of 1,000, 4 in flight), with the intake's delivery options. */
async function intake(call: ReturnType<typeof apiCaller>, payer: string, options: Record<string, unknown>) {
  const batches = Math.ceil(N / PER_BATCH);
  let next = 0;
  let created = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let b = next++; b < batches; b = next++) {
        const forms = Array.from({ length: Math.min(PER_BATCH, N - b * PER_BATCH) }, (_, i) =>
          necForm(b * PER_BATCH + i),
        );
        const r = await call("POST", `/v1/payers/${payer}/forms`, { addToCart: true, ...options, forms });
        if (r.status !== 201) throw new Error(`intake: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        created += Number(r.body["created"] ?? 0);
      }
    }),
  );
  if (created !== N) throw new Error(`intake created ${created} of ${N}`);
}

/** An API with no worker (Postgres: RUN_WORKER=false; PGlite: its worker has nothing to do before pay). */
async function startApi(schema: string, port: number, env: Record<string, string>) {
  if (POSTGRES) {
    const db = await benchSchema(schema);
    const proc = await db.startApi(port, { RUN_WORKER: "false", ...env });
    return { proc, db, close: async () => (await stop(proc), await db.close()) };
  }
  const api = await startEmbeddedApi(port, env);
  return { proc: api.proc, db: undefined, close: () => stopEmbedded(api) };
}

/** Intake of N forms with `options` into a fresh cart, then pay: the pay's seconds. */
async function payOf(call: ReturnType<typeof apiCaller>, options: Record<string, unknown>) {
  const payer = (await call("POST", "/v1/payers", benchPayer("Paper Season LLC"))).body["id"] as string;
  const t0 = performance.now();
  await intake(call, payer, options);
  const intakeS = seconds(t0);
  const t1 = performance.now();
  const paid = await call("POST", "/v1/cart/pay");
  const payS = seconds(t1);
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body).slice(0, 300)}`);
  return { intakeS, payS, order: paid.body["order"] as string };
}

// 1. Pay without statements.
let payEfileS = Number.NaN;
{
  const api = await startApi("bench_mail_efile", 3941, { SANDBOX_ACK_DELAY_MS: "0" });
  try {
    const r = await payOf(apiCaller("http://127.0.0.1:3941"), { physical_mail: false });
    console.log(
      `e-file only: intake of ${count} forms ${r.intakeS.toFixed(1)} s, pay ${r.payS.toFixed(2)} s (${where}) (${loadNote()})`,
    );
    record(
      bench,
      `mail: pay of ${count} forms, e-file only (no statements), ${where}`,
      r.payS,
      "s",
      null,
      command,
    );
    payEfileS = r.payS;
  } finally {
    await api.close();
  }
}

// 2. and 3.
const emulator = await startLobEmulator({
  apiKey: LOB_KEY,
  // No tracking during the bench: a letter is "mailed" a day after it is made (no webhook URL: nothing posted).
  mailDelayMs: 86_400_000,
});
const lobEnv = {
  SANDBOX_LOB_API_BASE: emulator.url,
  SANDBOX_LOB_API_KEY: LOB_KEY,
  SANDBOX_ACK_DELAY_MS: "0",
};
const api = await startApi("bench_mail", 3942, lobEnv);
let worker: ChildProcess | undefined;
let failed = false;
try {
  const call = apiCaller("http://127.0.0.1:3942");
  const r = await payOf(call, { service: "efile_print_mail" });
  const tPaid = performance.now();
  console.log(
    `print and mail: intake of ${count} forms ${r.intakeS.toFixed(1)} s, pay ${r.payS.toFixed(2)} s (${where}) (${loadNote()})`,
  );
  record(
    bench,
    `mail: pay of ${count} forms with print and mail (${count} statements), ${where}`,
    r.payS,
    "s",
    null,
    command,
  );
  record(
    bench,
    `mail: pay with ${count} statements / pay without`,
    (r.payS / payEfileS) * 100,
    "%",
    null,
    command,
  );

  // BENCH_CPU_PROF=DIR: the worker writes a V8 CPU profile there when it exits (as bench/support/servers.ts's).
  const prof = process.env["BENCH_CPU_PROF"]
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env["BENCH_CPU_PROF"]}`]
    : [];
  // The worker: its own process on Postgres; on PGlite the API's (the embedded database is one process's).
  const workerPid = POSTGRES
    ? (worker = spawn(process.execPath, [...prof, "--import", "tsx", "hosts/worker/main.ts"], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: api.db?.url ?? "",
          DB_SCHEMA: "bench_mail",
          TIN_ENCRYPTION_KEY: "bench",
          LOG_LEVEL: "silent",
          ...lobEnv,
        },
        stdio: ["ignore", "ignore", "inherit"],
      })).pid
    : api.proc.pid;
  if (workerPid === undefined) throw new Error("the worker did not start");
  const cpuWorker0 = processCpuSeconds(workerPid);
  const cpuSelf0 = process.cpuUsage();
  const cpuPg0 = POSTGRES ? postgresCpuSeconds() : null;
  // Sampled every 200 ms: while the filings are transmitted and acknowledged (no letter yet), and while the letters
  // go out. VmHWM, read at the end, is the peak of the worker's whole life.
  let peakBefore = 0;
  let peakSending = 0;
  const sampler = setInterval(() => {
    const rss = rssOf(workerPid)?.rss ?? 0;
    if (emulator.letters().length === 0) peakBefore = Math.max(peakBefore, rss);
    else peakSending = Math.max(peakSending, rss);
  }, 200);

  const admin = api.db?.admin;
  const q = async (sql: string) => Number((await admin?.query(sql))?.rows[0].n);
  let acceptedS: number | null = null;
  let lastPrint = performance.now();
  const deadline = performance.now() + DEADLINE_S * 1000;
  while (emulator.letters().length < N && performance.now() < deadline) {
    if (worker && worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode})`);
    if (admin && acceptedS === null) {
      const onTheWay = await q(
        `select count(*)::int as n from bench_mail.filings where status in ('queued', 'submitted', 'furnishing')`,
      );
      if (onTheWay === 0) acceptedS = seconds(tPaid);
    }
    if (performance.now() - lastPrint > 10_000) {
      lastPrint = performance.now();
      console.log(
        `  ${seconds(tPaid).toFixed(0)} s after pay: ${emulator.letters().length} letters at the emulator, worker RSS ${rssOf(workerPid)?.rss.toFixed(0)} MiB` +
          (acceptedS === null ? "" : `, all accepted at ${acceptedS.toFixed(1)} s`),
      );
    }
    await sleep(100);
  }
  const toLastS = seconds(tPaid);
  const cpuWorker = processCpuSeconds(workerPid);
  const cpuPg = POSTGRES ? postgresCpuSeconds() : null;
  const cpuSelf = process.cpuUsage(cpuSelf0);
  clearInterval(sampler);
  const mem = rssOf(workerPid);
  // Late duplicates, if any, land meanwhile (a retried job's letter is the same letter, by its key).
  await sleep(3000);

  const letters = emulator.letters();
  const created = letters.map((l) => Date.parse(l.dateCreated)).sort((a, b) => a - b);
  const spanS = ((created[created.length - 1] ?? 0) - (created[0] ?? 0)) / 1000;
  const distinct = (f: (l: (typeof letters)[number]) => unknown) => new Set(letters.map(f)).size;
  const keys = distinct((l) => l.idempotencyKey);
  const deliveries = distinct((l) => l.metadata["delivery"]);
  const filings = distinct((l) => l.metadata["filing"]);
  const duplicates = letters.length - Math.min(keys, deliveries, filings);
  const rate = spanS > 0 ? letters.length / spanS : NaN;
  let recorded: number | null = null;
  let retries: number | null = null;
  if (admin) {
    recorded = await q(
      `select count(distinct vendor_id)::int as n from bench_mail.statement_deliveries where vendor_id is not null`,
    );
    retries = await q(
      `select coalesce(sum(retry_count), 0)::int as n from bench_mail_pgboss.job where name = '${SEND_STATEMENT_QUEUE}'`,
    );
  }
  const ok = letters.length === N && duplicates === 0 && (recorded === null || recorded === N);
  failed = !ok;
  const peak = Math.max(mem?.peak ?? 0, peakBefore, peakSending);
  console.log(
    `${letters.length} letters at the emulator (${N} expected; keys ${keys}, deliveries ${deliveries}, filings ${filings}` +
      `${recorded === null ? "" : `; ${recorded} letter ids recorded; ${retries} send retries`}) ${ok ? "OK" : "MISSING OR DUPLICATE"}`,
  );
  console.log(
    `letters: ${rate.toFixed(0)} letters/s from the first to the last (${spanS.toFixed(1)} s); pay to the last letter ${toLastS.toFixed(1)} s` +
      `${acceptedS === null ? "" : `, pay to all accepted ${acceptedS.toFixed(1)} s`}; worker peak RSS ${peak.toFixed(0)} MiB (sampled: ${peakBefore.toFixed(0)} MiB transmitting, ${peakSending.toFixed(0)} MiB sending letters; ${mem?.rss.toFixed(0)} MiB at the end), ` +
      `worker CPU ${microsEach(cpuWorker === null || cpuWorker0 === null ? null : cpuWorker - cpuWorker0, N)?.toFixed(0)} µs/letter` +
      `${cpuPg === null || cpuPg0 === null ? "" : `, Postgres CPU ${microsEach(cpuPg - cpuPg0, N)?.toFixed(0)} µs/letter`}; ` +
      `this process (the emulator) CPU ${microsEach((cpuSelf.user + cpuSelf.system) / 1e6, N)?.toFixed(0)} µs/letter, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB (${where}) (${loadNote()})`,
  );
  record(
    bench,
    `mail: ${count} letters through the Lob adapter to the emulator, ${where}`,
    rate,
    "letters/s",
    null,
    command,
  );
  record(
    bench,
    `mail: pay to the last of ${count} letters at Lob, ${where}`,
    ok ? toLastS : NaN,
    "s",
    null,
    command,
  );
  if (acceptedS !== null)
    record(
      bench,
      `mail: pay to ${count} accepted (the worker mailing meanwhile), ${where}`,
      acceptedS,
      "s",
      null,
      command,
    );
  record(
    bench,
    `mail: worker peak RSS (VmHWM: transmission, acknowledgements and ${count} letters), ${where}`,
    peak,
    "MiB",
    null,
    command,
  );
  record(
    bench,
    `mail: worker peak RSS while sending the letters (sampled), ${where}`,
    peakSending,
    "MiB",
    null,
    command,
  );
  const workerUs = microsEach(cpuWorker === null || cpuWorker0 === null ? null : cpuWorker - cpuWorker0, N);
  if (workerUs !== null)
    record(
      bench,
      `mail: worker CPU per letter (transmission and acknowledgement included), ${where}`,
      workerUs,
      "µs",
      null,
      command,
    );
  const pgUs = microsEach(cpuPg === null || cpuPg0 === null ? null : cpuPg - cpuPg0, N);
  // Every postgres process of the machine: another user's queries on a shared server count too.
  if (pgUs !== null)
    record(
      bench,
      "mail: Postgres CPU per letter (every postgres process on this machine)",
      pgUs,
      "µs",
      null,
      command,
    );
  record(
    bench,
    `mail: the emulator's CPU per letter (this process: Lob's side), ${where}`,
    microsEach((cpuSelf.user + cpuSelf.system) / 1e6, N) ?? Number.NaN,
    "µs",
    null,
    command,
  );
  record(
    bench,
    `mail: letters missing or duplicated at the emulator (of ${count})`,
    ok ? 0 : Math.max(1, Math.abs(N - letters.length) + duplicates),
    "count",
    { under: 1 },
    command,
  );
} finally {
  if (worker && worker.exitCode === null) {
    worker.kill("SIGTERM");
    await new Promise((r) => worker?.once("exit", r));
  }
  await api.close();
  await emulator.close();
}
if (failed) process.exitCode = 1;
