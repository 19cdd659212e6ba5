// Every form-level IRS rule of the engine (F*, FW2G*, SHAREDIRFORM*, S1H001, SMF027): one form breaking it and
// one keeping it, both valid against the catalogue, so the element names of every rule are real IRIS names.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { businessRule } from "../../../../../core/domain/iris/business-rules.ts";
import {
  RECORD_RULES,
  acceptedWithErrors,
  blocks,
  checkForm,
  irsWarnings,
  refusals,
  remainingWarnings,
  type RecordFacts,
  type TransmitterProfile,
} from "../../../../../core/domain/iris/rules/index.ts";
import { Tin } from "../../../../../core/domain/shared/tin.ts";
import { RECIPIENT } from "../../forms/samples.ts";
import { canonical, factsOf, firstCode } from "./support.ts";

interface Case {
  readonly form: string;
  readonly bad: Record<string, unknown>;
  readonly good: Record<string, unknown>;
  readonly badFacts?: Partial<RecordFacts>;
  readonly goodFacts?: Partial<RecordFacts>;
  readonly taxYear?: number;
}

const withholding = (form: string, income: string): Case => ({
  form,
  bad: { [income]: 100, FederalIncomeTaxWithheldAmt: 500 },
  good: { [income]: 1000, FederalIncomeTaxWithheldAmt: 240 },
});
const TEST_MODE: TransmitterProfile = { test: true, softwareIdFor: (y) => `${String(y).slice(-2)}A0000001` };
const PROD_MODE: TransmitterProfile = { test: false, softwareIdFor: (y) => `${String(y).slice(-2)}A0000001` };
const contract = (amount: string): Case => ({
  form: "1099-B",
  bad: { [amount]: 100, ShortTermGainLossInd: true, PropertyDesc: "Futures" },
  good: { [amount]: 100, PropertyDesc: "Futures" },
});

export const CASES: Readonly<Record<string, Case>> = {
  F1099A001: { form: "1099-A", bad: {}, good: { PropertyDesc: "Lot 4 Elm St" } },
  F1099B001: {
    form: "1099-B",
    bad: { ShortTermGainLossInd: true, LongTermGainLossInd: true },
    good: { ShortTermGainLossInd: true },
  },
  F1099B002: withholding("1099-B", "ProceedsAmt"),
  F1099B003: {
    form: "1099-B",
    bad: { GrossProceedsInd: true, NetProceedsInd: true },
    good: { GrossProceedsInd: true },
  },
  F1099B004_001: {
    form: "1099-B",
    bad: { ProceedsAmt: 10 },
    good: { ProceedsAmt: 10, PropertyDesc: "100 sh XYZ" },
  },
  F1099B005: {
    form: "1099-B",
    bad: { CollectiblesInd: true, QOFInd: true },
    good: { CollectiblesInd: true },
  },
  F1099B006_001: contract("TYClosedContractProfitLossAmt"),
  F1099B007_001: contract("PriorYrOpenCntrctProfitLossAmt"),
  F1099B008_001: contract("CYOpenCntrctProfitLossAmt"),
  F1099B009_001: contract("CntrctAggregateProfitLossAmt"),
  F1099C001: {
    form: "1099-C",
    bad: { DebtDesc: "Loan" },
    good: { DebtDesc: "Loan", DebtDischargeAmt: 1000 },
  },
  F1099C002: {
    form: "1099-C",
    bad: { DebtDischargeAmt: 100, InterestAmt: 200 },
    good: { DebtDischargeAmt: 200, InterestAmt: 100 },
  },
  F1099C003: {
    form: "1099-C",
    bad: { DebtDischargeAmt: 100 },
    good: { DebtDischargeAmt: 100, DebtDesc: "Card debt" },
  },
  F1099CAP001: { form: "1099-CAP", bad: {}, good: { AggregateReceivedAmt: 5000 } },
  F1099DIV001: {
    form: "1099-DIV",
    bad: { TotalOrdinaryDividendsAmt: 100, QualifiedDividendsAmt: 80, Section199ADividendsAmt: 30 },
    good: { TotalOrdinaryDividendsAmt: 110, QualifiedDividendsAmt: 80, Section199ADividendsAmt: 30 },
  },
  F1099DIV002: {
    form: "1099-DIV",
    bad: { QualifiedDividendsAmt: 50, Section897OrdinaryDividendsAmt: 0 },
    good: { TotalOrdinaryDividendsAmt: 100, QualifiedDividendsAmt: 50 },
  },
  F1099DIV003_001: {
    form: "1099-DIV",
    bad: { TotalCapitalDistributionsAmt: 100, UnrecapturedSection1250GainAmt: 150 },
    good: { TotalCapitalDistributionsAmt: 200, UnrecapturedSection1250GainAmt: 150 },
  },
  F1099DIV004: withholding("1099-DIV", "TotalOrdinaryDividendsAmt"),
  F1099DIV005: {
    form: "1099-DIV",
    bad: { PrivateActivityBondIntDivAmt: 50 },
    good: { ExemptInterestDividendsAmt: 100, PrivateActivityBondIntDivAmt: 50 },
  },
  F1099G001: withholding("1099-G", "UnemploymentCompAmt"),
  F1099G002: {
    form: "1099-G",
    bad: { TradeOrBusinessIncomeInd: true },
    good: { TradeOrBusinessIncomeInd: true, StateLclRefundCreditOffsetAmt: 100 },
  },
  F1099INT001: withholding("1099-INT", "InterestIncomeAmt"),
  F1099INT002_001: {
    form: "1099-INT",
    bad: { InterestIncomeAmt: 10, TaxExemptInterestAmt: 20, SpcfdPrvtActyBondInterestAmt: 50 },
    good: { InterestIncomeAmt: 10, TaxExemptInterestAmt: 60, SpcfdPrvtActyBondInterestAmt: 50 },
  },
  F1099INT004: {
    form: "1099-INT",
    bad: { InterestIncomeAmt: 10, ForeignTaxesPaidAmt: 5 },
    good: {
      InterestIncomeAmt: 10,
      ForeignTaxesPaidAmt: 5,
      ForeignCountryOrUSPossessionCd: firstCode("1099-INT", "ForeignCountryOrUSPossessionCd"),
    },
  },
  F1099K001: {
    form: "1099-K",
    bad: { GrossAmt: 100, JanuaryAmt: 50 },
    good: { GrossAmt: 100, JanuaryAmt: 50, FebruaryAmt: 50 },
  },
  F1099K002: {
    form: "1099-K",
    bad: { EPFOrOtherThirdPartyInd: true, PSENm: "Pay Co" },
    good: { EPFOrOtherThirdPartyInd: true, PSENm: "Pay Co", PSEPhoneNum: "5555550100" },
  },
  F1099K003: withholding("1099-K", "GrossAmt"),
  F1099K004: { form: "1099-K", bad: { GrossAmt: 100 }, good: { GrossAmt: 100, PSEInd: true } },
  F1099K005: {
    form: "1099-K",
    bad: { PaymentCardInd: true, ThirdPartyNetworkInd: true },
    good: { PaymentCardInd: true },
  },
  F1099K006: {
    form: "1099-K",
    bad: { GrossAmt: 100, CardNotPresentTransAmt: 200 },
    good: { GrossAmt: 100, CardNotPresentTransAmt: 50 },
  },
  F1099K026: { form: "1099-K", bad: { GrossAmt: 100 }, good: { GrossAmt: 100, PaymentTransactionCnt: 12 } },
  F1099LS001: { form: "1099-LS", bad: {}, good: { PaidToRecipientAmt: 25000 } },
  F1099LTC001: {
    form: "1099-LTC",
    bad: { PerDiemInd: true, ReimbursedAmountInd: true },
    good: { PerDiemInd: true },
  },
  F1099MISC001: withholding("1099-MISC", "RentAmt"),
  F1099NEC001: withholding("1099-NEC", "NonemployeeCompensationAmt"),
  F1099OID001: withholding("1099-OID", "OriginalIssueDiscountAmt"),
  F1099OID002: {
    form: "1099-OID",
    bad: { OriginalIssueDiscountAmt: 10 },
    good: { OriginalIssueDiscountAmt: 10, CUSIPNumberOrObligationDesc: "City bond 2031" },
  },
  F1099PATR001: withholding("1099-PATR", "PatronageDividendsAmt"),
  F1099PATR002: {
    form: "1099-PATR",
    bad: { Section199AgDeductionAmt: 10 },
    good: { Section199AgDeductionAmt: 10, SpecifiedCooperativeInd: true },
  },
  F1099PATR003: {
    form: "1099-PATR",
    bad: { Section199Ab7QualifiedPymtAmt: 10 },
    good: { Section199Ab7QualifiedPymtAmt: 10, SpecifiedCooperativeInd: true },
  },
  F1099Q001: {
    form: "1099-Q",
    bad: { GrossDistributionAmt: 100, EarningsAmt: 30, BasisAmt: 50 },
    good: { GrossDistributionAmt: 100, EarningsAmt: 30, BasisAmt: 70 },
  },
  F1099Q002: {
    form: "1099-Q",
    bad: { DistriFromPrivateQTPInd: true, DistriFromStateQTPInd: true },
    good: { DistriFromPrivateQTPInd: true },
  },
  F1099Q003: { form: "1099-Q", bad: { EarningsAmt: 10 }, good: { GrossDistributionAmt: 100 } },
  F1099Q008: {
    form: "1099-Q",
    bad: { GrossDistributionAmt: 100 },
    good: { GrossDistributionAmt: 100, TrusteeToTrusteeTransferInd: true },
  },
  F1099QA002: {
    form: "1099-QA",
    bad: { GrossDistributionAmt: 100, EarningsAmt: 30, BasisAmt: 50 },
    good: { GrossDistributionAmt: 100, EarningsAmt: 30, BasisAmt: 70 },
  },
  F1099R001: withholding("1099-R", "GrossDistributionAmt"),
  F1099R002: {
    form: "1099-R",
    bad: { GrossDistributionAmt: 100, TaxableAmt: 150 },
    good: { GrossDistributionAmt: 150, TaxableAmt: 100 },
  },
  F1099R003: {
    form: "1099-R",
    bad: { GrossDistributionAmt: 100, CapitalGainAmt: 150 },
    good: { GrossDistributionAmt: 150, CapitalGainAmt: 100 },
  },
  F1099R005_001: {
    form: "1099-R",
    bad: { GrossDistributionAmt: 100, NetUnrlzdSecuritiesApprcnAmt: 150 },
    good: { GrossDistributionAmt: 150, NetUnrlzdSecuritiesApprcnAmt: 100 },
  },
  F1099R006: {
    form: "1099-R",
    bad: { GrossDistributionAmt: 100, TaxableAmt: 50, TxblAmountNotDeterminedInd: true },
    good: { GrossDistributionAmt: 100, TxblAmountNotDeterminedInd: true },
  },
  F1099SA001: {
    form: "1099-SA",
    bad: { GrossDistributionAmt: 100 },
    good: { GrossDistributionAmt: 100, HSAInd: true },
  },
  F1099SA002: { form: "1099-SA", bad: { HSAInd: true }, good: { HSAInd: true, GrossDistributionAmt: 100 } },
  F1099SA003: {
    form: "1099-SA",
    bad: { GrossDistributionAmt: 100, ExcessContributionsEarningsAmt: 200 },
    good: { GrossDistributionAmt: 100, ExcessContributionsEarningsAmt: 50 },
  },
  F1099SB004: { form: "1099-SB", bad: {}, good: { InvestmentInContractAmt: 100 } },
  F1099S004_001: { form: "1099-S", bad: {}, good: { GrossProceedsAmt: 250000 } },
  F1097BTC001: {
    form: "1097-BTC",
    bad: { TotalCreditsAmt: 100, JanuaryAmt: 50 },
    good: { TotalCreditsAmt: 100, JanuaryAmt: 50, FebruaryAmt: 50 },
  },
  F1097BTC002: {
    form: "1097-BTC",
    bad: { BondIssuerInd: true, EntityRcvdBondDistriCreditInd: true },
    good: { BondIssuerInd: true },
  },
  F1098001: {
    form: "1098",
    bad: { MortgageInterestReceivedAmt: 100 },
    good: { MortgageInterestReceivedAmt: 100, PropertyDesc: "Lot 9" },
  },
  F1098C001: {
    form: "1098-C",
    bad: { GrossProceedsFromSaleOfVehAmt: 600 },
    good: { GrossProceedsFromSaleOfVehAmt: 600, CertifiesVehSoldToUnrltPrtyInd: true, SaleDt: "2025-05-01" },
  },
  F1098C002_001: {
    form: "1098-C",
    bad: { GoodsAndServicesYesInd: true },
    good: { GoodsAndServicesYesInd: true, ValueOfGoodsAndSrvcForVehAmt: 100, GoodsAndServicesDesc: "Dinner" },
  },
  F1098C003: {
    form: "1098-C",
    bad: { GoodsAndServicesYesInd: true, GoodsAndServicesNoInd: true },
    good: { GoodsAndServicesNoInd: true },
  },
  F1098C004: { form: "1098-C", bad: {}, good: { VINOrOtherIdNum: "1HGCM82633A004352" } },
  F1098C005: { form: "1098-C", bad: { VehClaimDedUnderSpcfdAmtInd: true }, good: {} },
  F1098Q001: {
    form: "1098-Q",
    bad: { TotalPremiumsAmt: 100, JanuaryAmt: 150 },
    good: { TotalPremiumsAmt: 200, JanuaryAmt: 150 },
  },
  F5498001: {
    form: "5498",
    bad: { RolloverContributionAmt: 100 },
    good: { RolloverContributionAmt: 100, IRAInd: true },
  },
  F5498002: {
    form: "5498",
    bad: { LifeInsIncludedInIRAContriAmt: 100 },
    good: { IRAContributionsAmt: 200, LifeInsIncludedInIRAContriAmt: 100 },
  },
  F5498003: {
    form: "5498",
    bad: { DistributionRepaymentAmt: 100 },
    good: {
      DistributionRepaymentAmt: 100,
      DistributionRepaymentCd: firstCode("5498", "DistributionRepaymentCd"),
    },
  },
  F5498017: {
    form: "5498",
    bad: {
      PostponedOrLateContributionGrp: {
        ContributionAmt: 100,
        PostponedOrLateContributionCd: "EO",
        PostponedOrLateContriReasonTxt: "99999",
      },
    },
    good: {
      PostponedOrLateContributionGrp: {
        ContributionAmt: 100,
        PostponedOrLateContributionCd: "EO",
        PostponedOrLateContriReasonTxt: "13239",
      },
    },
  },
  FW2G001: withholding("W-2G", "GamblingReportableWinningAmt"),
  F1099DA007: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, LongTermGainLossInd: true, ShortTermGainLossInd: true },
    good: { ProceedsAmt: 10, LongTermGainLossInd: true },
  },
  F1099DA008: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, QlfyStablecoinsProceedsInd: true },
    good: { ProceedsAmt: 10, QlfyStablecoinsProceedsInd: true, TransactionCnt: 3 },
  },
  F1099DA010: { form: "1099-DA", bad: { CostOrOtherBasisAmt: 10 }, good: { ProceedsAmt: 10 } },
  F1099DA011: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, SpecifiedNFTProceedsInd: true, BasisReportedInd: true, TransactionCnt: 1 },
    good: { ProceedsAmt: 10, SpecifiedNFTProceedsInd: true, TransactionCnt: 1 },
  },
  F1099DA012: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, SpecifiedNFTProceedsInd: true, NoncoveredSecurityDAInd: true, TransactionCnt: 1 },
    good: { ProceedsAmt: 10, NoncoveredSecurityDAInd: true },
  },
  F1099DA013: withholding("1099-DA", "ProceedsAmt"),
  F1099DA014: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, AcquiredDt: "2026-01-02" },
    good: { ProceedsAmt: 10, AcquiredDt: "2025-12-31" },
  },
  F1099DA015: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, SoldOrDisposedDt: "2024-12-31" },
    good: { ProceedsAmt: 10, SoldOrDisposedDt: "2025-01-01" },
  },
  F1099DA016: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, DATransferredInUnitDt: "2026-03-01" },
    good: { ProceedsAmt: 10, DATransferredInUnitDt: "2024-03-01" },
  },
  F1099DA017: {
    form: "1099-DA",
    bad: { ProceedsAmt: 10, AcquiredDt: "2025-06-01", SoldOrDisposedDt: "2025-05-01" },
    good: { ProceedsAmt: 10, AcquiredDt: "2025-05-01", SoldOrDisposedDt: "2025-06-01" },
  },
  SHAREDIRFORM018: {
    form: "1099-MISC",
    bad: { RentAmt: 700, FATCAFilingRequirementInd: true },
    good: { RentAmt: 700, FATCAFilingRequirementInd: true, RecipientAccountNum: "A-1" },
  },
  SHAREDIRFORM021: {
    form: "1099-NEC",
    bad: { NonemployeeCompensationAmt: 5000 },
    good: { NonemployeeCompensationAmt: 5000 },
    badFacts: { transmitter: TEST_MODE },
    goodFacts: { transmitter: PROD_MODE },
  },
  S1H001: {
    form: "1099-NEC",
    bad: { NonemployeeCompensationAmt: 5000 },
    good: { NonemployeeCompensationAmt: 5000 },
    badFacts: { issuer: { phone: "555-0100" } },
    goodFacts: { issuer: { phone: "(617) 555-0100" } },
  },
  SMF027: {
    form: "1099-NEC",
    bad: { NonemployeeCompensationAmt: 5000 },
    good: { NonemployeeCompensationAmt: 5000 },
    badFacts: { transmitter: TEST_MODE, issuer: { tin: Tin.fromDigits("123456789") } },
    goodFacts: { transmitter: TEST_MODE, issuer: { tin: Tin.fromDigits("000456789") } },
  },
};

const codes = (facts: RecordFacts) => {
  const c = checkForm(facts);
  return {
    all: [...c.rejects, ...c.warnings],
    rejects: c.rejects.map((f) => f.code),
    warnings: c.warnings.map((f) => f.code),
  };
};

for (const [code, c] of Object.entries(CASES)) {
  test(`${code}: a ${c.form} breaking it is caught, one keeping it is not`, () => {
    const bad = codes(
      factsOf(c.form, c.bad, { ...(c.taxYear ? { taxYear: c.taxYear } : {}), ...c.badFacts }),
    );
    const good = codes(
      factsOf(c.form, c.good, { ...(c.taxYear ? { taxYear: c.taxYear } : {}), ...c.goodFacts }),
    );
    const hit = bad.all.find((f) => f.code === code);
    assert.ok(hit, `${code} not found in ${JSON.stringify(bad.all.map((f) => f.code))}`);
    const severity = businessRule(code)?.severity;
    assert.is(hit.severity, severity);
    // Reject rules stop the form; Report Error and threshold-graded rules only warn (issue 41).
    assert.is(blocks(hit.severity), severity === "Reject");
    assert.is(blocks(hit.severity) ? bad.rejects.includes(code) : bad.warnings.includes(code), true);
    assert.match(hit.message, new RegExp(`^IRS rule ${code} \\(`));
    assert.match(hit.path, /^(jsonForm\.|payer\.)/);
    assert.not.ok(
      good.all.some((f) => f.code === code),
      `${code} fired on the passing form: ${JSON.stringify(good.all)}`,
    );
  });
}

test("every form-level rule of the engine has a case here", () => {
  const missing = [...new Set(RECORD_RULES.map((r) => r.code))].filter(
    (c) => !(c in CASES) && !["F1099H003", "SHAREDIRFORM016", "SHAREDIRFORM023"].includes(c),
  );
  assert.equal(missing, []);
});

test("F1099H003: FormTypeCd 1099H is refused; 1099NEC is not", () => {
  const jsonForm = canonical("1099-NEC", { NonemployeeCompensationAmt: 100 });
  assert.ok(
    checkForm({ formTypeCd: "1099H", taxYear: 2025, jsonForm }).rejects.some((f) => f.code === "F1099H003"),
  );
  assert.not.ok(
    checkForm({ formTypeCd: "1099NEC", taxYear: 2025, jsonForm }).rejects.some((f) => f.code === "F1099H003"),
  );
});

test("SHAREDIRFORM016: a recipient without a mailing address is warned about (threshold-graded), refused under strict", () => {
  const { MailingAddressGrp: _drop, ...noAddress } = RECIPIENT;
  const bad = canonical("1099-NEC", { NonemployeeCompensationAmt: 5000 }, 2025, noAddress);
  const good = canonical("1099-NEC", { NonemployeeCompensationAmt: 5000 });
  const checked = checkForm({ formTypeCd: "1099NEC", taxYear: 2025, jsonForm: bad });
  const hit = checked.warnings.find((f) => f.code === "SHAREDIRFORM016");
  assert.is(hit?.path, "jsonForm.RecipientDetail.MailingAddressGrp");
  assert.equal(checked.rejects, []);
  assert.equal(
    refusals(checked, true).map((f) => f.code),
    ["SHAREDIRFORM016"],
  );
  assert.not.ok(
    checkForm({ formTypeCd: "1099NEC", taxYear: 2025, jsonForm: good }).warnings.some(
      (f) => f.code === "SHAREDIRFORM016",
    ),
  );
});

test("SHAREDIRFORM023: a form without a recipient TIN is flagged; a stored form (TINLast4) is not", () => {
  const good = canonical("1099-NEC", { NonemployeeCompensationAmt: 5000 });
  const rd = good["RecipientDetail"] as Record<string, unknown>;
  const { TIN: tin, ...noTin } = rd;
  const bad = { ...good, RecipientDetail: noTin };
  assert.ok(
    checkForm({ formTypeCd: "1099NEC", taxYear: 2025, jsonForm: bad }).warnings.some(
      (f) => f.code === "SHAREDIRFORM023",
    ),
  );
  const storedForm = { ...good, RecipientDetail: { ...noTin, TINLast4: String(tin).slice(5) } };
  assert.not.ok(
    checkForm({ formTypeCd: "1099NEC", taxYear: 2025, jsonForm: storedForm }).warnings.some(
      (f) => f.code === "SHAREDIRFORM023",
    ),
  );
  assert.not.ok(
    checkForm({ formTypeCd: "1099NEC", taxYear: 2025, jsonForm: good }).warnings.some(
      (f) => f.code === "SHAREDIRFORM023",
    ),
  );
});

test("no finding message contains the recipient's or the payer's TIN", () => {
  const tin = "123456789";
  for (const [code, c] of Object.entries(CASES)) {
    const f = checkForm(factsOf(c.form, c.bad, { ...c.badFacts, recipientTin: Tin.fromDigits(tin) }));
    for (const x of [...f.rejects, ...f.warnings]) {
      assert.not.ok(
        x.message.includes(tin) || x.message.includes("000456789") || x.path.includes(tin),
        `${code}: ${x.message}`,
      );
    }
  }
});

test("the IRS's own severities: F1099DA015 Reject, F1099R002 threshold-graded, F1098C005 Report Error", () => {
  const sev = (code: string, c: Case) =>
    checkForm(factsOf(c.form, c.bad))
      .rejects.concat(checkForm(factsOf(c.form, c.bad)).warnings)
      .find((f) => f.code === code)?.severity;
  assert.is(sev("F1099DA015", CASES["F1099DA015"] as Case), "Reject");
  assert.is(sev("F1099R002", CASES["F1099R002"] as Case), "Report Error and Reject if over Threshold");
  assert.is(sev("F1098C005", CASES["F1098C005"] as Case), "Report Error");
});

test("issue 41: strict refuses every Report Error finding; without it only Reject refuses", () => {
  // F1099DA015 (Reject: sold outside the tax year) and F1099DA013 (Report Error: withholding) on one form.
  const facts = factsOf("1099-DA", {
    ...(CASES["F1099DA015"] as Case).bad,
    ...(CASES["F1099DA013"] as Case).bad,
  });
  const checked = checkForm(facts);
  const codesOf = (l: readonly { code: string }[]) => l.map((f) => f.code).sort();
  assert.equal(codesOf(refusals(checked, false)), ["F1099DA015"]);
  assert.ok(codesOf(refusals(checked, true)).includes("F1099DA013"));
  assert.ok(codesOf(refusals(checked, true)).includes("F1099DA015"));
  assert.ok(checked.warnings.some((f) => f.code === "F1099DA013"));
  assert.not.ok(remainingWarnings(checked, true).some((f) => f.code === "F1099DA013"));
  assert.equal(remainingWarnings(checked, false), checked.warnings);
});

test("issue 41: a Notice and the intake S1H012 advice are warnings strict does not refuse", () => {
  const notice = checkForm(factsOf("1099-NEC", { NonemployeeCompensationAmt: 10 }));
  assert.ok(notice.warnings.some((f) => f.severity === "Notice"));
  assert.equal(refusals(notice, true), []);
  const noInterest = checkForm(factsOf("1099-INT", { BondPremiumAmt: 20 }));
  assert.ok(noInterest.warnings.some((f) => f.code === "S1H012"));
  assert.equal(irsWarnings(noInterest.warnings), []);
  assert.equal(refusals(noInterest, true), []);
  assert.ok(acceptedWithErrors("Report Error"));
  assert.ok(acceptedWithErrors("Report Error and Reject if over Threshold"));
  assert.not.ok(acceptedWithErrors("Reject"));
  assert.not.ok(acceptedWithErrors("Notice"));
});

test("issue 41: a form breaking one rule reports it once at its field", () => {
  const c = CASES["F1099NEC001"] as Case;
  const found = checkForm(factsOf(c.form, c.bad)).warnings.filter((f) => f.code === "F1099NEC001");
  assert.is(found.length, 1);
  assert.is(found[0]?.path, "jsonForm.FederalIncomeTaxWithheldAmt");
});

test.run();
