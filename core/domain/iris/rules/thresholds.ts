// Reporting thresholds: below them the law does not require the form, so filing it is allowed but worth a word.
// Not IRS business rules (the IRS accepts such forms); the service's own advice, code "reporting_threshold",
// severity "Notice". Kept in this small table until the form catalogue carries thresholds per tax year.
//  - 1099-NEC (IRC 6041A(a)) and the IRC 6041(a) boxes of 1099-MISC: $600, and $2,000 for payments made after
//    2025-12-31 (tax year 2026 on; One Big Beautiful Bill Act, section 70433).
//  - 1099-K from a third party settlement organization (IRC 6050W(e)): required only when the gross amount
//    exceeds $20,000 and the transactions exceed 200 (restored by section 70432). Payment card transactions
//    (PaymentCardInd) have no threshold.
// A form reporting backup withholding (FederalIncomeTaxWithheldAmt) is required whatever the amount.
import { dollars, type FormReader } from "./reader.ts";

export const THRESHOLD_CODE = "reporting_threshold";

export interface ReportingThreshold {
  readonly formTypeCd: string;
  readonly fromTaxYear: number;
  /** Last tax year it applies to; absent: still in force. */
  readonly toTaxYear?: number;
  /** The boxes whose total the threshold is about. */
  readonly elements: readonly string[];
  /** The form is required when the total reaches this many cents (`inclusive`) or exceeds it. */
  readonly minimumCents: number;
  readonly inclusive: boolean;
  /** A second test on a count (1099-K transactions): required only when the count exceeds it. */
  readonly count?: { readonly element: string; readonly moreThan: number };
  /** The threshold concerns only forms of this kind (1099-K: third party network transactions). */
  readonly appliesTo?: (r: FormReader) => boolean;
  /** Amount elements whose presence makes the form required anyway. */
  readonly otherwiseRequiredBy?: (r: FormReader) => boolean;
  readonly law: string;
}

const MISC_6041 = [
  "RentAmt",
  "OtherIncomeAmt",
  "MedicalHealthCarePaymentsAmt",
  "CropInsuranceProceedsAmt",
] as const;

/** Any amount outside `boxes` (or backup withholding, or a checked indicator) makes the form required anyway. */
const otherBoxes = (boxes: readonly string[]) => (r: FormReader) =>
  r.amountNames().some((n) => !boxes.includes(n)) || r.ind("DirectSaleAboveThresholdInd") === 1;

export const REPORTING_THRESHOLDS: readonly ReportingThreshold[] = [
  {
    formTypeCd: "1099NEC",
    fromTaxYear: 2000,
    toTaxYear: 2025,
    elements: ["NonemployeeCompensationAmt"],
    minimumCents: 60000,
    inclusive: true,
    otherwiseRequiredBy: otherBoxes(["NonemployeeCompensationAmt"]),
    law: "IRC 6041A(a): $600 for payments made before 2026",
  },
  {
    formTypeCd: "1099NEC",
    fromTaxYear: 2026,
    elements: ["NonemployeeCompensationAmt"],
    minimumCents: 200000,
    inclusive: true,
    otherwiseRequiredBy: otherBoxes(["NonemployeeCompensationAmt"]),
    law: "IRC 6041A(a) as amended by the One Big Beautiful Bill Act, section 70433: $2,000 for payments made after 2025",
  },
  {
    formTypeCd: "1099MISC",
    fromTaxYear: 2000,
    toTaxYear: 2025,
    elements: MISC_6041,
    minimumCents: 60000,
    inclusive: true,
    otherwiseRequiredBy: otherBoxes(MISC_6041),
    law: "IRC 6041(a): $600 for payments made before 2026",
  },
  {
    formTypeCd: "1099MISC",
    fromTaxYear: 2026,
    elements: MISC_6041,
    minimumCents: 200000,
    inclusive: true,
    otherwiseRequiredBy: otherBoxes(MISC_6041),
    law: "IRC 6041(a) as amended by the One Big Beautiful Bill Act, section 70433: $2,000 for payments made after 2025",
  },
  {
    formTypeCd: "1099K",
    fromTaxYear: 2000,
    elements: ["GrossAmt"],
    minimumCents: 2000000,
    inclusive: false,
    count: { element: "PaymentTransactionCnt", moreThan: 200 },
    appliesTo: (r) => r.ind("ThirdPartyNetworkInd") === 1,
    otherwiseRequiredBy: (r) => r.nonZero("FederalIncomeTaxWithheldAmt"),
    law: "IRC 6050W(e) as restored by the One Big Beautiful Bill Act, section 70432: third party network transactions are reported when they exceed $20,000 and 200 transactions",
  },
];

export interface ThresholdMiss {
  readonly element: string;
  readonly message: string;
}

/** The threshold a form falls below, if any; undefined when the form is required (or no threshold applies). */
export function belowThreshold(
  r: FormReader,
  table: readonly ReportingThreshold[] = REPORTING_THRESHOLDS,
): ThresholdMiss | undefined {
  for (const t of table) {
    if (
      t.formTypeCd !== r.formTypeCd ||
      r.taxYear < t.fromTaxYear ||
      (t.toTaxYear !== undefined && r.taxYear > t.toTaxYear)
    )
      continue;
    if (t.appliesTo && !t.appliesTo(r)) continue;
    if (r.nonZero("FederalIncomeTaxWithheldAmt") || t.otherwiseRequiredBy?.(r)) continue;
    const total = r.sum(t.elements);
    if (total <= 0 && t.count === undefined) continue; // nothing in the boxes: another rule's business
    const amountShort = t.inclusive ? total < t.minimumCents : total <= t.minimumCents;
    const count = t.count ? (r.integer(t.count.element) ?? 0) : undefined;
    const countShort = t.count !== undefined && count !== undefined && count <= t.count.moreThan;
    if (!amountShort && !countShort) continue;
    const boxes = t.elements.join(" + ");
    const what = amountShort
      ? `${boxes} total ${dollars(total)}, ${t.inclusive ? "below" : "not more than"} the $${dollars(t.minimumCents)} reporting threshold`
      : `${t.count?.element ?? ""} is ${String(count)}, not more than the ${String(t.count?.moreThan)} transactions of the reporting threshold`;
    return {
      element: amountShort ? (t.elements[0] as string) : (t.count?.element as string),
      message: `${what} for tax year ${String(r.taxYear)} (${t.law}). The form is not required; filing it anyway is allowed.`,
    };
  }
  return undefined;
}
