// Helpers that build valid (and deliberately invalid) jsonForms for the intake tests and the intake benchmark.
// Every TIN here is made up: tests draw them from madeUpTin(n), never from real data.
import { getFormDefinition } from "../../core/domain/forms/index.ts";
import { fillRequired } from "../core/domain/forms/samples.ts";

/** A made-up 9-digit TIN, distinct for every n in 0..899_999_999 (never all zeros). */
export function madeUpTin(n: number): string {
  return String(100_000_000 + (n % 900_000_000));
}

/** The forms SPEC requires, in its order: the list the catalogue and the FIRE layout are checked against. */
export const REQUIRED_FORMS: readonly string[] = [
  "1099-NEC",
  "1099-MISC",
  "1099-INT",
  "1099-DIV",
  "1099-R",
  "1099-K",
  "1099-B",
  "1099-G",
  "1099-S",
  "1099-C",
  "1099-A",
  "1099-OID",
  "1099-PATR",
  "1099-SA",
  "1099-Q",
  "1099-LTC",
  "1098",
  "1098-T",
  "1098-E",
  "5498",
  "W-2G",
];

/** A POST /v1/payers body with every field a payer needs to file: `name` and a made-up `tin`, a Texas address. */
export function payerBody(legalName: string, tin: string) {
  return {
    legal_name: legalName,
    tin,
    address_line1: "1 Elm St",
    city: "Austin",
    state: "TX",
    postal_code: "73301",
    contact_name: "Pat Doe",
    contact_email: "pat@example.com",
    contact_phone: "5125550100",
  };
}

/** The members of the payer and recipient bodies, the vocabulary of the fuzz tests' random bodies. */
export const PARTY_FIELDS = [
  "legal_name",
  "name",
  "tin",
  "tin_type",
  "address_line1",
  "address_line2",
  "city",
  "state",
  "postal_code",
  "country",
  "contact_name",
  "contact_email",
  "contact_phone",
  "payer",
  "email",
  "delivery_method",
  "account_number",
];

export const RECIPIENT_ADDRESS = {
  AddressLine1Txt: "100 Main St",
  CityNm: "Springfield",
  StateAbbreviationCd: "IL",
  ZIPCd: "62701",
} as const;

export interface NecOptions {
  tin?: string;
  amount?: unknown;
  first?: string;
  last?: string;
  accountNum?: string;
  tinType?: "BUSINESS_TIN" | "INDIVIDUAL_TIN" | "UNKNOWN";
  /** Extra top-level elements (or overrides). */
  extra?: Record<string, unknown>;
  /** Extra RecipientDetail members (or overrides). */
  detail?: Record<string, unknown>;
}

/** A filled 1099-NEC jsonForm: TIN, person name, US address, box 1 amount. */
export function necForm(o: NecOptions = {}): Record<string, unknown> {
  const detail: Record<string, unknown> = {
    TIN: o.tin ?? "123456789",
    PersonName: { PersonFirstNm: o.first ?? "Jane", PersonLastNm: o.last ?? "Doe" },
    MailingAddressGrp: { USAddress: { ...RECIPIENT_ADDRESS } },
    ...(o.tinType ? { TINSubmittedTypeCd: o.tinType } : {}),
    ...o.detail,
  };
  return {
    RecipientDetail: detail,
    ...(o.accountNum !== undefined ? { RecipientAccountNum: o.accountNum } : {}),
    NonemployeeCompensationAmt: o.amount ?? 1234.56,
    ...o.extra,
  };
}

/** One intake row `{ form, tax_year, jsonForm }` of a 1099-NEC. */
export function necRow(o: NecOptions & { taxYear?: number } = {}): {
  form: string;
  tax_year: number;
  jsonForm: Record<string, unknown>;
} {
  return { form: "1099-NEC", tax_year: o.taxYear ?? 2025, jsonForm: necForm(o) };
}

/** n rows of 1099-NEC, each for a new recipient with its own made-up TIN starting at madeUpTin(from). */
export function necRows(n: number, from = 0, o: NecOptions & { taxYear?: number } = {}) {
  return Array.from({ length: n }, (_, i) =>
    necRow({ ...o, tin: madeUpTin(from + i), last: `Doe${letters(from + i)}` }),
  );
}

/** 0 -> "a", 25 -> "z", 26 -> "ba": names must be letters only (IRIS PersonLastNameType). */
export function letters(n: number): string {
  let s = "";
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
}

/**
 * The first amount element of a form as the HTTP form shape shows it: the first top-level element of JSON
 * type "number" whose IRIS name ends in "Amt" (the `elements` map keeps the XSD order).
 */
export function firstAmountElement(elements: Record<string, string>): string | undefined {
  return Object.keys(elements).find((k) => !k.includes(".") && elements[k] === "number" && k.endsWith("Amt"));
}

/**
 * What a real form of each type carries beside its first amount so that it keeps the IRS business rules the
 * service checks at intake (core/domain/iris/rules): the 1099-K's filer and transaction boxes, a property
 * description, the 1099-Q's account type... Keyed by form; never touches the first amount element.
 */
export const IRS_VALID_EXTRAS: Readonly<Record<string, Record<string, unknown>>> = {
  "1099-K": { PSEInd: true, PaymentCardInd: true, PaymentTransactionCnt: 12, JanuaryAmt: 1234.56 },
  "1099-B": { PropertyDesc: "100 sh XYZ Corp" },
  "1099-C": { DebtDesc: "Credit card debt" },
  "1099-A": { PropertyDesc: "Lot 4 Elm St" },
  "1099-OID": { CUSIPNumberOrObligationDesc: "City bond 2031" },
  "1099-SA": { HSAInd: true },
  "1099-Q": { DistriFromPrivateQTPInd: true, TrusteeToTrusteeTransferInd: true },
  "1097-BTC": { JanuaryAmt: 1234.56 },
  "1098-C": { VINOrOtherIdNum: "1HGCM82633A004352" },
};

/**
 * Fills a skeleton received from GET /v1/forms/{form} the way a user would: a made-up TIN, a person name, a
 * US address and one non-zero amount (the first amount element). The HTTP form shape does not say which other
 * elements a form requires (1099-R's distribution code, 1099-S's closing date, ...), so those are filled from
 * the catalogue, as the domain round-trip test does, and the IRS business rules need a few more (IRS_VALID_EXTRAS).
 * Every other leaf keeps its placeholder.
 */
export function fillSkeleton(
  form: string,
  taxYear: number,
  skeleton: Record<string, unknown>,
  elements: Record<string, string>,
  tin = "123456789",
): { jsonForm: Record<string, unknown>; amount: string | undefined } {
  const jsonForm = structuredClone(skeleton);
  const rd = jsonForm["RecipientDetail"] as Record<string, unknown>;
  rd["TIN"] = tin;
  Object.assign(rd["PersonName"] as object, { PersonFirstNm: "Jane", PersonLastNm: "Doe" });
  Object.assign(
    (rd["MailingAddressGrp"] as Record<string, unknown>)["USAddress"] as object,
    RECIPIENT_ADDRESS,
  );
  const amount = firstAmountElement(elements);
  if (amount) jsonForm[amount] = 1234.56;
  Object.assign(jsonForm, IRS_VALID_EXTRAS[form]);
  const def = getFormDefinition(form, taxYear);
  if (def) fillRequired(jsonForm, def.elements, def.choices);
  return { jsonForm, amount };
}
