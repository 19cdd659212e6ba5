// Wire views (SPEC field names) of the form catalogue (GET /v1/forms, GET /v1/forms/{form}): the one home of
// these shapes.
import { listView } from "../shared/views.ts";
import { formElementTypes, formSkeleton, type FormSummary } from "./catalogue.ts";
import type { FormDefinition } from "./model.ts";

export function formListView(forms: readonly FormSummary[]) {
  return listView(forms.map((f) => ({ object: "form", ...f })));
}

/** A form's elements and skeleton for a tax year; `def` is its definition for that year. */
export function formElementsView(form: string, year: number, def: FormDefinition | undefined) {
  return {
    object: "form_elements",
    form,
    tax_year: year,
    // The IRS schema package the form is filed with: a year the IRS has not published one for yet uses the newest
    // earlier one (TY2026 forms file with the TY2025 package until the TY2026 package is imported).
    schema_tax_year: def?.schemaTaxYear ?? year,
    schema_version: def?.schemaVersionNum ?? null,
    filed_with: def?.filedWith === "SSA" ? "ssa" : "irs",
    elements: formElementTypes(form, year),
    formJson: formSkeleton(form, year),
  };
}
