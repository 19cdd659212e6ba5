// The IRS IRIS business rules (TY2025 v1.2) by rule number: acknowledgements name a rule in ErrorMessageCd and
// this table gives its severity and text. The data is generated (business-rules.generated.ts).
import { IRIS_BUSINESS_RULES } from "./business-rules.generated.ts";

export const SEVERITIES = ["Reject", "Report Error", "Report Error and Reject if over Threshold"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface BusinessRule {
  readonly severity: Severity;
  /** IRS error category, e.g. "Data Mismatch", "Incorrect Data", "Missing Data". */
  readonly category: string;
  /** "Active", "New" or "Deleted" in the TY2025 v1.2 sheets. */
  readonly status: string;
  /** The IRS spreadsheet the rule comes from. */
  readonly sheet: string;
  /** The rule text as the IRS publishes it; a few rule numbers have one text per form (SMD001). */
  readonly texts: readonly string[];
}

export function businessRule(ruleNumber: string): BusinessRule | undefined {
  return Object.hasOwn(IRIS_BUSINESS_RULES, ruleNumber) ? IRIS_BUSINESS_RULES[ruleNumber] : undefined;
}

/** The rule's text; for a rule with one text per form, the one naming `formTypeCd` (e.g. "1099NEC"). */
export function businessRuleText(ruleNumber: string, formTypeCd?: string): string | undefined {
  const rule = businessRule(ruleNumber);
  if (!rule) return undefined;
  if (formTypeCd !== undefined && rule.texts.length > 1) {
    const own = rule.texts.find((t) => t.includes(`"${formTypeCd}"`));
    if (own !== undefined) return own;
  }
  return rule.texts[0];
}

export function businessRuleCount(): number {
  return Object.keys(IRIS_BUSINESS_RULES).length;
}
