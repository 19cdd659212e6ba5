// Shared builders for the FIRE tests. TINs are made up (never real): 12345678x / 98765432x style.
import {
  AMOUNT_CODES,
  indicatorNames,
  type FireFileInput,
  type FireForm,
  type FireFormInput,
  type FireParseResult,
  type FirePayer,
  type FireRecipient,
  type FireTransmitterInput,
  type FormSpec,
} from "../../../../core/domain/fire/index.ts";
import { getFormDefinition, type ElementDefinition } from "../../../../core/domain/forms/index.ts";
import { MONTHS } from "../../../../core/domain/shared/months.ts";

export const transmitter: FireTransmitterInput = {
  tin: "987654321",
  tcc: "TST01",
  name: "EXAMPLE TRANSMITTER INC",
  companyName: "EXAMPLE TRANSMITTER INC",
  address: "100 SAMPLE ROAD",
  city: "DOVER",
  state: "DE",
  postalCode: "19901",
  contactName: "PAT EXAMPLE",
  contactPhone: "3025550100",
  contactEmail: "pat@example.com",
  vendorIndicator: "I",
};

export function payer(overrides: Partial<FirePayer> = {}): FirePayer {
  return {
    tin: "123456789",
    tinType: "ein",
    name: "EXAMPLE PAYER LLC",
    name2: null,
    address: "1 MAIN ST",
    city: "SACRAMENTO",
    state: "CA",
    postalCode: "95814",
    country: null,
    foreign: false,
    transferAgent: false,
    phone: "9165550100",
    combinedFederalState: false,
    nameControl: null,
    lastFiling: false,
    ...overrides,
  };
}

export function recipient(overrides: Partial<FireRecipient> = {}): FireRecipient {
  return {
    tin: "123450001",
    tinType: "ssn",
    name: "ALEX SAMPLE",
    name2: null,
    address: "22 ELM AVE",
    city: "FRESNO",
    state: "CA",
    postalCode: "937210000",
    country: null,
    foreign: false,
    nameControl: "SAMP",
    ...overrides,
  };
}

/** Person names take letters only (IRIS PersonLastNm): 1 -> "B", 22 -> "W", 41 -> "BP". */
export const alpha = (i: number): string =>
  (i >= 26 ? alpha(Math.floor(i / 26)) : "") + String.fromCharCode(65 + (i % 26));

/**
 * 1099-NEC number `i` of the default payer: account number `A-i`, an amount of 100.00 + i cents, its recipient
 * ALEX SAMPLE<alpha(i)> with the made-up TIN `tin`.
 */
export function necFireForm(i: number, tin: string, over: Partial<FireFormInput> = {}): FireFormInput {
  return {
    form: "1099-NEC",
    corrected: null,
    payer: payer(),
    accountNumber: `A-${i}`,
    recipient: recipient({ tin, name: `ALEX SAMPLE${alpha(i)}`, nameControl: "SAMP" }),
    amounts: { NonemployeeCompensationAmt: 100_00 + i },
    indicators: {},
    codes: {},
    extra: {},
    state: null,
    ...over,
  };
}

export function fileInput(forms: FireFormInput[], overrides: Partial<FireFileInput> = {}): FireFileInput {
  return { taxYear: 2025, test: true, transmitter, forms, ...overrides };
}

/** A form of `spec` with every amount code set once (distinct values) and every tail field filled. */
export function fullForm(spec: FormSpec, variant: number, p: FirePayer): FireFormInput {
  const amounts: Record<string, number> = {};
  const amountsByCode: Record<string, number> = {};
  for (const code of Object.keys(spec.amounts)) {
    const i = AMOUNT_CODES.indexOf(code);
    let v = 100_000 * (variant + 1) + 1_000 * (i + 1) + 37;
    if (spec.negativeAllowed && i % 2 === 1) v = -v;
    amountsByCode[code] = v;
    const iris = spec.amounts[code]!.iris;
    if (iris !== null) amounts[iris] = v;
  }
  const indicators: Record<string, boolean> = {};
  for (const name of indicatorNames(spec)) indicators[name] = false;
  const codes: Record<string, string> = {};
  const extra: Record<string, string> = {};
  let state: FireForm["state"] = null;
  let flagIndex = 0;
  for (const t of spec.tail) {
    if (t.kind === "flag") {
      const names = Object.values(t.values);
      indicators[names[(variant + flagIndex++) % names.length]!] = true;
    } else if (t.kind === "text") {
      const v =
        t.digits === true
          ? "1234567890123".slice(0, t.len)
          : `V${variant}${t.name.toUpperCase()}`.slice(0, Math.min(t.len, 12));
      if (t.iris !== null) codes[t.iris] = v;
      else extra[t.name] = v;
    } else if (t.kind === "date") {
      codes[t.iris] = `2025-0${(variant % 9) + 1}-1${variant % 10}`;
    } else if (t.kind === "year") {
      codes[t.iris] = "2024";
    } else if (t.kind === "stateTax") {
      state = { ...(state ?? { code: "CA" }), stateTaxWithheldCents: 4_321 + variant };
    } else if (t.kind === "localTax") {
      state = { ...(state ?? { code: "CA" }), localTaxWithheldCents: 1_234 + variant };
    } else if (t.kind === "cfsf" && p.combinedFederalState) {
      state = { ...(state ?? { code: "CA" }), code: "CA" };
    }
  }
  return {
    form: spec.form,
    corrected: variant % 3 === 1 ? "G" : null,
    payer: p,
    recipient: recipient({
      tin: `1234${String(50000 + variant).slice(-5)}`,
      name: `RECIPIENT ${variant} SAMPLE`,
    }),
    accountNumber: `ACCT-${spec.typeOfReturn}-${variant}`,
    amounts,
    amountsByCode,
    indicators,
    codes,
    extra: { ...extra, PayerOfficeCode: "OF1" },
    state,
  };
}

/** A parsed form without the fields the writer derives or the parser keeps as read, for comparison with its input. */
export function asInput(f: FireForm): FireFormInput {
  const {
    record: _record,
    payerRecord: _payerRecord,
    offset: _offset,
    supported: _supported,
    taxYear: _taxYear,
    typeOfReturn: _type,
    ...rest
  } = f;
  const { amountCodes: _codes, stateOrder: _order, ...payer } = rest.payer;
  return { ...rest, payer };
}

export function mustParse(r: FireParseResult): Extract<FireParseResult, { ok: true }> {
  if (!r.ok)
    throw new Error(
      `expected ok, got problems:\n${r.problems
        .slice(0, 10)
        .map((p) => JSON.stringify(p))
        .join("\n")}`,
    );
  return r;
}

export const ascii = (bytes: Uint8Array): string => new TextDecoder("latin1").decode(bytes);
export const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

// ---------------------------------------------------------------------------------------------------------------
// A B record of any form with every amount code and tail field filled with values valid for the IRIS element each
// one feeds (the catalogue accepts the mapped form).

export function element(form: string, path: string): ElementDefinition | undefined {
  let level = getFormDefinition(form, 2025)?.elements ?? [];
  let el: ElementDefinition | undefined;
  for (const seg of path.split(".")) {
    el = level.find((e) => e.name === seg);
    level = el?.children ?? [];
  }
  return el;
}

/** A value of a Pub 1220 text field that is valid for the IRIS element it feeds. */
export function textFor(form: string, iris: string, len: number, digits: boolean, each: boolean): string {
  const el = element(form, iris);
  const c = el?.constraints ?? {};
  if (c.enum)
    return each
      ? c.enum.slice(0, Math.min(len, 2)).join("")
      : (c.enum.find((v) => v.length <= len) ?? c.enum[0]!);
  if (el?.kind === "integer")
    return String(Math.min(c.maximum ?? 99, 12))
      .padStart(digits ? 2 : 1, "0")
      .slice(-len);
  if (el?.xsdType === "EINType" || el?.xsdType === "TINType") return "123456780";
  if (digits) return "1234567890123".slice(0, len);
  const max = Math.min(len, c.maxLength ?? len);
  const fits = (v: string) => c.pattern === undefined || new RegExp(c.pattern, "u").test(v);
  return ["SAMPLE TEXT", "ABC123"].map((v) => v.slice(0, max)).find(fits) ?? "A";
}

const EXTRA_VALUES: Record<string, string> = {
  SpecialDataEntries: "STATE ID 12-3456",
  ForeignCountryOrUSPossession: "CANADA",
  PaymentSettlementEntityNameAndPhone: "ACME PAYMENTS 800-555-0100",
  OtherThanTransferorInformation: "SOMEONE ELSE",
  NameOfInsured: "JANE Q PUBLIC",
  AddressOfInsured: "12 OAK ST. APT #4",
  CityOfInsured: "RENO",
  StateOfInsured: "NV",
  ZipCodeOfInsured: "89501",
};

export function validInput(spec: FormSpec, p: FirePayer): FireFormInput {
  const amountsByCode: Record<string, number> = {};
  Object.keys(spec.amounts).forEach((code, i) => {
    amountsByCode[code] = 10_000 + 101 * i;
  });
  const indicators: Record<string, boolean> = {};
  const codes: Record<string, string> = {};
  const extra: Record<string, string> = {};
  let state: FireFormInput["state"] = null;
  for (const t of spec.tail) {
    if (t.kind === "flag") {
      const names = Object.values(t.values);
      names.forEach((n, i) => {
        indicators[n] = i === 0;
      });
    } else if (t.kind === "text") {
      if (t.iris !== null)
        codes[t.iris] = textFor(spec.form, t.iris, t.len, t.digits === true, t.each === true);
      else extra[t.name] = (EXTRA_VALUES[t.name] ?? "SAMPLE").slice(0, t.len);
    } else if (t.kind === "date") codes[t.iris] = "2025-03-14";
    else if (t.kind === "year") codes[t.iris] = "2024";
    else if (t.kind === "stateTax") state = { ...(state ?? { code: "CA" }), stateTaxWithheldCents: 4321 };
    else if (t.kind === "localTax") state = { ...(state ?? { code: "CA" }), localTaxWithheldCents: 1234 };
    else if (t.kind === "cfsf" && p.combinedFederalState)
      state = { ...(state ?? { code: "CA" }), code: "CA" };
  }
  return {
    form: spec.form,
    corrected: null,
    payer: p,
    recipient: recipient(),
    accountNumber: `ACCT-${spec.typeOfReturn}`,
    amounts: {},
    amountsByCode,
    indicators,
    codes,
    extra,
    state,
  };
}

/**
 * validInput within the IRS business rules too (for intake, which checks them): each amount half the one before, so
 * totals (earlier boxes) cover their parts (later boxes) (F1099DIV001, F1099INT002_001, ...), and the per-form
 * adjustments of keepIrsRules.
 */
export function irsValidInput(spec: FormSpec, p: FirePayer): FireFormInput {
  const f = validInput(spec, p);
  const amountsByCode: Record<string, number> = {};
  Object.keys(spec.amounts).forEach((code, i) => {
    amountsByCode[code] = Math.round(500_000_00 / 2 ** i) + i;
  });
  const indicators = { ...f.indicators };
  keepIrsRules(spec, amountsByCode, indicators);
  return { ...f, amountsByCode, indicators };
}

/**
 * What the IRS business rules add to "every field filled": monthly amounts add up to their total (F1099K001,
 * F1097BTC001, F1098Q001), 1099-Q basis is gross minus earnings (F1099Q001) with one transfer box (F1099Q008),
 * 1099-SA one account type (F1099SA001), 1099-B either a sale or contract amounts (F1099B006/007) and not both
 * collectibles and QOF (F1099B005).
 */
function keepIrsRules(
  spec: FormSpec,
  amounts: Record<string, number>,
  indicators: Record<string, boolean>,
): void {
  const codeOf = (iris: string) => Object.keys(spec.amounts).find((c) => spec.amounts[c]?.iris === iris);
  const months = MONTHS.map((m) => codeOf(`${m}Amt`)).filter((c): c is string => c !== undefined);
  const total = codeOf("GrossAmt") ?? codeOf("TotalCreditsAmt") ?? codeOf("TotalPremiumsAmt");
  if (months.length === 12 && total) {
    // Months large enough that their total also covers the form's other amounts (F1099K006).
    months.forEach((c, i) => {
      amounts[c] = 50_000_00 + i;
    });
    amounts[total] = months.reduce((sum, c) => sum + (amounts[c] ?? 0), 0);
  }
  if (spec.form === "1099-Q") {
    const [gross, earnings, basis] = [
      codeOf("GrossDistributionAmt"),
      codeOf("EarningsAmt"),
      codeOf("BasisAmt"),
    ];
    if (gross && earnings && basis) amounts[basis] = (amounts[gross] ?? 0) - (amounts[earnings] ?? 0);
    indicators["QTPToRothIRATransferInd"] = false;
  }
  if (spec.form === "1099-SA") {
    indicators["MAMSAInd"] = false;
    indicators["ArcherMSAInd"] = false;
  }
  if (spec.form === "1099-B") {
    indicators["QOFInd"] = false;
    for (const iris of [
      "TYClosedContractProfitLossAmt",
      "PriorYrOpenCntrctProfitLossAmt",
      "CYOpenCntrctProfitLossAmt",
      "CntrctAggregateProfitLossAmt",
    ]) {
      const c = codeOf(iris);
      if (c) delete amounts[c];
    }
  }
}
