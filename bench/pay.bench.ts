// Issue 5: pay of a 10,000-form cart on Postgres (target under 3 s).
import { BENCH_KEY, benchSchema, stop } from "./support/servers.ts";
import { loadNote, record } from "./support/report.ts";

const schema = "bench_pay";
const db = await benchSchema(schema);
const { admin } = db;
const api = await db.startApi(3905, { SANDBOX_ACK_DELAY_MS: "0" });
const base = "http://127.0.0.1:3905";
const headers = { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" };
const post = async (path: string, body?: unknown) => {
  const r = await fetch(base + path, {
    method: "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
const letters = (n: number): string =>
  (n >= 26 ? letters(Math.floor(n / 26)) : "") + String.fromCharCode(97 + (n % 26));
const payer = (
  await post("/v1/payers", {
    legal_name: "Bench Payer LLC",
    tin: "123456789",
    address_line1: "1 Elm St",
    city: "Austin",
    state: "TX",
    postal_code: "73301",
    contact_name: "Pat Doe",
    contact_email: "pat@example.com",
    contact_phone: "5125550100",
  })
).body["id"] as string;
for (let b = 0; b < 10; b++) {
  const forms = Array.from({ length: 1000 }, (_, i) => {
    const n = b * 1000 + i;
    return {
      form: "1099-NEC",
      tax_year: 2025,
      jsonForm: {
        RecipientDetail: {
          TIN: String(300000000 + n),
          PersonName: { PersonFirstNm: "Jane", PersonLastNm: `Doe${letters(n)}` },
          MailingAddressGrp: {
            USAddress: {
              AddressLine1Txt: "1 Oak",
              CityNm: "Reno",
              StateAbbreviationCd: "NV",
              ZIPCd: "89501",
            },
          },
        },
        NonemployeeCompensationAmt: 1000 + n,
      },
    };
  });
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
