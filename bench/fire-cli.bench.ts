// The offline FIRE tools on a ~12 MB file (the FIRE size limit): `npm run cli -- fire validate` and `fire to-iris`,
// timed end to end (process start included) and as reported by the command itself. Every form Pub 1220 lays out
// appears (two thirds 1099-NEC), 40 payers, every field valid for IRIS, so to-iris converts all of it.
// Run: npx tsx bench/fire-cli.bench.ts [--nec-only] [--keep]  (target: under 5 s each)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FORM_SPECS, writeFire, type FireFormInput } from "../core/domain/fire/index.ts";
import { irsValidInput, payer, recipient, transmitter } from "../test/core/domain/fire/helpers.ts";
import { record } from "./support/report.ts";

const TARGET_BYTES = 12 * 1024 * 1024 - 4096;
const alpha = (i: number): string =>
  (i >= 26 ? alpha(Math.floor(i / 26) - 1) : "") + String.fromCharCode(65 + (i % 26));

const payers = Array.from({ length: 40 }, (_, i) =>
  payer({
    tin: String(100000000 + i * 7919).slice(0, 9),
    name: `PAYER NUMBER ${alpha(i)} LLC`,
    combinedFederalState: i % 4 === 0,
  }),
);
const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
// --nec-only: the commonest real file (one form type); the default mixes every form Pub 1220 lays out (worst case:
// 32 catalogue validators to compile).
const mixed = !process.argv.includes("--nec-only");
const records = Math.floor(TARGET_BYTES / 752) - 200;
const forms: FireFormInput[] = [];
for (let n = 0; forms.length < records; n++) {
  const spec = n % 3 !== 2 || !mixed ? nec : FORM_SPECS[n % FORM_SPECS.length]!;
  const p = payers[n % payers.length]!;
  // Every field filled and the IRS business rules kept (monthly amounts add up to their total, and so on), so
  // `fire validate` finds nothing to refuse. The 1099-NEC amounts vary per form; the other forms' amounts are
  // left as built, since their rules tie one amount to others.
  const base = irsValidInput(
    spec,
    spec.tail.some((t) => t.kind === "cfsf") ? p : { ...p, combinedFederalState: false },
  );
  const amountsByCode =
    spec === nec
      ? Object.fromEntries(Object.entries(base.amountsByCode ?? {}).map(([c, v]) => [c, v + (n % 90000)]))
      : base.amountsByCode;
  forms.push({
    ...base,
    amountsByCode,
    accountNumber: `ACC${n}`,
    recipient: recipient({
      tin: String(200000000 + n).slice(0, 9),
      name: `PAT ${alpha(n % 5000)} SAMPLE`,
      nameControl: "SAMP",
      address: `${n % 9999} MAPLE STREET APT ${n % 50}`,
      city: "SPRINGFIELD",
      state: "OH",
      postalCode: "45501",
    }),
  });
}
forms.sort((x, y) => (x.payer.tin + x.form).localeCompare(y.payer.tin + y.form));
const write = () =>
  writeFire({ taxYear: 2025, test: false, transmitter: { ...transmitter, tcc: "BENCH" }, forms });
let bytes = write();
// A and C records, K records of CF/SF payers: trim forms until the file is just under the limit.
while (bytes.length > TARGET_BYTES) {
  forms.splice(0, Math.ceil((bytes.length - TARGET_BYTES) / 752) + 1);
  bytes = write();
}

const dir = mkdtempSync(join(tmpdir(), "fire-cli-bench-"));
const file = join(dir, "fire.txt");
writeFileSync(file, bytes);
console.log(
  `file: ${(bytes.length / 1e6).toFixed(1)} MB (${(bytes.length / 1024 / 1024).toFixed(2)} MiB), ${forms.length} B records, ${new Set(forms.map((f) => f.form)).size} form types, ${payers.length} payers`,
);

function run(args: string[]): {
  wall: number;
  reported: number;
  cpu: number;
  status: number | null;
  out: string;
} {
  const t0 = performance.now();
  const r = spawnSync("npm", ["run", "-s", "cli", "--", ...args], {
    cwd: join(import.meta.dirname, ".."),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = performance.now() - t0;
  const out = `${r.stdout}${r.stderr}`;
  const reported = Number(/"ms":(\d+)/.exec(out)?.[1] ?? NaN);
  const cpu = Number(/"cpu_ms":(\d+)/.exec(out)?.[1] ?? NaN);
  return { wall, reported, cpu, status: r.status, out };
}

try {
  const v = run(["fire", "validate", file, "--json"]);
  if (v.status !== 0) throw new Error(`validate failed:\n${v.out.slice(0, 2000)}`);
  console.log(
    `fire validate: ${(v.wall / 1000).toFixed(2)} s end to end (process start included), ${(v.reported / 1000).toFixed(2)} s in the command (${(v.cpu / 1000).toFixed(2)} s CPU)`,
  );
  const out = join(dir, "iris");
  const c = run(["fire", "to-iris", file, "--tax-year", "2025", "--out", out, "--json"]);
  if (c.status !== 0) throw new Error(`to-iris failed:\n${c.out.slice(0, 2000)}`);
  const xml = readdirSync(out).filter((f) => f.endsWith(".xml"));
  const size = xml.reduce((n, f) => n + statSync(join(out, f)).size, 0);
  console.log(
    `fire to-iris: ${(c.wall / 1000).toFixed(2)} s end to end (process start included), ${(c.reported / 1000).toFixed(2)} s in the command (${(c.cpu / 1000).toFixed(2)} s CPU); ${xml.length} XML files, ${(size / 1e6).toFixed(1)} MB`,
  );
  record("fire-cli.bench.ts", "fire validate, 12 MB (CLI, end to end)", v.wall / 1000, "s", { under: 5 });
  record("fire-cli.bench.ts", "fire to-iris, 12 MB (CLI, end to end)", c.wall / 1000, "s", { under: 5 });
  console.log(
    `load average during the run: ${(await import("node:os"))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${(await import("node:os")).cpus().length} cores`,
  );
} finally {
  if (!process.argv.includes("--keep")) rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}
