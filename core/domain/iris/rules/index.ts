// IRS business rules checked before transmission: one engine over rule tables (form, cart, transmission,
// extension), and the list of rules left to the IRS. See docs/irs-business-rules.md.
import { IRIS_BUSINESS_RULES } from "../business-rules.generated.ts";
import { CART_RULE_CODES } from "./cart-rules.ts";
import { RECORD_RULES } from "./engine.ts";
import { EXTENSION_RULE_CODES } from "./extension-rules.ts";
import { CHECKED_BY_THE_IRS, NOT_FILED } from "./not-checked.ts";
import { TRANSMISSION_RULES } from "./transmission-rules.ts";

export { acceptedWithErrors, blocks, keptApart, thresholdGraded } from "./model.ts";
export type { FindingSeverity, IssuerFacts, RecordFacts, RuleFinding, TransmitterProfile } from "./model.ts";
export {
  RECORD_RULES,
  RULES_VERSION,
  checkFiledForm,
  checkForm,
  checkIssuer,
  finding,
  irsWarningCount,
  irsWarnings,
  refusals,
  remainingWarnings,
  ruleMessage,
  rulesFor,
  rulesStamp,
  severityOf,
  stampHolds,
} from "./engine.ts";
export type { FormCheck } from "./engine.ts";
export { checkCart } from "./cart-rules.ts";
export type { CartEntry, CartFinding, CorrectedOriginal } from "./cart-rules.ts";
export { TRANSMISSION_RULES, checkTransmissionXml, totalsRuleFor } from "./transmission-rules.ts";
export type { TransmissionRule } from "./transmission-rules.ts";
export { checkExtension, extensionDueDate } from "./extension-rules.ts";
export { REPORTING_THRESHOLDS, THRESHOLD_CODE, belowThreshold } from "./thresholds.ts";
export type { ReportingThreshold } from "./thresholds.ts";
export { CHECKED_BY_THE_IRS, NOT_FILED } from "./not-checked.ts";
export type { NotChecked } from "./not-checked.ts";
export { FormReader } from "./reader.ts";

/** Where the service checks a rule. */
export type CheckPoint = "intake" | "pay" | "transmission" | "extension";

/** IRS rule number -> where the service checks it. */
export function checkedRules(): ReadonlyMap<string, readonly CheckPoint[]> {
  const out = new Map<string, CheckPoint[]>();
  const add = (code: string, where: CheckPoint) => {
    const list = out.get(code);
    if (!list) out.set(code, [where]);
    else if (!list.includes(where)) list.push(where);
  };
  for (const r of RECORD_RULES) {
    add(r.code, "intake");
    add(r.code, "pay");
  }
  add("S1H012", "intake");
  for (const c of CART_RULE_CODES) add(c, "pay");
  for (const r of TRANSMISSION_RULES) add(r.code, "transmission");
  for (const c of EXTENSION_RULE_CODES) add(c, "extension");
  return out;
}

export interface RuleCoverage {
  readonly total: number;
  readonly checked: number;
  readonly byTheIrs: number;
  readonly notFiled: number;
}

/** How the IRS's rule table splits: checked by the service, left to the IRS, about forms the service does not file. */
export function ruleCoverage(): RuleCoverage {
  return {
    total: Object.keys(IRIS_BUSINESS_RULES).length,
    checked: checkedRules().size,
    byTheIrs: CHECKED_BY_THE_IRS.length,
    notFiled: NOT_FILED.length,
  };
}
