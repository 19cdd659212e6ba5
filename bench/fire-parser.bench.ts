// FIRE (Pub 1220) parser throughput: writes a ~12 MB file (1099-NEC plus mixed forms) with writeFire,
// parses it several times and prints `fire parser: X MB/s (N records)`. Run: npx tsx bench/fire-parser.bench.ts
import {
  FORM_SPECS,
  indicatorNames,
  parseFire,
  writeFire,
  type FireFormInput,
  type FirePayer,
} from "../core/domain/fire/index.ts";
import { loadNote, record } from "./support/report.ts";

const TARGET_BYTES = 11_900_000;
const RUNS = 7;

function payer(i: number, combined: boolean): FirePayer {
  return {
    tin: String(100000000 + i * 7919).slice(0, 9),
    tinType: "ein",
    name: `PAYER NUMBER ${i} LLC`,
    name2: null,
    address: `${100 + i} COMMERCE BLVD`,
    city: "COLUMBUS",
    state: "OH",
    postalCode: "43215",
    country: null,
    foreign: false,
    transferAgent: false,
    phone: "6145550100",
    combinedFederalState: combined,
    nameControl: null,
    lastFiling: false,
  };
}

function form(n: number, spec: (typeof FORM_SPECS)[number], p: FirePayer): FireFormInput {
  const amounts: Record<string, number> = {};
  let k = 0;
  for (const def of Object.values(spec.amounts)) {
    if (def.iris !== null && k++ < 3) amounts[def.iris] = 1000 + ((n * 37) % 900000);
  }
  const indicators: Record<string, boolean> = {};
  for (const name of indicatorNames(spec)) indicators[name] = false;
  return {
    form: spec.form,
    corrected: null,
    payer: p,
    recipient: {
      tin: String(200000000 + n).slice(0, 9),
      tinType: "ssn",
      name: `RECIPIENT ${n} SURNAME`,
      name2: n % 5 === 0 ? "C/O SOMEONE ELSE" : null,
      address: `${n % 9999} MAPLE STREET APT ${n % 50}`,
      city: "SPRINGFIELD",
      state: "OH",
      postalCode: "45501",
      country: null,
      foreign: false,
      nameControl: "SURN",
    },
    accountNumber: `ACC${n}`,
    amounts,
    indicators,
    codes: {},
    extra: {},
    state:
      p.combinedFederalState && spec.tail.some((t) => t.kind === "cfsf")
        ? { code: "OH", stateTaxWithheldCents: 100 + (n % 1000) }
        : null,
  };
}

const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
const records = Math.floor(TARGET_BYTES / 752);
const forms: FireFormInput[] = [];
const payers = Array.from({ length: 40 }, (_, i) => payer(i + 1, i % 4 === 0));
for (let n = 0; forms.length < records - 200; n++) {
  // Two thirds 1099-NEC, the rest cycling through every other supported form.
  const spec = n % 3 !== 2 ? nec : FORM_SPECS[n % FORM_SPECS.length]!;
  forms.push(form(n, spec, payers[n % payers.length]!));
}
// Group by payer and form so the file has realistic A/C groups.
forms.sort((x, y) => (x.payer.tin + x.form).localeCompare(y.payer.tin + y.form));

const bytes = writeFire({
  taxYear: 2025,
  test: false,
  transmitter: {
    tin: "987654321",
    tcc: "BENCH",
    name: "BENCH TRANSMITTER",
    companyName: "BENCH TRANSMITTER",
    address: "1 BENCH WAY",
    city: "DOVER",
    state: "DE",
    postalCode: "19901",
    contactName: "BENCH CONTACT",
    contactPhone: "3025550100",
  },
  forms,
});

let last = parseFire(bytes);
if (!last.ok) {
  console.error("benchmark file did not parse:", last.problems.slice(0, 5));
  process.exit(1);
}
const recordCount = Math.round(bytes.length / 752);
const times: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const t0 = performance.now();
  last = parseFire(bytes);
  times.push(performance.now() - t0);
}
times.sort((x, y) => x - y);
const median = times[Math.floor(times.length / 2)]!;
const mb = bytes.length / 1e6;
console.log(
  `file: ${mb.toFixed(1)} MB, ${recordCount} records, ${last.ok ? last.forms.length : 0} forms; runs (ms): ${times.map((t) => t.toFixed(1)).join(", ")}`,
);
console.log(
  `fire parser: ${(mb / (median / 1000)).toFixed(0)} MB/s (${recordCount} records) (${loadNote()})`,
);
record("fire-parser.bench.ts", "FIRE parser (12 MB file)", mb / (median / 1000), "MB/s", null);
