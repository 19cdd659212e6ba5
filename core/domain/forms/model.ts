// Shapes of the form catalogue. `Raw*` is what generate.ts writes into catalogue.generated.ts (compact: types
// are referenced by name); the other types are the expanded, per form and tax year view the rest of the
// service reads.

/** How a leaf is entered and stored. `decimal` covers the IRS ratio and quantity types (not money). */
export type LeafKind = "amount" | "indicator" | "code" | "text" | "integer" | "date" | "decimal";
export type ElementKind = LeafKind | "group";
export type JsonTypeName = "number" | "string" | "boolean" | "integer" | "object" | "array";

/** Facets taken from the XSD simple type (and its base types). */
export interface ElementConstraints {
  /** amount / decimal: digits allowed after the decimal point. */
  readonly fractionDigits?: number;
  /** amount / decimal: digits allowed before the decimal point. */
  readonly integerDigits?: number;
  /** amount: digits allowed before the decimal point in a JSON number (more must be sent as a string). */
  readonly numberIntegerDigits?: number;
  /** amount / decimal: whether a value below zero is allowed (USDecimalAmountType yes, *NNType no). */
  readonly negative?: boolean;
  /** XSD totalDigits of the type, as published. */
  readonly totalDigits?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMAScript regular expression, anchored, equivalent to the XSD pattern. */
  readonly pattern?: string;
  /** Input accepted with hyphens and stored as digits (TIN, EIN, ZIP+4). */
  readonly digitsWithHyphens?: boolean;
  /** `decimal` kind only: the canonical JSON form of the value. */
  readonly canonical?: "number" | "string";
}

export interface RawSimpleType {
  readonly kind: LeafKind;
  readonly jsonType: JsonTypeName;
  readonly constraints: ElementConstraints;
  readonly doc?: string;
}

export interface RawElement {
  readonly name: string;
  /** A key of `simpleTypes` or `complexTypes` of the package. */
  readonly type: string;
  /** Required in `jsonForm` (may differ from the XSD: see `xsdMinOccurs`). */
  readonly required: boolean;
  readonly xsdMinOccurs: number;
  /** null = unbounded. */
  readonly maxOccurs: number | null;
  readonly box?: string;
  readonly label: string;
  /** Members of the same choice are mutually exclusive (xsd:choice). */
  readonly choice?: string;
}

export interface RawChoice {
  readonly id: string;
  /** One member must be present. */
  readonly required: boolean;
  readonly members: readonly string[];
}

export interface RawComplexType {
  readonly elements: readonly RawElement[];
  readonly choices?: readonly RawChoice[];
  /** Elements of the XSD type left out of jsonForm, with the reason. */
  readonly omitted?: readonly OmittedElement[];
}

export interface OmittedElement {
  readonly name: string;
  readonly reason: string;
}

export interface RawForm {
  readonly form: string;
  readonly title: string;
  /** IRIS FormTypeCd, e.g. "1099NEC". */
  readonly formTypeCd: string;
  /** IRIS detail element, e.g. "Form1099NECDetail". */
  readonly detailElement: string;
  readonly source: string;
  readonly elements: readonly RawElement[];
  readonly choices?: readonly RawChoice[];
  readonly omitted: readonly OmittedElement[];
}

/** One submission totals element: `path` (dotted, in the form detail) when it is not a top-level element of that name. */
export interface RawTotalElement {
  readonly name: string;
  readonly path?: string;
}

/** The totals groups of a form's submission (IRSubmission1FormTotals): TotalAmtGrp and, for CF/SF, TotalByStateGrp. */
export interface RawFormTotals {
  /** e.g. "Form1099NECTotalAmtGrp". */
  readonly group: string;
  /** In XSD order. */
  readonly elements: readonly RawTotalElement[];
  /** e.g. "Form1099NECTotalByStateGrp"; absent for forms outside the Combined Federal/State program. */
  readonly byStateGroup?: string;
  /**
   * In XSD order, after StateAbbreviationCd and TotalReportedRcpntFormCnt; state and local tax withheld have their
   * path in StateLocalTaxGrp (summed over the state's own group).
   */
  readonly byStateElements?: readonly RawTotalElement[];
}

export interface RawSchemaPackage {
  readonly id: string;
  readonly description: string;
  /** The tax year the IRS published the package for. */
  readonly taxYear: number;
  /** IRTransmissionManifest/SchemaVersionNum, a fixed value of the package's message XSD. */
  readonly schemaVersionNum: string;
  /** IRIS CountryCd -> country name, from the documentation of the package's CountryType. */
  readonly countries: Readonly<Record<string, string>>;
  /** FormTypeCd -> submission totals groups. */
  readonly totals: Readonly<Record<string, RawFormTotals>>;
  readonly simpleTypes: Readonly<Record<string, RawSimpleType>>;
  readonly complexTypes: Readonly<Record<string, RawComplexType>>;
  /** In catalogue order. */
  readonly forms: readonly RawForm[];
}

/** One element of a form, with everything resolved. */
export interface ElementDefinition {
  /** IRIS element name. */
  readonly name: string;
  /** Dotted path from the form detail, e.g. "RecipientDetail.PersonName.PersonFirstNm" (no array indexes). */
  readonly path: string;
  readonly kind: ElementKind;
  /** JSON type of one occurrence; an element that repeats is an array of these (see `repeated`). */
  readonly jsonType: JsonTypeName;
  /** XSD type name, or `Owner.Element` for anonymous XSD types. */
  readonly xsdType: string;
  readonly required: boolean;
  readonly xsdMinOccurs: number;
  /** null = unbounded. */
  readonly maxOccurs: number | null;
  readonly repeated: boolean;
  /** Box printed on the statement ("1", "2a"), when the IRS gives one. */
  readonly box?: string;
  readonly label: string;
  readonly constraints: ElementConstraints;
  readonly choice?: string;
  /** Groups only, in XSD sequence order. */
  readonly children?: readonly ElementDefinition[];
  /** Groups only. */
  readonly choices?: readonly RawChoice[];
}

export interface FormDefinition {
  /** Canonical form code, e.g. "1099-NEC". */
  readonly form: string;
  readonly taxYear: number;
  readonly title: string;
  readonly formTypeCd: string;
  readonly detailElement: string;
  /** IRIS schema package the definition comes from. */
  readonly schemaPackage: string;
  /** The tax year that package was published for: earlier than `taxYear` until the IRS publishes that year's. */
  readonly schemaTaxYear: number;
  /** IRTransmissionManifest/SchemaVersionNum of that package. */
  readonly schemaVersionNum: string;
  readonly elements: readonly ElementDefinition[];
  readonly choices: readonly RawChoice[];
  /** Top-level XSD elements that jsonForm leaves out because the service fills them. */
  readonly omitted: readonly OmittedElement[];
  /** Where the form is filed: IRIS (the IRS), or the SSA (W-2 family, in EFW2). */
  readonly filedWith: "IRIS" | "SSA";
}
