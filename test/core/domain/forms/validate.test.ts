import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  SUPPORTED_TAX_YEARS,
  formSkeleton,
  getFormDefinition,
  listIrisForms,
  validateForm,
  type FormIssue,
  type NormalizedForm,
} from "../../../../core/domain/forms/index.ts";
import { RECIPIENT, filledSkeleton } from "./samples.ts";

function ok(form: string, jsonForm: unknown, year = 2025): NormalizedForm {
  const r = validateForm(form, year, jsonForm);
  if (!r.ok)
    throw new assert.Assertion({
      message: `expected ${form} to validate: ${JSON.stringify(r.issues)}`,
      operator: "ok",
      expects: true,
      actual: false,
    });
  return r.value;
}

function issues(form: string, jsonForm: unknown, year = 2025): FormIssue[] {
  const r = validateForm(form, year, jsonForm);
  if (r.ok)
    throw new assert.Assertion({
      message: `expected ${form} to fail: ${JSON.stringify(r.value.jsonForm)}`,
      operator: "ok",
      expects: false,
      actual: true,
    });
  return r.issues;
}

function hasIssue(list: FormIssue[], param: string, rule: string): void {
  assert.ok(
    list.some((i) => i.param === param && i.rule === rule),
    `expected ${param} / ${rule} in ${JSON.stringify(list)}`,
  );
  for (const i of list) {
    assert.type(i.message, "string");
    assert.ok(i.message.length > 0);
  }
}

const nec = (extra: Record<string, unknown> = {}) => ({
  RecipientDetail: structuredClone(RECIPIENT),
  NonemployeeCompensationAmt: 100,
  ...extra,
});

test("every form x year skeleton filled with sample values validates and round-trips", () => {
  let count = 0;
  for (const { form, tax_years } of listIrisForms()) {
    for (const year of tax_years) {
      const def = getFormDefinition(form, year);
      assert.ok(def, `${form} ${year}`);
      if (!def) continue;
      const { form: filled, amount } = filledSkeleton(def, formSkeleton(form, year));
      const value = ok(form, filled, year);
      assert.is(value.recipient.tin, "123456789", form);
      assert.is(value.recipient.name, "Jane Doe", form);
      assert.equal(
        value.recipient.address,
        { line1: "100 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
        form,
      );
      if (amount) {
        assert.is(value.amounts[amount], 123456, `${form} ${amount}`);
        assert.is(value.jsonForm[amount], 1234.56, form);
      }
      // Placeholders are not filed: no empty strings, zero amounts or false indicators are stored.
      const text = JSON.stringify(value.jsonForm);
      assert.not.ok(text.includes('""'), `${form}: ${text}`);
      assert.not.ok(text.includes("false"), `${form}: ${text}`);
      // The stored form validates again to itself.
      const again = ok(form, value.jsonForm, year);
      assert.equal(again.jsonForm, value.jsonForm, form);
      assert.equal(again.amounts, value.amounts, form);
      count++;
    }
  }
  assert.ok(count >= 42, `validated ${count} form/year pairs`);
  assert.equal([...SUPPORTED_TAX_YEARS], [2025, 2026]);
});

test("an untouched skeleton only lacks the recipient", () => {
  const list = issues("1099-NEC", formSkeleton("1099-NEC", 2025));
  assert.equal(
    list.map((i) => [i.param, i.rule]),
    [["jsonForm.RecipientDetail", "required"]],
  );
});

test("amount with three decimals is refused (max_decimals)", () => {
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: 1.005 })),
    "jsonForm.NonemployeeCompensationAmt",
    "max_decimals",
  );
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: "10.125" })),
    "jsonForm.NonemployeeCompensationAmt",
    "max_decimals",
  );
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: 0.1 + 0.2 })),
    "jsonForm.NonemployeeCompensationAmt",
    "max_decimals",
  );
});

test("negative amount is refused where the IRS type is non-negative, accepted where it may be negative", () => {
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: -5 })),
    "jsonForm.NonemployeeCompensationAmt",
    "negative",
  );
  hasIssue(
    issues("1099-NEC", nec({ FederalIncomeTaxWithheldAmt: "-0.01" })),
    "jsonForm.FederalIncomeTaxWithheldAmt",
    "negative",
  );
  const b = ok("1099-B", { RecipientDetail: RECIPIENT, ProceedsAmt: -250.75, CostOrOtherBasisAmt: 10 });
  assert.is(b.amounts["ProceedsAmt"], -25075);
  assert.is(b.jsonForm["ProceedsAmt"], -250.75);
  hasIssue(
    issues("1099-B", { RecipientDetail: RECIPIENT, CostOrOtherBasisAmt: -1 }),
    "jsonForm.CostOrOtherBasisAmt",
    "negative",
  );
});

test("too many integer digits is refused (max_digits)", () => {
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: 12345678901234 })),
    "jsonForm.NonemployeeCompensationAmt",
    "max_digits",
  );
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: "1234567890123456.00" })),
    "jsonForm.NonemployeeCompensationAmt",
    "max_digits",
  );
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: 1e21 })),
    "jsonForm.NonemployeeCompensationAmt",
    "max_digits",
  );
  assert.is(
    ok("1099-NEC", nec({ NonemployeeCompensationAmt: "9999999999999.99" })).amounts[
      "NonemployeeCompensationAmt"
    ],
    999999999999999,
  );
});

test("amounts up to the schema's 15 integer digits: as strings beyond 13, kept exact (jsonForm text, bigint cents)", () => {
  const v = ok("1099-NEC", nec({ NonemployeeCompensationAmt: "999999999999999.99" }));
  assert.is(v.jsonForm["NonemployeeCompensationAmt"], "999999999999999.99");
  assert.is(v.amounts["NonemployeeCompensationAmt"], 99999999999999999n);
  const again = ok("1099-NEC", v.jsonForm);
  assert.equal(again.jsonForm, v.jsonForm, "the stored form validates to itself");
  assert.is(
    ok("1099-NEC", nec({ NonemployeeCompensationAmt: "12345678901234.5" })).jsonForm[
      "NonemployeeCompensationAmt"
    ],
    "12345678901234.5",
  );
  const [issue] = issues("1099-NEC", nec({ NonemployeeCompensationAmt: 12345678901234 }));
  assert.is(issue?.rule, "max_digits");
  assert.match(issue?.message ?? "", /as a JSON number; send an amount of up to 15 digits as a string/);
  hasIssue(
    issues("1099-B", { RecipientDetail: RECIPIENT, ProceedsAmt: "-1234567890123456" }),
    "jsonForm.ProceedsAmt",
    "max_digits",
  );
  assert.is(
    ok("1099-B", { RecipientDetail: RECIPIENT, ProceedsAmt: "-123456789012345.01" }).jsonForm["ProceedsAmt"],
    "-123456789012345.01",
  );
});

test("an 8-digit TIN is refused (pattern); a missing TIN is required", () => {
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, TIN: "12345678" } })),
    "jsonForm.RecipientDetail.TIN",
    "pattern",
  );
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, TIN: "12-34567-89" } })),
    "jsonForm.RecipientDetail.TIN",
    "pattern",
  );
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, TIN: 123456789 } })),
    "jsonForm.RecipientDetail.TIN",
    "type",
  );
  const { TIN: _tin, ...noTin } = RECIPIENT;
  hasIssue(issues("1099-NEC", nec({ RecipientDetail: noTin })), "jsonForm.RecipientDetail.TIN", "required");
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, TIN: "  " } })),
    "jsonForm.RecipientDetail.TIN",
    "required",
  );
});

test("hyphenated TINs are normalised to 9 digits (D6)", () => {
  const ein = ok(
    "1099-NEC",
    nec({ RecipientDetail: { ...RECIPIENT, TIN: "12-3456789", TINSubmittedTypeCd: "BUSINESS_TIN" } }),
  );
  assert.is(ein.recipient.tin, "123456789");
  assert.is(ein.recipient.tinType, "ein");
  assert.is((ein.jsonForm["RecipientDetail"] as Record<string, unknown>)["TIN"], "123456789");
  const ssn = ok(
    "1099-NEC",
    nec({ RecipientDetail: { ...RECIPIENT, TIN: "123-45-6789", TINSubmittedTypeCd: "INDIVIDUAL_TIN" } }),
  );
  assert.is(ssn.recipient.tin, "123456789");
  assert.is(ssn.recipient.tinType, "ssn");
  assert.is(
    ok("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, TINSubmittedTypeCd: "UNKNOWN" } })).recipient
      .tinType,
    null,
  );
  assert.is(ok("1099-NEC", nec()).recipient.tinType, null);
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, TINSubmittedTypeCd: "SSN" } })),
    "jsonForm.RecipientDetail.TINSubmittedTypeCd",
    "enum",
  );
});

test("unknown element names are refused at every level", () => {
  hasIssue(issues("1099-NEC", nec({ NonEmployeeComp: 5 })), "jsonForm.NonEmployeeComp", "unknown_element");
  hasIssue(issues("1099-NEC", nec({ RentAmt: 5 })), "jsonForm.RentAmt", "unknown_element"); // a 1099-MISC box
  const taxYr = issues("1099-NEC", nec({ TaxYr: "2025" }));
  hasIssue(taxYr, "jsonForm.TaxYr", "unknown_element");
  assert.match(taxYr[0]?.message ?? "", /set by the service/);
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, Email: "a@b.c" } })),
    "jsonForm.RecipientDetail.Email",
    "unknown_element",
  );
  hasIssue(
    issues(
      "1099-NEC",
      nec({ RecipientDetail: { ...RECIPIENT, PersonName: { ...RECIPIENT.PersonName, Nick: "J" } } }),
    ),
    "jsonForm.RecipientDetail.PersonName.Nick",
    "unknown_element",
  );
  hasIssue(
    issues(
      "1099-NEC",
      nec({ StateLocalTaxGrp: [{ StateAbbreviationCd: "IL", StateTaxGrp: { StateTax: 1 } }] }),
    ),
    "jsonForm.StateLocalTaxGrp.0.StateTaxGrp.StateTax",
    "unknown_element",
  );
  hasIssue(issues("1099-NEC", nec({ "a/b~c": 1 })), "jsonForm.a/b~c", "unknown_element");
});

test("wrong types are refused (type)", () => {
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: true })),
    "jsonForm.NonemployeeCompensationAmt",
    "type",
  );
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: "12,345.00" })),
    "jsonForm.NonemployeeCompensationAmt",
    "type",
  );
  hasIssue(
    issues("1099-NEC", nec({ NonemployeeCompensationAmt: { value: 1 } })),
    "jsonForm.NonemployeeCompensationAmt",
    "type",
  );
  hasIssue(issues("1099-NEC", nec({ SecondTINNoticeInd: "yes" })), "jsonForm.SecondTINNoticeInd", "type");
  hasIssue(
    issues("1099-NEC", nec({ StateLocalTaxGrp: { StateAbbreviationCd: "IL" } })),
    "jsonForm.StateLocalTaxGrp",
    "type",
  );
  const rd = issues("1099-NEC", nec({ RecipientDetail: "Jane Doe" }));
  assert.equal(
    rd.map((i) => [i.param, i.rule]),
    [["jsonForm.RecipientDetail", "type"]],
  );
  hasIssue(issues("1099-NEC", []), "jsonForm", "type");
  hasIssue(issues("1099-NEC", "x"), "jsonForm", "type");
  hasIssue(issues("1099-NEC", null), "jsonForm", "type");
  hasIssue(
    issues("1099-K", { RecipientDetail: RECIPIENT, PaymentTransactionCnt: 1.5 }),
    "jsonForm.PaymentTransactionCnt",
    "type",
  );
});

test("missing RecipientDetail is required", () => {
  const list = issues("1099-NEC", { NonemployeeCompensationAmt: 10 });
  assert.equal(
    list.map((i) => [i.param, i.rule]),
    [["jsonForm.RecipientDetail", "required"]],
  );
  hasIssue(issues("1099-NEC", {}), "jsonForm.RecipientDetail", "required");
  hasIssue(issues("1099-NEC", { RecipientDetail: null }), "jsonForm.RecipientDetail", "required");
});

test("a name is required: PersonName or BusinessName, not both", () => {
  const { PersonName: _p, ...noName } = RECIPIENT;
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: noName })),
    "jsonForm.RecipientDetail.PersonName",
    "required",
  );
  hasIssue(
    issues(
      "1099-NEC",
      nec({ RecipientDetail: { ...RECIPIENT, BusinessName: { BusinessNameLine1Txt: "Acme" } } }),
    ),
    "jsonForm.RecipientDetail.BusinessName",
    "choice",
  );
  hasIssue(
    issues("1099-NEC", nec({ RecipientDetail: { ...RECIPIENT, PersonName: { PersonFirstNm: "Jane" } } })),
    "jsonForm.RecipientDetail.PersonName.PersonLastNm",
    "required",
  );
  const biz = ok(
    "1099-NEC",
    nec({
      RecipientDetail: {
        ...noName,
        BusinessName: { BusinessNameLine1Txt: "Acme & Sons", BusinessNameLine2Txt: "" },
      },
    }),
  );
  assert.is(biz.recipient.name, "Acme & Sons");
  assert.is(biz.recipient.businessName, "Acme & Sons");
  assert.is(biz.recipient.firstName, undefined);
  const person = ok("1099-NEC", nec());
  assert.is(person.recipient.firstName, "Jane");
  assert.is(person.recipient.lastName, "Doe");
});

test("addresses: optional, US or foreign (not both), ZIP+4 and lower-case state normalised", () => {
  const { MailingAddressGrp: _m, ...noAddress } = RECIPIENT;
  assert.is(ok("1099-NEC", nec({ RecipientDetail: noAddress })).recipient.address, null);
  const us = ok(
    "1099-NEC",
    nec({
      RecipientDetail: {
        ...RECIPIENT,
        MailingAddressGrp: {
          USAddress: {
            AddressLine1Txt: "1 Elm St",
            AddressLine2Txt: "Apt 4",
            CityNm: "Austin",
            StateAbbreviationCd: "tx",
            ZIPCd: "73301-0001",
          },
        },
      },
    }),
  );
  assert.equal(us.recipient.address, {
    line1: "1 Elm St",
    line2: "Apt 4",
    city: "Austin",
    state: "TX",
    postalCode: "733010001",
    country: "US",
  });
  const foreign = ok(
    "1099-NEC",
    nec({
      RecipientDetail: {
        ...RECIPIENT,
        MailingAddressGrp: {
          ForeignAddress: {
            AddressLine1Txt: "10 Downing St",
            CityNm: "London",
            CountryCd: "UK",
            ForeignPostalCd: "SW1A 2AA",
          },
        },
      },
    }),
  );
  assert.equal(foreign.recipient.address, {
    line1: "10 Downing St",
    city: "London",
    state: "",
    postalCode: "SW1A 2AA",
    country: "UK",
  });
  hasIssue(
    issues(
      "1099-NEC",
      nec({
        RecipientDetail: {
          ...RECIPIENT,
          MailingAddressGrp: {
            ...RECIPIENT.MailingAddressGrp,
            ForeignAddress: { AddressLine1Txt: "x", CountryCd: "UK" },
          },
        },
      }),
    ),
    "jsonForm.RecipientDetail.MailingAddressGrp.ForeignAddress",
    "choice",
  );
  hasIssue(
    issues(
      "1099-NEC",
      nec({
        RecipientDetail: {
          ...RECIPIENT,
          MailingAddressGrp: { USAddress: { ...RECIPIENT.MailingAddressGrp.USAddress, ZIPCd: "1234" } },
        },
      }),
    ),
    "jsonForm.RecipientDetail.MailingAddressGrp.USAddress.ZIPCd",
    "pattern",
  );
  hasIssue(
    issues(
      "1099-NEC",
      nec({
        RecipientDetail: {
          ...RECIPIENT,
          MailingAddressGrp: {
            USAddress: { ...RECIPIENT.MailingAddressGrp.USAddress, StateAbbreviationCd: "XX" },
          },
        },
      }),
    ),
    "jsonForm.RecipientDetail.MailingAddressGrp.USAddress.StateAbbreviationCd",
    "enum",
  );
  hasIssue(
    issues(
      "1099-NEC",
      nec({
        RecipientDetail: {
          ...RECIPIENT,
          MailingAddressGrp: { USAddress: { ...RECIPIENT.MailingAddressGrp.USAddress, CityNm: undefined } },
        },
      }),
    ),
    "jsonForm.RecipientDetail.MailingAddressGrp.USAddress.CityNm",
    "required",
  );
  hasIssue(
    issues(
      "1099-NEC",
      nec({
        RecipientDetail: {
          ...RECIPIENT,
          MailingAddressGrp: {
            USAddress: { ...RECIPIENT.MailingAddressGrp.USAddress, AddressLine1Txt: "x".repeat(36) },
          },
        },
      }),
    ),
    "jsonForm.RecipientDetail.MailingAddressGrp.USAddress.AddressLine1Txt",
    "max_length",
  );
});

test('cents are exact: 0.29, 19.99, "1234567.89"; 1.005 refused', () => {
  const v = ok("1099-MISC", {
    RecipientDetail: RECIPIENT,
    RentAmt: 0.29,
    RoyaltyAmt: 19.99,
    OtherIncomeAmt: "1234567.89",
    FishingBoatProceedsAmt: "0.1",
    MedicalHealthCarePaymentsAmt: 1.1,
    SubstitutePaymentsAmt: "  42 ",
    CropInsuranceProceedsAmt: 8.675e2,
    AttorneyGrossProceedsPaidAmt: "5.10",
  });
  assert.equal(v.amounts, {
    RentAmt: 29,
    RoyaltyAmt: 1999,
    OtherIncomeAmt: 123456789,
    FishingBoatProceedsAmt: 10,
    MedicalHealthCarePaymentsAmt: 110,
    SubstitutePaymentsAmt: 4200,
    CropInsuranceProceedsAmt: 86750,
    AttorneyGrossProceedsPaidAmt: 510,
  });
  assert.is(v.jsonForm["OtherIncomeAmt"], 1234567.89);
  assert.is(v.jsonForm["RentAmt"], 0.29);
  assert.is(v.jsonForm["SubstitutePaymentsAmt"], 42);
  hasIssue(
    issues("1099-MISC", { RecipientDetail: RECIPIENT, RentAmt: 1.005 }),
    "jsonForm.RentAmt",
    "max_decimals",
  );
});

test("indicators take booleans and the IRS digits; false is left out of the stored form", () => {
  for (const yes of [true, 1, "1"]) {
    assert.is(ok("1099-NEC", nec({ SecondTINNoticeInd: yes })).jsonForm["SecondTINNoticeInd"], true);
  }
  for (const no of [false, 0, "0"]) {
    assert.is(ok("1099-NEC", nec({ SecondTINNoticeInd: no })).jsonForm["SecondTINNoticeInd"], undefined);
  }
});

test("zero amounts and placeholders are not stored; state rows keep their position in messages", () => {
  const v = ok("1099-NEC", nec({ FederalIncomeTaxWithheldAmt: "0.00", StateLocalTaxGrp: [] }));
  assert.equal(Object.keys(v.jsonForm), ["RecipientDetail", "NonemployeeCompensationAmt"]);
  assert.equal(v.amounts, { NonemployeeCompensationAmt: 10000 });
  const states = ok(
    "1099-NEC",
    nec({
      StateLocalTaxGrp: [
        { StateAbbreviationCd: "", StateTaxGrp: { StateTaxWithheldAmt: 0 } },
        {
          StateAbbreviationCd: "ca",
          StateTaxGrp: { StateIdNum: "123-4567-8", StateTaxWithheldAmt: "12.34", StateIncomeAmt: 100 },
        },
      ],
    }),
  );
  assert.equal(states.jsonForm["StateLocalTaxGrp"], [
    {
      StateAbbreviationCd: "CA",
      StateTaxGrp: { StateIdNum: "123-4567-8", StateTaxWithheldAmt: 12.34, StateIncomeAmt: 100 },
    },
  ]);
  assert.equal(states.amounts, {
    NonemployeeCompensationAmt: 10000,
    "StateLocalTaxGrp.0.StateTaxGrp.StateTaxWithheldAmt": 1234,
    "StateLocalTaxGrp.0.StateTaxGrp.StateIncomeAmt": 10000,
  });
  const bad = issues(
    "1099-NEC",
    nec({
      StateLocalTaxGrp: [
        {},
        { StateTaxGrp: { StateTaxWithheldAmt: 5 } },
        { StateAbbreviationCd: "IL", StateTaxGrp: { StateTaxWithheldAmt: -1 } },
      ],
    }),
  );
  hasIssue(bad, "jsonForm.StateLocalTaxGrp.1.StateAbbreviationCd", "required");
  hasIssue(bad, "jsonForm.StateLocalTaxGrp.2.StateTaxGrp.StateTaxWithheldAmt", "negative");
});

test("form-specific rules: codes, dates, required elements, repeated codes", () => {
  hasIssue(
    issues("1099-R", { RecipientDetail: RECIPIENT, GrossDistributionAmt: 10 }),
    "jsonForm.Form1099RDistributionCd",
    "required",
  );
  assert.is(
    ok("1099-R", { RecipientDetail: RECIPIENT, Form1099RDistributionCd: "7d", GrossDistributionAmt: 10 })
      .jsonForm["Form1099RDistributionCd"],
    "7D",
  );
  hasIssue(
    issues("1099-R", { RecipientDetail: RECIPIENT, Form1099RDistributionCd: "ZZ" }),
    "jsonForm.Form1099RDistributionCd",
    "enum",
  );
  hasIssue(
    issues("1099-R", { RecipientDetail: RECIPIENT, Form1099RDistributionCd: "7", PaymentDt: "2025-02-30" }),
    "jsonForm.PaymentDt",
    "date",
  );
  hasIssue(
    issues("1099-R", { RecipientDetail: RECIPIENT, Form1099RDistributionCd: "7", PaymentDt: "06/30/2025" }),
    "jsonForm.PaymentDt",
    "pattern",
  );
  hasIssue(
    issues("1099-R", {
      RecipientDetail: RECIPIENT,
      Form1099RDistributionCd: "7",
      RcpntTotalDistributionPct: 1.5,
    }),
    "jsonForm.RcpntTotalDistributionPct",
    "maximum",
  );
  assert.is(
    ok("1099-R", {
      RecipientDetail: RECIPIENT,
      Form1099RDistributionCd: "7",
      RcpntTotalDistributionPct: "0.12500",
    }).jsonForm["RcpntTotalDistributionPct"],
    0.125,
  );
  hasIssue(
    issues("1099-R", {
      RecipientDetail: RECIPIENT,
      Form1099RDistributionCd: "7",
      DesignatedROTHAcctFirstYr: 25,
    }),
    "jsonForm.DesignatedROTHAcctFirstYr",
    "minimum",
  );
  hasIssue(
    issues("W-2G", { RecipientDetail: RECIPIENT, GamblingWinWagerTypeCd: "1" }),
    "jsonForm.GamblingWinningDt",
    "required",
  );
  const f = ok("1098-F", { RecipientDetail: RECIPIENT, TotalAmt: 5, Form1098FCd: ["a", "", "C"] });
  assert.equal(f.jsonForm["Form1098FCd"], ["A", "C"]);
  hasIssue(
    issues("1098-F", { RecipientDetail: RECIPIENT, Form1098FCd: ["A", "B", "C", "D", "E", "A"] }),
    "jsonForm.Form1098FCd",
    "max_items",
  );
  hasIssue(
    issues("1098-F", { RecipientDetail: RECIPIENT, Form1098FCd: ["A", "Q"] }),
    "jsonForm.Form1098FCd.1",
    "enum",
  );
  const e = ok("1098-E", { RecipientDetail: RECIPIENT, StudentLoanIntRcvdByLenderAmt: 0 });
  assert.is(e.jsonForm["StudentLoanIntRcvdByLenderAmt"], 0, "a required amount keeps its zero");
  assert.equal(e.amounts, { StudentLoanIntRcvdByLenderAmt: 0 });
});

test("form codes are matched case-insensitively; unknown form and year are reported", () => {
  assert.ok(ok("1099-nec", nec()).jsonForm);
  assert.ok(ok("1099nec", nec(), 2026).jsonForm);
  assert.equal(
    issues("1099-XYZ", nec()).map((i) => [i.param, i.rule]),
    [["form", "unknown_form"]],
  );
  assert.equal(
    issues("1099-NEC", nec(), 2019).map((i) => [i.param, i.rule]),
    [["tax_year", "unsupported_tax_year"]],
  );
});

test("the caller's object is not modified", () => {
  const input = nec({
    RecipientDetail: { ...RECIPIENT, TIN: "12-3456789" },
    SecondTINNoticeInd: "1",
    FederalIncomeTaxWithheldAmt: "",
  });
  const copy = structuredClone(input);
  ok("1099-NEC", input);
  assert.equal(input, copy);
});

// Speed is measured in bench/intake.bench.ts, not asserted in a test: here, only that repeated validation of the
// same input is stable (compiled validators keep no state between calls).
test("validateForm gives the same answer on every call", () => {
  const form = nec({
    RecipientDetail: { ...RECIPIENT, TIN: "12-3456789" },
    FederalIncomeTaxWithheldAmt: "12.50",
    StateLocalTaxGrp: [{ StateAbbreviationCd: "IL", StateTaxGrp: { StateTaxWithheldAmt: 3 } }],
  });
  const first = JSON.stringify(validateForm("1099-NEC", 2025, form));
  for (let i = 0; i < 1000; i++) assert.is(JSON.stringify(validateForm("1099-NEC", 2025, form)), first);
});

test.run();
