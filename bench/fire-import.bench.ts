// Issues 4 and 19: end-to-end import of a generated ~12 MB Pub 1220 file over HTTP into Postgres (target under 1.5 s,
// API peak RSS under 400 MB), into an API warmed up first by a 3,000-form import as the intake bench warms up; the first
// import of a freshly started API is reported beside it.
import { writeFire, type FireFormInput } from "../core/domain/fire/index.ts";
import { payer as firePayer, recipient as fireRecipient } from "../test/core/domain/fire/helpers.ts";
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { copyText } from "../adapters/knex/copy.ts";
import { BENCH_KEY, benchSchema, stop } from "./support/servers.ts";
import { loadNote, record } from "./support/report.ts";
import { clearPayer, payerFilings, payerQuery } from "./support/payer-rows.ts";

const schema = "bench_fire_import";
const db = await benchSchema(schema);

const PAYER_TIN = "123456789";
const alpha = (i: number): string =>
  (i >= 26 ? alpha(Math.floor(i / 26)) : "") + String.fromCharCode(65 + (i % 26));

/** A Pub 1220 file of `count` 1099-NEC forms for the payer `payerTin`, recipients' TINs from `tinBase`. */
function fireFile(payerTin: string, tinBase: number, count: number): Uint8Array {
  const payer = firePayer({ tin: payerTin });
  const forms: FireFormInput[] = [];
  for (let i = 0; i < count; i++) {
    forms.push({
      form: "1099-NEC",
      corrected: null,
      payer,
      accountNumber: `A${i}`,
      recipient: fireRecipient({
        tin: String(tinBase + i),
        name: `ALEX SAMPLE${alpha(i)}`,
        postalCode: "93721",
      }),
      amounts: { NonemployeeCompensationAmt: 10_000 + i },
      indicators: {},
      codes: {},
      extra: {},
      state: null,
    });
  }
  return writeFire(
    {
      taxYear: 2025,
      test: false,
      forms,
      transmitter: {
        tin: "987654321",
        tcc: "TST01",
        name: "EXAMPLE TRANSMITTER",
        companyName: "EXAMPLE TRANSMITTER",
        address: "1 ROAD",
        city: "DOVER",
        state: "DE",
        postalCode: "19901",
        contactName: "PAT",
        contactPhone: "3025550100",
      },
    },
    { lineEnding: "crlf" },
  );
}

// About 12 MB: 752 bytes a B record, four 750-byte T, A, C and F records around them.
const FORMS = Math.ceil((12 * 1024 * 1024 - 750 * 4) / 752) - 4;
const file = fireFile(PAYER_TIN, 500_000_000, FORMS);
// Warm-up, as in the intake bench (validator compilation, pool connections, JIT): 3,000 forms on a payer of its own.
const warmFile = fireFile(PAYER_TIN, 600_000_000, 3_000);

const auth = { authorization: `Bearer ${BENCH_KEY}` };
const newPayer = async (port: number, name: string): Promise<string> => {
  const res = await fetch(`http://127.0.0.1:${port}/v1/payers`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name, tin: PAYER_TIN }),
  });
  return ((await res.json()) as { id: string }).id;
};
const importFire = async (port: number, payerId: string, body: Uint8Array) => {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/v1/payers/${payerId}/fire`, {
    method: "POST",
    headers: auth,
    body,
  });
  const json = (await res.json()) as { forms_imported?: number; error?: unknown };
  return { status: res.status, body: json, seconds: (performance.now() - t0) / 1000 };
};

const api = await db.startApi(3904);
const benchPayer = await newPayer(3904, "Example Payer LLC");
const warm = await importFire(3904, await newPayer(3904, "Warm Up LLC"), warmFile);
if (warm.status !== 200)
  throw new Error(`warm-up: ${warm.status} ${JSON.stringify(warm.body).slice(0, 300)}`);
const { status, body, seconds } = await importFire(3904, benchPayer, file);
// The API process's peak resident set (Linux: VmHWM), start-up and the import included.
const peakMb = (() => {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.pid}/status`, "utf8"))?.[1]) / 1024;
  } catch {
    return NaN;
  }
})();
await stop(api);

// The same file into a freshly started API with no warm-up (a third payer; JIT and heap growth included): reported
// for information, it is what the first large import after a deploy takes.
const coldApi = await db.startApi(3904);
const cold = await importFire(3904, await newPayer(3904, "Cold Start LLC"), file);
await stop(coldApi);

// The database side alone: the import's own recipients and filings rows deleted and written again in ONE transaction
// (an import is all or nothing), by COPY straight into the real tables (every index and key; no ON CONFLICT): the
// least time Postgres needs on this machine for what the import writes, with no parsing, validation or API work.
const dbFloor = await (async (): Promise<number> => {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const q = payerQuery((sql, params) => client.query(sql, params), benchPayer);
    const recipients = await q(`select * from ${schema}.recipients where payer_id = $1`);
    const { forms: filings, states } = await payerFilings(q, `${schema}.`);
    if (filings.length === 0) return NaN;
    await clearPayer(q, `${schema}.`);
    const copy = async (table: string, rows: Record<string, unknown>[]) => {
      const cols = Object.keys(rows[0] ?? {});
      const body = copyText(rows.map((r) => cols.map((c) => r[c])));
      await pipeline(
        Readable.from([body]),
        client.query(copyFrom(`copy ${schema}.${table} (${cols.join(", ")}) from stdin`)),
      );
    };
    const start = performance.now();
    await client.query("begin");
    await copy("recipients", recipients);
    await copy("filing_forms", filings);
    await copy("filing_states", states);
    await client.query("commit");
    return (performance.now() - start) / 1000;
  } finally {
    await client.end();
  }
})();
await db.close();
console.log(
  `  the same rows COPY'd straight into the real tables in one transaction (database side alone): ${dbFloor.toFixed(2)} s`,
);
console.log(
  `FIRE import over HTTP into Postgres: ${(file.length / 1024 / 1024).toFixed(1)} MB, ${FORMS} forms, status ${status}, ` +
    `${body.forms_imported ?? 0} imported in ${seconds.toFixed(2)} s (target < 1.5 s) ${status === 200 && seconds < 1.5 ? "OK" : "BELOW TARGET"}, ` +
    `API peak RSS ${peakMb.toFixed(0)} MB (target < 400 MB) (${loadNote()})`,
);
console.log(
  `  the same file into a freshly started API, no warm-up: status ${cold.status}, ${cold.seconds.toFixed(2)} s`,
);
record("fire-import.bench.ts", "FIRE import of 12 MB over HTTP, Postgres", seconds, "s", { under: 1.5 });
record("fire-import.bench.ts", "FIRE import, API peak RSS", peakMb, "MB", { under: 400 });
record(
  "fire-import.bench.ts",
  "FIRE import, first request of a fresh API (no warm-up)",
  cold.seconds,
  "s",
  null,
);
record(
  "fire-import.bench.ts",
  "FIRE import's rows COPY'd raw in one transaction (database floor)",
  dbFloor,
  "s",
  null,
);
if (status !== 200) console.log(JSON.stringify(body).slice(0, 500));
