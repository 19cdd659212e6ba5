// Issue 19: two API processes and two worker processes on one Postgres.
// - Intake throughput over one API process, then over two (the same batches, 4 in flight per process).
// - Every form of both runs is in the cart; one pay; the two workers race for the transmission and the
//   acknowledgements (sandbox, IRIS A2A and the IRS emulator, ack delay 0). Then: every filing accepted, exactly one
//   receipt per filing, one transmission per planned transmission, and no event written twice.
import { spawn, type ChildProcess } from "node:child_process";
import { apiCaller, headers, necForm, benchPayer } from "./support/api.ts";
import { benchSchema, root, stop } from "./support/servers.ts";
import { loadNote, record } from "./support/report.ts";

const BATCHES = Number(process.env["MULTI_BATCHES"] ?? 10);
const PER_BATCH = 1000;
const IN_FLIGHT_PER_API = 4;
const schema = "bench_multi";
const db = await benchSchema(schema);
const { admin } = db;
const bench = "multi-process.bench.ts";
const env = { RUN_WORKER: "false", SANDBOX_ACK_DELAY_MS: "0" };
const apis = [await db.startApi(3931, env), await db.startApi(3932, env)];
const workerEnv = {
  ...process.env,
  DATABASE_URL: db.url,
  DB_SCHEMA: schema,
  TIN_ENCRYPTION_KEY: "bench",
  SANDBOX_ACK_DELAY_MS: "0",
  LOG_LEVEL: "silent",
};
const workers: ChildProcess[] = [0, 1].map(() =>
  spawn(process.execPath, ["--import", "tsx", "hosts/worker/main.ts"], {
    cwd: root,
    env: workerEnv,
    stdio: ["ignore", "ignore", "inherit"],
  }),
);
const call = (port: number, method: string, path: string, body?: unknown) =>
  apiCaller(`http://127.0.0.1:${port}`)(method, path, body);
const batchBody = (b: number) =>
  JSON.stringify({
    addToCart: true,
    forms: Array.from({ length: PER_BATCH }, (_, i) => necForm(b * PER_BATCH + i)),
  });

/** Posts batches [from, from + count) through the given API ports, IN_FLIGHT_PER_API at a time on each: forms/s. */
async function intake(payer: string, ports: readonly number[], from: number, count: number): Promise<number> {
  const bodies = Array.from({ length: count }, (_, i) => batchBody(from + i));
  let next = 0;
  let created = 0;
  const t0 = performance.now();
  await Promise.all(
    ports.flatMap((port) =>
      Array.from({ length: IN_FLIGHT_PER_API }, async () => {
        for (let b = next++; b < count; b = next++) {
          const r = await fetch(`http://127.0.0.1:${port}/v1/payers/${payer}/forms`, {
            method: "POST",
            headers,
            body: bodies[b],
          });
          const body = (await r.json()) as { created?: number };
          if (r.status !== 201)
            throw new Error(`intake via ${port}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
          created += body.created ?? 0;
        }
      }),
    ),
  );
  return created / ((performance.now() - t0) / 1000);
}

try {
  const payer = (await call(3931, "POST", "/v1/payers", benchPayer("Two Process LLC"))).body["id"] as string;
  await intake(payer, [3931, 3932], 1000, 2); // warm-up of both processes (validators, pools)
  const one = await intake(payer, [3931], 0, BATCHES);
  const two = await intake(payer, [3931, 3932], BATCHES, BATCHES);
  console.log(
    `intake, ${BATCHES} x ${PER_BATCH} forms each: one API process ${one.toFixed(0)} forms/s, two API processes ${two.toFixed(0)} forms/s ` +
      `(x${(two / one).toFixed(2)}) (${loadNote()})`,
  );
  record(bench, "intake over one API process (4 in flight)", one, "forms/s", null);
  record(bench, "intake over two API processes (4 in flight each)", two, "forms/s", null);

  const total = (BATCHES * 2 + 2) * PER_BATCH;
  const t0 = performance.now();
  const paid = await call(3932, "POST", "/v1/cart/pay");
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body).slice(0, 300)}`);
  let accepted = 0;
  const deadline = Date.now() + 300_000;
  while (accepted < total && Date.now() < deadline) {
    accepted = Number(
      (await admin.query(`select count(*)::int as n from ${schema}.filings where status = 'accepted'`))
        .rows[0].n,
    );
    if (accepted < total) await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 2000)); // let a duplicate, if any, land
  const q = async (sql: string) => Number((await admin.query(sql)).rows[0].n);
  const noReceipt = await q(`select count(*)::int as n from ${schema}.filings where receipt_id is null`);
  const transmissions = await q(`select count(distinct transmission_id)::int as n from ${schema}.filings`);
  const receipts = await q(`select count(distinct receipt_id)::int as n from ${schema}.filings`);
  const duplicateEvents =
    await q(`select count(*)::int as n from (select type, data->>'id' from ${schema}.events
    where type like 'filing.%' group by 1, 2 having count(*) > 1) d`);
  const paidEvents = await q(`select count(*)::int as n from ${schema}.events where type = 'cart.paid'`);
  const expectedTransmissions = Math.ceil(total / 20_000);
  const ok =
    accepted === total &&
    noReceipt === 0 &&
    transmissions === expectedTransmissions &&
    receipts === expectedTransmissions &&
    duplicateEvents === 0 &&
    paidEvents === 1;
  console.log(
    `two API processes + two workers, ${total} forms paid: ${accepted} accepted in ${seconds.toFixed(1)} s; transmissions ${transmissions} ` +
      `(planned ${expectedTransmissions}), receipts ${receipts}, filings without a receipt ${noReceipt}, filing events written twice ${duplicateEvents}, ` +
      `cart.paid events ${paidEvents} ${ok ? "OK" : "DUPLICATE OR MISSING"} (${loadNote()})`,
  );
  record(
    bench,
    `two APIs + two workers: ${total.toLocaleString("en-US")} paid to accepted`,
    accepted === total ? seconds : NaN,
    "s",
    null,
  );
  record(bench, "two APIs + two workers: duplicate transmissions or events", ok ? 0 : 1, "count", {
    under: 1,
  });
  if (!ok) process.exitCode = 1;
} finally {
  for (const w of workers)
    if (w.exitCode === null) {
      w.kill("SIGTERM");
      await new Promise((r) => w.once("exit", r));
    }
  for (const a of apis) await stop(a);
  await db.close();
}
