// The rule engine: runs the rule tables over one form (intake, and again at pay) and over a cart (pay). Every
// finding carries the IRS rule number, the IRS severity, the element path and a message citing the rule.
import { getFormDefinition } from "../../forms/index.ts";
import { businessRule, businessRuleText } from "../business-rules.ts";
import { FORM_RULES, type RecordRule } from "./form-rules.ts";
import {
  acceptedWithErrors,
  blocks,
  type FindingSeverity,
  type RecordFacts,
  type RuleFinding,
  type TransmitterProfile,
} from "./model.ts";
import { FormReader } from "./reader.ts";
import { SHARED_RULES } from "./shared-rules.ts";
import { THRESHOLD_CODE, belowThreshold } from "./thresholds.ts";

/** Every form-level rule the service checks. */
export const RECORD_RULES: readonly RecordRule[] = [...FORM_RULES, ...SHARED_RULES];

/** The IRS severity of a rule number; throws for a number the IRS table does not have (a bug in a table). */
export function severityOf(code: string): FindingSeverity {
  const rule = businessRule(code);
  if (!rule) throw new Error(`IRS business rule ${code} is not in the TY2025 rule table`);
  return rule.severity;
}

/** The message's start per rule and form type: built once (issue 41: a batch where every form warns builds it 1,000 times). */
const MESSAGE_HEADS = new Map<string, string>();

/** "F1099R002 (Report Error and Reject if over Threshold): <IRS text> <detail>" */
export function ruleMessage(code: string, formTypeCd: string | undefined, detail?: string): string {
  const key = `${code}|${formTypeCd ?? ""}`;
  let head = MESSAGE_HEADS.get(key);
  if (head === undefined) {
    head = `IRS rule ${code} (${severityOf(code)}): ${businessRuleText(code, formTypeCd) ?? code}`;
    MESSAGE_HEADS.set(key, head);
  }
  return detail ? `${head} ${detail}` : head;
}

export function finding(
  code: string,
  path: string,
  formTypeCd: string | undefined,
  detail?: string,
): RuleFinding {
  return { code, severity: severityOf(code), path, message: ruleMessage(code, formTypeCd, detail) };
}

function pathOf(rule: RecordRule): string {
  return rule.element.startsWith("payer.") ? rule.element : `jsonForm.${rule.element}`;
}

/** The rules that apply to a form type, in table order (cached per form type). */
const BY_FORM = new Map<string, readonly RecordRule[]>();
export function rulesFor(formTypeCd: string): readonly RecordRule[] {
  let list = BY_FORM.get(formTypeCd);
  if (!list) {
    list = RECORD_RULES.filter((r) => r.forms === undefined || r.forms.includes(formTypeCd));
    BY_FORM.set(formTypeCd, list);
  }
  return list;
}

export interface FormCheck {
  /** Findings that stop the form (see `blocks`): the IRS's "Reject" rules. */
  readonly rejects: readonly RuleFinding[];
  /**
   * Findings the IRS accepts the form with and reports as errors ("Report Error", "Report Error and Reject if over
   * Threshold": see `acceptedWithErrors`), and the service's notices.
   */
  readonly warnings: readonly RuleFinding[];
}

/** The findings the IRS accepts the form with and reports as errors (issue 41): the ones `strict` refuses. */
export function irsWarnings(findings: readonly RuleFinding[]): RuleFinding[] {
  return findings.filter((f) => acceptedWithErrors(f.severity));
}

/** How many of `findings` are IRS warnings (what pay reads of a filing's warnings). */
export function irsWarningCount(findings: readonly RuleFinding[]): number {
  let n = 0;
  for (const f of findings) if (acceptedWithErrors(f.severity)) n++;
  return n;
}

/**
 * What refuses a checked form: its Reject findings and, under `strict` (the payer's choice, per call or as the
 * account's default), the IRS's Report Error findings too. Empty: the form is saved with its warnings.
 */
export function refusals(check: FormCheck, strict: boolean): readonly RuleFinding[] {
  if (!strict) return check.rejects;
  const more = irsWarnings(check.warnings);
  return more.length === 0 ? check.rejects : [...check.rejects, ...more];
}

/** The warnings a refused form still carries: its findings that did not refuse it. */
export function remainingWarnings(check: FormCheck, strict: boolean): readonly RuleFinding[] {
  return strict ? check.warnings.filter((f) => !acceptedWithErrors(f.severity)) : check.warnings;
}

/** The 1099-INT amounts of rule S1H012: a 1099-INT submission whose totals of all four are zero is rejected. */
export const INT_TOTALS = [
  "InterestIncomeAmt",
  "EarlyWithdrawalPenaltyAmt",
  "USSavingsBondsTreasObligIntAmt",
  "TaxExemptInterestAmt",
] as const;

/**
 * One form against every rule that applies to it. A rule the form breaks gives one finding at the element it reads
 * (a rule number the tables list twice for the same element is reported once).
 */
export function checkForm(facts: RecordFacts): FormCheck {
  const r = new FormReader(facts);
  const rejects: RuleFinding[] = [];
  const warnings: RuleFinding[] = [];
  for (const rule of rulesFor(facts.formTypeCd)) {
    if (!rule.broken(r)) continue;
    const path = pathOf(rule);
    // A form breaks a rule or two, so the lists are searched rather than a set kept.
    const list = blocks(severityOf(rule.code)) ? rejects : warnings;
    if (list.some((f) => f.code === rule.code && f.path === path)) continue;
    list.push(finding(rule.code, path, facts.formTypeCd, rule.detail?.(r)));
  }
  // S1H012 is about the submission's totals: a form without interest is fine beside others that have some, so
  // intake only warns; pay refuses a cart whose 1099-INT submission would total zero (checkCart).
  if (facts.formTypeCd === "1099INT" && r.sum(INT_TOTALS) === 0) {
    warnings.push(
      finding(
        "S1H012",
        "jsonForm.InterestIncomeAmt",
        facts.formTypeCd,
        `This form has none of them; the payer's 1099-INT submission is rejected unless other 1099-INT forms paid with it report some, so pay refuses such a cart.`,
      ),
    );
  }
  const miss = belowThreshold(r);
  if (miss)
    warnings.push({
      code: THRESHOLD_CODE,
      severity: "Notice",
      path: `jsonForm.${miss.element}`,
      message: miss.message,
    });
  return { rejects, warnings };
}

/**
 * The form rules intake applies to one validated form of the catalogue (`form` as the catalogue names it, e.g.
 * "1099-NEC"): `checkForm` under its IRIS form type. A form filed with the SSA (the W-2 family) is checked by the
 * SSA's rules instead: undefined. The offline FIRE tools call this too, so `fire validate` refuses what the import
 * refuses.
 */
export function checkFiledForm(form: string, facts: Omit<RecordFacts, "formTypeCd">): FormCheck | undefined {
  const def = getFormDefinition(form, facts.taxYear);
  if (def?.filedWith === "SSA") return undefined;
  return checkForm({ ...facts, formTypeCd: def?.formTypeCd ?? form });
}

// ---- Checked once at intake, trusted at pay (issue 19) -----------------------------------------------------------
// A stored form never changes (corrections and re-files are new filings), so the form rules it passed at intake
// hold at pay unless the rules or the transmitter's mode changed since. Intake stamps each filing with
// `rulesStamp`; pay re-checks in full every filing whose stamp differs from the current one (and every filing
// under an IRS test-mode transmitter, whose rules read TINs) and, for the others, only the rules about the payer,
// which can be edited between intake and pay (`checkIssuer`).

/** FNV-1a, 32 bits, as 8 hex digits: a fingerprint, not a secret. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** The form rules as this build has them: any change to a rule (its forms, element, predicate or detail) changes it. */
export const RULES_VERSION: string = fingerprint(
  [
    ...RECORD_RULES.map((r) =>
      [r.code, r.forms?.join(",") ?? "*", r.element, String(r.broken), String(r.detail ?? "")].join("|"),
    ),
    String(checkForm),
  ].join("\n"),
);

/** What intake records on a filing whose form passed every form rule under `transmitter` (undefined: none known). */
export function rulesStamp(transmitter: TransmitterProfile | undefined): string {
  return `${RULES_VERSION}.${transmitter === undefined ? "n" : transmitter.test ? "t" : "p"}`;
}

/** Whether a filing stamped `stamp` at intake still passes the form rules without reading its form again. */
export function stampHolds(
  stamp: string | undefined | null,
  transmitter: TransmitterProfile | undefined,
): boolean {
  // Under TestCd "T" the rules read the recipient's and payer's TINs, which the stamp does not cover.
  return (
    stamp !== undefined && stamp !== null && transmitter?.test !== true && stamp === rulesStamp(transmitter)
  );
}

/** The rules about the payer (its phone, its TIN), which read no element of the form. */
const ISSUER_RULES = new Map<string, readonly RecordRule[]>();
function issuerRulesFor(formTypeCd: string): readonly RecordRule[] {
  let list = ISSUER_RULES.get(formTypeCd);
  if (!list) {
    list = rulesFor(formTypeCd).filter((r) => r.element.startsWith("payer."));
    ISSUER_RULES.set(formTypeCd, list);
  }
  return list;
}

/** The payer rules for a form type: the part of `checkForm` a stamped filing still needs at pay (once per payer and form type). */
export function checkIssuer(facts: Omit<RecordFacts, "jsonForm" | "recipientTin">): FormCheck {
  const r = new FormReader({ ...facts, jsonForm: {} });
  const rejects: RuleFinding[] = [];
  const warnings: RuleFinding[] = [];
  for (const rule of issuerRulesFor(facts.formTypeCd)) {
    if (!rule.broken(r)) continue;
    const f = finding(rule.code, pathOf(rule), facts.formTypeCd, rule.detail?.(r));
    (blocks(f.severity) ? rejects : warnings).push(f);
  }
  return { rejects, warnings };
}
