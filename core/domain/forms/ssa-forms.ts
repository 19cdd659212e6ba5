// Forms W-2 and W-2c: filed with the Social Security Administration (EFW2 / EFW2C, core/domain/efw2), not with
// IRIS, so no IRS schema package holds them. Their jsonForm is written here by hand in the catalogue's raw shape,
// with element names taken from the IRS MeF W-2 schema (IRSW2: EmployeeSSN, WagesAmt, WithholdingAmt,
// SocialSecurityWagesAmt, EmployersUseGrp, W2StateLocalTaxGrp, ...) where it has them. Where IRSW2 differs from
// what EFW2 needs, the difference is named: IRSW2 has one EmployeeNm line, EFW2 wants first, middle, last and
// suffix apart, so the name is the IRIS person-name group (PersonFirstNm ...) under `EmployeeName`.
// The employer (boxes b and c) is the payer record, as the issuer is for the IRIS forms.
import type { RawComplexType, RawElement, RawForm, RawSimpleType } from "./model.ts";

/** The name suffixes EFW2 takes (RW suffix field). */
export const SSA_SUFFIXES = ["JR", "SR", "II", "III", "IV", "V", "VI", "VII"] as const;
/** An EFW2 name: letters, hyphen, apostrophe, period, single spaces between. */
const NAME_PATTERN = "^(?:([A-Za-z'.\\-] ?)*[A-Za-z'.\\-])$";

/** Box 12 codes of the 2025 and 2026 General Instructions for Forms W-2 and W-3. */
export const BOX12_CODES = [
  "A",
  "B",
  "C",
  "D",
  "E",
  "F",
  "G",
  "H",
  "J",
  "K",
  "L",
  "M",
  "N",
  "P",
  "Q",
  "R",
  "S",
  "T",
  "V",
  "W",
  "Y",
  "Z",
  "AA",
  "BB",
  "DD",
  "EE",
  "FF",
  "GG",
  "HH",
  "II",
] as const;

const money = "USDecimalAmountNNType";
const leaf = (name: string, type: string, label: string, box?: string, required = false): RawElement => ({
  name,
  type,
  required,
  xsdMinOccurs: required ? 1 : 0,
  maxOccurs: 1,
  label,
  ...(box !== undefined ? { box } : {}),
});

export const SSA_SIMPLE_TYPES: Readonly<Record<string, RawSimpleType>> = {
  "SSA:SSNType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: "^(?:[0-9]{9}|[0-9]{3}-[0-9]{2}-[0-9]{4})$", digitsWithHyphens: true },
    doc: "Social security number, 9 digits",
  },
  // EFW2 field widths (RW positions 12-65): first and middle 15, last 20, suffix 4.
  "SSA:FirstNameType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: NAME_PATTERN, maxLength: 15 },
    doc: "Employee first name: letters, hyphen, apostrophe, period, single spaces",
  },
  "SSA:MiddleNameType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: NAME_PATTERN, maxLength: 15 },
    doc: "Employee middle name or initial",
  },
  "SSA:LastNameType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: NAME_PATTERN, maxLength: 20 },
    doc: "Employee last name",
  },
  "SSA:SuffixType": {
    kind: "code",
    jsonType: "string",
    constraints: { enum: [...SSA_SUFFIXES] },
    doc: "Employee name suffix",
  },
  "SSA:ControlNumType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: "^(?:[A-Za-z0-9\\-]*)$", maxLength: 14 },
    doc: "Box d control number (not filed with the SSA)",
  },
  "SSA:Box12CodeType": {
    kind: "code",
    jsonType: "string",
    constraints: { enum: [...BOX12_CODES] },
    doc: "Box 12 code",
  },
  "SSA:Box14DescType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: "^(?:([!-~] ?)*[!-~])$", maxLength: 20 },
    doc: "Box 14 description",
  },
  "SSA:StateIdType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: "^(?:[A-Za-z0-9\\-]*)$", maxLength: 20 },
    doc: "Employer's state ID number",
  },
  "SSA:LocalityType": {
    kind: "text",
    jsonType: "string",
    constraints: { pattern: "^(?:([A-Za-z0-9\\-] ?)*[A-Za-z0-9\\-])$", maxLength: 20 },
    doc: "Locality name",
  },
  "SSA:EmploymentCdType": {
    kind: "code",
    jsonType: "string",
    constraints: { enum: ["A", "H", "M", "Q", "R", "X", "F"] },
    doc: "EFW2 employment code: A agriculture (943), H household, M military, Q Medicare qualified government, R regular (941), X railroad, F regular (944)",
  },
  "SSA:KindOfEmployerCdType": {
    kind: "code",
    jsonType: "string",
    constraints: { enum: ["F", "S", "T", "Y", "N"] },
    doc: "EFW2 kind of employer: F federal, S state/local non-501c, T 501c non-government, Y state/local 501c, N none of these",
  },
};

const nameType: RawComplexType = {
  elements: [
    leaf("PersonFirstNm", "SSA:FirstNameType", "Employee's first name", undefined, true),
    leaf("PersonMiddleNm", "SSA:MiddleNameType", "Employee's middle name or initial"),
    leaf("PersonLastNm", "SSA:LastNameType", "Employee's last name", undefined, true),
    leaf("SuffixNm", "SSA:SuffixType", "Suffix"),
  ],
};

/** Boxes 1-14 as one group type: the W-2 holds them at the top level, the W-2c twice (previously reported, correct). */
const amountElements: RawElement[] = [
  leaf("WagesAmt", money, "Wages, tips, other compensation", "1"),
  leaf("WithholdingAmt", money, "Federal income tax withheld", "2"),
  leaf("SocialSecurityWagesAmt", money, "Social security wages", "3"),
  leaf("SocialSecurityTaxAmt", money, "Social security tax withheld", "4"),
  leaf("MedicareWagesAndTipsAmt", money, "Medicare wages and tips", "5"),
  leaf("MedicareTaxWithheldAmt", money, "Medicare tax withheld", "6"),
  leaf("SocialSecurityTipsAmt", money, "Social security tips", "7"),
  leaf("AllocatedTipsAmt", money, "Allocated tips", "8"),
  leaf("DependentCareBenefitsAmt", money, "Dependent care benefits", "10"),
  leaf("NonqualifiedPlansAmt", money, "Nonqualified plans", "11"),
  // EFW2 files box 11 in one of two fields; IRSW2 has no element for which (the printed form has none either).
  leaf(
    "NonqualifiedPlanSect457Ind",
    "DigitBooleanType",
    "Box 11 amount is a section 457 distribution or contribution",
  ),
  {
    name: "EmployersUseGrp",
    type: "SSA:EmployersUseGrpType",
    required: false,
    xsdMinOccurs: 0,
    maxOccurs: 4,
    label: "Box 12 code and amount",
    box: "12",
  },
  leaf("StatutoryEmployeeInd", "DigitBooleanType", "Statutory employee", "13"),
  leaf("RetirementPlanInd", "DigitBooleanType", "Retirement plan", "13"),
  leaf("ThirdPartySickPayInd", "DigitBooleanType", "Third-party sick pay", "13"),
  {
    name: "OtherDeductsBenefitsGrp",
    type: "SSA:OtherDeductsBenefitsGrpType",
    required: false,
    xsdMinOccurs: 0,
    maxOccurs: 4,
    label: "Other",
    box: "14",
  },
  {
    name: "W2StateLocalTaxGrp",
    type: "SSA:W2StateLocalTaxGrpType",
    required: false,
    xsdMinOccurs: 0,
    maxOccurs: 2,
    label: "State and local",
  },
];

export const SSA_COMPLEX_TYPES: Readonly<Record<string, RawComplexType>> = {
  "SSA:EmployeeNameType": nameType,
  "SSA:EmployersUseGrpType": {
    elements: [
      leaf("EmployersUseCd", "SSA:Box12CodeType", "Box 12 code", undefined, true),
      leaf("EmployersUseAmt", money, "Box 12 amount", undefined, true),
    ],
  },
  "SSA:OtherDeductsBenefitsGrpType": {
    elements: [
      leaf("Desc", "SSA:Box14DescType", "Box 14 description", undefined, true),
      leaf("Amt", money, "Box 14 amount"),
    ],
  },
  "SSA:W2LocalTaxGrpType": {
    elements: [
      leaf("LocalWagesAndTipsAmt", money, "Local wages, tips, etc.", "18"),
      leaf("LocalIncomeTaxAmt", money, "Local income tax", "19"),
      leaf("LocalityNm", "SSA:LocalityType", "Locality name", "20"),
    ],
  },
  "SSA:W2StateTaxGrpType": {
    elements: [
      leaf("StateAbbreviationCd", "StateType", "State", "15", true),
      leaf("EmployerStateIdNum", "SSA:StateIdType", "Employer's state ID number", "15"),
      leaf("StateWagesAmt", money, "State wages, tips, etc.", "16"),
      leaf("StateIncomeTaxAmt", money, "State income tax", "17"),
      {
        name: "W2LocalTaxGrp",
        type: "SSA:W2LocalTaxGrpType",
        required: false,
        xsdMinOccurs: 0,
        maxOccurs: 1,
        label: "Local",
      },
    ],
  },
  "SSA:W2StateLocalTaxGrpType": {
    elements: [
      {
        name: "W2StateTaxGrp",
        type: "SSA:W2StateTaxGrpType",
        required: true,
        xsdMinOccurs: 1,
        maxOccurs: 1,
        label: "State",
      },
    ],
  },
  "SSA:W2AmountsType": { elements: amountElements },
};

const employee: RawElement[] = [
  leaf("EmployeeSSN", "SSA:SSNType", "Employee's social security number", "a", true),
  {
    name: "EmployeeName",
    type: "SSA:EmployeeNameType",
    required: true,
    xsdMinOccurs: 1,
    maxOccurs: 1,
    label: "Employee's name",
    box: "e",
  },
  {
    name: "EmployeeUSAddress",
    type: "USAddressType",
    required: false,
    xsdMinOccurs: 1,
    maxOccurs: 1,
    label: "Employee's address (US)",
    box: "f",
    choice: "W2#address",
  },
  {
    name: "EmployeeForeignAddress",
    type: "ForeignAddressType",
    required: false,
    xsdMinOccurs: 1,
    maxOccurs: 1,
    label: "Employee's address (foreign)",
    box: "f",
    choice: "W2#address",
  },
];

const employerSettings: RawElement[] = [
  leaf("EmploymentCd", "SSA:EmploymentCdType", "EFW2 employment code (default R, Form 941)"),
  leaf("KindOfEmployerCd", "SSA:KindOfEmployerCdType", "EFW2 kind of employer (default N)"),
];

const omitted = [
  { name: "EmployerEIN", reason: "the employer is the payer: its EIN comes from the payer record" },
  { name: "EmployerName", reason: "the employer is the payer: its name comes from the payer record" },
  { name: "EmployerUSAddress", reason: "the employer is the payer: its address comes from the payer record" },
  { name: "EmployerNameControlTxt", reason: "not filed with the SSA" },
  {
    name: "EmployeeNm",
    reason: "EFW2 needs the name in parts: EmployeeName holds first, middle, last and suffix",
  },
  { name: "StandardOrNonStandardCd", reason: "a return-preparer element of MeF; not filed with the SSA" },
];

export const SSA_FORMS: readonly RawForm[] = [
  {
    form: "W-2",
    title: "Wage and Tax Statement",
    formTypeCd: "W2",
    detailElement: "IRSW2",
    source: "SSA EFW2 (Specifications for Filing Forms W-2 Electronically); element names from IRS MeF IRSW2",
    elements: [
      ...employee,
      leaf("ControlNum", "SSA:ControlNumType", "Control number", "d"),
      ...amountElements,
      ...employerSettings,
    ],
    choices: [
      { id: "W2#address", required: false, members: ["EmployeeUSAddress", "EmployeeForeignAddress"] },
    ],
    omitted,
  },
  {
    form: "W-2c",
    title: "Corrected Wage and Tax Statement",
    formTypeCd: "W2C",
    detailElement: "IRSW2C",
    source:
      "SSA EFW2C (Specifications for Filing Forms W-2c Electronically); element names from IRS MeF IRSW2",
    elements: [
      ...employee,
      leaf("ControlNum", "SSA:ControlNumType", "Control number", "d"),
      // Box h / i of the W-2c: the SSN or name as previously reported, only when that is what is corrected.
      leaf("OriginalEmployeeSSN", "SSA:SSNType", "Employee's previously reported SSN", "h"),
      {
        name: "OriginalEmployeeName",
        type: "SSA:EmployeeNameType",
        required: false,
        xsdMinOccurs: 0,
        maxOccurs: 1,
        label: "Employee's previously reported name",
        box: "i",
      },
      {
        name: "PreviouslyReportedGrp",
        type: "SSA:W2AmountsType",
        required: false,
        xsdMinOccurs: 0,
        maxOccurs: 1,
        label: "Previously reported",
      },
      {
        name: "CorrectInformationGrp",
        type: "SSA:W2AmountsType",
        required: false,
        xsdMinOccurs: 0,
        maxOccurs: 1,
        label: "Correct information",
      },
      ...employerSettings,
    ],
    choices: [
      { id: "W2#address", required: false, members: ["EmployeeUSAddress", "EmployeeForeignAddress"] },
    ],
    omitted,
  },
];

/** Forms the SSA takes (EFW2), by canonical code. */
export const SSA_FORM_CODES: ReadonlySet<string> = new Set(SSA_FORMS.map((f) => f.form));

export function isSsaForm(form: string): boolean {
  return SSA_FORM_CODES.has(form);
}
