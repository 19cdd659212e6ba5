export * from "./types.ts";
export { parseFire, MAX_PROBLEMS } from "./parse.ts";
export { writeFire } from "./write.ts";
export {
  FORM_SPECS,
  REQUIRED_FORM_SPECS,
  SPEC_BY_FORM,
  SPEC_BY_TYPE,
  UNSUPPORTED_TYPES,
  SUPPORTED_TAX_YEARS,
  AMOUNT_CODES,
  RECORD_LENGTH,
  CFSF_STATES,
  indicatorNames,
  type FormSpec,
  type TailField,
  type AmountDef,
} from "./layout.ts";
export { fireFormToIris, fireFormToJsonForm, sourceOf, splitPersonName } from "./to-json-form.ts";
export type { FireDropped, FireIrisForm, FireSource } from "./to-json-form.ts";
export { splitForeignAddress } from "./foreign.ts";
export { checkFire, droppedNotes, fireToIris, locateIssue } from "./convert.ts";
export type {
  CheckedForm,
  FireCheck,
  FireCheckOptions,
  FireLocatedProblem,
  FireToIrisOptions,
  FireToIrisResult,
  IrisFile,
} from "./convert.ts";
