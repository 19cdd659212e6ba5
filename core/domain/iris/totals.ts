// Submission totals (IRSubmission1FormTotals): the IRS requires the form's TotalAmtGrp in every submission
// (rules S1H004..S1H052); each total is the sum of that amount over the submission's records.
import { amountToCents, amountToCentsBig, formTotals, type RawFormTotals } from "../forms/index.ts";

/** The form's totals groups, from the IRS schema package of the tax year (catalogue). */
export type FormTotalsDefinition = RawFormTotals;

export function formTotalsDefinition(formTypeCd: string, taxYear?: number): FormTotalsDefinition | undefined {
  return formTotals(formTypeCd, taxYear);
}

function collect(node: unknown, segments: readonly string[], out: unknown[]): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, segments, out);
    return;
  }
  if (segments.length === 0) {
    out.push(node);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const [head, ...rest] = segments;
  collect((node as Record<string, unknown>)[head as string], rest, out);
}

/** Element name -> total in integer cents over the forms (amounts that are absent count as zero); exact below 2^53. */
export function submissionTotals(
  def: FormTotalsDefinition,
  jsonForms: readonly Record<string, unknown>[],
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const el of def.elements) {
    const segments = (el.path ?? el.name).split(".");
    let sum = 0;
    for (const form of jsonForms) {
      const values: unknown[] = [];
      collect(form, segments, values);
      for (const v of values) sum += amountToCents(v) ?? 0;
    }
    totals.set(el.name, sum);
  }
  return totals;
}

/**
 * As submissionTotals, in exact bigint cents at any size: amounts of up to 15 integer digits, summed over thousands
 * of records, pass 2^53 cents. The transmission writes these.
 */
export function submissionTotalsBig(
  def: FormTotalsDefinition,
  jsonForms: readonly Record<string, unknown>[],
  elements: readonly { readonly name: string; readonly path?: string }[] = def.elements,
): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const el of elements) {
    const segments = (el.path ?? el.name).split(".");
    let sum = 0n;
    for (const form of jsonForms) {
      const values: unknown[] = [];
      collect(form, segments, values);
      for (const v of values) sum += amountToCentsBig(v) ?? 0n;
    }
    totals.set(el.name, sum);
  }
  return totals;
}
