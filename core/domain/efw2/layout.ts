// Record layouts of the SSA's electronic wage files, as tables of fields (1-based positions, as the SSA prints
// them): publication No. 42-007, "Specifications for Filing Forms W-2 Electronically (EFW2)" (RA, RE, RW, RO, RS,
// RT, RU, RF: 512-byte records, each followed by CR LF; the optional RV state total is not written) and publication
// No. 42-014, "Specifications for Filing Forms W-2c Electronically (EFW2C)" (RCA ... RCF: 1,024 bytes). The
// publications themselves were not at hand; every position below is as public writers quote them:
// - RA, RE, RW, RS, RT, RF: TimeTrex GovernmentForms w2.class.php, a Rust EFW2 writer (RE contact 222-318, RW code FF
//   474-484, RT code DD 295-309 and FF 400-414) and a payroll system's Efw2_Ra/Re/Rt routines.
// - RO, RU: TimeTrex (aydancoskun/timetrex-community-edition, classes/GovernmentForms/country/us/w2.class.php,
//   _compileRO/_compileRU) and neogov's pages W2_EFW2_RECORD_RO / W2_EFW2_RECORD_RU agree through code HH and on the
//   territory amounts. Code II (RO 144-154, RU 190-204, tax year 2024 on) postdates both and is placed by the
//   publication's pattern: UNCONFIRMED.
// - EFW2C: see the section below (Oracle EBS, a C# library, a Go TY2024 table, Pennsylvania's EFW2C page). RCS keeps
//   only the fields two sources agree on; the RCO/RCU code II pair and the RCF count width (9 digits per Oracle and
//   C#, 7 per the Go table) are the open points.
// Confirm against the current publications and AccuWage / AccuW2C before a first live upload (docs/decisions.md).
//
// Field kinds: `a` alphanumeric, left-justified and blank-filled (upper case when written); `n` numeric,
// right-justified and zero-filled (money in cents, no decimal point); `b` blank (must be spaces).

export type FieldKind = "a" | "n" | "b";

export interface FieldDef {
  readonly name: string;
  /** 1-based, as in the SSA's tables. */
  readonly start: number;
  readonly length: number;
  readonly kind: FieldKind;
}

export interface RecordLayout {
  readonly id: string;
  readonly length: number;
  readonly fields: readonly FieldDef[];
  readonly byName: ReadonlyMap<string, FieldDef>;
}

type Spec = readonly [name: string, length: number, kind?: FieldKind];
/** A final blank that runs to the end of the record. */
const REST = -1;

let blanks = 0;
/** Lays fields end to end from position 1 (after the record identifier) and checks they fill the record. */
function layout(id: string, length: number, specs: readonly Spec[]): RecordLayout {
  const fields: FieldDef[] = [{ name: "id", start: 1, length: id.length, kind: "a" }];
  let at = 1 + id.length;
  for (const [name, specLen, kind = "a"] of specs) {
    const len = specLen === REST ? length + 1 - at : specLen;
    fields.push({ name: kind === "b" ? `blank${String(++blanks)}` : name, start: at, length: len, kind });
    at += len;
  }
  if (at !== length + 1)
    throw new Error(`efw2 layout ${id}: fields end at ${String(at - 1)}, not ${String(length)}`);
  return Object.freeze({
    id,
    length,
    fields: Object.freeze(fields),
    byName: new Map(fields.map((f) => [f.name, f])),
  });
}

const B = (n: number): Spec => ["", n, "b"];
const N = (name: string, n: number): Spec => [name, n, "n"];
const A = (name: string, n: number): Spec => [name, n, "a"];

/** Location / delivery address, city, state, ZIP, foreign fields: the block RA, RE, RW and RS share. */
const address = (p: string, blankAfterZip: number, between: readonly Spec[] = []): Spec[] => [
  A(`${p}LocationAddress`, 22),
  A(`${p}DeliveryAddress`, 22),
  A(`${p}City`, 22),
  A(`${p}State`, 2),
  A(`${p}Zip`, 5),
  A(`${p}ZipExtension`, 4),
  ...between,
  ...(blankAfterZip > 0 ? [B(blankAfterZip)] : []),
  A(`${p}ForeignState`, 23),
  A(`${p}ForeignPostalCode`, 15),
  A(`${p}Country`, 2),
];

export const EFW2_RECORD_LENGTH = 512;
export const EFW2C_RECORD_LENGTH = 1024;

/** RW money fields in record order (11 digits of cents each); `null` is a blank (reserved) field. */
export const RW_MONEY: readonly (string | null)[] = [
  "wages",
  "federalIncomeTax",
  "socialSecurityWages",
  "socialSecurityTax",
  "medicareWages",
  "medicareTax",
  "socialSecurityTips",
  null,
  "dependentCare",
  "code_D",
  "code_E",
  "code_F",
  "code_G",
  "code_H",
  null,
  "nonqualified457",
  "code_W",
  "nonqualifiedNot457",
  "code_Q",
  null,
  "code_C",
  "code_V",
  "code_Y",
  "code_AA",
  "code_BB",
  "code_DD",
  "code_FF",
];
/**
 * RO money fields (11 digits of cents), positions 12-154: allocated tips 12-22, A+B 23-33, R, S, T, M, N, Z 89-99,
 * blank 100-110, EE 111-121, GG 122-132, HH 133-143 (TimeTrex w2.class.php, neogov W2_EFW2_RECORD_RO); II 144-154
 * (code II, tax year 2024 on) follows HH by the publication's pattern and is not confirmed by a second source.
 */
export const RO_MONEY: readonly (string | null)[] = [
  "allocatedTips",
  "uncollectedTaxOnTips",
  "code_R",
  "code_S",
  "code_T",
  "code_M",
  "code_N",
  "code_Z",
  null,
  "code_EE",
  "code_GG",
  "code_HH",
  "code_II",
];
/** RT / RU totals: the RW / RO money fields, 15 digits each. */
export const RT_MONEY: readonly (string | null)[] = [
  "wages",
  "federalIncomeTax",
  "socialSecurityWages",
  "socialSecurityTax",
  "medicareWages",
  "medicareTax",
  "socialSecurityTips",
  null,
  "dependentCare",
  "code_D",
  "code_E",
  "code_F",
  "code_G",
  "code_H",
  null,
  "nonqualified457",
  "code_W",
  "nonqualifiedNot457",
  "code_Q",
  "code_DD",
  "code_C",
  "thirdPartyIncomeTax",
  "code_V",
  "code_Y",
  "code_AA",
  "code_BB",
  "code_FF",
];
export const RU_MONEY: readonly (string | null)[] = RO_MONEY;

const money = (list: readonly (string | null)[], width: number): Spec[] =>
  list.map((n) => (n === null ? B(width) : N(n, width)));

export const RA = layout("RA", 512, [
  N("submitterEin", 9),
  A("userId", 8),
  A("softwareVendorCode", 4),
  B(5),
  N("resubIndicator", 1),
  A("resubWfid", 6),
  A("softwareCode", 2),
  A("companyName", 57),
  ...address("company", 5),
  A("submitterName", 57),
  ...address("submitter", 5),
  A("contactName", 27),
  A("contactPhone", 15),
  A("contactPhoneExtension", 5),
  B(3),
  A("contactEmail", 40),
  B(3),
  A("contactFax", 10),
  B(1),
  A("preparerCode", 1),
  B(12),
]);

export const RE = layout("RE", 512, [
  N("taxYear", 4),
  A("agentIndicator", 1),
  N("ein", 9),
  A("agentForEin", 9),
  N("terminatingBusiness", 1),
  A("establishmentNumber", 4),
  A("otherEin", 9),
  A("employerName", 57),
  ...address("employer", 4, [A("kindOfEmployer", 1)]),
  A("employmentCode", 1),
  A("taxJurisdiction", 1),
  N("thirdPartySickPay", 1),
  A("contactName", 27),
  A("contactPhone", 15),
  A("contactPhoneExtension", 5),
  A("contactFax", 10),
  A("contactEmail", 40),
  B(194),
]);

const employeeName: Spec[] = [A("firstName", 15), A("middleName", 15), A("lastName", 20), A("suffix", 4)];

export const RW = layout("RW", 512, [
  N("ssn", 9),
  ...employeeName,
  ...address("employee", 5),
  ...money(RW_MONEY, 11),
  B(1),
  N("statutoryEmployee", 1),
  B(1),
  N("retirementPlan", 1),
  N("thirdPartySickPay", 1),
  B(23),
]);

/**
 * Puerto Rico (W-2PR) and Virgin Islands / Guam / American Samoa / Northern Mariana Islands amounts of the RO (11
 * digits) and RU (15 digits). This service files Form W-2 only, so they are written as zeros, as TimeTrex's writer
 * does and as neogov's RU page says ("Stored as zeroes"); RO 275-351 and 363-384, RU 355-459 and 460-489.
 */
const TERRITORY_PR = [
  "prWages",
  "prCommissions",
  "prAllowances",
  "prTips",
  "prTotal",
  "prTax",
  "prRetirement",
] as const;
const TERRITORY_OTHER = ["territoryWages", "territoryTax"] as const;
export const RO = layout("RO", 512, [
  B(9),
  ...money(RO_MONEY, 11),
  B(120),
  ...TERRITORY_PR.map((n) => N(n, 11)),
  B(11),
  ...TERRITORY_OTHER.map((n) => N(n, 11)),
  B(128),
]);

export const RS = layout("RS", 512, [
  N("stateCode", 2),
  A("taxingEntityCode", 5),
  N("ssn", 9),
  ...employeeName,
  ...address("employee", 5),
  A("optionalCode", 2),
  A("reportingPeriod", 6),
  N("stateQuarterlyUnemploymentTotal", 11),
  N("stateQuarterlyUnemploymentTaxable", 11),
  A("weeksWorked", 2),
  A("dateFirstEmployed", 8),
  A("dateOfSeparation", 8),
  B(5),
  A("stateEmployerAccountNumber", 20),
  B(6),
  N("incomeTaxStateCode", 2),
  N("stateTaxableWages", 11),
  N("stateIncomeTax", 11),
  A("otherStateData", 10),
  A("taxTypeCode", 1),
  N("localTaxableWages", 11),
  N("localIncomeTax", 11),
  A("stateControlNumber", 7),
  A("supplementalData1", 75),
  A("supplementalData2", 75),
  B(25),
]);

export const RT = layout("RT", 512, [N("rwCount", 7), ...money(RT_MONEY, 15), B(98)]);
export const RU = layout("RU", 512, [
  N("roCount", 7),
  ...money(RU_MONEY, 15),
  B(150),
  ...TERRITORY_PR.map((n) => N(n, 15)),
  ...TERRITORY_OTHER.map((n) => N(n, 15)),
  B(23),
]);
export const RF = layout("RF", 512, [B(5), N("rwCount", 9), B(496)]);

// ---- EFW2C (W-2c) ----------------------------------------------------------------------------------------
// Positions cross-checked with three public EFW2C writers that quote publication 42-014: Oracle E-Business Suite
// payroll package PAY_US_MMRF2_W2C_FORMAT_RECORD (ginnisingh98/Views-Tables,
// PACKAGE_BODIES/PAY_US_MMRF2_W2C_FORMAT_RECORD.sql, 2003-2007: RCA, the RCE EINs and employment code, RCW, RCU,
// RCF), a C# EFW2C library (HaithamAyyad/t, EFW2C/RecordEFW2C/Records/*, 2023: field classes with 0-based
// positions and each record's blank list) and a Go EFW2C writer's TY2024 tables (its source says "positions per SSA
// Pub 42-014 TY2024"); Pennsylvania's "CORRECTED - PA W-2 Wage Records (EFW2C)" page confirms RCA 4-12 and RCE
// 4-177. Each pair is the originally reported value then the correct one.

/** RCW money pairs in record order (11 digits each, 22 a pair, from position 244); `null` is a blank pair. */
const RCW_SLOTS: readonly (string | null)[] = [
  "wages",
  "federalIncomeTax",
  "socialSecurityWages",
  "socialSecurityTax",
  "medicareWages",
  "medicareTax",
  "socialSecurityTips",
  null /* 398-419, was advance EIC */,
  "dependentCare",
  "code_D",
  "code_E",
  "code_F",
  "code_G",
  "code_H",
  null /* 552-573, total deferred compensation (tax years before 2006) */,
  null /* 574-595 */,
  "nonqualified457",
  "code_W",
  "nonqualifiedNot457",
  "code_Q",
  null /* 684-705 */,
  "code_C",
  "code_V",
  "code_Y",
  "code_AA",
  "code_BB",
  "code_DD",
  "code_FF",
];
/** RCW money fields, each filed twice: originally reported (`orig_<name>`) and correct (`<name>`). */
export const RCW_MONEY: readonly string[] = RCW_SLOTS.filter((n): n is string => n !== null);
/**
 * RCO money pairs (11 digits, from position 13): allocated tips 13-34 ... Z 167-188, blank 189-210, EE 211-232, GG
 * 233-254, HH 255-276; II 277-298 (tax year 2024 on) is in the Go writer's TY2024 table only.
 */
const RCO_SLOTS: readonly (string | null)[] = [
  "allocatedTips",
  "uncollectedTaxOnTips",
  "code_R",
  "code_S",
  "code_T",
  "code_M",
  "code_N",
  "code_Z",
  null,
  "code_EE",
  "code_GG",
  "code_HH",
  "code_II",
];
export const RCO_MONEY: readonly string[] = RCO_SLOTS.filter((n): n is string => n !== null);
const pairs = (list: readonly (string | null)[], width: number): Spec[] =>
  list.flatMap((n) => (n === null ? [B(2 * width)] : [N(`orig_${n}`, width), N(n, width)]));

export const RCA = layout("RCA", 1024, [
  N("submitterEin", 9),
  A("userId", 8),
  A("softwareVendorCode", 4),
  B(5),
  A("softwareCode", 2),
  A("companyName", 57),
  ...address("company", 6),
  A("contactName", 27),
  A("contactPhone", 15),
  A("contactPhoneExtension", 5),
  B(3),
  A("contactEmail", 40),
  B(3),
  A("contactFax", 10),
  B(1),
  A("preparerCode", 1),
  N("resubIndicator", 1),
  A("resubWfid", 6),
  B(REST),
]);

export const RCE = layout("RCE", 1024, [
  N("taxYear", 4),
  N("origEin", 9),
  N("ein", 9),
  A("agentIndicator", 1),
  A("agentForEin", 9),
  A("origEstablishmentNumber", 4),
  A("establishmentNumber", 4),
  A("employerName", 57),
  ...address("employer", 4),
  A("origEmploymentCode", 1),
  A("employmentCode", 1),
  N("orig_thirdPartySickPay", 1),
  N("thirdPartySickPay", 1),
  B(1),
  A("kindOfEmployer", 1),
  A("contactName", 27),
  A("contactPhone", 15),
  A("contactPhoneExtension", 5),
  A("contactFax", 10),
  A("contactEmail", 40),
  B(REST),
]);

export const RCW = layout("RCW", 1024, [
  N("origSsn", 9),
  N("ssn", 9),
  A("origFirstName", 15),
  A("origMiddleName", 15),
  A("origLastName", 20),
  A("firstName", 15),
  A("middleName", 15),
  A("lastName", 20),
  ...address("employee", 5),
  ...pairs(RCW_SLOTS, 11),
  B(143),
  N("orig_statutoryEmployee", 1),
  N("statutoryEmployee", 1),
  N("orig_retirementPlan", 1),
  N("retirementPlan", 1),
  N("orig_thirdPartySickPay", 1),
  N("thirdPartySickPay", 1),
  B(REST),
]);

export const RCO = layout("RCO", 1024, [B(9), ...pairs(RCO_SLOTS, 11), B(REST)]);

/**
 * RCS (state record, not processed by the SSA): only the fields two sources agree on, the Go and C# writers: state
 * code 4-5, taxing entity codes 6-15, SSNs 16-33, names 34-133, address 134-210, income tax state code 396-397,
 * state taxable wages 398-419 and state income tax 420-441. The rest (foreign address, unemployment data, state
 * employer account number, local amounts) is left blank: the writers disagree or only one has it.
 */
export const RCS = layout("RCS", 1024, [
  N("stateCode", 2),
  A("origTaxingEntityCode", 5),
  A("taxingEntityCode", 5),
  N("origSsn", 9),
  N("ssn", 9),
  A("origFirstName", 15),
  A("origMiddleName", 15),
  A("origLastName", 20),
  A("firstName", 15),
  A("middleName", 15),
  A("lastName", 20),
  A("employeeLocationAddress", 22),
  A("employeeDeliveryAddress", 22),
  A("employeeCity", 22),
  A("employeeState", 2),
  A("employeeZip", 5),
  A("employeeZipExtension", 4),
  B(185),
  N("incomeTaxStateCode", 2),
  N("orig_stateTaxableWages", 11),
  N("stateTaxableWages", 11),
  N("orig_stateIncomeTax", 11),
  N("stateIncomeTax", 11),
  B(REST),
]);

export const RCT = layout("RCT", 1024, [N("rcwCount", 7), ...pairs(RCW_SLOTS, 15), B(REST)]);
/** RCU: RCO's pairs at 15 digits from position 11; II 371-400 follows HH by the pattern, unconfirmed. */
export const RCU = layout("RCU", 1024, [N("rcoCount", 7), ...pairs(RCO_SLOTS, 15), B(REST)]);
/** RCF: 9 digits at 4-12 (Oracle, C#); the Go writer has 7 at 4-10. */
export const RCF = layout("RCF", 1024, [N("rcwCount", 9), B(REST)]);

export const EFW2_LAYOUTS: ReadonlyMap<string, RecordLayout> = new Map(
  [RA, RE, RW, RO, RS, RT, RU, RF].map((l) => [l.id, l]),
);
export const EFW2C_LAYOUTS: ReadonlyMap<string, RecordLayout> = new Map(
  [RCA, RCE, RCW, RCO, RCS, RCT, RCU, RCF].map((l) => [l.id, l]),
);
