// Form 8809 (IRSubmission2Grp) rules: an extension of time is asked for after the tax year ends and by the
// due date of the returns it extends (S2H001, S2H002), once per form family (S2H013), electronically (S2H009,
// S2H010, S2H012). Checked on the request and on any 8809 submission of a transmission.
import { finding } from "./engine.ts";
import type { RuleFinding } from "./model.ts";

/**
 * When the returns an 8809 extends are due at the IRS (electronic filing), by ApplicableFormTypeCd: the 1099
 * family, W-2G and 1099-QA by March 31, 1042-S by March 15, the 5498 family by May 31, of the following year,
 * moved to the next business day when it falls on a weekend or Memorial Day. "1099" takes the family's latest
 * date: 1099-NEC alone is due January 31, which the IRS checks itself.
 */
const DUE: Readonly<Record<string, readonly [month: number, day: number]>> = {
  "1099": [3, 31],
  "1099QA": [3, 31],
  "1042S": [3, 15],
  "5498": [5, 31],
  "5498QA": [5, 31],
  "5498ESA": [5, 31],
  "5498SA": [5, 31],
};

function memorialDay(year: number): number {
  const may31 = new Date(Date.UTC(year, 4, 31)).getUTCDay();
  return 31 - ((may31 + 6) % 7);
}

/** The due date (YYYY-MM-DD) of the returns of a form family for a tax year; undefined for an unknown family. */
export function extensionDueDate(formTypeCd: string, taxYear: number): string | undefined {
  const due = Object.hasOwn(DUE, formTypeCd) ? DUE[formTypeCd] : undefined;
  if (!due) return undefined;
  const year = taxYear + 1;
  const d = new Date(Date.UTC(year, due[0] - 1, due[1]));
  for (;;) {
    const wd = d.getUTCDay();
    const holiday = d.getUTCMonth() === 4 && d.getUTCDate() === memorialDay(year);
    if (wd !== 0 && wd !== 6 && !holiday) break;
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return d.toISOString().slice(0, 10);
}

/** The rule numbers checked on an extension request (and on an 8809 submission, with S2H009..S2H014). */
export const EXTENSION_RULE_CODES = ["S2H001", "S2H002", "S2H013"] as const;

export interface ExtensionFacts {
  readonly taxYear: number;
  /** ApplicableFormTypeCd values, as asked for (duplicates kept: S2H013 is about them). */
  readonly forms: readonly string[];
  readonly now: Date;
}

export interface ExtensionHit {
  readonly code: "S2H001" | "S2H002" | "S2H013";
  /** Index in `forms` of the form family the hit is about; undefined for the tax year. */
  readonly index?: number;
  readonly detail: string;
}

/** S2H001, S2H002 and S2H013 on an extension request. Dates are compared in UTC. */
export function extensionHits(facts: ExtensionFacts): ExtensionHit[] {
  const out: ExtensionHit[] = [];
  const today = facts.now.toISOString().slice(0, 10);
  if (facts.now.getUTCFullYear() <= facts.taxYear) {
    out.push({
      code: "S2H001",
      detail: `An extension for tax year ${String(facts.taxYear)} can be requested from ${String(facts.taxYear + 1)}-01-01.`,
    });
  }
  const seen = new Set<string>();
  facts.forms.forEach((form, index) => {
    if (seen.has(form)) out.push({ code: "S2H013", index, detail: `${form} is asked for twice.` });
    seen.add(form);
    const due = extensionDueDate(form, facts.taxYear);
    if (due !== undefined && today > due) {
      out.push({
        code: "S2H002",
        index,
        detail: `${form} returns for tax year ${String(facts.taxYear)} were due ${due}; the request comes too late.`,
      });
    }
  });
  return out;
}

/** The request's findings, located at `tax_year` or `forms.<i>`. */
export function checkExtension(facts: ExtensionFacts): RuleFinding[] {
  return extensionHits(facts).map((h) =>
    finding(h.code, h.index === undefined ? "tax_year" : `forms.${String(h.index)}`, "8809", h.detail),
  );
}
