// GET /v1/forms and GET /v1/forms/{form}: the catalogue as the API shows it.
import * as Effect from "effect/Effect";
import {
  LATEST_TAX_YEAR,
  SUPPORTED_TAX_YEARS,
  canonicalFormCode,
  getFormDefinition,
  listForms,
} from "../../domain/forms/index.ts";
import { formElementsView, formListView } from "../../domain/forms/views.ts";
import { InvalidRequest, NotFound } from "../../domain/shared/errors.ts";

export const listFormsView = () => Effect.sync(() => formListView(listForms()));

/** 404 for an unknown form, 422 for a malformed or unsupported tax year (default: the latest year). */
export const formShape = Effect.fn("formShape")(function* (requested: string, taxYear: unknown) {
  const form = canonicalFormCode(requested);
  if (!form)
    return yield* new NotFound({
      message: `Unknown form ${JSON.stringify(requested)}. The form list names the supported forms.`,
      see: { op: "list_forms" },
    });
  let year = LATEST_TAX_YEAR;
  if (taxYear !== undefined) {
    const s = String(taxYear);
    if (!/^\d{4}$/.test(s))
      return yield* new InvalidRequest({ param: "tax_year", message: "tax_year must be a four-digit year." });
    year = Number(s);
  }
  if (!getFormDefinition(form, year)) {
    return yield* new InvalidRequest({
      param: "tax_year",
      message: `Form ${form} is not supported for tax year ${year}. Supported years: ${SUPPORTED_TAX_YEARS.join(", ")}.`,
    });
  }
  return formElementsView(form, year, getFormDefinition(form, year));
});
