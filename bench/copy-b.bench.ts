// Copy B rendering benchmark (standalone): npx tsx bench/copy-b.bench.ts [count]
// Renders 1,000 1099-NEC statements (distinct names, addresses and amounts) as one bundle through the pdfkit
// adapter, compression on, and prints the throughput. One warm-up bundle first so the JIT and caches settle.
import { hrtime } from "node:process";
import * as Effect from "effect/Effect";
import { makePdfkitRenderer } from "../adapters/pdfkit/copy-b.pdfkit.ts";
import { composeCopyB } from "../core/domain/statements/build.ts";
import { maskTin, type CopyBStatement } from "../core/domain/statements/copy-b.ts";
import { record } from "./support/report.ts";

const COUNT = Number(process.argv[2] ?? 1000);
const STREETS = ["Maple Street", "Oak Avenue", "Industrial Parkway", "Sunset Boulevard", "Elm Court"];
const CITIES = ["Springfield, IL 62704", "Oak Park, IL 60302", "Austin, TX 78701", "Portland, OR 97205"];

function statement(i: number): CopyBStatement {
  const amount = 600 + ((i * 7919) % 90_000);
  return composeCopyB({
    form: "1099-NEC",
    taxYear: 2025,
    corrected: i % 50 === 0,
    jsonForm: {
      NonemployeeCompensationAmt: amount,
      ...(i % 7 === 0 ? { DirectSaleAboveThresholdInd: true } : {}),
      FederalIncomeTaxWithheldAmt: Math.floor(amount / 10),
      StateLocalTaxGrp: [
        {
          StateAbbreviationCd: "IL",
          StateTaxGrp: {
            StateIdNum: "1234-5678",
            StateTaxWithheldAmt: Math.floor(amount / 20),
            StateIncomeAmt: amount,
          },
        },
      ],
    },
    payer: {
      name: "Acme Widgets LLC",
      addressLines: ["1200 Industrial Parkway, Suite 400", "Springfield, IL 62704"],
      phone: "(217) 555-0142",
      tin: "98-7654321",
    },
    recipient: {
      name: `Contractor ${i} ${i % 3 === 0 ? "Consulting Services Incorporated" : "Rivera"}`,
      addressLines: [`${100 + i} ${STREETS[i % STREETS.length]}`, CITIES[i % CITIES.length] ?? ""],
      tinMasked: maskTin(String(1000 + (i % 9000)), "ssn"),
    },
    accountNumber: `ACCT-${String(i).padStart(6, "0")}`,
    filingId: `fil_${String(i).padStart(24, "0")}`,
    receiptId: `2025-${String(i).padStart(8, "0")}`,
  });
}

const statements = Array.from({ length: COUNT }, (_, i) => statement(i));
const renderer = makePdfkitRenderer();
await Effect.runPromise(renderer.render(statements.slice(0, 100)));

const t0 = hrtime.bigint();
const bytes = await Effect.runPromise(renderer.render(statements));
const seconds = Number(hrtime.bigint() - t0) / 1e9;
record("copy-b.bench.ts", "Copy B PDF render", COUNT / seconds, "pages/s", { atLeast: 200 });
console.log(
  `copy-b: ${Math.round(COUNT / seconds)} pages/s (${COUNT} pages in ${(seconds * 1000).toFixed(0)} ms, ${(bytes.byteLength / 1024).toFixed(0)} KiB, ${(bytes.byteLength / COUNT / 1024).toFixed(1)} KiB/page)`,
);
