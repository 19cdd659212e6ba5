// The form catalogue at run time: the generated IRIS data expanded into one definition per form and tax year,
// plus the views the API needs (element types, skeleton, statement boxes). Expansion happens once per form
// and schema package, lazily; tax years that share a package share the expanded tree.
import { TAX_YEAR_PACKAGES as IRIS_PACKAGES } from "./catalogue.generated.ts";
import type {
  ElementDefinition,
  FormDefinition,
  RawChoice,
  RawElement,
  RawForm,
  RawFormTotals,
  RawSchemaPackage,
} from "./model.ts";
import { SSA_COMPLEX_TYPES, SSA_FORMS, SSA_SIMPLE_TYPES, isSsaForm } from "./ssa-forms.ts";

// Each IRIS package with the SSA's forms (W-2, W-2c) added: they reuse the package's address and amount types.
const WITH_SSA = new Map<RawSchemaPackage, RawSchemaPackage>();
function withSsaForms(pkg: RawSchemaPackage): RawSchemaPackage {
  let merged = WITH_SSA.get(pkg);
  if (!merged) {
    merged = Object.freeze({
      ...pkg,
      simpleTypes: { ...pkg.simpleTypes, ...SSA_SIMPLE_TYPES },
      complexTypes: { ...pkg.complexTypes, ...SSA_COMPLEX_TYPES },
      forms: [...pkg.forms, ...SSA_FORMS],
    });
    WITH_SSA.set(pkg, merged);
  }
  return merged;
}
const TAX_YEAR_PACKAGES: Readonly<Record<number, RawSchemaPackage>> = Object.fromEntries(
  Object.entries(IRIS_PACKAGES).map(([year, pkg]) => [year, withSsaForms(pkg)]),
);

export const SUPPORTED_TAX_YEARS: readonly number[] = Object.freeze(
  Object.keys(TAX_YEAR_PACKAGES)
    .map(Number)
    .sort((a, b) => a - b),
);
export const LATEST_TAX_YEAR: number = SUPPORTED_TAX_YEARS[SUPPORTED_TAX_YEARS.length - 1] ?? 2025;

export type FormCode = string;

export interface FormSummary {
  form: string;
  title: string;
  tax_years: number[];
  /**
   * Tax year -> tax year of the IRS schema package the form is filed with for it: a year the IRS has not published
   * a package for yet is served by the newest earlier one (e.g. { "2025": 2025, "2026": 2025 }).
   */
  schema_tax_year: Record<string, number>;
  /** Who the form is filed with: the IRS (IRIS) or the Social Security Administration (the W-2 family, EFW2). */
  filed_with: "irs" | "ssa";
}

/** The IRS schema package that serves a tax year. */
export interface SchemaPackageInfo {
  readonly id: string;
  readonly description: string;
  /** The tax year the IRS published the package for (earlier than the served year until that year's is imported). */
  readonly taxYear: number;
  /** IRTransmissionManifest/SchemaVersionNum of the package. */
  readonly schemaVersionNum: string;
}

/** The package that serves `taxYear`, or undefined for a year the catalogue does not support. */
export function schemaPackageFor(taxYear: number): SchemaPackageInfo | undefined {
  const pkg = TAX_YEAR_PACKAGES[taxYear];
  return pkg
    ? {
        id: pkg.id,
        description: pkg.description,
        taxYear: pkg.taxYear,
        schemaVersionNum: pkg.schemaVersionNum,
      }
    : undefined;
}

/** IRIS country codes (CountryCd) -> country name, from the package that serves `taxYear`. */
export function countryNames(taxYear: number = LATEST_TAX_YEAR): Readonly<Record<string, string>> {
  return (TAX_YEAR_PACKAGES[taxYear] ?? TAX_YEAR_PACKAGES[LATEST_TAX_YEAR])?.countries ?? {};
}

/** The submission totals groups of a form type (FormTypeCd, e.g. "1099NEC") in the package serving `taxYear`. */
export function formTotals(formTypeCd: string, taxYear: number = LATEST_TAX_YEAR): RawFormTotals | undefined {
  const totals = TAX_YEAR_PACKAGES[taxYear]?.totals;
  return totals && Object.hasOwn(totals, formTypeCd) ? totals[formTypeCd] : undefined;
}

export interface StatementBox {
  box: string;
  label: string;
  /** Dotted element path; elements inside StateLocalTaxGrp are printed once per state row. */
  element: string;
  kind: string;
}

function formKey(form: string): string {
  return form
    .trim()
    .toUpperCase()
    .replace(/^FORM\s*/, "")
    .replace(/[\s_-]+/g, "");
}

const CODES = new Map<string, string>();
const ORDER: string[] = [];
for (const year of SUPPORTED_TAX_YEARS) {
  for (const f of TAX_YEAR_PACKAGES[year]?.forms ?? []) {
    if (!CODES.has(formKey(f.form))) {
      CODES.set(formKey(f.form), f.form);
      ORDER.push(f.form);
    }
  }
}

/** "1099-nec", "1099NEC", "Form 1099-NEC" -> "1099-NEC"; undefined for a form the catalogue does not hold. */
export function canonicalFormCode(form: string): FormCode | undefined {
  if (typeof form !== "string") return undefined;
  return CODES.get(formKey(form));
}

export function isKnownForm(form: string): boolean {
  return canonicalFormCode(form) !== undefined;
}

function rawForm(code: string, year: number): { pkg: RawSchemaPackage; raw: RawForm } | undefined {
  const pkg = TAX_YEAR_PACKAGES[year];
  const raw = pkg?.forms.find((f) => f.form === code);
  return pkg && raw ? { pkg, raw } : undefined;
}

export function listForms(): FormSummary[] {
  return ORDER.map((form) => {
    const years = SUPPORTED_TAX_YEARS.filter((y) => rawForm(form, y) !== undefined);
    const latest = rawForm(form, years[years.length - 1] ?? LATEST_TAX_YEAR);
    const schemaYears: Record<string, number> = {};
    for (const y of years) schemaYears[String(y)] = TAX_YEAR_PACKAGES[y]?.taxYear ?? y;
    return {
      form,
      title: latest?.raw.title ?? form,
      tax_years: years,
      schema_tax_year: schemaYears,
      filed_with: isSsaForm(form) ? "ssa" : "irs",
    };
  });
}

/** The forms filed through IRIS (every form but the SSA's W-2 family). */
export function listIrisForms(): FormSummary[] {
  return listForms().filter((f) => !isSsaForm(f.form));
}

function expand(pkg: RawSchemaPackage, elements: readonly RawElement[], parent: string): ElementDefinition[] {
  return elements.map((el) => {
    const path = parent ? `${parent}.${el.name}` : el.name;
    const repeated = el.maxOccurs === null || el.maxOccurs > 1;
    const base = {
      name: el.name,
      path,
      xsdType: el.type,
      required: el.required,
      xsdMinOccurs: el.xsdMinOccurs,
      maxOccurs: el.maxOccurs,
      repeated,
      label: el.label,
      ...(el.box !== undefined ? { box: el.box } : {}),
      ...(el.choice !== undefined ? { choice: el.choice } : {}),
    };
    const complex = pkg.complexTypes[el.type];
    if (complex) {
      return Object.freeze({
        ...base,
        kind: "group" as const,
        jsonType: "object" as const,
        constraints: {},
        children: Object.freeze(expand(pkg, complex.elements, path)),
        choices: complex.choices ?? [],
      });
    }
    const simple = pkg.simpleTypes[el.type];
    if (!simple) throw new Error(`catalogue: type ${el.type} of ${path} is missing`);
    return Object.freeze({
      ...base,
      kind: simple.kind,
      jsonType: simple.jsonType,
      constraints: simple.constraints,
    });
  });
}

interface Expanded {
  readonly elements: readonly ElementDefinition[];
  readonly choices: readonly RawChoice[];
}

const EXPANDED = new WeakMap<RawForm, Expanded>();
/** Each form found, by canonical code and tax year (`1099-NEC|2025`): bounded by the catalogue. */
const FOUND = new Map<string, { readonly definition: FormDefinition; readonly raw: RawForm }>();

/** Expanded elements of a raw form; shared by every tax year that uses the same schema package. */
export function expandedForm(pkg: RawSchemaPackage, raw: RawForm): Expanded {
  let e = EXPANDED.get(raw);
  if (!e) {
    e = Object.freeze({ elements: Object.freeze(expand(pkg, raw.elements, "")), choices: raw.choices ?? [] });
    EXPANDED.set(raw, e);
  }
  return e;
}

/**
 * The form and the raw data behind it, for the schema and validator caches. A form named by its canonical code
 * (as every stored filing is) is one map read: pay and intake look a form up several times per filing, and a
 * lookup that normalised the name each time took 0.22 µs against 0.07 µs now.
 */
export function lookupForm(
  form: string,
  taxYear: number,
): { definition: FormDefinition; raw: RawForm } | undefined {
  const hit = typeof taxYear === "number" ? FOUND.get(`${form}|${taxYear}`) : undefined;
  if (hit) return hit;
  const code = canonicalFormCode(form);
  if (code === undefined || !Number.isInteger(taxYear)) return undefined;
  const found = rawForm(code, taxYear);
  if (!found) return undefined;
  const key = `${code}|${taxYear}`;
  let entry = FOUND.get(key);
  if (!entry) {
    const { elements, choices } = expandedForm(found.pkg, found.raw);
    const definition: FormDefinition = Object.freeze({
      form: code,
      taxYear,
      title: found.raw.title,
      formTypeCd: found.raw.formTypeCd,
      detailElement: found.raw.detailElement,
      schemaPackage: found.pkg.id,
      schemaTaxYear: found.pkg.taxYear,
      schemaVersionNum: found.pkg.schemaVersionNum,
      elements,
      choices,
      omitted: found.raw.omitted,
      filedWith: isSsaForm(code) ? "SSA" : "IRIS",
    });
    entry = Object.freeze({ definition, raw: found.raw });
    FOUND.set(key, entry);
  }
  return entry;
}

export function getFormDefinition(form: string, taxYear: number): FormDefinition | undefined {
  return lookupForm(form, taxYear)?.definition;
}

function definitionOrThrow(form: string, taxYear: number): FormDefinition {
  const d = getFormDefinition(form, taxYear);
  if (!d)
    throw new RangeError(`form ${String(form)} is not in the catalogue for tax year ${String(taxYear)}`);
  return d;
}

/** Every element (groups and leaves) by dotted path -> JSON type name; a repeating element is "array". */
export function formElementTypes(form: string, taxYear: number): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (elements: readonly ElementDefinition[]) => {
    for (const el of elements) {
      out[el.path] = el.repeated ? "array" : el.jsonType;
      if (el.children) walk(el.children);
    }
  };
  walk(definitionOrThrow(form, taxYear).elements);
  return out;
}

function placeholder(el: ElementDefinition): unknown {
  switch (el.kind) {
    case "amount":
    case "integer":
      return 0;
    case "decimal":
      return el.jsonType === "string" ? "" : 0;
    case "indicator":
      return false;
    case "group":
      return skeletonOf(el.children ?? []);
    default:
      return "";
  }
}

function skeletonOf(elements: readonly ElementDefinition[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const el of elements) out[el.name] = el.repeated ? [placeholder(el)] : placeholder(el);
  return out;
}

/**
 * The scheme JSON to fill: every element keyed by its IRIS name with a placeholder (0, false, "", one array
 * item). Placeholders left as they are count as "not filled in" when the form is validated, so the skeleton
 * can be sent back with only the wanted leaves changed.
 */
export function formSkeleton(form: string, taxYear: number): Record<string, unknown> {
  return skeletonOf(definitionOrThrow(form, taxYear).elements);
}

const BOX = /^(\d+)([a-z]*)$/i;

function boxOrder(box: string): [number, string] {
  const m = BOX.exec(box);
  return m ? [Number(m[1]), (m[2] ?? "").toLowerCase()] : [Number.MAX_SAFE_INTEGER, box];
}

/**
 * The boxes of the recipient statement in print order: every element the IRS numbers (sorted by box, XSD
 * order within a box), then the state and local rows (box "State" / "Local"), which the IRS does not number
 * in the schema.
 */
export function statementBoxes(form: string, taxYear: number): StatementBox[] {
  const numbered: StatementBox[] = [];
  const stateRows: StatementBox[] = [];
  const walk = (elements: readonly ElementDefinition[]) => {
    for (const el of elements) {
      if (el.name === "RecipientDetail") continue;
      if (el.path.startsWith("StateLocalTaxGrp.")) {
        if (!el.children) {
          const box = el.path.startsWith("StateLocalTaxGrp.LocalTaxGrp.") ? "Local" : "State";
          stateRows.push({ box, label: el.label, element: el.path, kind: el.kind });
        }
      } else if (el.box !== undefined && (!el.children || !el.children.some((c) => c.box !== undefined))) {
        numbered.push({ box: el.box, label: el.label, element: el.path, kind: el.kind });
      }
      if (el.children && !(el.box !== undefined && !el.children.some((c) => c.box !== undefined)))
        walk(el.children);
    }
  };
  walk(definitionOrThrow(form, taxYear).elements);
  numbered.sort((a, b) => {
    const [an, as] = boxOrder(a.box);
    const [bn, bs] = boxOrder(b.box);
    return an !== bn ? an - bn : as < bs ? -1 : as > bs ? 1 : 0;
  });
  return [...numbered, ...stateRows];
}
