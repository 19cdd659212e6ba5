// The form catalogue: IRIS information-return forms per tax year, their JSON Schemas and the validation of
// a filled scheme (jsonForm). Pure: no I/O; the data is generated into catalogue.generated.ts by generate.ts.
import { SUPPORTED_TAX_YEARS, getFormDefinition, listForms, lookupForm } from "./catalogue.ts";
import { compiledValidator, jsonSchemaFor } from "./schema.ts";

export { DECIMAL_KEYWORD, registerFormKeywords } from "./schema.ts";

export {
  LATEST_TAX_YEAR,
  SUPPORTED_TAX_YEARS,
  canonicalFormCode,
  countryNames,
  formElementTypes,
  formSkeleton,
  formTotals,
  getFormDefinition,
  isKnownForm,
  listForms,
  listIrisForms,
  schemaPackageFor,
  statementBoxes,
} from "./catalogue.ts";
export type { FormCode, FormSummary, SchemaPackageInfo, StatementBox } from "./catalogue.ts";
export {
  NUMBER_INTEGER_DIGITS,
  amountText,
  amountToCents,
  amountToCentsBig,
  centsToAmount,
} from "./decimal.ts";
export type {
  ElementConstraints,
  ElementDefinition,
  ElementKind,
  FormDefinition,
  JsonTypeName,
  LeafKind,
  OmittedElement,
  RawChoice,
  RawFormTotals,
  RawTotalElement,
} from "./model.ts";
export { REPORTING_THRESHOLDS, reportingThresholds, thresholdFindings } from "./thresholds.ts";
export type { ReportingThreshold, ThresholdFinding } from "./thresholds.ts";
export { validateForm } from "./validate.ts";
export type {
  FormIssue,
  FormValidation,
  NormalizedAddress,
  NormalizedForm,
  NormalizedRecipient,
} from "./validate.ts";

/** The JSON Schema of a form's jsonForm for a tax year (frozen; shared by callers and the OpenAPI document). */
export function formJsonSchema(form: string, taxYear: number): object {
  const def = getFormDefinition(form, taxYear);
  if (!def)
    throw new RangeError(`form ${String(form)} is not in the catalogue for tax year ${String(taxYear)}`);
  return jsonSchemaFor(def);
}

/**
 * Compiles every form's validator now instead of on first use (about 20 ms each), for hosts that want a
 * steady first request or a benchmark without warm-up noise.
 */
export function precompileFormValidators(): void {
  for (const { form } of listForms()) {
    for (const year of SUPPORTED_TAX_YEARS) {
      const found = lookupForm(form, year);
      if (found) compiledValidator(found.definition, found.raw);
    }
  }
}
export { BOX12_CODES, SSA_FORM_CODES, isSsaForm } from "./ssa-forms.ts";
export {
  ADDITIONAL_MEDICARE_THRESHOLD_CENTS,
  SOCIAL_SECURITY_WAGE_BASE_CENTS,
  SSA_STATE_CODES,
  ssaIssues,
  ssnProblem,
} from "./ssa-rules.ts";
