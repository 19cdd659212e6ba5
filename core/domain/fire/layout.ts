// Pub 1220 record layouts (tax years 2025 and 2026). Positions are 1-based and inclusive, as in the
// publication; README.md beside this file says where each came from and what is not verified.
import { MONTHS } from "../shared/months.ts";

export const RECORD_LENGTH = 750;
export const SUPPORTED_TAX_YEARS: readonly number[] = [2025, 2026];

export interface FieldDef {
  name: string;
  pos: number;
  len: number;
}

const f = (name: string, pos: number, len: number): FieldDef => ({ name, pos, len });

export const T_FIELDS: readonly FieldDef[] = [
  f("RecordType", 1, 1),
  f("PaymentYear", 2, 4),
  f("PriorYearDataIndicator", 6, 1),
  f("TransmitterTIN", 7, 9),
  f("TransmitterControlCode", 16, 5),
  f("Blank", 21, 7),
  f("TestFileIndicator", 28, 1),
  f("ForeignEntityIndicator", 29, 1),
  f("TransmitterName", 30, 40),
  f("TransmitterNameContinuation", 70, 40),
  f("CompanyName", 110, 40),
  f("CompanyNameContinuation", 150, 40),
  f("CompanyMailingAddress", 190, 40),
  f("CompanyCity", 230, 40),
  f("CompanyState", 270, 2),
  f("CompanyZipCode", 272, 9),
  f("Blank", 281, 15),
  f("TotalNumberOfPayees", 296, 8),
  f("ContactName", 304, 40),
  f("ContactTelephoneNumber", 344, 15),
  f("ContactEmailAddress", 359, 50),
  f("Blank", 409, 91),
  f("RecordSequenceNumber", 500, 8),
  f("Blank", 508, 10),
  f("VendorIndicator", 518, 1),
  f("VendorName", 519, 40),
  f("VendorMailingAddress", 559, 40),
  f("VendorCity", 599, 40),
  f("VendorState", 639, 2),
  f("VendorZipCode", 641, 9),
  f("VendorContactName", 650, 40),
  f("VendorContactTelephoneNumber", 690, 15),
  f("Blank", 705, 35),
  f("VendorForeignEntityIndicator", 740, 1),
  f("Blank", 741, 10),
];

export const A_FIELDS: readonly FieldDef[] = [
  f("RecordType", 1, 1),
  f("PaymentYear", 2, 4),
  f("CombinedFederalStateFiler", 6, 1),
  f("Blank", 7, 5),
  f("PayerTIN", 12, 9),
  f("PayerNameControl", 21, 4),
  f("LastFilingIndicator", 25, 1),
  f("TypeOfReturn", 26, 2),
  f("AmountCodes", 28, 18),
  f("Blank", 46, 6),
  f("ForeignEntityIndicator", 52, 1),
  f("FirstPayerNameLine", 53, 40),
  f("SecondPayerNameLine", 93, 40),
  f("TransferAgentIndicator", 133, 1),
  f("PayerShippingAddress", 134, 40),
  f("PayerCity", 174, 40),
  f("PayerState", 214, 2),
  f("PayerZipCode", 216, 9),
  f("PayerTelephoneNumber", 225, 15),
  f("Blank", 240, 260),
  f("RecordSequenceNumber", 500, 8),
  f("Blank", 508, 243),
];

/** The 18 payment amount fields, in Pub 1220 order (letter I is skipped). */
export const AMOUNT_CODES = "123456789ABCDEFGHJ";
export const AMOUNT_COUNT = 18;
/** B record: payment amount i (0-based) starts at 55 + 12 * i. */
export const B_AMOUNT_POS = 55;
/** C and K records: control total i starts at 16 + 18 * i. */
export const TOTAL_POS = 16;

const amountFields = (): FieldDef[] =>
  Array.from(AMOUNT_CODES, (c, i) => f(`PaymentAmount${c}`, B_AMOUNT_POS + 12 * i, 12));
const totalFields = (): FieldDef[] =>
  Array.from(AMOUNT_CODES, (c, i) => f(`ControlTotal${c}`, TOTAL_POS + 18 * i, 18));

export const B_FIELDS: readonly FieldDef[] = [
  f("RecordType", 1, 1),
  f("PaymentYear", 2, 4),
  f("CorrectedReturnIndicator", 6, 1),
  f("NameControl", 7, 4),
  f("TypeOfTIN", 11, 1),
  f("PayeeTIN", 12, 9),
  f("PayerAccountNumberForPayee", 21, 20),
  f("PayerOfficeCode", 41, 4),
  f("Blank", 45, 10),
  ...amountFields(),
  f("Blank", 271, 16),
  f("ForeignCountryIndicator", 287, 1),
  f("FirstPayeeNameLine", 288, 40),
  f("SecondPayeeNameLine", 328, 40),
  f("PayeeMailingAddress", 368, 40),
  f("Blank", 408, 40),
  f("PayeeCity", 448, 40),
  f("PayeeState", 488, 2),
  f("PayeeZipCode", 490, 9),
  f("Blank", 499, 1),
  f("RecordSequenceNumber", 500, 8),
  f("Blank", 508, 36),
];

export const C_FIELDS: readonly FieldDef[] = [
  f("RecordType", 1, 1),
  f("NumberOfPayees", 2, 8),
  f("Blank", 10, 6),
  ...totalFields(),
  f("Blank", 340, 160),
  f("RecordSequenceNumber", 500, 8),
  f("Blank", 508, 243),
];

export const K_FIELDS: readonly FieldDef[] = [
  f("RecordType", 1, 1),
  f("NumberOfPayees", 2, 8),
  f("Blank", 10, 6),
  ...totalFields(),
  f("Blank", 340, 160),
  f("RecordSequenceNumber", 500, 8),
  f("Blank", 508, 199),
  f("StateIncomeTaxWithheldTotal", 707, 18),
  f("LocalIncomeTaxWithheldTotal", 725, 18),
  f("Blank", 743, 4),
  f("CombinedFederalStateCode", 747, 2),
  f("Blank", 749, 2),
];

export const F_FIELDS: readonly FieldDef[] = [
  f("RecordType", 1, 1),
  f("NumberOfARecords", 2, 8),
  f("Zero", 10, 21),
  f("Blank", 31, 19),
  f("TotalNumberOfPayees", 50, 8),
  f("Blank", 58, 442),
  f("RecordSequenceNumber", 500, 8),
  f("Blank", 508, 243),
];

// ---------------------------------------------------------------------------------------------
// B record positions 544-750: one tail per form.

export type TailField =
  /** One character selecting one of several IRIS indicators (blank = none). */
  | { kind: "flag"; name: string; pos: number; values: Readonly<Record<string, string>> }
  /**
   * Text (or digits) that becomes an IRIS element (a dotted path into a group, e.g. "InsuredGrp.TIN"), or
   * `extra[name]` when iris is null. `each`: one IRIS code per character (a repeating element); `zeroBlank`: an
   * all-zero field means "not reported" (kept in `raw` for the writer); `percent`: whole percent in Pub 1220, a
   * ratio (0-1) in IRIS.
   */
  | {
      kind: "text";
      name: string;
      pos: number;
      len: number;
      iris: string | null;
      digits?: boolean;
      rightAlign?: boolean;
      each?: boolean;
      zeroBlank?: boolean;
      percent?: boolean;
    }
  /** YYYYMMDD, reported as YYYY-MM-DD. */
  | { kind: "date"; name: string; pos: number; iris: string }
  /** YYYY. */
  | { kind: "year"; name: string; pos: number; iris: string }
  | { kind: "stateTax"; name: string; pos: number }
  | { kind: "localTax"; name: string; pos: number }
  | { kind: "cfsf"; name: string; pos: number };

const flag = (name: string, pos: number, values: Record<string, string>): TailField => ({
  kind: "flag",
  name,
  pos,
  values,
});
const text = (
  name: string,
  pos: number,
  len: number,
  iris: string | null,
  opts: {
    digits?: boolean;
    rightAlign?: boolean;
    each?: boolean;
    zeroBlank?: boolean;
    percent?: boolean;
  } = {},
): TailField => ({
  kind: "text",
  name,
  pos,
  len,
  iris,
  ...opts,
});
const date = (name: string, pos: number, iris: string): TailField => ({ kind: "date", name, pos, iris });
const year = (name: string, pos: number, iris: string): TailField => ({ kind: "year", name, pos, iris });

const SECOND_TIN = flag("SecondTINNotice", 544, { "2": "SecondTINNoticeInd" });
const fatca = (pos: number): TailField =>
  flag("FATCAFilingRequirementIndicator", pos, { "1": "FATCAFilingRequirementInd" });
const special = (pos = 663, len = 60): TailField => text("SpecialDataEntries", pos, len, null);
const STATE_TAX: TailField = { kind: "stateTax", name: "StateIncomeTaxWithheld", pos: 723 };
const LOCAL_TAX: TailField = { kind: "localTax", name: "LocalIncomeTaxWithheld", pos: 735 };
const CFSF: TailField = { kind: "cfsf", name: "CombinedFederalStateCode", pos: 747 };
const STATE_LOCAL_CFSF: TailField[] = [special(), STATE_TAX, LOCAL_TAX, CFSF];

export interface AmountDef {
  /** IRIS amount element name, or null when IRIS has no single element for this Pub 1220 amount. */
  iris: string | null;
  label: string;
}

export interface FormSpec {
  form: string;
  typeOfReturn: string;
  /** IRIS element the B record's payer account number (21-40) fills; RecipientAccountNum when absent. */
  accountNumberElement?: string;
  /** Amount code -> IRIS element. Codes absent here are not valid for the form. */
  amounts: Readonly<Record<string, AmountDef>>;
  /** Pub 1220 allows negative amounts (losses) on this form. */
  negativeAllowed: boolean;
  tail: readonly TailField[];
  /** Positions or codes not confirmed against Pub 1220 Rev. 9-2025 (see README.md). */
  unverified?: readonly string[];
}

const a = (iris: string | null, label: string): AmountDef => ({ iris, label });

/** The 21 forms the service must import, in the order of the brief; FORM_SPECS adds the extra ones. */
export const REQUIRED_FORM_SPECS: readonly FormSpec[] = [
  {
    form: "1099-NEC",
    typeOfReturn: "NE",
    amounts: {
      "1": a("NonemployeeCompensationAmt", "Box 1 Nonemployee compensation"),
      "3": a("ExcessParachutePaymentAmt", "Box 3 Excess golden parachute payments"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
    },
    negativeAllowed: false,
    tail: [
      SECOND_TIN,
      flag("DirectSalesIndicator", 547, { "1": "DirectSaleAboveThresholdInd" }),
      ...STATE_LOCAL_CFSF,
    ],
    unverified: [
      "amount code 3 (box 3, new for TY2025)",
      "special data entries 663-722 (blank in older Pub 1220 text)",
    ],
  },
  {
    form: "1099-MISC",
    typeOfReturn: "A",
    amounts: {
      "1": a("RentAmt", "Box 1 Rents"),
      "2": a("RoyaltyAmt", "Box 2 Royalties"),
      "3": a("OtherIncomeAmt", "Box 3 Other income"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a("FishingBoatProceedsAmt", "Box 5 Fishing boat proceeds"),
      "6": a("MedicalHealthCarePaymentsAmt", "Box 6 Medical and health care payments"),
      "8": a("SubstitutePaymentsAmt", "Box 8 Substitute payments in lieu of dividends or interest"),
      A: a("CropInsuranceProceedsAmt", "Box 9 Crop insurance proceeds"),
      C: a("AttorneyGrossProceedsPaidAmt", "Box 10 Gross proceeds paid to an attorney"),
      D: a("Section409ADeferralsAmt", "Box 12 Section 409A deferrals"),
      E: a("NonqlfyDeferredCompensationAmt", "Box 15 Nonqualified deferred compensation"),
      F: a("FishPurchasedForResaleAmt", "Box 11 Fish purchased for resale"),
    },
    negativeAllowed: false,
    tail: [
      SECOND_TIN,
      flag("DirectSalesIndicator", 547, { "1": "DirectSaleAboveThresholdInd" }),
      fatca(548),
      ...STATE_LOCAL_CFSF,
    ],
    unverified: [
      "code B (excess golden parachute) treated as not valid from TY2025 (moved to 1099-NEC box 3)",
    ],
  },
  {
    form: "1099-INT",
    typeOfReturn: "6",
    amounts: {
      "1": a("InterestIncomeAmt", "Box 1 Interest income"),
      "2": a("EarlyWithdrawalPenaltyAmt", "Box 2 Early withdrawal penalty"),
      "3": a(
        "USSavingsBondsTreasObligIntAmt",
        "Box 3 Interest on U.S. Savings Bonds and Treasury obligations",
      ),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a("InvestmentExpenseAmt", "Box 5 Investment expenses"),
      "6": a("ForeignTaxesPaidAmt", "Box 6 Foreign tax paid"),
      "8": a("TaxExemptInterestAmt", "Box 8 Tax-exempt interest"),
      "9": a("SpcfdPrvtActyBondInterestAmt", "Box 9 Specified private activity bond interest"),
      A: a("MarketDiscountAmt", "Box 10 Market discount"),
      B: a("BondPremiumAmt", "Box 11 Bond premium"),
      D: a("TaxExemptBondPremiumAmt", "Box 13 Bond premium on tax-exempt bond"),
      E: a("TreasuryObligBondPremiumAmt", "Box 12 Bond premium on Treasury obligations"),
    },
    negativeAllowed: false,
    tail: [
      SECOND_TIN,
      text("ForeignCountryOrUSPossession", 547, 40, null),
      text("CUSIPNumber", 587, 13, "TaxExemptTaxCreditBondCUSIPNum", { rightAlign: true }),
      fatca(600),
      ...STATE_LOCAL_CFSF,
    ],
  },
  {
    form: "1099-DIV",
    typeOfReturn: "1",
    amounts: {
      "1": a("TotalOrdinaryDividendsAmt", "Box 1a Total ordinary dividends"),
      "2": a("QualifiedDividendsAmt", "Box 1b Qualified dividends"),
      "3": a("TotalCapitalDistributionsAmt", "Box 2a Total capital gain distributions"),
      "5": a("Section199ADividendsAmt", "Box 5 Section 199A dividends"),
      "6": a("UnrecapturedSection1250GainAmt", "Box 2b Unrecaptured Sec. 1250 gain"),
      "7": a("CapitalGainSect1202Amt", "Box 2c Section 1202 gain"),
      "8": a("Collectibles28PercentGainAmt", "Box 2d Collectibles (28%) gain"),
      "9": a("NondividendDistributionsAmt", "Box 3 Nondividend distributions"),
      A: a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      B: a("InvestmentExpenseAmt", "Box 6 Investment expenses"),
      C: a("ForeignTaxesPaidAmt", "Box 7 Foreign tax paid"),
      D: a("CashLiquidationDistriAmt", "Box 9 Cash liquidation distributions"),
      E: a("NoncashLiquidationDistriAmt", "Box 10 Noncash liquidation distributions"),
      F: a("ExemptInterestDividendsAmt", "Box 12 Exempt-interest dividends"),
      G: a("PrivateActivityBondIntDivAmt", "Box 13 Specified private activity bond interest dividends"),
      H: a("Section897OrdinaryDividendsAmt", "Box 2e Section 897 ordinary dividends"),
      J: a("Section897CapitalGainAmt", "Box 2f Section 897 capital gain"),
    },
    negativeAllowed: false,
    tail: [SECOND_TIN, text("ForeignCountryOrUSPossession", 547, 40, null), fatca(587), ...STATE_LOCAL_CFSF],
  },
  {
    form: "1099-R",
    typeOfReturn: "9",
    amounts: {
      "1": a("GrossDistributionAmt", "Box 1 Gross distribution"),
      "2": a("TaxableAmt", "Box 2a Taxable amount"),
      "3": a("CapitalGainAmt", "Box 3 Capital gain"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a(
        "EmployeeContributionsAmt",
        "Box 5 Employee contributions/Designated Roth contributions or insurance premiums",
      ),
      "6": a("NetUnrlzdSecuritiesApprcnAmt", "Box 6 Net unrealized appreciation in employer's securities"),
      "8": a("OtherDistributionAmt", "Box 8 Other"),
      "9": a("TotalEmployeeContributionsAmt", "Box 9b Total employee contributions"),
      A: a(
        null,
        "Traditional IRA/SEP/SIMPLE distribution or Roth conversion (no printed box; IRIS has no amount element)",
      ),
      B: a("IRRAllocatedAmt", "Box 10 Amount allocable to IRR within 5 years"),
    },
    negativeAllowed: false,
    tail: [
      text("DistributionCode", 545, 2, "Form1099RDistributionCd"),
      flag("TaxableAmountNotDeterminedIndicator", 547, { "1": "TxblAmountNotDeterminedInd" }),
      flag("IRASEPSIMPLEIndicator", 548, { "1": "IRASEPSIMPLEInd" }),
      flag("TotalDistributionIndicator", 549, { "1": "TotalDistributionInd" }),
      text("PercentageOfTotalDistribution", 550, 2, "RcpntTotalDistributionPct", {
        digits: true,
        percent: true,
      }),
      year("FirstYearOfDesignatedRothContribution", 552, "DesignatedROTHAcctFirstYr"),
      fatca(556),
      date("DateOfPayment", 557, "PaymentDt"),
      ...STATE_LOCAL_CFSF,
    ],
  },
  {
    form: "1099-K",
    typeOfReturn: "MC",
    amounts: {
      "1": a("GrossAmt", "Box 1a Gross amount of payment card/third party network transactions"),
      "2": a("CardNotPresentTransAmt", "Box 1b Card not present transactions"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a("JanuaryAmt", "Box 5a January"),
      "6": a("FebruaryAmt", "Box 5b February"),
      "7": a("MarchAmt", "Box 5c March"),
      "8": a("AprilAmt", "Box 5d April"),
      "9": a("MayAmt", "Box 5e May"),
      A: a("JuneAmt", "Box 5f June"),
      B: a("JulyAmt", "Box 5g July"),
      C: a("AugustAmt", "Box 5h August"),
      D: a("SeptemberAmt", "Box 5i September"),
      E: a("OctoberAmt", "Box 5j October"),
      F: a("NovemberAmt", "Box 5k November"),
      G: a("DecemberAmt", "Box 5l December"),
    },
    negativeAllowed: false,
    tail: [
      SECOND_TIN,
      flag("TypeOfFilerIndicator", 547, { "1": "PSEInd", "2": "EPFOrOtherThirdPartyInd" }),
      flag("TypeOfPaymentIndicator", 548, { "1": "PaymentCardInd", "2": "ThirdPartyNetworkInd" }),
      text("NumberOfPaymentTransactions", 549, 13, "PaymentTransactionCnt", { digits: true }),
      text("PaymentSettlementEntityNameAndPhone", 565, 40, null),
      text("MerchantCategoryCode", 605, 4, "MerchantCategoryCd", { digits: true }),
      ...STATE_LOCAL_CFSF,
    ],
  },
  {
    form: "1099-B",
    typeOfReturn: "B",
    amounts: {
      "2": a("ProceedsAmt", "Box 1d Proceeds"),
      "3": a("CostOrOtherBasisAmt", "Box 1e Cost or other basis"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a("NondeductibleWashSaleLossAmt", "Box 1g Wash sale loss disallowed"),
      "7": a("BarterAmt", "Box 13 Bartering"),
      "9": a("TYClosedContractProfitLossAmt", "Box 8 Profit or (loss) realized on closed contracts"),
      A: a(
        "PriorYrOpenCntrctProfitLossAmt",
        "Box 9 Unrealized profit or (loss) on open contracts, prior year",
      ),
      B: a("CYOpenCntrctProfitLossAmt", "Box 10 Unrealized profit or (loss) on open contracts, current year"),
      C: a("CntrctAggregateProfitLossAmt", "Box 11 Aggregate profit or (loss) on contracts"),
      D: a("AccruedMarketDiscountAmt", "Box 1f Accrued market discount"),
    },
    negativeAllowed: true,
    tail: [
      SECOND_TIN,
      flag("NoncoveredSecurityIndicator", 545, { "1": "NoncoveredSecurityInd" }),
      flag("TypeOfGainOrLossIndicator", 546, {
        "1": "ShortTermGainLossInd",
        "2": "LongTermGainLossInd",
        "3": "OrdinaryInd",
      }),
      flag("GrossProceedsIndicator", 547, { "1": "GrossProceedsInd", "2": "NetProceedsInd" }),
      date("DateSoldOrDisposed", 548, "SoldOrDisposedDt"),
      text("CUSIPNumber", 556, 13, "CUSIPNum", { rightAlign: true }),
      text("DescriptionOfProperty", 569, 39, "PropertyDesc"),
      date("DateAcquired", 608, "AcquiredDt"),
      flag("LossNotAllowedIndicator", 616, { "1": "LossNotAllowedInd" }),
      text("ApplicableCheckboxOnForm8949", 617, 1, "Form8949ApplicableCheckboxCd"),
      flag("ApplicableCheckboxForCollectibles", 618, { "1": "CollectiblesInd" }),
      fatca(619),
      flag("ApplicableCheckboxForQOF", 620, { "1": "QOFInd" }),
      ...STATE_LOCAL_CFSF,
    ],
    unverified: ["type of gain or loss value 3 (ordinary)"],
  },
  {
    form: "1099-G",
    typeOfReturn: "F",
    amounts: {
      "1": a("UnemploymentCompAmt", "Box 1 Unemployment compensation"),
      "2": a("StateLclRefundCreditOffsetAmt", "Box 2 State or local income tax refunds, credits, or offsets"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a("RTAAPaymentsAmt", "Box 5 RTAA payments"),
      "6": a("TaxableGrantsAmt", "Box 6 Taxable grants"),
      "7": a("AgriculturePaymentsAmt", "Box 7 Agriculture payments"),
      "9": a("MarketGainAmt", "Box 9 Market gain"),
    },
    negativeAllowed: false,
    tail: [
      SECOND_TIN,
      flag("TradeOrBusinessIndicator", 547, { "1": "TradeOrBusinessIncomeInd" }),
      year("TaxYearOfRefund", 548, "RefundCreditOffsetTaxYr"),
      ...STATE_LOCAL_CFSF,
    ],
  },
  {
    form: "1099-S",
    typeOfReturn: "S",
    amounts: {
      "2": a("GrossProceedsAmt", "Box 2 Gross proceeds"),
      "5": a("BuyerRealEstateTaxAmt", "Box 6 Buyer's part of real estate tax"),
    },
    negativeAllowed: false,
    tail: [
      flag("PropertyOrServicesIndicator", 547, { "1": "TransferorRcvdConsiderationInd" }),
      date("DateOfClosing", 548, "ClosingDt"),
      text("AddressOrLegalDescription", 556, 39, "AddressOrLegalDesc"),
      flag("ForeignTransferor", 595, { "1": "TransferorForeignPersonInd" }),
      special(),
      STATE_TAX,
      LOCAL_TAX,
    ],
  },
  {
    form: "1099-C",
    typeOfReturn: "5",
    amounts: {
      "2": a("DebtDischargeAmt", "Box 2 Amount of debt discharged"),
      "3": a("InterestAmt", "Box 3 Interest, if included in box 2"),
      "7": a("FairMarketValueAmt", "Box 7 Fair market value of property"),
    },
    negativeAllowed: false,
    tail: [
      text("IdentifiableEventCode", 547, 1, "IdentifiableEventCd"),
      date("DateOfIdentifiableEvent", 548, "IdentifiableEventDt"),
      text("DebtDescription", 556, 39, "DebtDesc"),
      flag("PersonalLiabilityIndicator", 595, { "1": "DebtorLiableDebtRepaymentInd" }),
      special(),
    ],
  },
  {
    form: "1099-A",
    typeOfReturn: "4",
    amounts: {
      "2": a("PrincipalBalanceDueAmt", "Box 2 Balance of principal outstanding"),
      "4": a("FairMarketValueAmt", "Box 4 Fair market value of property"),
    },
    negativeAllowed: false,
    tail: [
      flag("PersonalLiabilityIndicator", 547, { "1": "PersonallyLiableInd" }),
      date("DateOfLendersAcquisition", 548, "AbandonmentOrAcquisitionDt"),
      text("DescriptionOfProperty", 556, 39, "PropertyDesc"),
      special(),
    ],
  },
  {
    form: "1099-OID",
    typeOfReturn: "D",
    amounts: {
      "1": a("OriginalIssueDiscountAmt", "Box 1 Original issue discount"),
      "2": a("OtherPeriodicInterestAmt", "Box 2 Other periodic interest"),
      "3": a("EarlyWithdrawalPenaltyAmt", "Box 3 Early withdrawal penalty"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a("BondPremiumAmt", "Box 10 Bond premium"),
      "6": a("TreasuryObligationOIDAmt", "Box 8 OID on U.S. Treasury obligations"),
      "7": a("InvestmentExpenseAmt", "Box 9 Investment expenses"),
      A: a("MarketDiscountAmt", "Box 5 Market discount"),
      B: a("AcquisitionPremiumAmt", "Box 6 Acquisition premium"),
      C: a("TaxExemptOIDAmt", "Box 11 Tax-exempt OID"),
    },
    negativeAllowed: true,
    tail: [
      SECOND_TIN,
      text("Description", 547, 39, "CUSIPNumberOrObligationDesc"),
      fatca(586),
      ...STATE_LOCAL_CFSF,
    ],
  },
  {
    form: "1099-PATR",
    typeOfReturn: "7",
    amounts: {
      "1": a("PatronageDividendsAmt", "Box 1 Patronage dividends"),
      "2": a("NonpatronageDistributionsAmt", "Box 2 Nonpatronage distributions"),
      "3": a("PerUnitRetainAllocationsAmt", "Box 3 Per-unit retain allocations"),
      "4": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "5": a(
        "RedeemedNonqualifiedNoticesAmt",
        "Box 5 Redemption of nonqualified notices and retain allocations",
      ),
      "6": a("Section199AgDeductionAmt", "Box 6 Section 199A(g) deduction"),
      // Codes 7-A kept their pre-2020 meaning when the form was renumbered; B-D were appended.
      "7": a("InvestmentCreditAmt", "Box 10 Investment credit"),
      "8": a("WorkOpportunityCreditAmt", "Box 11 Work opportunity credit"),
      "9": a(null, "Patron's AMT adjustment (removed from the form in 2020; no IRIS element)"),
      A: a(null, "Box 12 Other credits and deductions (IRIS splits this box into six elements)"),
      B: a("Section199Ab7QualifiedPymtAmt", "Box 7 Qualified payments (Section 199A(b)(7))"),
      C: a("Section199AaQualifiedItemsAmt", "Box 8 Section 199A(a) qualified items"),
      D: a("Section199AaSSTBItemsAmt", "Box 9 Section 199A(a) SSTB items"),
    },
    negativeAllowed: false,
    tail: [
      SECOND_TIN,
      flag("SpecifiedCooperativeIndicator", 547, { "1": "SpecifiedCooperativeInd" }),
      ...STATE_LOCAL_CFSF,
    ],
    unverified: [
      "amount codes C and D (from a vendor's e-file layout, not the Pub 1220 text)",
      "specified cooperative indicator at 547",
    ],
  },
  {
    form: "1099-SA",
    typeOfReturn: "M",
    amounts: {
      "1": a("GrossDistributionAmt", "Box 1 Gross distribution"),
      "2": a("ExcessContributionsEarningsAmt", "Box 2 Earnings on excess contributions"),
      "4": a("FMVOnDateOfDeathAmt", "Box 4 FMV on date of death"),
    },
    negativeAllowed: false,
    tail: [
      text("DistributionCode", 545, 1, "Form1099SADistributionCd"),
      flag("MedicareAdvantageMSAIndicator", 547, { "1": "MAMSAInd" }),
      flag("HSAIndicator", 548, { "1": "HSAInd" }),
      flag("ArcherMSAIndicator", 549, { "1": "ArcherMSAInd" }),
      special(),
      STATE_TAX,
      LOCAL_TAX,
    ],
  },
  {
    form: "1099-Q",
    typeOfReturn: "Q",
    amounts: {
      "1": a("GrossDistributionAmt", "Box 1 Gross distribution"),
      "2": a("EarningsAmt", "Box 2 Earnings"),
      "3": a("BasisAmt", "Box 3 Basis"),
    },
    negativeAllowed: true,
    tail: [
      flag("TrusteeToTrusteeTransferIndicator", 547, { "1": "TrusteeToTrusteeTransferInd" }),
      flag("TypeOfTuitionPayment", 548, {
        "1": "DistriFromPrivateQTPInd",
        "2": "DistriFromStateQTPInd",
        "3": "DistriFromCoverdellESAInd",
      }),
      flag("DesignatedBeneficiaryIndicator", 549, { "1": "NotDesignatedBeneficiaryInd" }),
      flag("QTPToRothIRATransferIndicator", 550, { "1": "QTPToRothIRATransferInd" }),
      special(),
    ],
    unverified: ["QTP to Roth IRA transfer indicator at 550 (box 4b, new for TY2024)"],
  },
  {
    form: "1099-LTC",
    typeOfReturn: "T",
    amounts: {
      "1": a("GrossLTCBenefitPaidAmt", "Box 1 Gross long-term care benefits paid"),
      "2": a("AcceleratedDeathBenefitPaidAmt", "Box 2 Accelerated death benefits paid"),
    },
    negativeAllowed: false,
    tail: [
      flag("TypeOfPaymentIndicator", 547, { "1": "PerDiemInd", "2": "ReimbursedAmountInd" }),
      text("SocialSecurityNumberOfInsured", 548, 9, "InsuredGrp.TIN", { digits: true }),
      text("NameOfInsured", 557, 40, null),
      text("AddressOfInsured", 597, 40, null),
      text("CityOfInsured", 637, 40, null),
      text("StateOfInsured", 677, 2, null),
      text("ZipCodeOfInsured", 679, 9, null),
      flag("StatusOfIllnessIndicator", 688, {
        "1": "LTCInsuredChronicallyIllInd",
        "2": "LTCInsuredTerminallyIllInd",
      }),
      date("DateCertified", 689, "CertifiedDt"),
      flag("QualifiedContractIndicator", 697, { "1": "QualifiedContractInd" }),
      STATE_TAX,
      LOCAL_TAX,
    ],
  },
  {
    form: "1098",
    typeOfReturn: "3",
    amounts: {
      "1": a("MortgageInterestReceivedAmt", "Box 1 Mortgage interest received"),
      "2": a("PrinResPurchasePointsPaidAmt", "Box 6 Points paid on purchase of principal residence"),
      "3": a("OverpaidInterestRefundAmt", "Box 4 Refund of overpaid interest"),
      "4": a("MortgageInsurancePremiumsAmt", "Box 5 Mortgage insurance premiums"),
      "6": a("OutstandingMortgPrincipalAmt", "Box 2 Outstanding mortgage principal"),
    },
    negativeAllowed: false,
    tail: [
      date("MortgageOriginationDate", 544, "MortgageOriginationDt"),
      flag("PropertySecuringMortgageIndicator", 552, { "1": "PropAddrSameBorrowerAddrInd" }),
      text("PropertyAddressOrDescription", 553, 39, "PropertyDesc"),
      text("Other", 592, 39, "OtherTxt"),
      text("NumberOfMortgagedProperties", 670, 4, "PropertiesSecuringMortgageCnt", { digits: true }),
      special(674, 49),
      date("MortgageAcquisitionDate", 723, "MortgageAcquisitionDt"),
    ],
  },
  {
    form: "1098-T",
    typeOfReturn: "8",
    amounts: {
      "1": a(
        "PaymentsReceivedQlfyExpnssAmt",
        "Box 1 Payments received for qualified tuition and related expenses",
      ),
      "3": a("PriorYearAdjustmentsAmt", "Box 4 Adjustments made for a prior year"),
      "4": a("GrantsOrScholarshipsAmt", "Box 5 Scholarships or grants"),
      "5": a("PYAdjGrantsOrScholarshipsAmt", "Box 6 Adjustments to scholarships or grants for a prior year"),
      "7": a("InsReimbursementOrRefundAmt", "Box 10 Reimbursements or refunds from an insurance contract"),
    },
    negativeAllowed: false,
    tail: [
      flag("IdentificationOfTINSolicitation", 544, { "1": "StudentTINSolicitationInd" }),
      flag("HalfTimeStudentIndicator", 547, { "1": "HalfTimeStudentInd" }),
      flag("GraduateStudentIndicator", 548, { "1": "GraduateStudentInd" }),
      flag("AcademicPeriodIndicator", 549, { "1": "PymtRcvdIncldAmtSpcfdPeriodInd" }),
      special(),
    ],
  },
  {
    form: "1098-E",
    typeOfReturn: "2",
    amounts: { "1": a("StudentLoanIntRcvdByLenderAmt", "Box 1 Student loan interest received by lender") },
    negativeAllowed: false,
    tail: [
      flag("OriginationFeesCapitalizedInterestIndicator", 547, { "1": "NotLoanOrigFeeOrCapInterestInd" }),
      special(),
    ],
  },
  {
    form: "5498",
    typeOfReturn: "L",
    amounts: {
      "1": a("IRAContributionsAmt", "Box 1 IRA contributions"),
      "2": a("RolloverContributionAmt", "Box 2 Rollover contributions"),
      "3": a("ConversionToRothIRATaxbleAmt", "Box 3 Roth conversion amount"),
      "4": a("RecharacterizedContributionAmt", "Box 4 Recharacterized contributions"),
      "5": a("EOYFMVAmt", "Box 5 Fair market value of account"),
      "6": a("LifeInsIncludedInIRAContriAmt", "Box 6 Life insurance cost included in box 1"),
      "7": a("FairMarketValueAmt", "Box 15a FMV of certain specified assets"),
      "8": a("SEPContributionsAmt", "Box 8 SEP contributions"),
      "9": a("SIMPLEContributionsAmt", "Box 9 SIMPLE contributions"),
      A: a("RothIRAContributionsAmt", "Box 10 Roth IRA contributions"),
      B: a("RMDAmt", "Box 12b RMD amount"),
      C: a("PostponedOrLateContributionGrp.ContributionAmt", "Box 13a Postponed/late contribution"),
      D: a("DistributionRepaymentAmt", "Box 14a Repayments"),
    },
    negativeAllowed: false,
    tail: [
      flag("IRAIndicator", 547, { "1": "IRAInd" }),
      flag("SEPIndicator", 548, { "1": "SEPInd" }),
      flag("SIMPLEIndicator", 549, { "1": "SIMPLEInd" }),
      flag("RothIRAIndicator", 550, { "1": "RothIRAInd" }),
      flag("RMDIndicator", 551, { "1": "RMDInd" }),
      year("YearOfPostponedContribution", 552, "PostponedOrLateContributionGrp.ContributionYr"),
      text(
        "PostponedContributionCode",
        556,
        2,
        "PostponedOrLateContributionGrp.PostponedOrLateContributionCd",
      ),
      text(
        "PostponedContributionReason",
        558,
        6,
        "PostponedOrLateContributionGrp.PostponedOrLateContriReasonTxt",
      ),
      text("RepaymentCode", 564, 2, "DistributionRepaymentCd"),
      date("RMDDate", 566, "RMDDt"),
      text("SpecifiedAssetCodes", 574, 2, "FMVInvestmentTypeCd"),
      special(),
      CFSF,
    ],
  },
  {
    form: "W-2G",
    typeOfReturn: "W",
    amounts: {
      "1": a("GamblingReportableWinningAmt", "Box 1 Reportable winnings"),
      "2": a("FederalIncomeTaxWithheldAmt", "Box 4 Federal income tax withheld"),
      "7": a("GamblingWinFromIdntclWagersAmt", "Box 7 Winnings from identical wagers"),
    },
    negativeAllowed: false,
    tail: [
      text("TypeOfWagerCode", 547, 1, "GamblingWinWagerTypeCd"),
      date("DateWon", 548, "GamblingWinningDt"),
      text("Transaction", 556, 15, "GamblingWinningTransactionDesc"),
      text("Race", 571, 5, "GamblingWinningEventDesc"),
      text("Cashier", 576, 5, "GamblingWinCashierId"),
      text("Window", 581, 5, "GamblingWinWindowNum"),
      text("FirstIdentification", 586, 15, "RecipientFirstAdditionalIdNum"),
      text("SecondIdentification", 601, 15, "RecipientSecondAdditionalIdNum"),
      special(),
      STATE_TAX,
      LOCAL_TAX,
    ],
  },
];

// Beyond the required list: forms IRIS also has, with moov-io's TY2020 tails (not re-verified).
const EXTRA_FORM_SPECS: readonly FormSpec[] = [
  {
    form: "5498-SA",
    typeOfReturn: "K",
    amounts: {
      "1": a("ArcherMSAContributionAmt", "Box 1 Employee or self-employed person's Archer MSA contributions"),
      "2": a("TotalContributionsAmt", "Box 2 Total contributions made in the year"),
      "3": a(
        "PriorYearContributionAmt",
        "Box 3 Total HSA or Archer MSA contributions made in the following year for this year",
      ),
      "4": a("RolloverContributionAmt", "Box 4 Rollover contributions"),
      "5": a("EOYFairMarketValueAmt", "Box 5 Fair market value of HSA, Archer MSA or MA MSA"),
    },
    negativeAllowed: false,
    tail: [
      flag("MedicareAdvantageMSAIndicator", 547, { "1": "MAMSAInd" }),
      flag("HSAIndicator", 548, { "1": "HSAInd" }),
      flag("ArcherMSAIndicator", 549, { "1": "ArcherMSAInd" }),
      special(),
    ],
    unverified: ["whole tail (moov-io TY2020)"],
  },
  {
    form: "5498-ESA",
    typeOfReturn: "V",
    amounts: {
      "1": a("CoverdellESAContributionAmt", "Box 1 Coverdell ESA contributions"),
      "2": a("RolloverContributionAmt", "Box 2 Rollover contributions"),
    },
    negativeAllowed: false,
    tail: [special()],
    unverified: ["whole tail (moov-io TY2020)"],
  },
  {
    form: "3921",
    typeOfReturn: "N",
    amounts: {
      "3": a("ExercisePricePerShareAmt", "Box 3 Exercise price per share"),
      "4": a("FMVPerShareOnExerciseDtAmt", "Box 4 Fair market value per share on exercise date"),
    },
    negativeAllowed: false,
    tail: [
      date("DateOptionGranted", 547, "StockOptionGrantedDt"),
      date("DateOptionExercised", 555, "StockOptionExercisedDt"),
      text("NumberOfSharesTransferred", 563, 8, "SharesTransferredCnt", { digits: true }),
      text("OtherThanTransferorInformation", 575, 40, null),
      special(),
    ],
    unverified: ["whole tail (moov-io TY2020)"],
  },
  {
    form: "3922",
    typeOfReturn: "Z",
    amounts: {
      "3": a("FMVPerShareOnGrantDtAmt", "Box 3 Fair market value per share on grant date"),
      "4": a("FMVPerShareOnExerciseDtAmt", "Box 4 Fair market value per share on exercise date"),
      "5": a("ExercisePricePerShareAmt", "Box 5 Exercise price per share"),
      "8": a(
        "ExercisePricePerShrGrantDtAmt",
        "Box 8 Exercise price per share as if exercised on the grant date",
      ),
    },
    negativeAllowed: false,
    tail: [
      date("DateOptionGranted", 547, "StockOptionGrantedDt"),
      date("DateOptionExercised", 555, "StockOptionExercisedDt"),
      text("NumberOfSharesTransferred", 563, 8, "SharesTransferredCnt", { digits: true }),
      date("DateLegalTitleTransferred", 571, "LegalTitleTransferDt"),
      special(),
    ],
    unverified: ["whole tail (moov-io TY2020)"],
  },
];

// The rest of the forms Pub 1220 lays out and IRIS files. Tails from moov-io's TY2020 layout (pkg/config
// specification.go) and, for 1098-F, 1099-LS and 1099-SB, a vendor's current e-file layout (1099 Express); not
// checked line by line against Pub 1220 Rev. 9-2025 (see README.md).
const LATER_FORM_SPECS: readonly FormSpec[] = [
  {
    form: "1097-BTC",
    typeOfReturn: "BT",
    amounts: {
      "1": a("TotalCreditsAmt", "Box 1 Total"),
      ...Object.fromEntries(
        MONTHS.map((m, i) => ["23456789ABCD"[i]!, a(`${m}Amt`, `Box 5${"abcdefghijkl"[i]!} ${m}`)]),
      ),
    },
    negativeAllowed: false,
    tail: [
      flag("IssuerIndicator", 547, { "1": "BondIssuerInd", "2": "EntityRcvdBondDistriCreditInd" }),
      text("Code", 556, 1, "IssuerAssignedUniqueIdCd"),
      text("UniqueIdentifier", 560, 39, "IssuerAssignedUniqueId", { rightAlign: true }),
      text("BondType", 599, 3, "BondTypeCd", { digits: true }),
      special(),
    ],
    unverified: ["whole tail and amount codes (moov-io TY2020)"],
  },
  {
    form: "1098-C",
    typeOfReturn: "X",
    amounts: {
      "4": a("GrossProceedsFromSaleOfVehAmt", "Box 4c Gross proceeds from sale"),
      "6": a(
        "ValueOfGoodsAndSrvcForVehAmt",
        "Box 6b Value of goods and services provided in exchange for the vehicle",
      ),
    },
    negativeAllowed: false,
    tail: [
      flag("TransactionIndicator", 546, { "1": "CertifiesVehSoldToUnrltPrtyInd" }),
      flag("TransferAfterImprovementsIndicator", 547, { "1": "CertifiesVehicleNotTrnsfrInd" }),
      flag("TransferBelowFairMarketValueIndicator", 548, { "1": "CertifiesVehTrnsfrToNeedyInd" }),
      year("Year", 549, "VehicleModelYr"),
      text("Make", 553, 13, "VehicleMakeNameTxt"),
      text("Model", 566, 22, "VehicleModelNameTxt"),
      text("VehicleIdentificationNumber", 588, 25, "VINOrOtherIdNum"),
      text("VehicleDescription", 613, 39, "CertifiesDetailedImprvDesc"),
      date("DateOfContribution", 652, "ContributionDt"),
      flag("DoneeIndicator", 660, { "1": "GoodsAndServicesYesInd", "2": "GoodsAndServicesNoInd" }),
      flag("IntangibleReligiousBenefitsIndicator", 661, { "1": "IntangibleReligiousBenefitsInd" }),
      flag("DeductionLessThan500Indicator", 662, { "1": "VehClaimDedUnderSpcfdAmtInd" }),
      special(),
      date("DateOfSale", 723, "SaleDt"),
      text("GoodsAndServices", 731, 16, "GoodsAndServicesDesc"),
    ],
    unverified: [
      "whole tail (moov-io TY2020); donee indicator value 2 (goods or services not provided) accepted; odometer mileage (box 2a) has no Pub 1220 field",
    ],
  },
  {
    form: "1098-F",
    typeOfReturn: "FP",
    amounts: {
      "1": a("TotalAmt", "Box 1 Total amount required to be paid"),
      "2": a("ViolationOrPotViolationAmt", "Box 2 Amount to be paid for violation or potential violation"),
      "3": a("RestitutionOrRemediationAmt", "Box 3 Restitution/remediation amount"),
      "4": a("ComplianceAmt", "Box 4 Compliance amount"),
    },
    negativeAllowed: false,
    tail: [
      date("DateOfOrderOrAgreement", 544, "SuitOrderOrAgreementDt"),
      text("Jurisdiction", 552, 39, "CourtOrEntityNm"),
      text("CaseNumber", 591, 39, "CaseNum"),
      text("NameOfMatterSuitOrAgreement", 630, 39, "CaseNameOrPartiesNamesSOATxt"),
      text("PaymentCodes", 669, 5, "Form1098FCd", { each: true }),
      special(675, 60),
    ],
    unverified: [
      "amount codes 1-4 and payment codes at 669-673 from a vendor's TY2022+ layout; special data entries at 675-734 (moov-io TY2020)",
    ],
  },
  {
    form: "1098-Q",
    typeOfReturn: "QL",
    amounts: {
      ...Object.fromEntries(
        MONTHS.map((m, i) => ["123456789ABC"[i]!, a(`${m}Amt`, `Box 5${"abcdefghijkl"[i]!} ${m} amount`)]),
      ),
      D: a("TotalPremiumsAmt", "Box 3 Total premiums"),
      E: a("AnnuityStartDtAmt", "Box 1a Annuity amount on start date"),
      F: a("QLACFMVAmt", "Box 4 FMV of QLAC"),
    },
    negativeAllowed: false,
    tail: [
      date("AnnuityStartDate", 546, "AnnuityStartDt"),
      flag("StartDateMayBeAcceleratedIndicator", 554, { "1": "AcceleratedStartDtInd" }),
      ...MONTHS.map((m, i) =>
        text(`${m}Day`, 555 + 2 * i, 2, `${m}DayNum`, { digits: true, zeroBlank: true }),
      ),
      text("NameOfPlan", 580, 39, "PlanNameTxt"),
      text("PlanNumber", 619, 20, "PlanNum"),
      text("PlanSponsorEIN", 639, 9, "PlanSponsorEIN", { digits: true }),
    ],
    unverified: ["whole tail and amount codes (moov-io TY2020)"],
  },
  {
    form: "1099-CAP",
    typeOfReturn: "P",
    amounts: { "2": a("AggregateReceivedAmt", "Box 2 Aggregate amount received") },
    negativeAllowed: false,
    tail: [
      date("DateOfSaleOrExchange", 548, "SaleOrExchangeDt"),
      text("NumberOfSharesExchanged", 608, 8, "SharesExchangedCnt", { digits: true }),
      text("ClassesOfStockExchanged", 616, 10, "StockClassDesc"),
      special(),
    ],
    unverified: ["whole tail (moov-io TY2020)"],
  },
  {
    form: "1099-LS",
    typeOfReturn: "LS",
    accountNumberElement: "PolicyNum",
    amounts: { "1": a("PaidToRecipientAmt", "Box 1 Amount paid to payment recipient") },
    negativeAllowed: false,
    tail: [
      date("DateOfSale", 546, "SaleDt"),
      text("IssuersInformation", 663, 39, "InsurancePolicyIssuerName.BusinessNameLine1Txt"),
    ],
    unverified: [
      "type of return LS (moov-io has LC); policy number in the payer's account number field (21-40) and issuer's name at 663-701, from a vendor's layout",
    ],
  },
  {
    form: "1099-SB",
    typeOfReturn: "SB",
    accountNumberElement: "PolicyNum",
    amounts: {
      "1": a("InvestmentInContractAmt", "Box 1 Investment in contract"),
      "2": a("SurrenderAmt", "Box 2 Surrender amount"),
    },
    negativeAllowed: false,
    tail: [text("IssuersInformation", 663, 39, "IssuerContactDetail.ContactNm")],
    unverified: [
      "policy number in the payer's account number field (21-40) and issuer's contact at 663-701, from a vendor's layout",
    ],
  },
];

export const FORM_SPECS: readonly FormSpec[] = [
  ...REQUIRED_FORM_SPECS,
  ...EXTRA_FORM_SPECS,
  ...LATER_FORM_SPECS,
];

/** Type of Return codes Pub 1220 defines for forms IRIS does not take (parsed, reported unsupported). */
export const UNSUPPORTED_TYPES: Readonly<Record<string, string>> = {
  J: "1099-H",
};

export const SPEC_BY_TYPE: ReadonlyMap<string, FormSpec> = new Map(
  FORM_SPECS.map((s) => [s.typeOfReturn, s]),
);
export const SPEC_BY_FORM: ReadonlyMap<string, FormSpec> = new Map(FORM_SPECS.map((s) => [s.form, s]));

/** Every IRIS indicator element a form's B record can carry. */
export function indicatorNames(spec: FormSpec): string[] {
  const out: string[] = [];
  for (const t of spec.tail) if (t.kind === "flag") out.push(...Object.values(t.values));
  return out;
}

/** Combined Federal/State Filing Program codes (B 747-748, K 747-748): FIPS state numbers. */
export const CFSF_STATES: Readonly<Record<string, string>> = {
  "01": "AL",
  "04": "AZ",
  "05": "AR",
  "06": "CA",
  "07": "CO",
  "08": "CT",
  "10": "DE",
  "11": "DC",
  "13": "GA",
  "15": "HI",
  "16": "ID",
  "17": "IL",
  "18": "IN",
  "19": "IA",
  "20": "KS",
  "21": "KY",
  "22": "LA",
  "23": "ME",
  "24": "MD",
  "25": "MA",
  "26": "MI",
  "27": "MN",
  "28": "MS",
  "29": "MO",
  "30": "MT",
  "31": "NE",
  "34": "NJ",
  "35": "NM",
  "36": "NY",
  "37": "NC",
  "38": "ND",
  "39": "OH",
  "40": "OK",
  "41": "OR",
  "42": "PA",
  "44": "RI",
  "45": "SC",
  "47": "TN",
  "49": "UT",
  "50": "VT",
  "51": "VA",
  "54": "WV",
  "55": "WI",
};
export const CFSF_CODE_BY_STATE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CFSF_STATES).map(([code, st]) => [st, code]),
);

/** USPS state, territory and military codes accepted in state fields. */
export const US_STATES: ReadonlySet<string> = new Set(
  (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY " +
    "AS FM GU MH MP PW PR VI AA AE AP"
  ).split(" "),
);

/** Field at a 1-based position of a record, for problem reports. */
export function fieldAt(recordType: string, pos: number, spec: FormSpec | undefined): string {
  const table =
    recordType === "T"
      ? T_FIELDS
      : recordType === "A"
        ? A_FIELDS
        : recordType === "B"
          ? B_FIELDS
          : recordType === "C"
            ? C_FIELDS
            : recordType === "K"
              ? K_FIELDS
              : recordType === "F"
                ? F_FIELDS
                : null;
  if (table === null) return "Record";
  if (recordType === "B" && pos >= 544) {
    if (pos >= 749) return "Blank";
    if (spec !== undefined) {
      for (const t of spec.tail) {
        const len =
          t.kind === "flag"
            ? 1
            : t.kind === "date"
              ? 8
              : t.kind === "year"
                ? 4
                : t.kind === "text"
                  ? t.len
                  : t.kind === "cfsf"
                    ? 2
                    : 12;
        if (pos >= t.pos && pos < t.pos + len) return t.name;
      }
      return "Blank";
    }
    return "FormSpecificFields";
  }
  for (const d of table) if (pos >= d.pos && pos < d.pos + d.len) return d.name;
  return "Blank";
}
