// Forms for the rule tests: a form of the catalogue with its required elements filled and the case's elements
// on top, validated exactly as intake validates it (so every element name in a case is a real IRIS name).
import { getFormDefinition, validateForm } from "../../../../../core/domain/forms/index.ts";
import type { RecordFacts } from "../../../../../core/domain/iris/rules/index.ts";
import { Tin } from "../../../../../core/domain/shared/tin.ts";
import { RECIPIENT, fillRequired } from "../../forms/samples.ts";

/** The canonical jsonForm of `form` with `extra` set (and the recipient replaced by `recipient` when given). */
export function canonical(
  form: string,
  extra: Record<string, unknown>,
  taxYear = 2025,
  recipient: Record<string, unknown> = RECIPIENT,
): Record<string, unknown> {
  const def = getFormDefinition(form, taxYear);
  if (!def) throw new Error(`no form ${form} for ${String(taxYear)}`);
  const jsonForm = fillRequired(
    { RecipientDetail: structuredClone(recipient), ...structuredClone(extra) },
    def.elements,
    def.choices,
  );
  const v = validateForm(form, taxYear, jsonForm);
  if (!v.ok)
    throw new Error(`test form ${form} ${JSON.stringify(extra)} is invalid: ${JSON.stringify(v.issues)}`);
  return v.value.jsonForm;
}

/** The facts of a form as intake builds them. */
export function factsOf(
  form: string,
  extra: Record<string, unknown>,
  more: Partial<RecordFacts> & { taxYear?: number } = {},
): RecordFacts {
  const taxYear = more.taxYear ?? 2025;
  const def = getFormDefinition(form, taxYear);
  if (!def) throw new Error(`no form ${form}`);
  const jsonForm = canonical(form, extra, taxYear);
  const tin = (jsonForm["RecipientDetail"] as Record<string, unknown>)["TIN"] as string;
  return { formTypeCd: def.formTypeCd, taxYear, jsonForm, recipientTin: Tin.fromDigits(tin), ...more };
}

/** The first value of a code element's enumeration, from the catalogue. */
export function firstCode(form: string, path: string): string {
  const def = getFormDefinition(form, 2025);
  let els = def?.elements ?? [];
  let found: string | undefined;
  for (const name of path.split(".")) {
    const el = els.find((e) => e.name === name);
    found = el?.constraints.enum?.[0];
    els = el?.children ?? [];
  }
  if (found === undefined) throw new Error(`${form} ${path} has no enumeration`);
  return found;
}
