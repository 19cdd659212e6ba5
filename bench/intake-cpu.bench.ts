// Issue 19: the CPU one intake row costs in the API's own domain steps, on one core, with no HTTP, no database and
// no framework: parsing the row out of the request's JSON, the catalogue validation, the IRS business rules, the
// recipient TIN's keyed hash and AES-GCM seal, the form's sealed copy and its COPY text. What intake does beyond these
// (HTTP, Koa, Effect, the pg driver, the socket writes, the rest of the garbage collection) only adds to it, so this is
// a lower bound of the API's work per form.
//
// On the embedded default PGlite runs Postgres (compiled to WebAssembly) on the API's own thread: a form's database
// time (intake.bench.ts measures the same rows COPY'd into PGlite with no service in front) and this API time add up
// on that one thread.
import { parsePayerFormsBody, parseRow } from "../core/domain/filing/intake.ts";
import { sealTins } from "../core/domain/filing/filing.ts";
import { canonicalFormCode, validateForm } from "../core/domain/forms/index.ts";
import { checkFiledForm, refusals } from "../core/domain/iris/rules/index.ts";
import { InvalidRequest } from "../core/domain/shared/errors.ts";
import { Tin } from "../core/domain/shared/tin.ts";
import { copyField } from "../adapters/knex/copy.ts";
import { makeTinVault } from "../adapters/system/system.ts";
import { necRows } from "../test/support/forms.ts";
import { loadNote, record } from "./support/report.ts";

const PER_BATCH = 1000;
const ROUNDS = 30;
const WARM_UP = 5;
const PAYER = "00000000-0000-4000-8000-000000000000";
const vault = makeTinVault("bench");
const bodies = Array.from({ length: ROUNDS + WARM_UP }, (_, b) =>
  JSON.stringify({ forms: necRows(PER_BATCH, b * PER_BATCH) }),
);

/**
 * Issue 41: rows with pay and withholding, clean (24% withheld) and warned (withholding above the pay, F1099NEC001:
 * saved with the warning), so that only the warning differs.
 */
const withholding = (warn: boolean) =>
  Array.from({ length: ROUNDS + WARM_UP }, (_, b) =>
    JSON.stringify({
      forms: necRows(PER_BATCH, b * PER_BATCH).map((r) => ({
        ...r,
        jsonForm: warn
          ? { ...r.jsonForm, NonemployeeCompensationAmt: 100, FederalIncomeTaxWithheldAmt: 900 }
          : { ...r.jsonForm, NonemployeeCompensationAmt: 5000, FederalIncomeTaxWithheldAmt: 1200 },
      })),
    }),
  );
const withheldBodies = withholding(false);
const warnedBodies = withholding(true);

let sink = 0;
/** µs per form of the domain steps over `texts`; `warned`: each row must come out with one IRS warning. */
function run(texts: readonly string[], warned: boolean): number {
  let start = 0;
  for (let round = 0; round < ROUNDS + WARM_UP; round++) {
    if (round === WARM_UP) start = performance.now();
    const parsed = parsePayerFormsBody(JSON.parse(texts[round] as string));
    if (parsed instanceof InvalidRequest) throw new Error(parsed.message);
    for (const { raw } of parsed.rows) {
      const row = parseRow(raw, PAYER);
      if ("type" in row) throw new Error(row.message);
      const form = canonicalFormCode(row.form) ?? row.form;
      const v = validateForm(form, row.taxYear, row.jsonForm);
      if (!v.ok) throw new Error(JSON.stringify(v.issues));
      const tin = Tin.fromDigits(v.value.recipient.tin);
      const rules = checkFiledForm(form, {
        taxYear: row.taxYear,
        jsonForm: v.value.jsonForm,
        recipientTin: tin,
        issuer: { phone: "5125550100" },
      });
      if (!rules || refusals(rules, false).length > 0) throw new Error(JSON.stringify(rules?.rejects));
      if (rules.warnings.length > 0 !== warned) throw new Error(JSON.stringify(rules.warnings));
      const hash = vault.hash(tin);
      const sealed = vault.seal(tin);
      const stored = sealTins(v.value.jsonForm, () => sealed.ciphertext);
      const warnings = rules.warnings.length > 0 ? copyField(rules.warnings) : "\\N";
      const line = `${copyField(stored.jsonForm)}\t${copyField(stored.sealed)}\t${warnings}\t${hash}\t${sealed.ciphertext}\n`;
      sink += line.length;
    }
  }
  return ((performance.now() - start) * 1000) / (ROUNDS * PER_BATCH);
}
const perForm = run(bodies, false);
const perWarned = run(warnedBodies, true);
const perWithheld = run(withheldBodies, false);
if (sink === 0) throw new Error("nothing was built");
console.log(
  `intake's domain steps: ${perForm.toFixed(1)} µs a form on one core (${ROUNDS} x ${PER_BATCH} forms: parse, validate, IRS rules, TIN hash and seal, sealed copy, COPY text) (${loadNote()})`,
);
console.log(
  `  with withholding: ${perWithheld.toFixed(1)} µs a form; when the withholding breaks IRS rule F1099NEC001 and the form carries the warning (issue 41): ${perWarned.toFixed(1)} µs`,
);
console.log(
  `  at 8,000 forms/s a form may take 125 µs of a thread in all; on PGlite the database's own time per form shares it`,
);
record(
  "intake-cpu.bench.ts",
  "intake's domain steps per form, one core (a lower bound of the API's work)",
  perForm,
  "µs/form",
  null,
);
record(
  "intake-cpu.bench.ts",
  "intake's domain steps per form that warns (issue 41) / the same boxes clean, one core",
  perWarned / perWithheld,
  "x",
  null,
);
