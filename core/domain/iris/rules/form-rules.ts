// The IRS form rules (F*, FW2G*: sheet "IRIS Form Rules TY2025 - v1.2") whose inputs are the form itself. One
// row per IRS rule number; element names are the IRIS names of the catalogue (the rule texts sometimes spell
// them differently: "GrossProceedsIndicator" is GrossProceedsInd, "GrossProceedsFromSaleofVehAmt" is
// GrossProceedsFromSaleOfVehAmt, "ValueOfGoodsAndSrvsForVehAmt" is ValueOfGoodsAndSrvcForVehAmt).
import { MONTH_AMOUNTS } from "../../shared/months.ts";
import { dollars, type FormReader } from "./reader.ts";

export interface RecordRule {
  /** IRS rule number. */
  readonly code: string;
  /** FormTypeCds the rule applies to; absent: every form. */
  readonly forms?: readonly string[];
  /** The jsonForm element the finding points at (dotted, without "jsonForm."). */
  readonly element: string;
  /** True when the form breaks the rule. Pure. */
  readonly broken: (r: FormReader) => boolean;
  /** Specifics added to the IRS text: amounts, dates, never a TIN. */
  readonly detail?: (r: FormReader) => string;
}

/** "a is greater than b" rules: `a` (when non-zero) must not exceed `b`. */
function notAbove(code: string, form: string, a: string, b: string, onlyWhenNonZero = true): RecordRule {
  return {
    code,
    forms: [form],
    element: a,
    broken: (r) => (!onlyWhenNonZero || r.nonZero(a)) && r.cents(a) > r.cents(b),
    detail: (r) => `${a} is ${dollars(r.cents(a))}, ${b} is ${dollars(r.cents(b))}.`,
  };
}

function required(code: string, form: string, element: string): RecordRule {
  return {
    code,
    forms: [form],
    element,
    broken: (r) => !r.has(element),
    detail: () => `${element} is blank.`,
  };
}

function nonZero(code: string, form: string, element: string): RecordRule {
  return {
    code,
    forms: [form],
    element,
    broken: (r) => !r.nonZero(element),
    detail: () => `${element} is blank or zero.`,
  };
}

function indicatorSum(
  code: string,
  form: string,
  names: readonly string[],
  test: (sum: number) => boolean,
  want: string,
): RecordRule {
  return {
    code,
    forms: [form],
    element: names[0] as string,
    broken: (r) => !test(names.reduce((n, k) => n + r.ind(k), 0)),
    detail: (r) => `${names.filter((k) => r.ind(k) === 1).join(" and ") || "none of them"} set; ${want}.`,
  };
}

const exactlyOne = (code: string, form: string, names: readonly string[]) =>
  indicatorSum(code, form, names, (n) => n === 1, `set exactly one of ${names.join(", ")}`);
const atMostOne = (code: string, form: string, names: readonly string[]) =>
  indicatorSum(code, form, names, (n) => n <= 1, `set at most one of ${names.join(", ")}`);

/**
 * "'FederalIncomeTaxWithheldAmt' appears excessive in relation to income amounts reported." The IRS does not
 * publish its ratio; the service refuses what is excessive under any ratio: withholding greater than the sum
 * of every other amount on the form. Lower ratios are left to the IRS.
 */
function excessiveWithholding(code: string, form: string): RecordRule {
  const others = (r: FormReader) => r.sum(r.amountNames().filter((n) => n !== "FederalIncomeTaxWithheldAmt"));
  return {
    code,
    forms: [form],
    element: "FederalIncomeTaxWithheldAmt",
    broken: (r) =>
      r.cents("FederalIncomeTaxWithheldAmt") > 0 && r.cents("FederalIncomeTaxWithheldAmt") > others(r),
    detail: (r) =>
      `FederalIncomeTaxWithheldAmt is ${dollars(r.cents("FederalIncomeTaxWithheldAmt"))}, more than the ${dollars(others(r))} of all other amounts on the form.`,
  };
}

/** 1099-B section 1256 contract amounts: the sale fields must be blank and the sale indicators 0. */
const CONTRACT_BLANK = [
  "AcquiredDt",
  "SoldOrDisposedDt",
  "ProceedsAmt",
  "CostOrOtherBasisAmt",
  "AccruedMarketDiscountAmt",
  "NondeductibleWashSaleLossAmt",
  "BarterAmt",
  "Form8949ApplicableCheckboxCd",
] as const;
const CONTRACT_ZERO = [
  "ShortTermGainLossInd",
  "LongTermGainLossInd",
  "OrdinaryInd",
  "CollectiblesInd",
  "QOFInd",
  "NoncoveredSecurityInd",
  "GrossProceedsInd",
  "NetProceedsInd",
  "LossNotAllowedInd",
] as const;

function contractOnly(code: string, amount: string): RecordRule {
  const filled = (r: FormReader) => [
    ...CONTRACT_BLANK.filter((k) => r.has(k)),
    ...CONTRACT_ZERO.filter((k) => r.ind(k) === 1),
  ];
  return {
    code,
    forms: ["1099B"],
    element: amount,
    broken: (r) => r.has(amount) && filled(r).length > 0,
    detail: (r) => `${amount} is reported together with ${filled(r).join(", ")}.`,
  };
}

/** BasisAmt, when given, equals GrossDistributionAmt minus EarningsAmt (1099-Q, 1099-QA). */
function basisIsGrossMinusEarnings(code: string, form: string): RecordRule {
  return {
    code,
    forms: [form],
    element: "BasisAmt",
    broken: (r) =>
      r.has("BasisAmt") && r.cents("BasisAmt") !== r.cents("GrossDistributionAmt") - r.cents("EarningsAmt"),
    detail: (r) =>
      `BasisAmt is ${dollars(r.cents("BasisAmt"))}; GrossDistributionAmt minus EarningsAmt is ${dollars(r.cents("GrossDistributionAmt") - r.cents("EarningsAmt"))}.`,
  };
}

/** Last day of the tax year, for the 1099-DA date rules. */
const yearEnd = (r: FormReader) => `${String(r.taxYear)}-12-31`;
const yearStart = (r: FormReader) => `${String(r.taxYear)}-01-01`;

export const FORM_RULES: readonly RecordRule[] = [
  // 1099-A
  required("F1099A001", "1099A", "PropertyDesc"),
  // 1099-B
  atMostOne("F1099B001", "1099B", ["ShortTermGainLossInd", "LongTermGainLossInd"]),
  excessiveWithholding("F1099B002", "1099B"),
  atMostOne("F1099B003", "1099B", ["GrossProceedsInd", "NetProceedsInd"]),
  required("F1099B004_001", "1099B", "PropertyDesc"),
  atMostOne("F1099B005", "1099B", ["CollectiblesInd", "QOFInd"]),
  contractOnly("F1099B006_001", "TYClosedContractProfitLossAmt"),
  contractOnly("F1099B007_001", "PriorYrOpenCntrctProfitLossAmt"),
  contractOnly("F1099B008_001", "CYOpenCntrctProfitLossAmt"),
  contractOnly("F1099B009_001", "CntrctAggregateProfitLossAmt"),
  // 1099-C
  required("F1099C001", "1099C", "DebtDischargeAmt"),
  notAbove("F1099C002", "1099C", "InterestAmt", "DebtDischargeAmt"),
  required("F1099C003", "1099C", "DebtDesc"),
  // 1099-CAP
  nonZero("F1099CAP001", "1099CAP", "AggregateReceivedAmt"),
  // 1099-DIV
  {
    code: "F1099DIV001",
    forms: ["1099DIV"],
    element: "TotalOrdinaryDividendsAmt",
    broken: (r) =>
      r.cents("TotalOrdinaryDividendsAmt") <
      r.sum([
        "QualifiedDividendsAmt",
        "Section897OrdinaryDividendsAmt",
        "InvestmentExpenseAmt",
        "Section199ADividendsAmt",
      ]),
    detail: (r) =>
      `TotalOrdinaryDividendsAmt is ${dollars(r.cents("TotalOrdinaryDividendsAmt"))}; the parts add up to ${dollars(r.sum(["QualifiedDividendsAmt", "Section897OrdinaryDividendsAmt", "InvestmentExpenseAmt", "Section199ADividendsAmt"]))}.`,
  },
  {
    code: "F1099DIV002",
    forms: ["1099DIV"],
    element: "TotalOrdinaryDividendsAmt",
    broken: (r) => r.has("QualifiedDividendsAmt") && !r.has("TotalOrdinaryDividendsAmt"),
  },
  {
    code: "F1099DIV003_001",
    forms: ["1099DIV"],
    element: "TotalCapitalDistributionsAmt",
    broken: (r) =>
      r.nonZero("TotalCapitalDistributionsAmt") &&
      r.cents("TotalCapitalDistributionsAmt") <
        r.sum([
          "UnrecapturedSection1250GainAmt",
          "CapitalGainSect1202Amt",
          "Collectibles28PercentGainAmt",
          "Section897CapitalGainAmt",
        ]),
    detail: (r) =>
      `TotalCapitalDistributionsAmt is ${dollars(r.cents("TotalCapitalDistributionsAmt"))}; the parts add up to ${dollars(r.sum(["UnrecapturedSection1250GainAmt", "CapitalGainSect1202Amt", "Collectibles28PercentGainAmt", "Section897CapitalGainAmt"]))}.`,
  },
  excessiveWithholding("F1099DIV004", "1099DIV"),
  notAbove("F1099DIV005", "1099DIV", "PrivateActivityBondIntDivAmt", "ExemptInterestDividendsAmt"),
  // 1099-G
  excessiveWithholding("F1099G001", "1099G"),
  {
    code: "F1099G002",
    forms: ["1099G"],
    element: "StateLclRefundCreditOffsetAmt",
    broken: (r) => r.ind("TradeOrBusinessIncomeInd") === 1 && r.cents("StateLclRefundCreditOffsetAmt") <= 0,
  },
  // 1099-H is not an IRIS form: no FormTypeCd of the catalogue may be it.
  { code: "F1099H003", element: "FormTypeCd", broken: (r) => r.formTypeCd === "1099H" },
  // 1099-INT
  excessiveWithholding("F1099INT001", "1099INT"),
  notAbove("F1099INT002_001", "1099INT", "SpcfdPrvtActyBondInterestAmt", "TaxExemptInterestAmt", false),
  {
    code: "F1099INT004",
    forms: ["1099INT"],
    element: "ForeignCountryOrUSPossessionCd",
    broken: (r) => r.has("ForeignTaxesPaidAmt") && !r.has("ForeignCountryOrUSPossessionCd"),
  },
  // 1099-K
  {
    code: "F1099K001",
    forms: ["1099K"],
    element: "GrossAmt",
    broken: (r) => r.sum(MONTH_AMOUNTS) !== r.cents("GrossAmt"),
    detail: (r) =>
      `The months add up to ${dollars(r.sum(MONTH_AMOUNTS))}; GrossAmt is ${dollars(r.cents("GrossAmt"))}.`,
  },
  {
    code: "F1099K002",
    forms: ["1099K"],
    element: "PSENm",
    broken: (r) => r.ind("EPFOrOtherThirdPartyInd") === 1 && (!r.has("PSENm") || !r.has("PSEPhoneNum")),
  },
  excessiveWithholding("F1099K003", "1099K"),
  exactlyOne("F1099K004", "1099K", ["PSEInd", "EPFOrOtherThirdPartyInd"]),
  exactlyOne("F1099K005", "1099K", ["PaymentCardInd", "ThirdPartyNetworkInd"]),
  notAbove("F1099K006", "1099K", "CardNotPresentTransAmt", "GrossAmt"),
  required("F1099K026", "1099K", "PaymentTransactionCnt"),
  // 1099-LS
  nonZero("F1099LS001", "1099LS", "PaidToRecipientAmt"),
  // 1099-LTC
  atMostOne("F1099LTC001", "1099LTC", ["PerDiemInd", "ReimbursedAmountInd"]),
  // 1099-MISC, 1099-NEC, 1099-OID, 1099-PATR
  excessiveWithholding("F1099MISC001", "1099MISC"),
  excessiveWithholding("F1099NEC001", "1099NEC"),
  excessiveWithholding("F1099OID001", "1099OID"),
  required("F1099OID002", "1099OID", "CUSIPNumberOrObligationDesc"),
  excessiveWithholding("F1099PATR001", "1099PATR"),
  {
    code: "F1099PATR002",
    forms: ["1099PATR"],
    element: "SpecifiedCooperativeInd",
    broken: (r) => r.has("Section199AgDeductionAmt") && r.ind("SpecifiedCooperativeInd") === 0,
  },
  {
    code: "F1099PATR003",
    forms: ["1099PATR"],
    element: "SpecifiedCooperativeInd",
    broken: (r) => r.has("Section199Ab7QualifiedPymtAmt") && r.ind("SpecifiedCooperativeInd") === 0,
  },
  // 1099-Q, 1099-QA
  basisIsGrossMinusEarnings("F1099Q001", "1099Q"),
  exactlyOne("F1099Q002", "1099Q", [
    "DistriFromPrivateQTPInd",
    "DistriFromStateQTPInd",
    "DistriFromCoverdellESAInd",
  ]),
  nonZero("F1099Q003", "1099Q", "GrossDistributionAmt"),
  // As the IRS publishes it: exactly one of the two transfer boxes (4a, 4b) must be checked.
  exactlyOne("F1099Q008", "1099Q", ["TrusteeToTrusteeTransferInd", "QTPToRothIRATransferInd"]),
  basisIsGrossMinusEarnings("F1099QA002", "1099QA"),
  // 1099-R
  excessiveWithholding("F1099R001", "1099R"),
  notAbove("F1099R002", "1099R", "TaxableAmt", "GrossDistributionAmt"),
  notAbove("F1099R003", "1099R", "CapitalGainAmt", "GrossDistributionAmt"),
  notAbove("F1099R005_001", "1099R", "NetUnrlzdSecuritiesApprcnAmt", "GrossDistributionAmt"),
  {
    code: "F1099R006",
    forms: ["1099R"],
    element: "TaxableAmt",
    broken: (r) =>
      r.ind("TxblAmountNotDeterminedInd") === 1 &&
      r.ind("IRASEPSIMPLEInd") === 0 &&
      r.cents("TaxableAmt") > 0,
    detail: (r) => `TaxableAmt is ${dollars(r.cents("TaxableAmt"))} while TxblAmountNotDeterminedInd is set.`,
  },
  // 1099-SA, 1099-SB, 1099-S
  exactlyOne("F1099SA001", "1099SA", ["HSAInd", "ArcherMSAInd", "MAMSAInd"]),
  nonZero("F1099SA002", "1099SA", "GrossDistributionAmt"),
  notAbove("F1099SA003", "1099SA", "ExcessContributionsEarningsAmt", "GrossDistributionAmt"),
  {
    code: "F1099SB004",
    forms: ["1099SB"],
    element: "InvestmentInContractAmt",
    broken: (r) => !r.has("SurrenderAmt") && !r.has("InvestmentInContractAmt"),
  },
  {
    code: "F1099S004_001",
    forms: ["1099S"],
    element: "GrossProceedsAmt",
    broken: (r) => r.ind("TransferorRcvdConsiderationInd") === 0 && !r.has("GrossProceedsAmt"),
  },
  // 1097-BTC
  {
    code: "F1097BTC001",
    forms: ["1097BTC"],
    element: "TotalCreditsAmt",
    broken: (r) => r.sum(MONTH_AMOUNTS) !== r.cents("TotalCreditsAmt"),
    detail: (r) =>
      `The months add up to ${dollars(r.sum(MONTH_AMOUNTS))}; TotalCreditsAmt is ${dollars(r.cents("TotalCreditsAmt"))}.`,
  },
  atMostOne("F1097BTC002", "1097BTC", ["BondIssuerInd", "EntityRcvdBondDistriCreditInd"]),
  // 1098, 1098-C, 1098-Q
  {
    code: "F1098001",
    forms: ["1098"],
    element: "PropertyAddressGrp",
    broken: (r) =>
      r.ind("PropAddrSameBorrowerAddrInd") === 0 && !r.has("PropertyAddressGrp") && !r.has("PropertyDesc"),
  },
  {
    code: "F1098C001",
    forms: ["1098C"],
    element: "CertifiesVehSoldToUnrltPrtyInd",
    broken: (r) =>
      r.cents("GrossProceedsFromSaleOfVehAmt") > 50000 &&
      (r.ind("CertifiesVehSoldToUnrltPrtyInd") === 0 || !r.has("SaleDt")),
  },
  {
    code: "F1098C002_001",
    forms: ["1098C"],
    element: "ValueOfGoodsAndSrvcForVehAmt",
    broken: (r) =>
      r.ind("GoodsAndServicesYesInd") === 1 &&
      (!r.has("ValueOfGoodsAndSrvcForVehAmt") || !r.has("GoodsAndServicesDesc")),
  },
  atMostOne("F1098C003", "1098C", ["GoodsAndServicesYesInd", "GoodsAndServicesNoInd"]),
  required("F1098C004", "1098C", "VINOrOtherIdNum"),
  {
    code: "F1098C005",
    forms: ["1098C"],
    element: "VehClaimDedUnderSpcfdAmtInd",
    broken: (r) => r.ind("VehClaimDedUnderSpcfdAmtInd") === 1,
  },
  {
    code: "F1098Q001",
    forms: ["1098Q"],
    element: "TotalPremiumsAmt",
    broken: (r) => r.cents("TotalPremiumsAmt") < r.sum(MONTH_AMOUNTS),
    detail: (r) =>
      `TotalPremiumsAmt is ${dollars(r.cents("TotalPremiumsAmt"))}; the months add up to ${dollars(r.sum(MONTH_AMOUNTS))}.`,
  },
  // 5498
  {
    code: "F5498001",
    forms: ["5498"],
    element: "IRAInd",
    broken: (r) =>
      (r.cents("RolloverContributionAmt") > 0 || r.cents("FairMarketValueAmt") > 0) &&
      r.ind("IRAInd") + r.ind("SEPInd") + r.ind("SIMPLEInd") + r.ind("RothIRAInd") === 0,
  },
  notAbove("F5498002", "5498", "LifeInsIncludedInIRAContriAmt", "IRAContributionsAmt", false),
  {
    code: "F5498003",
    forms: ["5498"],
    element: "DistributionRepaymentCd",
    broken: (r) => r.cents("DistributionRepaymentAmt") > 0 && !r.has("DistributionRepaymentCd"),
  },
  {
    code: "F5498017",
    forms: ["5498"],
    element: "PostponedOrLateContributionGrp.PostponedOrLateContriReasonTxt",
    broken: (r) => {
      const cd = r.text("PostponedOrLateContributionGrp.PostponedOrLateContributionCd");
      const reason = (r.text("PostponedOrLateContributionGrp.PostponedOrLateContriReasonTxt") ?? "").trim();
      if (cd === "EO") return !["13239", "12744", "13119"].includes(reason);
      if (cd === "PL") return !["115-97", "106-21"].includes(reason);
      return false;
    },
  },
  // W-2G
  excessiveWithholding("FW2G001", "W2G"),
  // 1099-DA
  atMostOne("F1099DA007", "1099DA", ["LongTermGainLossInd", "ShortTermGainLossInd"]),
  {
    code: "F1099DA008",
    forms: ["1099DA"],
    element: "TransactionCnt",
    broken: (r) =>
      (r.ind("QlfyStablecoinsProceedsInd") === 1 || r.ind("SpecifiedNFTProceedsInd") === 1) &&
      (r.integer("TransactionCnt") ?? 0) <= 0,
  },
  {
    code: "F1099DA010",
    forms: ["1099DA"],
    element: "ProceedsAmt",
    broken: (r) => !r.has("NFTAttributableFirstSalesAmt") && !r.nonZero("ProceedsAmt"),
  },
  {
    code: "F1099DA011",
    forms: ["1099DA"],
    element: "BasisReportedInd",
    broken: (r) =>
      (r.ind("QlfyStablecoinsProceedsInd") === 1 || r.ind("SpecifiedNFTProceedsInd") === 1) &&
      r.ind("BasisReportedInd") === 1,
  },
  {
    code: "F1099DA012",
    forms: ["1099DA"],
    element: "NoncoveredSecurityDAInd",
    broken: (r) =>
      (r.ind("QlfyStablecoinsProceedsInd") === 1 || r.ind("SpecifiedNFTProceedsInd") === 1) &&
      r.ind("NoncoveredSecurityDAInd") === 1,
  },
  excessiveWithholding("F1099DA013", "1099DA"),
  {
    code: "F1099DA014",
    forms: ["1099DA"],
    element: "AcquiredDt",
    broken: (r) => {
      const d = r.date("AcquiredDt");
      return d !== undefined && d > yearEnd(r);
    },
    detail: (r) =>
      `AcquiredDt is ${r.date("AcquiredDt") ?? ""}, after the end of tax year ${String(r.taxYear)}.`,
  },
  {
    code: "F1099DA015",
    forms: ["1099DA"],
    element: "SoldOrDisposedDt",
    broken: (r) => {
      const d = r.date("SoldOrDisposedDt");
      return d !== undefined && (d < yearStart(r) || d > yearEnd(r));
    },
    detail: (r) =>
      `SoldOrDisposedDt is ${r.date("SoldOrDisposedDt") ?? ""}, outside tax year ${String(r.taxYear)}.`,
  },
  {
    code: "F1099DA016",
    forms: ["1099DA"],
    element: "DATransferredInUnitDt",
    broken: (r) => {
      const d = r.date("DATransferredInUnitDt");
      return d !== undefined && d > yearEnd(r);
    },
    detail: (r) =>
      `DATransferredInUnitDt is ${r.date("DATransferredInUnitDt") ?? ""}, after the end of tax year ${String(r.taxYear)}.`,
  },
  {
    code: "F1099DA017",
    forms: ["1099DA"],
    element: "SoldOrDisposedDt",
    broken: (r) => {
      const sold = r.date("SoldOrDisposedDt");
      const acquired = r.date("AcquiredDt");
      return sold !== undefined && acquired !== undefined && sold < acquired;
    },
    detail: (r) =>
      `SoldOrDisposedDt ${r.date("SoldOrDisposedDt") ?? ""} is before AcquiredDt ${r.date("AcquiredDt") ?? ""}.`,
  },
];
