// The IRS business rules the service does not check itself, each with the reason. docs/irs-business-rules.md
// lists them; a test keeps every rule number of the IRS table either checked (a rule table) or here.
import { IRIS_BUSINESS_RULES } from "../business-rules.generated.ts";

export type NotCheckedReason = "irs" | "not_filed";

export interface NotChecked {
  readonly code: string;
  readonly reason: NotCheckedReason;
  readonly why: string;
}

const NAME_TIN = "a name/TIN match against the IRS's records of who holds a TIN";
const IRS_RECORDS = (what: string) => `needs the IRS's records of ${what}`;
const NO_REPLACEMENTS =
  "concerns replacement transmissions (TransmissionTypeCd R) and the IRS's records of the original; the service never sends replacements (a rejected form is re-filed as a new original)";

const irs = (code: string, why: string): NotChecked => ({ code, reason: "irs", why });

/** Rules only the IRS can check. */
export const CHECKED_BY_THE_IRS: readonly NotChecked[] = [
  irs("SMF017", `${NAME_TIN} (the payer's PersonName and TIN)`),
  irs("SMF018", `${NAME_TIN} (the payer's BusinessName and TIN)`),
  irs("SMF029", IRS_RECORDS("the form types the transmitter's TCC is authorized for")),
  irs("SMF031", IRS_RECORDS("the software id's assurance testing (ATS) per form and tax year")),
  irs("S1H002", IRS_RECORDS("the TCCs enrolled in the Combined Federal/State Filing program")),
  irs("S1H027", NO_REPLACEMENTS),
  irs("S1H028", NO_REPLACEMENTS),
  irs(
    "S1H048",
    IRS_RECORDS("the role of the TCC (the service transmits as a transmitter, not as the issuer)"),
  ),
  irs("S1H050", NO_REPLACEMENTS),
  irs(
    "ThresholdRule",
    "the IRS's error-rate threshold is its own configuration, applied to a whole submission, and not published; the service keeps the forms that break a threshold-graded rule in submissions of their own, so the threshold can reject only those",
  ),
  irs(
    "SHAREDIRFORM014",
    `${NAME_TIN} (the recipient's PersonName and TIN); the sandbox simulates it, and TIN matching (the TIN match call) lets a payer check before filing`,
  ),
  irs(
    "SHAREDIRFORM015",
    `${NAME_TIN} (the recipient's BusinessName and TIN); the sandbox simulates it, and TIN matching (the TIN match call) lets a payer check before filing`,
  ),
  irs("TMFST002_001", IRS_RECORDS("issued TCCs")),
  irs("TMFST012", NO_REPLACEMENTS),
  irs("TMFST013", NO_REPLACEMENTS),
  irs("TMFST018", IRS_RECORDS("issued software ids")),
  irs("TMFST019", IRS_RECORDS("each software id's status (test or production)")),
  irs("SVSR001", IRS_RECORDS("each TCC's status (test or production)")),
];

const FORM_1042S =
  "Form 1042-S (IRSubmission3Grp) is not in the form catalogue: the service does not file it, so nothing it transmits can break this rule";

/** Rules about what the service does not file at all: Form 1042-S and its Submission 3 header. */
export const NOT_FILED: readonly NotChecked[] = Object.entries(IRIS_BUSINESS_RULES)
  .filter(([code]) => /^(F1042S|S3H|FS3H)\d/.test(code))
  .map(([code, rule]) => ({
    code,
    reason: "not_filed" as const,
    why: rule.status === "Deleted" ? "deleted by the IRS in TY2025 v1.2" : FORM_1042S,
  }));
