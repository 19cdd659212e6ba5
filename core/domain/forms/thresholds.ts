// Reporting thresholds per form and tax year, as data: below them a payer need not file (filing stays allowed).
// Not part of the IRS schema packages, so kept by hand; the rule engine turns findings into intake `warnings`.
// Sources: IRC 6041(a) / 6041A(a) as amended by Pub. L. 119-21 (One Big Beautiful Bill Act) sec. 70433 ($2,000
// for payments made after December 31, 2025; $600 before) and 6050W(e) as amended by sec. 70432 ($20,000 and more
// than 200 transactions for third party settlement organizations); the IRS instructions for each form.
import { amountToCentsBig } from "./decimal.ts";

export interface ReportingThreshold {
  readonly form: string;
  readonly fromTaxYear: number;
  /** Last tax year the row applies to; open-ended when absent. */
  readonly throughTaxYear?: number;
  /** Top-level amount elements: the form is reportable when any one of them reaches the threshold. */
  readonly elements: readonly string[];
  readonly amountCents: number;
  /** `at_least`: reportable at the amount ("$2,000 or more"); `more_than`: only above it ("exceeds $20,000"). */
  readonly comparison: "at_least" | "more_than";
  /** Also required: more than this many transactions (1099-K PaymentTransactionCnt). */
  readonly transactionsMoreThan?: number;
  /** The row applies only when this indicator is set (1099-K: third party network transactions). */
  readonly onlyWhen?: string;
  readonly basis: string;
}

const NEC_MISC_BEFORE_2026 = "IRC 6041(a)/6041A(a): $600 or more (payments made before 2026)";
const NEC_MISC_FROM_2026 =
  "IRC 6041(a)/6041A(a) as amended by Pub. L. 119-21 sec. 70433: $2,000 or more for payments made after 2025";
/** 1099-MISC boxes whose threshold follows section 6041 ($600, then $2,000); royalties and substitute payments stay $10. */
const MISC_6041 = [
  "RentAmt",
  "OtherIncomeAmt",
  "MedicalHealthCarePaymentsAmt",
  "CropInsuranceProceedsAmt",
  "AttorneyGrossProceedsPaidAmt",
  "FishPurchasedForResaleAmt",
];

const ROWS: ReportingThreshold[] = [
  {
    form: "1099-NEC",
    fromTaxYear: 2025,
    throughTaxYear: 2025,
    elements: ["NonemployeeCompensationAmt"],
    amountCents: 600_00,
    comparison: "at_least",
    basis: NEC_MISC_BEFORE_2026,
  },
  {
    form: "1099-NEC",
    fromTaxYear: 2026,
    elements: ["NonemployeeCompensationAmt"],
    amountCents: 2_000_00,
    comparison: "at_least",
    basis: NEC_MISC_FROM_2026,
  },
  {
    form: "1099-MISC",
    fromTaxYear: 2025,
    throughTaxYear: 2025,
    elements: MISC_6041,
    amountCents: 600_00,
    comparison: "at_least",
    basis: NEC_MISC_BEFORE_2026,
  },
  {
    form: "1099-MISC",
    fromTaxYear: 2026,
    elements: MISC_6041,
    amountCents: 2_000_00,
    comparison: "at_least",
    basis: NEC_MISC_FROM_2026,
  },
  {
    form: "1099-MISC",
    fromTaxYear: 2025,
    elements: ["RoyaltyAmt", "SubstitutePaymentsAmt"],
    amountCents: 10_00,
    comparison: "at_least",
    basis: "IRC 6050N / 6045(d): $10 or more",
  },
  {
    form: "1099-K",
    fromTaxYear: 2025,
    elements: ["GrossAmt"],
    amountCents: 20_000_00,
    comparison: "more_than",
    transactionsMoreThan: 200,
    onlyWhen: "ThirdPartyNetworkInd",
    basis:
      "IRC 6050W(e) as amended by Pub. L. 119-21 sec. 70432: more than $20,000 and more than 200 transactions (third party network transactions; payment card transactions have no threshold)",
  },
];

export const REPORTING_THRESHOLDS: readonly ReportingThreshold[] = Object.freeze(
  ROWS.map((t) => Object.freeze(t)),
);

/** The threshold rows of a form for a tax year (none: the form is reportable at any amount). */
export function reportingThresholds(form: string, taxYear: number): ReportingThreshold[] {
  return REPORTING_THRESHOLDS.filter(
    (t) =>
      t.form === form &&
      t.fromTaxYear <= taxYear &&
      (t.throughTaxYear ?? Number.POSITIVE_INFINITY) >= taxYear,
  );
}

export interface ThresholdFinding {
  readonly code: "below_reporting_threshold";
  readonly form: string;
  readonly taxYear: number;
  readonly message: string;
  readonly thresholds: readonly ReportingThreshold[];
}

const dollars = (cents: number): string =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

function cents(v: unknown): bigint {
  return amountToCentsBig(v) ?? 0n;
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === "1" || v === "true";
}

/**
 * A finding when a filled form (jsonForm) is below every applicable threshold of its form and year. Federal tax
 * withheld (backup withholding) makes any amount reportable, so such a form has no finding; so does a form with no
 * thresholds or none that applies (1099-K for payment card transactions).
 */
export function thresholdFindings(
  form: string,
  taxYear: number,
  jsonForm: Readonly<Record<string, unknown>>,
): ThresholdFinding[] {
  const rows = reportingThresholds(form, taxYear).filter(
    (t) => t.onlyWhen === undefined || truthy(jsonForm[t.onlyWhen]),
  );
  if (rows.length === 0 || cents(jsonForm["FederalIncomeTaxWithheldAmt"]) > 0n) return [];
  const reportable = rows.some((t) => {
    const amountMet = t.elements.some((e) => {
      const c = cents(jsonForm[e]);
      return t.comparison === "at_least" ? c >= BigInt(t.amountCents) : c > BigInt(t.amountCents);
    });
    if (!amountMet) return false;
    if (t.transactionsMoreThan === undefined) return true;
    const count = Number(jsonForm["PaymentTransactionCnt"] ?? 0);
    return Number.isFinite(count) && count > t.transactionsMoreThan;
  });
  if (reportable) return [];
  const parts = rows.map((t) => {
    const amount = `${t.comparison === "at_least" ? "at least" : "more than"} ${dollars(t.amountCents)} in ${t.elements.join(" or ")}`;
    return t.transactionsMoreThan === undefined
      ? amount
      : `${amount} and more than ${t.transactionsMoreThan} transactions (PaymentTransactionCnt)`;
  });
  return [
    {
      code: "below_reporting_threshold",
      form,
      taxYear,
      thresholds: rows,
      message: `This ${form} for tax year ${taxYear} is below the IRS reporting threshold (${parts.join("; or ")}); filing it is allowed but not required. ${rows
        .map((t) => t.basis)
        .filter((b, i, all) => all.indexOf(b) === i)
        .join(". ")}.`,
    },
  ];
}
