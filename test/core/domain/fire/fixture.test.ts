// fixtures/fire/sample-ty2025.txt is written field by field from Pub 1220 positions by
// fixtures/fire/sample-ty2025.py (not by writeFire); every value below is checked against it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseFire, writeFire } from "../../../../core/domain/fire/index.ts";
import { asInput, ascii, mustParse } from "./helpers.ts";

const bytes = new Uint8Array(
  readFileSync(join(import.meta.dirname, "../../../../fixtures/fire/sample-ty2025.txt")),
);
const r = mustParse(parseFire(bytes));

test("file level: year, test flag, transmitter, counts, notes", () => {
  assert.is(bytes.length, 13 * 752);
  assert.is(r.taxYear, 2025);
  assert.is(r.test, true);
  assert.is(r.priorYear, false);
  assert.is(r.rows, 4);
  assert.equal(r.transmitter, {
    tin: "987654321",
    tcc: "TST01",
    name: "EXAMPLE TRANSMITTER INC",
    name2: null,
    companyName: "EXAMPLE TRANSMITTER INC",
    companyName2: null,
    address: "100 SAMPLE ROAD",
    city: "DOVER",
    state: "DE",
    postalCode: "19901",
    foreign: false,
    contactName: "PAT EXAMPLE",
    contactPhone: "3025550100",
    contactEmail: "pat@example.com",
    vendorIndicator: "I",
    vendor: null,
  });
  assert.equal(
    r.forms.map((f) => [f.record, f.form, f.supported]),
    [
      [3, "1099-NEC", true],
      [4, "1099-NEC", true],
      [8, "1099-R", true],
      [11, "1099-CAP", true],
    ],
  );
  assert.equal(r.notes, []);
});

test("1099-NEC under a Combined Federal/State payer", () => {
  const f = r.forms[0]!;
  assert.is(f.taxYear, 2025);
  assert.is(f.typeOfReturn, "NE");
  assert.is(f.corrected, null);
  assert.equal(f.payer, {
    tin: "123456789",
    tinType: "ein",
    name: "EXAMPLE PAYER LLC",
    name2: null,
    address: "1 MAIN ST",
    city: "SACRAMENTO",
    state: "CA",
    postalCode: "95814",
    country: null,
    foreign: false,
    transferAgent: false,
    phone: "9165550100",
    combinedFederalState: true,
    nameControl: "EXAM",
    lastFiling: false,
    amountCodes: "14",
    stateOrder: ["06"],
  });
  assert.equal(f.recipient, {
    tin: "123450001",
    tinType: "ssn",
    name: "ALEX SAMPLE",
    name2: null,
    address: "22 ELM AVE",
    city: "FRESNO",
    state: "CA",
    postalCode: "937210000",
    country: null,
    foreign: false,
    nameControl: "SAMP",
  });
  assert.is(f.accountNumber, "NEC-0001");
  assert.equal(f.amounts, { NonemployeeCompensationAmt: 150000, FederalIncomeTaxWithheldAmt: 15000 });
  assert.equal(f.amountsByCode, { "1": 150000, "4": 15000 });
  assert.equal(f.indicators, { SecondTINNoticeInd: false, DirectSaleAboveThresholdInd: true });
  assert.equal(f.codes, {});
  assert.equal(f.extra, { SpecialDataEntries: "CA STATE ID 123-4567" });
  assert.equal(f.state, { code: "CA", stateTaxWithheldCents: 5000 });
});

test("second 1099-NEC: business payee, second name line, second TIN notice, office code", () => {
  const f = r.forms[1]!;
  assert.is(f.payer, r.forms[0]!.payer, "forms of one A record share the payer");
  assert.equal(f.recipient.tinType, "ein");
  assert.is(f.recipient.tin, "123450002");
  assert.is(f.recipient.name, "SAMPLE CONSULTING GROUP");
  assert.is(f.recipient.name2, "DBA SAMPLE CO");
  assert.is(f.recipient.address, "9 OAK CT STE 200");
  assert.is(f.recipient.city, "BOSTON");
  assert.is(f.recipient.state, "MA");
  assert.is(f.recipient.postalCode, "02108");
  assert.is(f.recipient.nameControl, null);
  assert.equal(f.amounts, { NonemployeeCompensationAmt: 250050 });
  assert.equal(f.indicators, { SecondTINNoticeInd: true, DirectSaleAboveThresholdInd: false });
  assert.equal(f.extra, { PayerOfficeCode: "OF1" });
  assert.is(f.state, null);
});

test("1099-R: distribution code, indicators, date of payment, state tax without CF/SF", () => {
  const f = r.forms[2]!;
  assert.is(f.payer.combinedFederalState, false);
  assert.is(f.recipient.name, "JORDAN EXAMPLE");
  assert.is(f.accountNumber, "IRA-77");
  assert.equal(f.amounts, {
    GrossDistributionAmt: 1000000,
    TaxableAmt: 800000,
    FederalIncomeTaxWithheldAmt: 160000,
    EmployeeContributionsAmt: 200000,
  });
  assert.equal(f.indicators, {
    TxblAmountNotDeterminedInd: false,
    IRASEPSIMPLEInd: true,
    TotalDistributionInd: true,
    FATCAFilingRequirementInd: false,
  });
  assert.equal(f.codes, { Form1099RDistributionCd: "7", PaymentDt: "2025-03-15" });
  assert.equal(f.state, { code: "NV", stateTaxWithheldCents: 40000 });
});

test("1099-CAP (type P): aggregate amount received under its IRIS name", () => {
  const f = r.forms[3]!;
  assert.is(f.typeOfReturn, "P");
  assert.equal(f.amounts, { AggregateReceivedAmt: 5000000 });
  assert.equal(f.amountsByCode, { "2": 5000000 });
  assert.is(f.recipient.tinType, "ein");
  assert.is(f.recipient.name, "SAMPLE HOLDINGS CORP");
});

test("writeFire reproduces the hand-written file byte for byte", () => {
  const again = writeFire(
    { taxYear: r.taxYear, test: r.test, transmitter: r.transmitter, forms: r.forms.map(asInput) },
    { lineEnding: "crlf" },
  );
  const want = ascii(bytes).split("\r\n");
  const got = ascii(again).split("\r\n");
  for (let i = 0; i < want.length; i++) {
    if (want[i] !== got[i]) {
      const at = [...want[i]!].findIndex((c, k) => got[i]![k] !== c);
      assert.unreachable(
        `record ${i + 1} differs at position ${at + 1}: '${want[i]!.slice(at, at + 20)}' vs '${got[i]?.slice(at, at + 20)}'`,
      );
    }
  }
  assert.is(again.length, bytes.length);
});

test("parse -> write keeps every byte: the parsed forms and framing written back give the same file", () => {
  const again = writeFire({
    taxYear: r.taxYear,
    test: r.test,
    transmitter: r.transmitter,
    forms: r.forms,
    framing: r.framing,
  });
  assert.is(ascii(again), ascii(bytes));
  assert.equal(r.framing, { lineEnding: "crlf", lastTerminated: true, trailer: "" });
});

test.run();
