// EFW2 / EFW2C: files built from canonical W-2s read back record by record, totals equal to the W-3's, and
// parse -> write is byte-identical.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  EFW2C_LAYOUTS,
  EFW2_LAYOUTS,
  buildEfw2,
  buildEfw2c,
  checkEfw2,
  parseEfw2,
  w3Totals,
  writeEfw2,
  type Efw2Input,
} from "../../../../core/domain/efw2/index.ts";
import { validateForm } from "../../../../core/domain/forms/index.ts";
import { w2Form, w2cForm, w2cOptionalForm } from "../../../support/w2.ts";

function stored(form: Record<string, unknown>, code = "W-2"): Record<string, unknown> {
  const v = validateForm(code, 2025, form);
  if (!v.ok) throw new Error(JSON.stringify(v.issues));
  return v.value.jsonForm;
}

const submitter = {
  ein: "000000001",
  userId: "SBXUSER1",
  name: "Filing Service Inc",
  address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "73301", country: "US" },
  contactName: "Pat Doe",
  contactPhone: "512-555-0100",
  contactEmail: "ops@example.com",
};
const employer = {
  ein: "123450033",
  name: "Wire Payer LLC",
  address: {
    line1: "1 Elm St",
    line2: "Suite 5",
    city: "Austin",
    state: "TX",
    postalCode: "73301-1234",
    country: "US",
  },
};

function input(forms: Record<string, unknown>[]): Efw2Input {
  return {
    taxYear: 2025,
    submitter,
    employers: [
      { employer, employees: forms.map((jsonForm, i) => ({ filingId: `fil_${String(i)}`, jsonForm })) },
    ],
  };
}

test("every layout fills its record exactly", () => {
  for (const l of EFW2_LAYOUTS.values())
    assert.is(
      l.fields.reduce((n, f) => n + f.length, 0),
      512,
      l.id,
    );
  for (const l of EFW2C_LAYOUTS.values())
    assert.is(
      l.fields.reduce((n, f) => n + f.length, 0),
      1024,
      l.id,
    );
  const rw = EFW2_LAYOUTS.get("RW");
  assert.is(rw?.byName.get("ssn")?.start, 3);
  assert.is(rw?.byName.get("wages")?.start, 188);
  assert.is(rw?.byName.get("socialSecurityTax")?.start, 221);
  assert.is(rw?.byName.get("code_DD")?.start, 463);
  assert.is(rw?.byName.get("retirementPlan")?.start, 488);
  const rt = EFW2_LAYOUTS.get("RT");
  assert.is(rt?.byName.get("code_DD")?.start, 295);
  assert.is(rt?.byName.get("code_C")?.start, 310);
  assert.is(rt?.byName.get("code_FF")?.start, 400);
  const re = EFW2_LAYOUTS.get("RE");
  assert.is(re?.byName.get("employmentCode")?.start, 219);
  assert.is(re?.byName.get("contactEmail")?.start, 279);
  assert.is(EFW2_LAYOUTS.get("RA")?.byName.get("contactEmail")?.start, 446);
});

// RO / RU positions as TimeTrex's EFW2 writer (aydancoskun/timetrex-community-edition,
// classes/GovernmentForms/country/us/w2.class.php, _compileRO / _compileRU) and neogov's pages W2_EFW2_RECORD_RO /
// W2_EFW2_RECORD_RU quote publication 42-007. Code II (144-154 / 190-204) has no second source yet.
test("RO and RU positions match the public EFW2 writers", () => {
  const ro = EFW2_LAYOUTS.get("RO");
  const at = (l: typeof ro, name: string) => [l?.byName.get(name)?.start, l?.byName.get(name)?.length];
  assert.equal(at(ro, "allocatedTips"), [12, 11]);
  assert.equal(at(ro, "uncollectedTaxOnTips"), [23, 11]);
  assert.equal(at(ro, "code_Z"), [89, 11]);
  assert.equal(at(ro, "code_EE"), [111, 11]);
  assert.equal(at(ro, "code_GG"), [122, 11]);
  assert.equal(at(ro, "code_HH"), [133, 11]);
  assert.equal(at(ro, "code_II"), [144, 11]);
  assert.equal(at(ro, "prWages"), [275, 11]);
  assert.equal(at(ro, "prRetirement"), [341, 11]);
  assert.equal(at(ro, "territoryWages"), [363, 11]);
  assert.equal(at(ro, "territoryTax"), [374, 11]);
  const ru = EFW2_LAYOUTS.get("RU");
  assert.equal(at(ru, "roCount"), [3, 7]);
  assert.equal(at(ru, "allocatedTips"), [10, 15]);
  assert.equal(at(ru, "code_N"), [100, 15]);
  assert.equal(at(ru, "code_Z"), [115, 15]);
  assert.equal(at(ru, "code_EE"), [145, 15]);
  assert.equal(at(ru, "code_HH"), [175, 15]);
  assert.equal(at(ru, "prWages"), [355, 15]);
  assert.equal(at(ru, "territoryTax"), [475, 15]);
});

// EFW2C positions as three public writers quote publication 42-014: the Oracle E-Business Suite payroll package
// (ginnisingh98/Views-Tables, PACKAGE_BODIES/PAY_US_MMRF2_W2C_FORMAT_RECORD.sql), a C# EFW2C library
// (HaithamAyyad/t, EFW2C/RecordEFW2C/Records/*: 0-based positions, +1 here) and a Go writer's TY2024 tables; RCE
// 44-177 also as Pennsylvania's "CORRECTED - PA W-2 Wage Records (EFW2C)" page has them.
test("EFW2C positions match the public EFW2C writers", () => {
  const get = (id: string) => EFW2C_LAYOUTS.get(id);
  const at = (id: string, name: string) => [
    get(id)?.byName.get(name)?.start,
    get(id)?.byName.get(name)?.length,
  ];
  assert.equal(at("RCA", "userId"), [13, 8]);
  assert.equal(at("RCA", "softwareCode"), [30, 2]);
  assert.equal(at("RCA", "companyName"), [32, 57]);
  assert.equal(at("RCA", "companyForeignState"), [172, 23]);
  assert.equal(at("RCA", "companyCountry"), [210, 2]);
  assert.equal(at("RCA", "contactName"), [212, 27]);
  assert.equal(at("RCA", "contactEmail"), [262, 40]);
  assert.equal(at("RCA", "contactFax"), [305, 10]);
  assert.equal(at("RCA", "preparerCode"), [316, 1]);
  assert.equal(at("RCA", "resubIndicator"), [317, 1]);
  assert.equal(at("RCA", "resubWfid"), [318, 6]);
  assert.equal(at("RCE", "origEin"), [8, 9]);
  assert.equal(at("RCE", "ein"), [17, 9]);
  assert.equal(at("RCE", "establishmentNumber"), [40, 4]);
  assert.equal(at("RCE", "employerName"), [44, 57]);
  assert.equal(at("RCE", "employerZip"), [169, 5]);
  assert.equal(at("RCE", "employerForeignState"), [182, 23]);
  assert.equal(at("RCE", "employmentCode"), [223, 1]);
  assert.equal(at("RCE", "thirdPartySickPay"), [225, 1]);
  assert.equal(at("RCE", "kindOfEmployer"), [227, 1]);
  assert.equal(at("RCE", "contactName"), [228, 27]);
  assert.equal(at("RCE", "contactEmail"), [285, 40]);
  assert.equal(at("RCW", "origSsn"), [4, 9]);
  assert.equal(at("RCW", "ssn"), [13, 9]);
  assert.equal(at("RCW", "firstName"), [72, 15]);
  assert.equal(at("RCW", "employeeForeignState"), [204, 23]);
  assert.equal(at("RCW", "employeeCountry"), [242, 2]);
  assert.equal(at("RCW", "orig_wages"), [244, 11]);
  assert.equal(at("RCW", "wages"), [255, 11]);
  assert.equal(at("RCW", "orig_socialSecurityTips"), [376, 11]);
  assert.equal(at("RCW", "orig_dependentCare"), [420, 11]);
  assert.equal(at("RCW", "orig_code_H"), [530, 11]);
  assert.equal(at("RCW", "orig_nonqualified457"), [596, 11]);
  assert.equal(at("RCW", "orig_code_W"), [618, 11]);
  assert.equal(at("RCW", "orig_code_Q"), [662, 11]);
  assert.equal(at("RCW", "orig_code_C"), [706, 11]);
  assert.equal(at("RCW", "code_BB"), [805, 11]);
  assert.equal(at("RCW", "orig_code_DD"), [816, 11]);
  assert.equal(at("RCW", "code_FF"), [849, 11]);
  assert.equal(at("RCW", "orig_statutoryEmployee"), [1003, 1]);
  assert.equal(at("RCW", "thirdPartySickPay"), [1008, 1]);
  assert.equal(at("RCO", "orig_allocatedTips"), [13, 11]);
  assert.equal(at("RCO", "orig_code_Z"), [167, 11]);
  assert.equal(at("RCO", "orig_code_EE"), [211, 11]);
  assert.equal(at("RCO", "code_HH"), [266, 11]);
  assert.equal(at("RCO", "orig_code_II"), [277, 11]);
  assert.equal(at("RCS", "origTaxingEntityCode"), [6, 5]);
  assert.equal(at("RCS", "origSsn"), [16, 9]);
  assert.equal(at("RCS", "origFirstName"), [34, 15]);
  assert.equal(at("RCS", "employeeLocationAddress"), [134, 22]);
  assert.equal(at("RCS", "employeeZipExtension"), [207, 4]);
  assert.equal(at("RCS", "incomeTaxStateCode"), [396, 2]);
  assert.equal(at("RCS", "orig_stateTaxableWages"), [398, 11]);
  assert.equal(at("RCS", "stateIncomeTax"), [431, 11]);
  assert.equal(at("RCT", "rcwCount"), [4, 7]);
  assert.equal(at("RCT", "orig_wages"), [11, 15]);
  assert.equal(at("RCT", "orig_dependentCare"), [251, 15]);
  assert.equal(at("RCT", "orig_nonqualified457"), [491, 15]);
  assert.equal(at("RCT", "orig_code_C"), [641, 15]);
  assert.equal(at("RCT", "code_FF"), [836, 15]);
  assert.equal(at("RCU", "orig_allocatedTips"), [11, 15]);
  assert.equal(at("RCU", "code_Z"), [236, 15]);
  assert.equal(at("RCU", "orig_code_EE"), [281, 15]);
  assert.equal(at("RCU", "code_HH"), [356, 15]);
  assert.equal(at("RCF", "rcwCount"), [4, 9]);
});

test("two employees of one employer: RA RE RW RO? RS RT RF, read back with totals that check out", () => {
  const a = stored(w2Form());
  const b = stored({
    ...w2Form({ ssn: "234-56-7890", first: "John", last: "O'Neil", wages: 250_000 }),
    AllocatedTipsAmt: 500,
    EmployersUseGrp: [{ EmployersUseCd: "EE", EmployersUseAmt: 100 }],
  });
  const text = writeEfw2("efw2", buildEfw2(input([a, b])));
  assert.ok(
    text
      .split("\r\n")
      .slice(0, -1)
      .every((l) => l.length === 512),
  );
  const parsed = parseEfw2("efw2", text);
  assert.equal(parsed.problems, []);
  assert.equal(
    parsed.records.map((r) => r.type),
    ["RA", "RE", "RW", "RS", "RW", "RO", "RS", "RT", "RU", "RF"],
  );
  assert.equal(checkEfw2("efw2", parsed.records), []);
  const [ra, re, rw1] = parsed.records;
  assert.is(ra?.fields["userId"], "SBXUSER1");
  assert.is(re?.fields["ein"], "123450033");
  assert.is(re?.fields["employerZipExtension"], "1234");
  assert.is(re?.fields["employerLocationAddress"], "SUITE 5");
  assert.is(rw1?.fields["ssn"], "123456789");
  assert.is(rw1?.fields["lastName"], "ROE");
  assert.is(rw1?.fields["socialSecurityTax"], "00000310000");
  assert.is(rw1?.fields["code_D"], "00000300000");
  assert.is(rw1?.fields["retirementPlan"], "1");
  const [w3] = w3Totals("efw2", parsed.records);
  assert.is(w3?.forms, 2);
  assert.is(w3?.amounts["socialSecurityWages"], 5_000_000 + 17_610_000);
  assert.is(w3?.amounts["wages"], 4_700_000 + 24_700_000);
  assert.is(w3?.amounts["allocatedTips"], 50_000);
  assert.is(w3?.amounts["code_EE"], 10_000);
  // parse -> write -> parse: the same bytes.
  assert.is(writeEfw2("efw2", parsed.records), text);
});

test("a broken file is reported: bad totals, wrong length, non-blank reserved field", () => {
  const text = writeEfw2("efw2", buildEfw2(input([stored(w2Form())])));
  const lines = text.split("\r\n");
  const rt = lines.findIndex((l) => l.startsWith("RT"));
  lines[rt] = `${lines[rt]?.slice(0, 9)}${"9".repeat(15)}${lines[rt]?.slice(24)}`;
  const bad = parseEfw2("efw2", lines.join("\r\n"));
  assert.equal(bad.problems, []);
  assert.ok(checkEfw2("efw2", bad.records).some((p) => p.message.includes("RT wages")));
  assert.ok(parseEfw2("efw2", text.replace("\r\nRF", " \r\nRF")).problems.length > 0);
  // An RW the SSA would refuse: an SSN in the 666 area, social security tax not 6.2%.
  const rwAt = lines.findIndex((l) => l.startsWith("RW"));
  const badRw = [...lines];
  badRw[rwAt] = `RW666${badRw[rwAt]?.slice(5, 220)}00000000001${badRw[rwAt]?.slice(231)}`;
  const wages = checkEfw2("efw2", parseEfw2("efw2", badRw.join("\r\n")).records).map((p) => p.message);
  assert.ok(
    wages.some((m) => m.startsWith("RW SSN")),
    wages.join("; "),
  );
  assert.ok(
    wages.some((m) => m.includes("6.2%")),
    wages.join("; "),
  );
  const rw = lines.findIndex((l) => l.startsWith("RW"));
  const withJunk = [...lines];
  withJunk[rw] = `${withJunk[rw]?.slice(0, 264)}X${withJunk[rw]?.slice(265)}`;
  assert.ok(parseEfw2("efw2", withJunk.join("\r\n")).problems.some((p) => p.message.includes("blank")));
});

test("W-2c: EFW2C with originally reported and correct amounts, totals, byte-identical round trip", () => {
  const c = stored({ ...w2cForm(), OriginalEmployeeSSN: "123-45-6780" }, "W-2c");
  const text = writeEfw2("efw2c", buildEfw2c(input([c])));
  assert.ok(
    text
      .split("\r\n")
      .slice(0, -1)
      .every((l) => l.length === 1024),
  );
  const parsed = parseEfw2("efw2c", text);
  assert.equal(parsed.problems, []);
  assert.equal(
    parsed.records.map((r) => r.type),
    ["RCA", "RCE", "RCW", "RCT", "RCF"],
  );
  assert.equal(checkEfw2("efw2c", parsed.records), []);
  const rcw = parsed.records[2];
  assert.is(rcw?.fields["origSsn"], "123456780");
  assert.is(rcw?.fields["orig_wages"], "00004000000");
  assert.is(rcw?.fields["wages"], "00004500000");
  assert.is(rcw?.fields["code_D"], "", "a field not corrected is blank");
  assert.is(w3Totals("efw2c", parsed.records)[0]?.amounts["orig_socialSecurityTax"], 248_000);
  assert.is(writeEfw2("efw2c", parsed.records), text);
});

test("W-2c of optional amounts and a state: RCO after its RCW, RCS, RCU after RCT, at their positions", () => {
  const plain = stored({ ...w2cForm(), EmployeeSSN: "234-56-7890" }, "W-2c");
  const text = writeEfw2("efw2c", buildEfw2c(input([stored(w2cOptionalForm(), "W-2c"), plain])));
  const lines = text.split("\r\n").slice(0, -1);
  assert.ok(lines.every((l) => l.length === 1024));
  assert.equal(
    lines.map((l) => l.slice(0, 3)),
    ["RCA", "RCE", "RCW", "RCO", "RCS", "RCW", "RCT", "RCU", "RCF"],
    "an RCO only for the employee whose optional amounts are corrected",
  );
  // 1-based positions, as publication 42-014 prints them (layout.ts).
  const at = (line: string | undefined, start: number, length: number) =>
    line?.slice(start - 1, start - 1 + length);
  const [rco, rcs, rct, rcu] = [lines[3], lines[4], lines[6], lines[7]];
  assert.is(at(rco, 4, 9), " ".repeat(9));
  assert.is(at(rco, 13, 22), "0000001000000000015000", "allocated tips: was $100, now $150");
  assert.is(at(rco, 35, 22), " ".repeat(22), "code A/B not corrected: blank");
  assert.is(at(rco, 189, 22), " ".repeat(22), "reserved pair");
  assert.is(at(rco, 211, 22), "0000002000000000025050", "code EE: was $200, now $250.50");
  assert.is(at(rco, 233, 22), " ".repeat(22), "code GG not corrected");
  assert.is(rco?.slice(298).trim(), "", "the rest of the RCO is blank");
  assert.is(at(rcs, 4, 2), "06", "California's SSA state code");
  assert.is(at(rcs, 25, 9), "123456789");
  assert.is(at(rcs, 34, 50), " ".repeat(50), "the name was not corrected: no previously reported name");
  assert.is(at(rcs, 84, 15), "JANE".padEnd(15));
  assert.is(at(rcs, 114, 20), "ROE".padEnd(20));
  assert.is(at(rcs, 396, 2), "06");
  assert.is(at(rcs, 398, 22), "0000400000000004500000", "state wages: was $40,000, now $45,000");
  assert.is(at(rcs, 420, 22), "0000010000000000110000", "state tax: was $1,000, now $1,100");
  assert.is(at(rct, 4, 7), "0000002", "two RCWs");
  assert.is(at(rct, 11, 30), "000000008000000000000009000000", "wages: was $80,000, now $90,000");
  assert.is(at(rcu, 4, 7), "0000001", "one RCO");
  assert.is(at(rcu, 11, 30), "000000000010000000000000015000", "allocated tips totals");
  assert.is(at(rcu, 281, 30), "000000000020000000000000025050", "code EE totals");
  assert.is(at(lines[8], 4, 9), "000000002");

  const parsed = parseEfw2("efw2c", text);
  assert.equal(parsed.problems, []);
  assert.equal(checkEfw2("efw2c", parsed.records), []);
  assert.is(parsed.records[3]?.fields["code_EE"], "00000025050");
  assert.is(parsed.records[3]?.fields["code_GG"], "");
  assert.is(parsed.records[4]?.fields["orig_stateIncomeTax"], "00000100000");
  const [w3c] = w3Totals("efw2c", parsed.records);
  assert.is(w3c?.forms, 2);
  assert.is(w3c?.amounts["orig_allocatedTips"], 10_000);
  assert.is(w3c?.amounts["allocatedTips"], 15_000);
  assert.is(w3c?.amounts["code_EE"], 25_050);
  assert.is(writeEfw2("efw2c", parsed.records), text, "byte-identical round trip");

  // The checker holds the RCU to its RCOs.
  const badRcu = [...lines];
  badRcu[7] = `${badRcu[7]?.slice(0, 24)}1${badRcu[7]?.slice(25)}`;
  const problems = checkEfw2("efw2c", parseEfw2("efw2c", `${badRcu.join("\r\n")}\r\n`).records);
  assert.ok(
    problems.some((p) => p.message.startsWith("RCU orig_allocatedTips")),
    problems.map((p) => p.message).join("; "),
  );
});

test.run();
