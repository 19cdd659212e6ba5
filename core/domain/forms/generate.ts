// Builds the catalogue data of one IRS schema package from its element extract (hosts/cli/forms-generate reads the
// extract from the package's XSDs) and renders it as TypeScript: one file per package under packages/, and
// catalogue.generated.ts mapping each tax year to its package. Pure; `npm run forms:generate` does the I/O.
// index.ts never imports this file.
import type {
  ElementConstraints,
  OmittedElement,
  RawChoice,
  RawComplexType,
  RawElement,
  RawForm,
  RawFormTotals,
  RawSchemaPackage,
  RawSimpleType,
  RawTotalElement,
} from "./model.ts";

export interface XsdElement {
  path: string;
  type: string;
  minOccurs: string;
  maxOccurs: string;
  box?: string;
  description?: string;
  choiceGroup?: string;
  fixed?: string;
}
export interface XsdForm {
  source: string;
  formTypeCd: string;
  submissionGroup: string;
  detailElement: string;
  detailType: string;
  elementDetails: XsdElement[];
}
export interface XsdSimpleType {
  restrictionBase?: string;
  chain?: string[];
  base?: string;
  pattern?: string[];
  enumeration?: string[];
  maxLength?: string;
  minLength?: string;
  length?: string;
  totalDigits?: string;
  fractionDigits?: string;
  minInclusive?: string;
  maxInclusive?: string;
  union?: string[];
  doc?: string;
}
/** The XSD facets an XsdSimpleType carries (merged along its restriction chain). */
export const SIMPLE_TYPE_FACETS = [
  "pattern",
  "enumeration",
  "maxLength",
  "minLength",
  "length",
  "totalDigits",
  "fractionDigits",
  "minInclusive",
  "maxInclusive",
] as const;
export interface IrisElements {
  _meta: { schemaPackage: string };
  /** CountryCd -> name. */
  _countries?: Record<string, string>;
  /** The fixed IRTransmissionManifest/SchemaVersionNum. */
  _schemaVersionNum?: string;
  _commonTypes: Record<string, { elements: XsdElement[] }>;
  _simpleTypes: Record<string, XsdSimpleType>;
  [form: string]: unknown;
}

/** Forms in catalogue order: the common 1099 series first, then the rest of IRIS submission group 1. */
export const FORM_TITLES: ReadonlyArray<readonly [string, string]> = [
  ["1099-NEC", "Nonemployee Compensation"],
  ["1099-MISC", "Miscellaneous Information"],
  ["1099-INT", "Interest Income"],
  ["1099-DIV", "Dividends and Distributions"],
  [
    "1099-R",
    "Distributions From Pensions, Annuities, Retirement or Profit-Sharing Plans, IRAs, Insurance Contracts, etc.",
  ],
  ["1099-K", "Payment Card and Third Party Network Transactions"],
  ["1099-B", "Proceeds From Broker and Barter Exchange Transactions"],
  ["1099-G", "Certain Government Payments"],
  ["1099-S", "Proceeds From Real Estate Transactions"],
  ["1099-C", "Cancellation of Debt"],
  ["1099-A", "Acquisition or Abandonment of Secured Property"],
  ["1099-OID", "Original Issue Discount"],
  ["1099-PATR", "Taxable Distributions Received From Cooperatives"],
  ["1099-SA", "Distributions From an HSA, Archer MSA, or Medicare Advantage MSA"],
  ["1099-Q", "Payments From Qualified Education Programs (Under Sections 529 and 530)"],
  ["1099-LTC", "Long-Term Care and Accelerated Death Benefits"],
  ["1098", "Mortgage Interest Statement"],
  ["1098-T", "Tuition Statement"],
  ["1098-E", "Student Loan Interest Statement"],
  ["5498", "IRA Contribution Information"],
  ["W-2G", "Certain Gambling Winnings"],
  ["1099-CAP", "Changes in Corporate Control and Capital Structure"],
  ["1099-DA", "Digital Asset Proceeds From Broker Transactions"],
  ["1099-LS", "Reportable Life Insurance Sale"],
  ["1099-QA", "Distributions From ABLE Accounts"],
  ["1099-SB", "Seller's Investment in Life Insurance Contract"],
  ["1097-BTC", "Bond Tax Credit"],
  ["1098-C", "Contributions of Motor Vehicles, Boats, and Airplanes"],
  ["1098-F", "Fines, Penalties, and Other Amounts"],
  ["1098-Q", "Qualifying Longevity Annuity Contract Information"],
  ["3921", "Exercise of an Incentive Stock Option Under Section 422(b)"],
  ["3922", "Transfer of Stock Acquired Through an Employee Stock Purchase Plan Under Section 423(c)"],
  ["5498-ESA", "Coverdell ESA Contribution Information"],
  ["5498-QA", "ABLE Account Contribution Information"],
  ["5498-SA", "HSA, Archer MSA, or Medicare Advantage MSA Information"],
];

// Record plumbing of the IRIS form detail that the service fills itself, so jsonForm never carries it.
const PLUMBING: Readonly<Record<string, string>> = {
  TaxYr: "set by the service from the filing's tax_year",
  RecordId: "numbered by the service when it builds the transmission",
  IssuerOfficeCd: "an issuer (payer) setting, not recipient data; the service fills it from the payer",
  CFSFElectionStateCd:
    "the Combined Federal/State Filing election is made by the service from StateLocalTaxGrp",
  VoidInd: "voiding is a call of its own (void the filing), never a field of the form",
  CorrectedInd: "corrections are filed through the correction endpoint, which sets it",
  PrevSubmittedRecRecipientGrp: "filled by the correction endpoint from the original filing",
};

const RECIPIENT_OMITTED: readonly OmittedElement[] = [
  {
    name: "PersonNameControlTxt",
    reason: "name controls are derived from the name by the IRS; optional in IRIS",
  },
  {
    name: "BusinessNameControlTxt",
    reason: "name controls are derived from the name by the IRS; optional in IRIS",
  },
];

// Labels for elements whose XSD documentation has none (state and local boxes, group wrappers).
const LABELS: Readonly<Record<string, string>> = {
  StateAbbreviationCd: "State",
  StateTaxGrp: "State tax",
  StateIdNum: "Payer's state identification number",
  StateTaxWithheldAmt: "State tax withheld",
  StateIncomeAmt: "State income",
  StateDistributionAmt: "State distribution",
  LocalTaxGrp: "Local tax",
  LocalTaxWithheldAmt: "Local tax withheld",
  LocalIncomeAmt: "Local income",
  LocalityNm: "Name of locality",
  LocalAbbreviationCdTxt: "Locality code",
  LocalDistributionAmt: "Local distribution",
  PersonName: "Person name",
  BusinessName: "Business name",
  USAddress: "US address",
  ForeignAddress: "Foreign address",
  PersonNameControlTxt: "Person name control",
  BusinessNameControlTxt: "Business name control",
};

/**
 * The integer digits an amount may have as a JSON number: 13 + 2 decimal digits always round-trip through a double.
 * The schema allows 15 (USDecimalAmountType totalDigits 17, fractionDigits 2); longer amounts come as strings.
 */
const NUMBER_INTEGER_DIGITS = 13;

function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return words.charAt(0) + words.slice(1).toLowerCase();
}

/** An XSD pattern (implicitly anchored, `\-` allowed anywhere) as an anchored ECMAScript pattern. */
export function xsdPatternToEcma(xsd: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < xsd.length; i++) {
    const c = xsd.charAt(i);
    if (c === "\\") {
      const next = xsd.charAt(i + 1);
      i++;
      out += !inClass && next === "-" ? "-" : `\\${next}`;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    out += c;
  }
  const anchored = `^(?:${out})$`;
  new RegExp(anchored, "u"); // throws on a pattern ajv could not compile
  return anchored;
}

type Facets = Pick<
  XsdSimpleType,
  | "pattern"
  | "enumeration"
  | "maxLength"
  | "minLength"
  | "length"
  | "totalDigits"
  | "fractionDigits"
  | "minInclusive"
  | "maxInclusive"
>;

class Generator {
  readonly simpleTypes: Record<string, RawSimpleType> = {};
  readonly complexTypes: Record<string, RawComplexType> = {};

  constructor(private readonly src: IrisElements) {}

  /** Base name and merged facets of a named or inline(...) simple type. */
  private facetsOf(type: string): { base: string; name: string; facets: Facets; doc?: string } {
    const inline = /^inline\((\S+)(?: (.*))?\)$/.exec(type);
    if (inline) {
      const baseName = inline[1] ?? "";
      const parent = this.facetsOf(baseName);
      const facets: Facets = { ...parent.facets };
      const rest = inline[2] ?? "";
      for (const part of rest.split(/ (?=[a-zA-Z]+=)/)) {
        if (!part) continue;
        const eq = part.indexOf("=");
        const key = part.slice(0, eq);
        const value = part.slice(eq + 1);
        if (key === "enum") facets.enumeration = value.split("|");
        else if (key === "pattern") facets.pattern = [value];
        else if (
          key === "maxLength" ||
          key === "minLength" ||
          key === "totalDigits" ||
          key === "maxInclusive" ||
          key === "minInclusive" ||
          key === "fractionDigits" ||
          key === "length"
        )
          facets[key] = value;
        else throw new Error(`unknown facet ${key} in ${type}`);
      }
      return { base: parent.base, name: parent.name, facets };
    }
    const st = this.src._simpleTypes[type];
    if (!st) {
      if (type.startsWith("xsd:")) return { base: type, name: type, facets: {} };
      throw new Error(`unknown simple type ${type}`);
    }
    if (st.union) return { ...this.facetsOf(st.union[0] ?? ""), name: type };
    const facets: Facets = {};
    for (const k of SIMPLE_TYPE_FACETS) {
      const v = st[k];
      if (v !== undefined) (facets as Record<string, unknown>)[k] = v;
    }
    const result: { base: string; name: string; facets: Facets; doc?: string } = {
      base: st.base ?? "xsd:string",
      name: type,
      facets,
    };
    if (st.doc) result.doc = st.doc;
    return result;
  }

  simple(type: string): string {
    if (this.simpleTypes[type]) return type;
    const { base, name, facets, doc } = this.facetsOf(type);
    const c: { -readonly [K in keyof ElementConstraints]: ElementConstraints[K] } = {};
    let kind: RawSimpleType["kind"];
    let jsonType: RawSimpleType["jsonType"];
    const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));
    /** A decimal's digits from its facets (17 in all and none after the point unless they say): its integer digits. */
    const decimalDigits = (): number => {
      const total = num(facets.totalDigits) ?? 17;
      const fraction = num(facets.fractionDigits) ?? 0;
      c.fractionDigits = fraction;
      c.totalDigits = total;
      c.integerDigits = total - fraction;
      return total - fraction;
    };
    if (name === "USDecimalAmountNNType" || name === "USDecimalAmountType" || name === "USAmountNNType") {
      kind = "amount";
      jsonType = "number";
      c.numberIntegerDigits = Math.min(decimalDigits(), NUMBER_INTEGER_DIGITS);
      c.negative = name === "USDecimalAmountType";
    } else if (name === "DigitBooleanType") {
      kind = "indicator";
      jsonType = "boolean";
    } else if (name === "DateNoTimeZoneType") {
      kind = "date";
      jsonType = "string";
      c.pattern = xsdPatternToEcma(facets.pattern?.[0] ?? "");
    } else if (name === "YearType") {
      // A four-digit year is entered as a JSON integer; the XML writer prints it.
      kind = "integer";
      jsonType = "integer";
      c.minimum = 1000;
      c.maximum = 9999;
    } else if (base === "xsd:nonNegativeInteger" || base === "xsd:positiveInteger") {
      kind = "integer";
      jsonType = "integer";
      c.minimum = base === "xsd:positiveInteger" ? 1 : 0;
      const total = num(facets.totalDigits);
      let max =
        total === undefined ? Number.MAX_SAFE_INTEGER : Math.min(10 ** total - 1, Number.MAX_SAFE_INTEGER);
      const maxIncl = num(facets.maxInclusive);
      if (maxIncl !== undefined) max = Math.min(max, maxIncl);
      c.maximum = max;
      if (total !== undefined) c.totalDigits = total;
    } else if (base === "xsd:decimal") {
      kind = "decimal";
      jsonType = "number";
      decimalDigits();
      const min = num(facets.minInclusive);
      const max = num(facets.maxInclusive);
      c.negative = min === undefined || min < 0;
      if (min !== undefined) c.minimum = min;
      if (max !== undefined) c.maximum = max;
      c.canonical = "number";
    } else if (name === "DAUnitQuantityPosType") {
      // Up to 32 integer and 18 fraction digits: more than a JSON number holds, so it is kept as a string.
      kind = "decimal";
      jsonType = "string";
      c.fractionDigits = 18;
      c.integerDigits = 32;
      c.negative = false;
      c.canonical = "string";
    } else if (facets.enumeration) {
      kind = "code";
      jsonType = "string";
      c.enum = facets.enumeration;
      for (const v of facets.enumeration)
        if (v !== v.toUpperCase()) throw new Error(`lower-case code in ${type}`);
    } else {
      const pattern = facets.pattern?.[0];
      kind =
        name === "TwoDigitCodeType" ||
        (pattern !== undefined && /^\[0-9\]\{\d+\}$/.test(pattern) && type.startsWith("inline("))
          ? "code"
          : "text";
      jsonType = "string";
      if (name === "TINType" || name === "EINType") {
        c.pattern = "^(?:[0-9]{9}|[0-9]{2}-[0-9]{7}|[0-9]{3}-[0-9]{2}-[0-9]{4})$";
        c.digitsWithHyphens = true;
      } else if (name === "ZIPCodeType") {
        c.pattern = "^[0-9]{5}(?:-?[0-9]{4}|[0-9]{7})?$";
        c.digitsWithHyphens = true;
      } else if (pattern !== undefined) {
        c.pattern = xsdPatternToEcma(pattern);
      }
      const len = num(facets.length);
      const maxLength = num(facets.maxLength) ?? len;
      const minLength = num(facets.minLength) ?? len;
      if (maxLength !== undefined) c.maxLength = maxLength;
      if (minLength !== undefined && minLength > 1) c.minLength = minLength;
    }
    const entry: { -readonly [K in keyof RawSimpleType]: RawSimpleType[K] } = {
      kind,
      jsonType,
      constraints: c,
    };
    if (doc) entry.doc = doc.replace(/\s+/g, " ").trim();
    this.simpleTypes[type] = entry;
    return type;
  }

  private isComplex(type: string): boolean {
    return (
      type === "inlineComplex" ||
      this.src._commonTypes[type] !== undefined ||
      type === "USAddressType" ||
      type === "ForeignAddressType" ||
      type === "StateTaxGrpType" ||
      type === "LocalTaxGrpType"
    );
  }

  /**
   * Builds the element list of one level from a flat, dotted list (XSD sequence order), registering nested
   * complex types on the way. `owner` names anonymous types.
   */
  level(
    owner: string,
    flat: readonly XsdElement[],
    omit: ReadonlySet<string>,
  ): { elements: RawElement[]; choices: RawChoice[] } {
    const elements: RawElement[] = [];
    const choiceOptions = new Map<string, Map<string, string>>();
    for (const e of flat) {
      if (e.path.includes(".") || omit.has(e.path)) continue;
      let type = e.type;
      if (this.isComplex(type)) {
        const nested = flat
          .filter((n) => n.path.startsWith(`${e.path}.`))
          .map((n) => ({ ...n, path: n.path.slice(e.path.length + 1) }));
        if (type === "inlineComplex") type = `${owner}.${e.path}`;
        this.complex(type, nested);
      } else {
        this.simple(type);
      }
      const kindIsIndicator = this.simpleTypes[type]?.kind === "indicator";
      const min = Number(e.minOccurs);
      const el: { -readonly [K in keyof RawElement]: RawElement[K] } = {
        name: e.path,
        type,
        required: min >= 1 && !kindIsIndicator && e.choiceGroup === undefined,
        xsdMinOccurs: min,
        maxOccurs: e.maxOccurs === "unbounded" ? null : Number(e.maxOccurs),
        label: (e.description ?? LABELS[e.path] ?? humanize(e.path))
          .replace(/\s+/g, " ")
          .replace(/^"/, "")
          .trim()
          .replace(/\.$/, ""),
      };
      if (e.box) el.box = e.box.replace(/^Line\s+/i, "").trim();
      if (e.choiceGroup) {
        const [group = "", option = ""] = e.choiceGroup.split(":");
        const id = `${owner}${group.slice(group.indexOf("#"))}`;
        el.choice = id;
        const options = choiceOptions.get(id) ?? new Map<string, string>();
        if (min >= 1) options.set(option, e.path);
        choiceOptions.set(id, options);
      }
      elements.push(el);
    }
    // Each xsd:choice of these schemas is mandatory (no minOccurs="0" on the choice).
    const choices = [...choiceOptions].map(([id, options]) => ({
      id,
      required: true,
      members: [...options.values()],
    }));
    return { elements, choices };
  }

  complex(type: string, nested: readonly XsdElement[]): void {
    if (this.complexTypes[type]) return;
    const common = this.src._commonTypes[type];
    const flat = common ? common.elements : nested;
    if (type === "RecipientDetailType") {
      const { elements, choices } = this.level(type, flat, new Set(RECIPIENT_OMITTED.map((o) => o.name)));
      // D6: the recipient TIN is required by the service even though IRIS lets it be absent.
      const withTin = elements.map((el) => (el.name === "TIN" ? { ...el, required: true } : el));
      this.complexTypes[type] = { elements: withTin, choices, omitted: RECIPIENT_OMITTED };
      return;
    }
    this.complexTypes[type] = { elements: [] }; // placeholder against recursion
    const { elements, choices } = this.level(type, flat, new Set());
    this.complexTypes[type] = choices.length > 0 ? { elements, choices } : { elements };
  }

  form(code: string, title: string): RawForm {
    const raw = this.src[code] as XsdForm | undefined;
    if (!raw) throw new Error(`form ${code} is not in iris_elements.json`);
    const omitted: OmittedElement[] = [];
    for (const e of raw.elementDetails) {
      const reason = PLUMBING[e.path];
      if (reason) omitted.push({ name: e.path, reason });
    }
    const { elements, choices } = this.level(
      raw.detailType,
      raw.elementDetails,
      new Set(Object.keys(PLUMBING)),
    );
    if (!elements.some((e) => e.name === "RecipientDetail"))
      throw new Error(`${code} has no RecipientDetail`);
    const form: { -readonly [K in keyof RawForm]: RawForm[K] } = {
      form: code,
      title,
      formTypeCd: raw.formTypeCd,
      detailElement: raw.detailElement,
      source: raw.source.replace(/^.*\/(IRIS A2A INTAKE XML LIBRARY)/, "$1"),
      elements,
      omitted,
    };
    if (choices.length > 0) form.choices = choices;
    return form;
  }
}

export interface PackageSource {
  /** e.g. "iris-ty2025-v1.2". */
  readonly id: string;
  /** The tax year the IRS published the package for. */
  readonly taxYear: number;
}

interface XsdTotals {
  formTypeCd: string;
  detailElement: string;
  elementDetails: XsdElement[];
  totalAmtGrpElement?: string;
  totalAmtGrp?: Record<string, string>;
  totalByStateGrpElement?: string;
  totalByStateGrp?: Record<string, string>;
}

/** Totals elements with the dotted path of the amount in the form detail when it is not a top-level element. */
/** State and local tax of a by-state total: inside the common StateLocalTaxGrpType, which the detail does not expand. */
const STATE_GROUP_PATHS: Readonly<Record<string, string>> = {
  StateTaxWithheldAmt: "StateLocalTaxGrp.StateTaxGrp.StateTaxWithheldAmt",
  LocalTaxWithheldAmt: "StateLocalTaxGrp.LocalTaxGrp.LocalTaxWithheldAmt",
};

function totalElements(
  form: string,
  f: XsdTotals,
  names: readonly string[],
  strict = true,
): RawTotalElement[] {
  const detailPaths = f.elementDetails.map((e) => e.path);
  const hasStateGroup = detailPaths.includes("StateLocalTaxGrp");
  return names.map((name) => {
    const statePath = STATE_GROUP_PATHS[name];
    if (!strict && hasStateGroup && statePath !== undefined) return { name, path: statePath };
    const path = detailPaths.includes(name) ? name : detailPaths.find((p) => p.endsWith(`.${name}`));
    // A by-state group may name an amount the form does not have (5498: federal tax withheld); it totals zero.
    if (path === undefined && !strict) return { name };
    if (path === undefined) throw new Error(`${form}: total ${name} has no element in the detail`);
    return path === name ? { name } : { name, path };
  });
}

function formTotals(src: IrisElements): Record<string, RawFormTotals> {
  const out: Record<string, RawFormTotals> = {};
  for (const [form, value] of Object.entries(src).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (form.startsWith("_") || typeof value !== "object" || value === null) continue;
    const f = value as XsdTotals;
    if (!f.totalAmtGrpElement || !f.totalAmtGrp || !f.detailElement.startsWith("Form") || form === "1042-S")
      continue;
    const totals: { -readonly [K in keyof RawFormTotals]: RawFormTotals[K] } = {
      group: f.totalAmtGrpElement,
      elements: totalElements(form, f, Object.keys(f.totalAmtGrp)),
    };
    if (f.totalByStateGrpElement && f.totalByStateGrp) {
      totals.byStateGroup = f.totalByStateGrpElement;
      const skip = new Set(["StateAbbreviationCd", "TotalReportedRcpntFormCnt"]);
      totals.byStateElements = totalElements(
        form,
        f,
        Object.keys(f.totalByStateGrp).filter((n) => !skip.has(n)),
        false,
      );
    }
    out[f.formTypeCd] = totals;
  }
  return out;
}

export function buildPackage(src: IrisElements, source: PackageSource): RawSchemaPackage {
  const g = new Generator(src);
  const forms = FORM_TITLES.map(([code, title]) => g.form(code, title));
  const sortedSimple: Record<string, RawSimpleType> = {};
  for (const k of Object.keys(g.simpleTypes).sort()) sortedSimple[k] = g.simpleTypes[k] as RawSimpleType;
  const sortedComplex: Record<string, RawComplexType> = {};
  for (const k of Object.keys(g.complexTypes).sort()) sortedComplex[k] = g.complexTypes[k] as RawComplexType;
  if (src._schemaVersionNum === undefined) throw new Error("the extract has no SchemaVersionNum");
  return {
    id: source.id,
    description: src._meta.schemaPackage,
    taxYear: source.taxYear,
    schemaVersionNum: src._schemaVersionNum,
    countries: src._countries ?? {},
    totals: formTotals(src),
    simpleTypes: sortedSimple,
    complexTypes: sortedComplex,
    forms,
  };
}

const q = (v: unknown) => JSON.stringify(v);

function renderElements(elements: readonly RawElement[], indent: string): string {
  return elements.map((e) => `${indent}${q(e)},\n`).join("");
}

/** The exported constant of a package: "iris-ty2025-v1.2" -> IRIS_TY2025_V1_2. */
export function packageConstName(id: string): string {
  return id.toUpperCase().replace(/[^A-Z0-9]/g, "_");
}

/** File name of a package under core/domain/forms/packages. */
export function packageFileName(id: string): string {
  return `${id}.generated.ts`;
}

/** Deterministic TypeScript source of one package: one line per type, element, country and totals group. */
export function renderPackageSource(pkg: RawSchemaPackage): string {
  let s = `// Generated by \`npm run forms:generate\` from the IRS package "${pkg.description}". Do not edit:\n`;
  s +=
    "// change the generator (core/domain/forms/generate.ts, hosts/cli/forms-generate) and run it again.\n";
  s += 'import type { RawSchemaPackage } from "../model.ts";\n\n';
  s += `export const ${packageConstName(pkg.id)}: RawSchemaPackage = {\n  id: ${q(pkg.id)},\n  description: ${q(pkg.description)},\n`;
  s += `  taxYear: ${String(pkg.taxYear)},\n  schemaVersionNum: ${q(pkg.schemaVersionNum)},\n  countries: {\n`;
  for (const [k, v] of Object.entries(pkg.countries)) s += `    ${q(k)}: ${q(v)},\n`;
  s += "  },\n  totals: {\n";
  for (const [k, v] of Object.entries(pkg.totals)) s += `    ${q(k)}: ${q(v)},\n`;
  s += "  },\n  simpleTypes: {\n";
  for (const [k, v] of Object.entries(pkg.simpleTypes)) s += `    ${q(k)}: ${q(v)},\n`;
  s += "  },\n  complexTypes: {\n";
  for (const [k, v] of Object.entries(pkg.complexTypes)) {
    s += `    ${q(k)}: {\n      elements: [\n${renderElements(v.elements, "        ")}      ],\n`;
    if (v.choices) s += `      choices: ${q(v.choices)},\n`;
    if (v.omitted) s += `      omitted: ${q(v.omitted)},\n`;
    s += "    },\n";
  }
  s += "  },\n  forms: [\n";
  for (const f of pkg.forms) {
    s += `    {\n      form: ${q(f.form)},\n      title: ${q(f.title)},\n      formTypeCd: ${q(f.formTypeCd)},\n`;
    s += `      detailElement: ${q(f.detailElement)},\n      source: ${q(f.source)},\n`;
    s += `      elements: [\n${renderElements(f.elements, "        ")}      ],\n`;
    if (f.choices) s += `      choices: ${q(f.choices)},\n`;
    s += `      omitted: ${q(f.omitted)},\n    },\n`;
  }
  s += "  ],\n};\n";
  return s;
}

/**
 * Tax year -> package: a year's own package, otherwise the newest package published for an earlier year (a year
 * the IRS has not published a schema for yet files with the previous year's, as the IRS accepts until then).
 */
export function yearPackages(
  packages: readonly PackageSource[],
  years: readonly number[],
): Map<number, PackageSource> {
  const out = new Map<number, PackageSource>();
  const sorted = [...packages].sort(
    (a, b) => a.taxYear - b.taxYear || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const year of [...new Set(years)].sort((a, b) => a - b)) {
    const own = sorted.filter((p) => p.taxYear <= year).pop();
    if (own) out.set(year, own);
  }
  return out;
}

/** catalogue.generated.ts: every package file, and which package serves each tax year. */
export function renderIndexSource(packages: readonly PackageSource[], years: readonly number[]): string {
  const map = yearPackages(packages, years);
  const used = [...new Set(map.values())].sort((a, b) => a.taxYear - b.taxYear);
  let s =
    "// Generated by `npm run forms:generate` (core/domain/forms/generate.ts). Do not edit: import an IRS schema package\n";
  s += "// with `npm run forms:generate -- --schemas DIR --tax-year YYYY` (docs/schema-packages.md).\n";
  s += 'import type { RawSchemaPackage } from "./model.ts";\n';
  for (const p of used)
    s += `import { ${packageConstName(p.id)} } from "./packages/${packageFileName(p.id)}";\n`;
  s +=
    "\n/** IRIS schema package per tax year: the year's own, or the newest earlier one until the IRS publishes it. */\n";
  s += "export const TAX_YEAR_PACKAGES: Readonly<Record<number, RawSchemaPackage>> = {\n";
  for (const [y, p] of map) s += `  ${String(y)}: ${packageConstName(p.id)},\n`;
  s += "};\n";
  return s;
}
