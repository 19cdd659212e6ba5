// The IRS's TY2025 IRIS A2A package as the tests read it, all of it inside the repository (a clone runs its tests
// with nothing beside it): the XSDs are the IRS emulator's (adapters/irs-emulator/schemas/ty2025, the IRS's files
// byte for byte); the rest the tests read is under fixtures/iris in the IRS's own folder names: the sample
// transmissions and status responses, the business-rule spreadsheets, and two extracts of the package made by
// other tools (iris_elements.json, iris_business_rules_ty2025.json). fixtures/iris/README.md lists who reads what.
import { cpSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");
const FIXTURES = join(root, "fixtures/iris");
const TY2025 = join(FIXTURES, "ty2025");
const SCHEMAS = join(root, "adapters/irs-emulator/schemas/ty2025");
const INTAKE_LIBRARY = "IRIS A2A INTAKE XML LIBRARY 2025";
const STATUS_LIBRARY = join("IRIS STATUS LIBRARY", "XML");

/** The IRS's sample transmissions ("XML Sample - 1099-MISC 2 states.xml", ...). */
export const INTAKE_SAMPLES = join(TY2025, INTAKE_LIBRARY, "XML Examples");
/** The IRS's sample status and acknowledgement responses. */
export const STATUS_SAMPLES = join(TY2025, STATUS_LIBRARY);
/** The business-rule spreadsheets ("IRIS Business Rules Submission 1 TY2025 - v1.2.xlsx", ...). */
export const RULE_SHEETS = join(TY2025, "IRIS Form Rules TY2025 v1.2");
/** The intake XSD (it includes COMMON/ and FORM_TYPES/ beside it). */
export const INTAKE_XSD = join(SCHEMAS, "intake/MSG/IRS-IRIntakeTransmissionMessage.xsd");
/** The status and acknowledgement response XSD. */
export const STATUS_XSD = join(SCHEMAS, "status/IRS-IR-TransStatusOrAckResponse.xsd");
/** Every form's elements as extracted from the TY2025 XSDs by another tool (klill6506/sherpa-1099). */
export const IRIS_ELEMENTS = join(FIXTURES, "iris_elements.json");
/** The TY2025 business rules as extracted from the spreadsheets by another tool. */
export const IRIS_BUSINESS_RULES = join(FIXTURES, "iris_business_rules_ty2025.json");

/**
 * Lays the TY2025 package out in `dir` the way the IRS ships it (its folder names carry the year and the version),
 * for `forms:generate --schemas`: the emulator's XSDs under "IRIS A2A INTAKE XML LIBRARY 2025" and
 * "IRIS STATUS LIBRARY/XML", the samples and spreadsheets from fixtures/iris/ty2025. The IRS's PDFs are left out.
 */
export function unpackTy2025(dir: string): string {
  cpSync(TY2025, dir, { recursive: true });
  cpSync(join(SCHEMAS, "intake"), join(dir, INTAKE_LIBRARY), { recursive: true });
  cpSync(join(SCHEMAS, "status"), join(dir, STATUS_LIBRARY), { recursive: true });
  return dir;
}
