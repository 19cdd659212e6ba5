// The rule engine: runs the rule tables over one form (intake, and again at pay) and over a cart (pay). Every
// finding carries the IRS rule number, the IRS severity, the element path and a message citing the rule.
import { businessRule, businessRuleText } from "../business-rules.ts";
import { FORM_RULES, type RecordRule } from "./form-rules.ts";
import { blocks, type FindingSeverity, type RecordFacts, type RuleFinding } from "./model.ts";
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

/** "F1099R002 (Report Error and Reject if over Threshold): <IRS text> <detail>" */
export function ruleMessage(code: string, formTypeCd: string | undefined, detail?: string): string {
  const text = businessRuleText(code, formTypeCd) ?? code;
  return `IRS rule ${code} (${severityOf(code)}): ${text}${detail ? ` ${detail}` : ""}`;
}

export function finding(code: string, path: string, formTypeCd: string | undefined, detail?: string): RuleFinding {
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
  /** Findings that stop the form (see `blocks`). */
  readonly rejects: readonly RuleFinding[];
  /** Findings the IRS reports without rejecting, and the service's notices. */
  readonly warnings: readonly RuleFinding[];
}

const INT_TOTALS = ["InterestIncomeAmt", "EarlyWithdrawalPenaltyAmt", "USSavingsBondsTreasObligIntAmt", "TaxExemptInterestAmt"] as const;

/** One form against every rule that applies to it. */
export function checkForm(facts: RecordFacts): FormCheck {
  const r = new FormReader(facts);
  const rejects: RuleFinding[] = [];
  const warnings: RuleFinding[] = [];
  for (const rule of rulesFor(facts.formTypeCd)) {
    if (!rule.broken(r)) continue;
    const f = finding(rule.code, pathOf(rule), facts.formTypeCd, rule.detail?.(r));
    (blocks(f.severity) ? rejects : warnings).push(f);
  }
  // S1H012 is about the submission's totals: a form without interest is fine beside others that have some, so
  // intake only warns; pay refuses a cart whose 1099-INT submission would total zero (checkCart).
  if (facts.formTypeCd === "1099INT" && r.sum(INT_TOTALS) === 0) {
    warnings.push(finding("S1H012", "jsonForm.InterestIncomeAmt", facts.formTypeCd,
      `This form has none of them; the payer's 1099-INT submission is rejected unless other 1099-INT forms paid with it report some, so pay refuses such a cart.`));
  }
  const miss = belowThreshold(r);
  if (miss) warnings.push({ code: THRESHOLD_CODE, severity: "Notice", path: `jsonForm.${miss.element}`, message: miss.message });
  return { rejects, warnings };
}
