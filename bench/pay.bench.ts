// Issue 5: pay of a 10,000-form cart on Postgres (target under 3 s).
import { apiCaller, necForm, benchPayer } from "./support/api.ts";
import { benchSchema, stop } from "./support/servers.ts";
import { loadNote, record } from "./support/report.ts";

const schema = "bench_pay";
const db = await benchSchema(schema);
const { admin } = db;
const api = await db.startApi(3905, { SANDBOX_ACK_DELAY_MS: "0" });
const base = "http://127.0.0.1:3905";
const call = apiCaller(base);
const post = (path: string, body?: unknown) => call("POST", path, body);
const payer = (await post("/v1/payers", benchPayer("Bench Payer LLC"))).body["id"] as string;
for (let b = 0; b < 10; b++) {
  const forms = Array.from({ length: 1000 }, (_, i) => necForm(b * 1000 + i));
  const r = await post(`/v1/payers/${payer}/forms`, { addToCart: true, forms });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body).slice(0, 300));
}
const t0 = performance.now();
const paid = await post("/v1/cart/pay");
const ms = performance.now() - t0;
// Issue 6: from pay to every filing accepted, with the worker inside the API process and ack delay 0; since issue 14
// through the IRIS A2A adapter and the in-process IRS emulator (token, multipart intake, XSD validation, status).
let accepted = 0;
const deadline = Date.now() + 120_000;
while (accepted < 10_000 && Date.now() < deadline) {
  accepted = Number(
    (await admin.query(`select count(*)::int as n from ${schema}.filings where status = 'accepted'`)).rows[0]
      .n,
  );
  if (accepted < 10_000) await new Promise((r) => setTimeout(r, 100));
}
const toAccepted = performance.now() - t0;
await stop(api);
await db.close();
console.log(
  `pay of a 10,000-form cart on Postgres: ${ms.toFixed(0)} ms, status ${paid.status}, filed ${String(paid.body["filed"])}, ` +
    `amount ${String(paid.body["amount_charged"])} cents (target < 3000 ms) ${paid.status === 200 && ms < 3000 ? "OK" : "BELOW TARGET"}`,
);
console.log(
  `pay to all 10,000 filings accepted (sandbox through IRIS A2A and the IRS emulator, ack delay 0, one worker, Postgres): ${(toAccepted / 1000).toFixed(1)} s, ` +
    `${accepted} accepted (target < 20 s) ${accepted === 10_000 && toAccepted < 20_000 ? "OK" : "BELOW TARGET"} (${loadNote()})`,
);
record("pay.bench.ts", "pay of a 10,000-form cart, Postgres", ms / 1000, "s", { under: 3 });
record(
  "pay.bench.ts",
  "pay to 10,000 accepted (sandbox, IRIS A2A + emulator)",
  accepted === 10_000 ? toAccepted / 1000 : NaN,
  "s",
  { under: 20 },
);
