// The IRS business rules as the service checks them before it transmits: shapes shared by every rule table.
// A rule is its IRS number, the forms it applies to, a pure predicate and the element it points at; its severity
// and text are the IRS's (business-rules.generated.ts), so a rule here can never drift from the IRS's table.
import type { Tin } from "../../shared/tin.ts";
import type { Severity } from "../business-rules.ts";

/** IRS severities, plus "Notice" for the service's own advice (reporting thresholds), which never blocks. */
export type FindingSeverity = Severity | "Notice";

/** One rule a form (or a cart, or a transmission) breaks, located. Messages never contain a TIN. */
export interface RuleFinding {
  /** The IRS rule number ("F1099R002"), or a service code in lower case ("reporting_threshold"). */
  readonly code: string;
  readonly severity: FindingSeverity;
  /** "jsonForm.TaxableAmt" for a form's element; an XPath for a transmission's. */
  readonly path: string;
  readonly message: string;
  /** A FIRE import's form: the B (or, for a payer rule, A) record the finding is about. */
  readonly record?: number;
  /** A FIRE import's form: the Pub 1220 field the element came from, and its position in the record. */
  readonly field?: string;
  readonly position?: number;
}

/**
 * Whether a finding stops the form, whatever the payer chose (issue 41): only "Reject". The IRS accepts a form that
 * breaks a "Report Error" or "Report Error and Reject if over Threshold" rule and reports it in the acknowledgement
 * (`acceptedWithErrors`); the second kind rejects a whole submission only once the share of its forms breaking such
 * a rule passes the IRS's threshold, which the transmission planner keeps clean forms clear of.
 */
export function blocks(severity: FindingSeverity): boolean {
  return severity === "Reject";
}

/**
 * The findings the IRS accepts a form with and reports as errors: "Report Error" and "Report Error and Reject if over
 * Threshold". These are a form's warnings; under `strict` they refuse it as a Reject does. The service's notices
 * ("Notice") and the advice about a submission's totals that pay decides (S1H012 at intake) are neither.
 */
export function acceptedWithErrors(severity: FindingSeverity): boolean {
  return severity === "Report Error" || severity === "Report Error and Reject if over Threshold";
}

/** Whether the IRS counts a finding towards its submission threshold (rule ThresholdRule). */
export function thresholdGraded(severity: FindingSeverity | string): boolean {
  return severity === "Report Error and Reject if over Threshold";
}

/**
 * Issue 41: whether a form with these warnings is transmitted apart from its payer's other forms of its type. The IRS
 * rejects a whole submission once the share of its forms breaking a threshold-graded rule passes its threshold
 * (ThresholdRule), which it does not publish; a form breaking one goes in a submission with only such forms, so the
 * threshold can reject those and never the payer's clean forms.
 */
export function keptApart(warnings: readonly Pick<RuleFinding, "severity">[]): boolean {
  return warnings.some((w) => thresholdGraded(w.severity));
}

/** What the service will write in the transmission manifest (the transmitter's IRS identity). */
export interface TransmitterProfile {
  /** TestCd "T": IRS assurance testing. */
  readonly test: boolean;
  /** The IRS software id the service transmits a tax year with ("26A0012345"); undefined when it has none. */
  readonly softwareIdFor: (taxYear: number) => string | undefined;
}

/** The payer as the submission's IssuerDetail will carry it. */
export interface IssuerFacts {
  readonly tin?: Tin;
  /** The phone written as IssuerDetail/PhoneNum (the payer's phone or its contact's). */
  readonly phone?: string | null;
}

/** Everything a form-level rule reads: one form as it is stored (the canonical jsonForm) and its context. */
export interface RecordFacts {
  /** IRIS FormTypeCd, e.g. "1099NEC". */
  readonly formTypeCd: string;
  readonly taxYear: number;
  /**
   * The canonical jsonForm (validateForm's output, or the stored form): a blank or zero optional amount and a
   * false indicator are absent, amounts are JSON numbers, indicators `true`.
   */
  readonly jsonForm: Readonly<Record<string, unknown>>;
  /** RecipientDetail/TIN when the caller has it; rules only read its first digits and never print it. */
  readonly recipientTin?: Tin;
  readonly issuer?: IssuerFacts;
  /** Absent: the rules about TestCd are not checked here (they are when the transmission is built). */
  readonly transmitter?: TransmitterProfile;
}
