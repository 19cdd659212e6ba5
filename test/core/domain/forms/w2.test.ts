// W-2 and W-2c in the catalogue, and the SSA's checks (AccuWage): each refusal names the element and the rule.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  formSkeleton,
  getFormDefinition,
  listForms,
  validateForm,
  type FormIssue,
} from "../../../../core/domain/forms/index.ts";
import { w2Form, w2cForm } from "../../../support/w2.ts";

function issues(form: Record<string, unknown>, taxYear = 2025, code = "W-2"): FormIssue[] {
  const v = validateForm(code, taxYear, form);
  return v.ok ? [] : v.issues;
}
const rules = (list: FormIssue[]) => list.map((i) => `${i.param}:${i.rule}`);

test("W-2 and W-2c are catalogued, filed with the SSA, with a skeleton keyed by IRSW2 names", () => {
  const forms = listForms().map((f) => f.form);
  assert.ok(forms.includes("W-2") && forms.includes("W-2c") && forms.includes("W-2G"));
  assert.is(getFormDefinition("w2", 2026)?.filedWith, "SSA");
  assert.is(getFormDefinition("W-2G", 2025)?.filedWith, "IRIS");
  const sk = formSkeleton("W-2", 2025);
  for (const k of [
    "EmployeeSSN",
    "WagesAmt",
    "WithholdingAmt",
    "SocialSecurityWagesAmt",
    "SocialSecurityTaxAmt",
    "MedicareWagesAndTipsAmt",
    "EmployersUseGrp",
    "StatutoryEmployeeInd",
    "RetirementPlanInd",
    "ThirdPartySickPayInd",
    "W2StateLocalTaxGrp",
  ]) {
    assert.ok(k in sk, k);
  }
});

test("a valid W-2 is stored canonically with the employee as recipient", () => {
  const v = validateForm("W-2", 2025, w2Form());
  assert.ok(v.ok, JSON.stringify(v));
  if (!v.ok) return;
  assert.is(v.value.recipient.tin, "123456789");
  assert.is(v.value.recipient.tinType, "ssn");
  assert.is(v.value.recipient.name, "Jane Roe");
  assert.is(v.value.recipient.address?.city, "Reno");
  assert.is(v.value.amounts["SocialSecurityTaxAmt"], 310000);
  assert.ok(validateForm("W-2", 2025, v.value.jsonForm).ok, "the stored form validates again");
});

test("SSN rules: no 000/666/9xx area, no 00 group, no 0000 serial", () => {
  for (const ssn of ["000-12-3456", "666-12-3456", "912-12-3456", "123-00-4567", "123-45-0000"]) {
    assert.equal(rules(issues(w2Form({ ssn }))), ["jsonForm.EmployeeSSN:ssa_ssn"], ssn);
  }
});

test("social security wage base, 6.2% tax, Medicare tax", () => {
  assert.equal(
    rules(
      issues({
        ...w2Form({ wages: 190_000 }),
        SocialSecurityWagesAmt: 176_100.01,
        SocialSecurityTaxAmt: 10918.2,
      }),
    ),
    ["jsonForm.SocialSecurityWagesAmt:ssa_wage_base"],
  );
  assert.equal(
    rules(
      issues(
        { ...w2Form({ wages: 190_000 }), SocialSecurityWagesAmt: 184_500, SocialSecurityTaxAmt: 11439 },
        2026,
      ),
    ),
    [],
  );
  assert.equal(rules(issues({ ...w2Form(), SocialSecurityTaxAmt: 3100.02 })), [
    "jsonForm.SocialSecurityTaxAmt:ssa_social_security_tax",
  ]);
  assert.equal(
    rules(issues({ ...w2Form(), SocialSecurityTaxAmt: 3100.01 })),
    [],
    "a cent of rounding passes",
  );
  assert.equal(rules(issues({ ...w2Form(), MedicareTaxWithheldAmt: 700 })), [
    "jsonForm.MedicareTaxWithheldAmt:ssa_medicare_tax",
  ]);
  // Above $200,000 the Additional Medicare Tax may be withheld.
  assert.equal(rules(issues(w2Form({ wages: 300_000 }))), []);
  assert.equal(rules(issues({ ...w2Form({ wages: 300_000 }), MedicareTaxWithheldAmt: 6000 })), [
    "jsonForm.MedicareTaxWithheldAmt:ssa_medicare_tax",
  ]);
});

test("box 12: unknown code, duplicate code, limits", () => {
  assert.equal(
    rules(issues({ ...w2Form(), EmployersUseGrp: [{ EmployersUseCd: "ZZ", EmployersUseAmt: 1 }] })),
    ["jsonForm.EmployersUseGrp.0.EmployersUseCd:ssa_box12_code"],
  );
  assert.equal(
    rules(
      issues({
        ...w2Form(),
        EmployersUseGrp: [
          { EmployersUseCd: "D", EmployersUseAmt: 1 },
          { EmployersUseCd: "D", EmployersUseAmt: 2 },
        ],
      }),
    ),
    ["jsonForm.EmployersUseGrp.1.EmployersUseCd:ssa_box12_duplicate"],
  );
  // Limits with every catch-up (Notice 2024-80 / 2025-67, see ssa-rules.ts): 2025 elective deferrals $23,500 +
  // $3,000 403(b) 15-year catch-up + $11,250 age 60-63 catch-up = $37,750; 2026 $38,750.
  const box12 = (year: number, ...g: [string, number][]) =>
    rules(
      issues(
        { ...w2Form(), EmployersUseGrp: g.map(([c, a]) => ({ EmployersUseCd: c, EmployersUseAmt: a })) },
        year,
      ),
    );
  assert.equal(
    box12(2025, ["E", 34750], ["BB", 3000]),
    [],
    "a 403(b) employee aged 60-63 with 15 years of service",
  );
  assert.equal(box12(2025, ["D", 33000], ["AA", 5000]), [
    "jsonForm.EmployersUseGrp.0.EmployersUseAmt:ssa_box12_limit",
  ]);
  assert.equal(box12(2026, ["D", 33000], ["AA", 5000]), []);
  assert.equal(box12(2026, ["D", 34000], ["AA", 5000]), [
    "jsonForm.EmployersUseGrp.0.EmployersUseAmt:ssa_box12_limit",
  ]);
  // SIMPLE: $17,600 (2025) / $18,100 (2026) for employers with 25 or fewer employees + $5,250 age 60-63 catch-up.
  assert.equal(box12(2025, ["S", 22850]), []);
  assert.equal(box12(2025, ["S", 22851]), ["jsonForm.EmployersUseGrp.0.EmployersUseAmt:ssa_box12_limit"]);
  assert.equal(box12(2026, ["S", 23350]), []);
  assert.equal(box12(2026, ["S", 23351]), ["jsonForm.EmployersUseGrp.0.EmployersUseAmt:ssa_box12_limit"]);
  // QSEHRA (FF) family: $12,800 (2025), $13,100 (2026).
  assert.equal(box12(2025, ["FF", 12800.01]), ["jsonForm.EmployersUseGrp.0.EmployersUseAmt:ssa_box12_limit"]);
  assert.equal(box12(2026, ["FF", 13100]), []);
});

test("employee name characters and order, state codes", () => {
  assert.equal(rules(issues(w2Form({ last: "Roe Jr" }))), [
    "jsonForm.EmployeeName.PersonLastNm:ssa_name_order",
  ]);
  assert.equal(rules(issues(w2Form({ first: "Dr. Jane" }))), [
    "jsonForm.EmployeeName.PersonFirstNm:ssa_name_title",
  ]);
  assert.equal(
    rules(issues(w2Form({ first: "J@ne" }))).map((r) => r.split(":")[0]),
    ["jsonForm.EmployeeName.PersonFirstNm"],
  );
  assert.equal(rules(issues(w2Form({ state: "AE" }))), [
    "jsonForm.W2StateLocalTaxGrp.0.W2StateTaxGrp.StateAbbreviationCd:ssa_state_code",
  ]);
});

test("W-2c: the correct information is checked; something must be corrected", () => {
  assert.equal(rules(issues(w2cForm(), 2025, "W-2c")), []);
  const bad = w2cForm();
  (bad["CorrectInformationGrp"] as Record<string, unknown>)["SocialSecurityTaxAmt"] = 1;
  assert.equal(rules(issues(bad, 2025, "W-2c")), [
    "jsonForm.CorrectInformationGrp.SocialSecurityTaxAmt:ssa_social_security_tax",
  ]);
  const { EmployeeSSN, EmployeeName } = w2cForm();
  assert.equal(rules(issues({ EmployeeSSN, EmployeeName }, 2025, "W-2c")), [
    "jsonForm.CorrectInformationGrp:ssa_w2c_nothing_corrected",
  ]);
});

test.run();
