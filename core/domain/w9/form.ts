// Issue 40: the fields of Form W-9 (Rev. March 2024), the Part II certification and the electronic signature, and
// the checks a submitted W-9 passes before anything is stored. Line numbers and wording are the IRS's; where the
// form's instructions leave a rule to the requester, docs/decisions.md says what the service assumed.
import { InvalidRequest } from "../shared/errors.ts";
import { Tin } from "../shared/tin.ts";
import type { TinType } from "../parties/payer.ts";

/** Line 3a: the federal tax classification boxes, in the form's order. */
export const TAX_CLASSIFICATIONS = [
  "individual",
  "c_corporation",
  "s_corporation",
  "partnership",
  "trust_estate",
  "llc",
  "other",
] as const;
export type TaxClassification = (typeof TAX_CLASSIFICATIONS)[number];

export const CLASSIFICATION_LABELS: Readonly<Record<TaxClassification, string>> = {
  individual: "Individual/sole proprietor",
  c_corporation: "C corporation",
  s_corporation: "S corporation",
  partnership: "Partnership",
  trust_estate: "Trust/estate",
  llc: "LLC. Enter the tax classification (C = C corporation, S = S corporation, P = Partnership)",
  other: "Other (see instructions)",
};

/** Line 3a, LLC: the LLC's tax classification. */
export const LLC_CODES = ["C", "S", "P"] as const;
export type LlcCode = (typeof LLC_CODES)[number];

/** Line 4: exempt payee codes 1 to 13 and exemption from FATCA reporting codes A to M (the instructions' lists). */
export const EXEMPT_PAYEE_CODES = [
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "13",
] as const;
export const FATCA_CODES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"] as const;

export const W9_REVISION = "Rev. March 2024";
export const W9_TITLE = "Form W-9: Request for Taxpayer Identification Number and Certification";

/** Part II, as printed on the form: the jurat shown at signing and printed on the signed copy. */
export const PENALTIES_OF_PERJURY = "Under penalties of perjury, I certify that:";
export const CERTIFICATION_ITEMS = [
  "1. The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and",
  "2. I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and",
  "3. I am a U.S. citizen or other U.S. person (defined below); and",
  "4. The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.",
] as const;
export const CERTIFICATION_INSTRUCTIONS =
  "Certification instructions. You must cross out item 2 above if you have been notified by the IRS that you are currently subject to backup withholding because you have failed to report all interest and dividends on your tax return. For real estate transactions, item 2 does not apply. For mortgage interest paid, acquisition or abandonment of secured property, cancellation of debt, contributions to an individual retirement arrangement (IRA), and, generally, payments other than interest and dividends, you are not required to sign the certification, but you must provide your correct TIN.";

/** What the signer affirms with the checkbox, beside the typed name (the electronic signature). */
export const SIGNATURE_AFFIRMATION =
  "I have read the certification above and, under penalties of perjury, I sign this Form W-9 electronically by typing my name.";

/** The W-9 as the payee filled it in, without the TIN (kept apart, sealed). */
export interface W9Fields {
  /** Line 1: name of entity/individual. */
  readonly name: string;
  /** Line 2: business name/disregarded entity name. */
  readonly businessName: string | null;
  readonly taxClassification: TaxClassification;
  readonly llcCode: LlcCode | null;
  /** "Other": the description written beside the box. */
  readonly otherClassification: string | null;
  /** Line 3b: foreign partners, owners or beneficiaries. */
  readonly foreignPartners: boolean;
  readonly exemptPayeeCode: string | null;
  readonly fatcaCode: string | null;
  /** Lines 5 and 6. */
  readonly addressLine1: string;
  readonly addressLine2: string | null;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  /** Line 7 (optional). */
  readonly accountNumbers: string | null;
  readonly tinType: TinType;
}

/** The certification and electronic signature (Part II). */
export interface W9Signature {
  /** Item 2 crossed out: the payee was notified they are subject to backup withholding. */
  readonly item2Struck: boolean;
  /** The typed name that is the signature. */
  readonly signerName: string;
  readonly signedAt: string;
  readonly ip: string;
  readonly userAgent: string | null;
  /** Where the link that identified the signer was sent. */
  readonly sentTo: string;
}

export interface W9Submission {
  readonly fields: W9Fields;
  readonly tin: Tin;
}

/** The classifications that are entities: their TIN is an EIN, never an SSN (docs/decisions.md, W-9). */
export function isEntity(f: { readonly taxClassification: TaxClassification }): boolean {
  return (
    f.taxClassification === "c_corporation" ||
    f.taxClassification === "s_corporation" ||
    f.taxClassification === "partnership" ||
    f.taxClassification === "llc"
  );
}

const SSN = /^\d{3}-?\d{2}-?\d{4}$/;
const EIN = /^\d{2}-?\d{7}$/;

/**
 * The TIN box the payee filled in: 9 digits in that box's grouping (hyphens optional). An SSN is refused when SSA
 * never issues its shape (area 000 or 666, group 00, serial 0000); an area from 900 is an ITIN, which the W-9 puts
 * in the SSN box, and is not checked further. An EIN of nine zeros is refused.
 */
export function parseW9Tin(typed: string, tinType: TinType): Tin | InvalidRequest {
  const s = typed.trim();
  const bad = (message: string) => new InvalidRequest({ param: "tin", message });
  if (tinType === "ssn") {
    if (!SSN.test(s)) return bad("tin: a social security number has 9 digits, as 123-45-6789.");
    const d = s.replace(/-/g, "");
    const area = d.slice(0, 3);
    if (area >= "900") return Tin.fromDigits(d);
    if (area === "000" || area === "666" || d.slice(3, 5) === "00" || d.slice(5) === "0000")
      return bad("tin: this is not the shape of a social security number SSA issues (check the digits).");
    return Tin.fromDigits(d);
  }
  if (!EIN.test(s)) return bad("tin: an employer identification number has 9 digits, as 12-3456789.");
  const d = s.replace(/-/g, "");
  if (/^0{9}$/.test(d)) return bad("tin: an employer identification number cannot be all zeros.");
  return Tin.fromDigits(d);
}

const text = (v: unknown, max: number) => (typeof v === "string" ? v.trim().slice(0, max) : "");
const opt = (v: unknown, max: number) => {
  const t = text(v, max);
  return t === "" ? null : t;
};

/**
 * A submitted W-9 (the portal's form, names as in the page) into its fields and TIN, or the first problem naming
 * its field. Nothing here is stored; the caller stores only what passed.
 */
export function parseW9Form(
  input: Readonly<Record<string, string | undefined>>,
): W9Submission | InvalidRequest {
  const fail = (param: string, message: string) => new InvalidRequest({ param, message });
  const name = text(input["name"], 150);
  if (name === "") return fail("name", "Line 1 (name) is required.");
  const classification = TAX_CLASSIFICATIONS.find((c) => c === input["tax_classification"]);
  if (!classification)
    return fail("tax_classification", "Line 3a: check one federal tax classification box.");
  let llcCode: LlcCode | null = null;
  if (classification === "llc") {
    llcCode = LLC_CODES.find((c) => c === text(input["llc_code"], 20).toUpperCase()) ?? null;
    if (llcCode === null)
      return fail("llc_code", "Line 3a: an LLC enters its tax classification, C, S or P.");
  }
  const other = classification === "other" ? opt(input["other_classification"], 60) : null;
  if (classification === "other" && other === null)
    return fail("other_classification", 'Line 3a: describe the classification beside "Other".');
  const exemptPayeeCode = opt(input["exempt_payee_code"], 20);
  if (exemptPayeeCode !== null && !EXEMPT_PAYEE_CODES.some((c) => c === exemptPayeeCode))
    return fail("exempt_payee_code", "Line 4: the exempt payee code is a number from 1 to 13.");
  const fatca = opt(input["fatca_code"], 20)?.toUpperCase() ?? null;
  if (fatca !== null && !FATCA_CODES.some((c) => c === fatca))
    return fail("fatca_code", "Line 4: the FATCA exemption code is a letter from A to M.");
  const addressLine1 = text(input["address_line1"], 100);
  if (addressLine1 === "") return fail("address_line1", "Line 5 (address) is required.");
  const city = text(input["city"], 60);
  if (city === "") return fail("city", "Line 6: the city is required.");
  const state = text(input["state"], 20).toUpperCase();
  if (!/^[A-Z]{2}$/.test(state)) return fail("state", "Line 6: the state is its 2-letter code.");
  const postalCode = text(input["postal_code"], 20);
  if (!/^\d{5}(-?\d{4})?$/.test(postalCode))
    return fail("postal_code", "Line 6: the ZIP code is 12345 or 12345-6789.");
  const tinType = input["tin_type"] === "ssn" ? "ssn" : input["tin_type"] === "ein" ? "ein" : null;
  if (tinType === null)
    return fail(
      "tin_type",
      "Part I: enter either a social security number or an employer identification number.",
    );
  const fields: W9Fields = {
    name,
    businessName: opt(input["business_name"], 150),
    taxClassification: classification,
    llcCode,
    otherClassification: other,
    foreignPartners: input["foreign_partners"] === "on" || input["foreign_partners"] === "true",
    exemptPayeeCode,
    fatcaCode: fatca,
    addressLine1,
    addressLine2: opt(input["address_line2"], 100),
    city,
    state,
    postalCode,
    accountNumbers: opt(input["account_numbers"], 100),
    tinType,
  };
  if (tinType === "ssn" && isEntity(fields))
    return fail(
      "tin_type",
      `Part I: a ${classification === "llc" ? `LLC taxed as ${llcCode ?? ""}` : CLASSIFICATION_LABELS[classification]} gives its employer identification number (EIN), not a social security number.`,
    );
  const tin = parseW9Tin(input["tin"] ?? "", tinType);
  if (tin instanceof InvalidRequest) return tin;
  return { fields, tin };
}

/** The electronic signature: the typed name and the affirmation, both required. */
export function parseW9Signature(
  input: Readonly<Record<string, string | undefined>>,
): { readonly signerName: string; readonly item2Struck: boolean } | InvalidRequest {
  const signerName = text(input["signature"], 150);
  if (signerName === "")
    return new InvalidRequest({
      param: "signature",
      message: "Sign: type your full name as your signature.",
    });
  if (input["affirm"] !== "on" && input["affirm"] !== "true")
    return new InvalidRequest({
      param: "affirm",
      message: "Sign: check the box to certify under penalties of perjury.",
    });
  return { signerName, item2Struck: input["strike_item_2"] === "on" || input["strike_item_2"] === "true" };
}

/** The signed W-9 as text pages: every line of the form, Part II as printed (item 2 struck or not), the signature. */
export function signedW9Text(
  f: W9Fields,
  tin: Tin,
  sig: W9Signature,
  requester: { readonly name: string },
): { readonly title: string; readonly paragraphs: readonly string[] } {
  const digits = tin.reveal();
  const shown =
    f.tinType === "ssn"
      ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`
      : `${digits.slice(0, 2)}-${digits.slice(2)}`;
  const classification =
    f.taxClassification === "llc"
      ? `LLC, tax classification ${f.llcCode ?? ""}`
      : f.taxClassification === "other"
        ? `Other: ${f.otherClassification ?? ""}`
        : CLASSIFICATION_LABELS[f.taxClassification];
  return {
    title: `${W9_TITLE} (${W9_REVISION})`,
    paragraphs: [
      `Requester: ${requester.name}`,
      `1. Name of entity/individual: ${f.name}`,
      `2. Business name/disregarded entity name: ${f.businessName ?? ""}`,
      `3a. Federal tax classification: ${classification}`,
      `3b. Foreign partners, owners, or beneficiaries: ${f.foreignPartners ? "Yes" : "No"}`,
      `4. Exemptions: exempt payee code: ${f.exemptPayeeCode ?? "none"}; exemption from FATCA reporting code: ${f.fatcaCode ?? "none"}`,
      `5. Address: ${f.addressLine1}${f.addressLine2 ? `, ${f.addressLine2}` : ""}`,
      `6. City, state, and ZIP code: ${f.city}, ${f.state} ${f.postalCode}`,
      `7. Account number(s): ${f.accountNumbers ?? ""}`,
      `Part I. Taxpayer Identification Number: ${f.tinType === "ssn" ? "Social security number" : "Employer identification number"} ${shown}`,
      `Part II. Certification. ${PENALTIES_OF_PERJURY}`,
      ...CERTIFICATION_ITEMS.map((item, i) =>
        i === 1 && sig.item2Struck ? `[ITEM 2 CROSSED OUT BY THE PAYEE] ${item}` : item,
      ),
      CERTIFICATION_INSTRUCTIONS,
      `Signature of U.S. person: /s/ ${sig.signerName} (electronic signature: ${SIGNATURE_AFFIRMATION})`,
      `Date: ${sig.signedAt.slice(0, 10)} (signed ${sig.signedAt} from ${sig.ip}; link sent to ${sig.sentTo})`,
    ],
  };
}
