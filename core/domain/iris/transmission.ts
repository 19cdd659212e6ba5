// One IRIS A2A intake transmission (MSG/IRS-IRIntakeTransmissionMessage.xsd, IRTransmission) for the filings of
// an order. Pure: the caller passes the plan, the ids and the recipients' TINs (the only place they are revealed);
// out comes the XML and the map record -> filing that the acknowledgement is read with.
//
// IRS rules this follows (iris_business_rules_ty2025.json):
// - one TaxYr per transmission (SMF007) and originals and corrections never mixed (FTMFST001_001, FTMFST003_001):
//   `planTransmissions` splits by both;
// - one submission (IRSubmission1Grp) per payer and form, record ids 1..n per submission (UniqueRecordId is
//   ReceiptId|SubmissionId|RecordId);
// - the form's TotalAmtGrp in every submission (S1H004..S1H052), TotalReportedRcpntFormCnt = records of the
//   submission (FS1H003), TotalIssuerFormCnt = submissions and TotalRecipientFormCnt = records (TMFST026, FTMFST009);
// - corrections: CorrectedInd 1 and PrevSubmittedRecRecipientGrp/UniqueRecordId (SHAREDIRFORM006_002, FTMFST014).
// - Combined Federal/State Filing: a record whose StateLocalTaxGrp names a participating state (SHAREDIRFORM019_002)
//   carries CFSFElectionStateCd, its submission CFSFElectionInd 1 (SHAREDIRFORM020) and a TotalByStateGrp per state
//   (SHAREDIRFORM022), for the forms of the program (S1H003_001);
// - amounts written from their decimal digits (up to the schema's 15 integer digits), totals summed in bigint;
// - an individual payer (SSN) as IssuerDetail/PersonName.
// Not done: replacements (TransmissionTypeCd R), transfer agents, jurat signatures, IssuerOfficeCd, 1042-S and 8809.
import {
  LATEST_TAX_YEAR,
  amountText,
  getFormDefinition,
  schemaPackageFor,
  type ElementDefinition,
  type FormDefinition,
} from "../forms/index.ts";
import type { Tin } from "../shared/tin.ts";
import { businessRuleText } from "./business-rules.ts";
import { splitPersonName } from "./names.ts";
import { formTotalsDefinition, submissionTotalsBig } from "./totals.ts";
import { XmlWriter } from "./xml.ts";
import { blocks } from "./rules/model.ts";
import { checkTransmissionXml } from "./rules/transmission-rules.ts";

export const IRIS_NAMESPACE = "urn:us:gov:treasury:irs:ir";
/**
 * IRTransmissionManifest/SchemaVersionNum: a fixed value of the IRS schema package that serves the tax year (the
 * catalogue knows which package that is).
 */
export function schemaVersionNum(taxYear: number): string | undefined {
  return schemaPackageFor(taxYear)?.schemaVersionNum;
}
/** SchemaVersionNum of the package serving the latest supported tax year. */
export const SCHEMA_VERSION_NUM: string = schemaVersionNum(LATEST_TAX_YEAR) ?? "";

export type TinType = "ein" | "ssn";

export interface IrisAddress {
  readonly line1: string;
  readonly line2?: string | null;
  readonly city: string;
  /** USPS state code for US addresses; province or state for foreign ones. */
  readonly state?: string | null;
  readonly postalCode: string;
  /** Two-letter code; absent or "US" writes a USAddress. Other values are written as IRIS CountryCd unchanged. */
  readonly country?: string | null;
}

/** The payer, written as the submission's IssuerDetail and ContactPersonInformationGrp. */
export interface PayerInput {
  readonly name: string;
  readonly tin: Tin;
  readonly tinType: TinType;
  readonly address: IrisAddress | null;
  readonly phone?: string | null;
  readonly contactName?: string | null;
  readonly contactEmail?: string | null;
  readonly contactPhone?: string | null;
}

/** The original a correction replaces, from the original's receipt (UniqueRecordId = receipt|submission|record). */
export interface CorrectionOf {
  readonly receiptId: string;
  readonly submissionId: number;
  readonly recordId: number;
  /** The recipient as originally filed, when the correction changes the TIN or the name. */
  readonly previousRecipient?: {
    readonly tin?: Tin;
    /** RecipientDetail.PersonName or RecipientDetail.BusinessName of the original jsonForm. */
    readonly personName?: Record<string, unknown>;
    readonly businessName?: Record<string, unknown>;
  };
}

export interface RecordInput {
  readonly recordId: number;
  readonly filingId: string;
  /** The canonical filled scheme as stored: each TIN leaf replaced by `<name>Last4` (never written). */
  readonly jsonForm: Record<string, unknown>;
  /** Written as RecipientDetail/TIN. */
  readonly recipientTin: Tin;
  /**
   * The form's other TINs (an insured's, a transferor's, a plan's EIN...) by jsonForm path with array indexes,
   * as Filing.sealedTins names them, e.g. "InsuredGrp.TIN".
   */
  readonly otherTins?: Readonly<Record<string, Tin>>;
  readonly corrected?: CorrectionOf;
}

export interface SubmissionInput {
  readonly submissionId: number;
  readonly payer: PayerInput;
  readonly form: string;
  readonly taxYear: number;
  readonly records: readonly RecordInput[];
}

/** What the core hands to the IRS transmitter: the transmitter's own identity is the adapter's configuration. */
export interface TransmissionInput {
  /** A UUID; with the TCC it makes UniqueTransmissionId. Retries of the same transmission reuse it. */
  readonly transmissionId: string;
  readonly taxYear: number;
  readonly submissions: readonly SubmissionInput[];
}

/** The software vendor (VendorCd "V" and VendorGrp); without one the software is declared in-house ("I"). */
export interface VendorInput {
  readonly name: string;
  readonly address: IrisAddress;
  readonly contactName?: string | null;
  readonly contactEmail?: string | null;
  readonly contactPhone?: string | null;
}

/** The transmitter (the service itself): TransmitterGrp of the manifest. */
export interface TransmitterInput {
  readonly tin: Tin;
  readonly tinType: TinType;
  /** Transmitter Control Code, 5 letters or digits. */
  readonly tcc: string;
  readonly name: string;
  readonly address: IrisAddress;
  readonly contactName: string;
  readonly contactEmail?: string | null;
  readonly contactPhone: string;
  /** IRS-assigned software id (up to 10 letters or digits). */
  readonly softwareId: string;
  readonly vendor?: VendorInput;
  /** TestCd "T" (IRS assurance testing) instead of "P" (production). */
  readonly test: boolean;
}

export interface TransmissionProblem {
  readonly message: string;
  /** The IRS business rule the transmission would break, when the problem is one. */
  readonly code?: string;
  readonly submissionId?: number;
  readonly filingId?: string;
}

export interface BuiltTransmission {
  readonly xml: string;
  readonly uniqueTransmissionId: string;
  readonly transmissionTypeCd: "O" | "C";
  /** recordKey(submissionId, recordId) -> filingId, for reading the acknowledgement. */
  readonly records: ReadonlyMap<string, string>;
  readonly issuerFormCount: number;
  readonly recipientFormCount: number;
}

export type TransmissionBuild =
  | { readonly ok: true; readonly value: BuiltTransmission }
  | { readonly ok: false; readonly problems: readonly TransmissionProblem[] };

/** The key of a record inside one receipt, as the acknowledgement names it: "submissionId|recordId". */
export function recordKey(submissionId: number | string, recordId: number | string): string {
  return `${String(submissionId)}|${String(recordId)}`;
}

/** UniqueTransmissionId: `<uuid>:IRIS:<TCC>::A` (A = the A2A channel, rule TMFST032). */
export function uniqueTransmissionId(transmissionId: string, tcc: string): string {
  return `${transmissionId}:IRIS:${tcc}::A`;
}

/** UniqueRecordId of a filed record: `<ReceiptId>|<SubmissionId>|<RecordId>`. */
export function uniqueRecordId(c: Pick<CorrectionOf, "receiptId" | "submissionId" | "recordId">): string {
  return `${c.receiptId}|${String(c.submissionId)}|${String(c.recordId)}`;
}

/** XPath of a submission group in the transmission (1-based position, as the XML is written). */
export function submissionXPath(position: number): string {
  return `/IRTransmission/IRSubmission1Grp[${String(position)}]`;
}

/** XPath of a record's element, e.g. ".../IRSubmission1Detail/Form1099NECDetail[2]/RecipientDetail/PersonName". */
export function recordXPath(
  submissionPosition: number,
  detailElement: string,
  recordPosition: number,
  path?: string,
): string {
  const base = `${submissionXPath(submissionPosition)}/IRSubmission1Detail/${detailElement}[${String(recordPosition)}]`;
  return path ? `${base}/${path.split(".").join("/")}` : base;
}

export const RECEIPT_ID_PATTERN = /^[1-9][0-9]{3}-[0-9]{11}-[0-9a-zA-Z]{9}$/;
const TRANSMISSION_ID_PATTERN =
  /^[0-9a-zA-Z]{8}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{12}$/;
const ID_MAX = 99_999_999; // SubmissionIdType / RecordIdType: [1-9][0-9]*, at most 8 characters

// ---------------------------------------------------------------------------------------------------------------
// Planning: filings of an order -> transmissions -> submissions -> records

/** A record before planning numbers it, with what groups it into submissions. */
export interface FilingToTransmit extends Omit<RecordInput, "recordId"> {
  /** Groups submissions: one per payer and form. */
  readonly payerId: string;
  readonly payer: PayerInput;
  readonly form: string;
  readonly taxYear: number;
  /**
   * Issue 41 (`keptApart`): the form breaks a rule the IRS grades "Report Error and Reject if over Threshold", so it
   * goes in a submission of its payer and form with only such forms.
   */
  readonly keptApart?: boolean;
}

/** The submission a filing goes in, within its transmission: its payer and form, and whether it is kept apart. */
export function submissionKey(f: Pick<FilingToTransmit, "payerId" | "keptApart">, form: string): string {
  return `${f.payerId}|${form}${f.keptApart === true ? "|apart" : ""}`;
}

export interface TransmissionPlan {
  readonly kind: "original" | "correction";
  readonly taxYear: number;
  readonly submissions: readonly SubmissionInput[];
}

/**
 * Groups filings into transmissions (one per tax year and kind, split when one would exceed
 * `maxRecordsPerTransmission`), submissions (one per payer and form, numbered 1..n in order of first appearance;
 * the forms `keptApart` in a second one of their own, issue 41) and records (1..n per submission, in input order).
 * Add a `transmissionId` to each plan to transmit it.
 */
export function planTransmissions(
  filings: readonly FilingToTransmit[],
  options: { maxRecordsPerTransmission?: number } = {},
): TransmissionPlan[] {
  const max = Math.max(1, options.maxRecordsPerTransmission ?? 20_000);
  interface Open {
    kind: TransmissionPlan["kind"];
    taxYear: number;
    count: number;
    submissions: Map<
      string,
      { submissionId: number; payer: PayerInput; form: string; taxYear: number; records: RecordInput[] }
    >;
  }
  const plans: Open[] = [];
  const current = new Map<string, Open>();
  for (const f of filings) {
    const kind = f.corrected ? "correction" : "original";
    const tKey = `${kind}|${String(f.taxYear)}`;
    let plan = current.get(tKey);
    if (!plan || plan.count >= max) {
      plan = { kind, taxYear: f.taxYear, count: 0, submissions: new Map() };
      plans.push(plan);
      current.set(tKey, plan);
    }
    const def = getFormDefinition(f.form, f.taxYear);
    const sKey = submissionKey(f, def?.form ?? f.form);
    let sub = plan.submissions.get(sKey);
    if (!sub) {
      sub = {
        submissionId: plan.submissions.size + 1,
        payer: f.payer,
        form: def?.form ?? f.form,
        taxYear: f.taxYear,
        records: [],
      };
      plan.submissions.set(sKey, sub);
    }
    sub.records.push({
      recordId: sub.records.length + 1,
      filingId: f.filingId,
      jsonForm: f.jsonForm,
      recipientTin: f.recipientTin,
      ...(f.otherTins ? { otherTins: f.otherTins } : {}),
      ...(f.corrected ? { corrected: f.corrected } : {}),
    });
    plan.count++;
  }
  return plans.map((p) => ({ kind: p.kind, taxYear: p.taxYear, submissions: [...p.submissions.values()] }));
}

// ---------------------------------------------------------------------------------------------------------------
// IRS character sets. Payer and transmitter data is not validated against the IRIS patterns when it is entered
// (legal names like "Acme, Inc." are normal), so it is brought into them here: diacritics dropped, periods and
// commas removed, other characters outside the set become spaces, runs of spaces collapse. jsonForm data was
// validated against the XSD patterns by the form catalogue and is written as stored.

function ascii(s: string): string {
  return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

function squeeze(s: string, disallowed: RegExp, maxLength: number): string {
  return ascii(s)
    .replace(/[.,]/g, "")
    .replace(disallowed, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, maxLength)
    .trim();
}

/** BusinessNameLine1Txt / BusinessNameLine2Txt: A-Z a-z 0-9 # - ( ) & ' and single spaces, 75 characters each. */
export function irisBusinessName(name: string): { line1: string; line2?: string } {
  const all = squeeze(name, /[^A-Za-z0-9#\-()&' ]/g, 150);
  if (all.length <= 75) return { line1: all };
  const cut = all.lastIndexOf(" ", 75);
  const at = cut > 0 ? cut : 75;
  const line2 = all.slice(at).trim().slice(0, 75).trim();
  return line2 ? { line1: all.slice(0, at).trim(), line2 } : { line1: all.slice(0, at).trim() };
}

/** PersonNameType (ContactPersonNm, PersonNm): A-Z a-z 0-9 ' - and single spaces, 35 characters. */
export function irisPersonName(name: string): string {
  return squeeze(name, /[^A-Za-z0-9'\- ]/g, 35);
}

/** StreetAddressType: starts with a letter or digit; then letters, digits, - / and single spaces; 35 characters. */
export function irisStreet(line: string): string {
  return squeeze(line.replace(/#/g, ""), /[^A-Za-z0-9\-/ ]/g, 35).replace(/^[^A-Za-z0-9]+/, "");
}

/** CityType: letters and single spaces ("Winston-Salem" -> "Winston Salem"). */
export function irisCity(city: string, maxLength = 40): string {
  return squeeze(city, /[^A-Za-z ]/g, maxLength);
}

/** ContactPhoneNumberType: 10 to 30 digits (no hyphens); undefined when the number cannot be one. */
export function irisPhone(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 10 && digits.length <= 30 ? digits : undefined;
}

/** EmailAddressType: up to 75 printable characters with an @; undefined otherwise. */
export function irisEmail(email: string | null | undefined): string | undefined {
  if (!email) return undefined;
  const e = email.trim();
  return e.length <= 75 && /^[!-~]+@[!-~]+$/.test(e) ? e : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Building

function findElement(elements: readonly ElementDefinition[], path: string): ElementDefinition | undefined {
  const [head, ...rest] = path.split(".");
  const el = elements.find((e) => e.name === head);
  if (!el || rest.length === 0) return el;
  return findElement(el.children ?? [], rest.join("."));
}

/** Integer cents -> the decimal text the XSD takes ("1234.50", "-0.05"); exact for bigint cents of any size. */
export function formatCents(cents: number | bigint): string {
  const big = typeof cents === "bigint" ? cents : BigInt(cents);
  const sign = big < 0n ? "-" : "";
  const abs = big < 0n ? -big : big;
  return `${sign}${String(abs / 100n)}.${String(abs % 100n).padStart(2, "0")}`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

interface Ctx {
  readonly problems: TransmissionProblem[];
  readonly filingId: string;
  readonly submissionId: number;
  readonly recipientTin: Tin;
  readonly otherTins: Readonly<Record<string, Tin>>;
}

function isTrue(v: unknown): boolean {
  return v === true || v === 1 || v === "1" || v === "true";
}

function leafText(el: ElementDefinition, v: unknown, ctx: Ctx): string | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  switch (el.kind) {
    case "amount": {
      // From the decimal digits, not through a double: up to the schema's 15 integer digits stay exact.
      const text = amountText(v);
      if (text === undefined) {
        ctx.problems.push({
          filingId: ctx.filingId,
          submissionId: ctx.submissionId,
          message: `${el.path} is not an amount with at most two decimals.`,
        });
        return undefined;
      }
      return text;
    }
    case "integer":
      return typeof v === "number" && Number.isInteger(v)
        ? String(v)
        : typeof v === "string" && /^-?\d+$/.test(v)
          ? v
          : undefined;
    case "decimal":
      return typeof v === "number" || typeof v === "string" ? String(v) : undefined;
    default:
      return typeof v === "string" || typeof v === "number" ? String(v) : undefined;
  }
}

/**
 * Writes `obj` following `elements` (XSD sequence order). `at` is the jsonForm path with array indexes, which is
 * how sealed TINs are named. Keys the definition does not have (the `…Last4` stand-ins) are not written.
 */
function writeElements(
  w: XmlWriter,
  elements: readonly ElementDefinition[],
  obj: Record<string, unknown>,
  ctx: Ctx,
  at: string,
): void {
  for (const el of elements) {
    const here = at ? `${at}.${el.name}` : el.name;
    if (el.path === "RecipientDetail.TIN") {
      w.leaf("TIN", ctx.recipientTin.reveal());
      continue;
    }
    const v = obj[el.name];
    if (!el.repeated) {
      writeValue(w, el, v, ctx, here);
      continue;
    }
    const items = Array.isArray(v) ? v : v === undefined ? [] : [v];
    items.forEach((item, i) => writeValue(w, el, item, ctx, `${here}.${String(i)}`));
  }
}

function writeValue(w: XmlWriter, el: ElementDefinition, v: unknown, ctx: Ctx, here: string): void {
  if (el.kind === "group") {
    if (isObject(v)) w.element(el.name, () => writeElements(w, el.children ?? [], v, ctx, here));
    else if (el.xsdMinOccurs > 0 && el.required)
      ctx.problems.push({
        filingId: ctx.filingId,
        submissionId: ctx.submissionId,
        message: `${el.path} is missing.`,
      });
    return;
  }
  if (el.kind === "indicator") {
    // Absent means false; an indicator the XSD requires is written as "0" (catalogue README, "Required").
    if (isTrue(v)) w.leaf(el.name, "1");
    else if (el.xsdMinOccurs > 0) w.leaf(el.name, "0");
    return;
  }
  const sealed = Object.hasOwn(ctx.otherTins, here) ? ctx.otherTins[here] : undefined;
  if (sealed) {
    w.leaf(el.name, sealed.reveal());
    return;
  }
  if (v === undefined && el.required) {
    ctx.problems.push({
      filingId: ctx.filingId,
      submissionId: ctx.submissionId,
      message: `${el.path} is missing${/(TIN|EIN|SSN)$/.test(el.name) ? " (pass the sealed TIN in otherTins)" : ""}.`,
    });
  }
  w.leaf(el.name, leafText(el, v, ctx));
}

function writeAddress(
  w: XmlWriter,
  a: IrisAddress,
  states: ReadonlySet<string>,
  report: (m: string) => void,
  what: string,
): void {
  const country = (a.country ?? "US").trim().toUpperCase();
  const line1 = irisStreet(a.line1);
  const line2 = a.line2 ? irisStreet(a.line2) : "";
  if (!line1) report(`${what} address line 1 is empty once brought into the IRS character set.`);
  w.element("MailingAddressGrp", () => {
    if (country === "" || country === "US") {
      const state = (a.state ?? "").trim().toUpperCase();
      const zip = a.postalCode.replace(/\D/g, "");
      const city = irisCity(a.city);
      if (!states.has(state))
        report(`${what} state ${JSON.stringify(a.state ?? "")} is not an IRS state code.`);
      if (!/^\d{5}(\d{4}|\d{7})?$/.test(zip)) report(`${what} ZIP code must have 5 or 9 digits.`);
      if (!city) report(`${what} city is empty once brought into the IRS character set.`);
      w.element("USAddress", () => {
        w.leaf("AddressLine1Txt", line1)
          .leaf("AddressLine2Txt", line2 || undefined)
          .leaf("CityNm", city)
          .leaf("StateAbbreviationCd", state)
          .leaf("ZIPCd", zip);
      });
    } else {
      const province = a.state ? squeeze(a.state, /[^!-~ ]/g, 17) : "";
      const postal = squeeze(a.postalCode, /[^!-~ ]/g, 16);
      w.element("ForeignAddress", () => {
        w.leaf("AddressLine1Txt", line1)
          .leaf("AddressLine2Txt", line2 || undefined)
          .leaf("CityNm", irisCity(a.city, 50) || undefined)
          .leaf("ProvinceOrStateNm", province || undefined)
          .leaf("CountryCd", country)
          .leaf("ForeignPostalCd", postal || undefined);
      });
    }
  });
}

function writeBusinessName(w: XmlWriter, name: string, report: (m: string) => void, what: string): void {
  const n = irisBusinessName(name);
  if (!n.line1) report(`${what} name is empty once brought into the IRS character set.`);
  w.element("BusinessName", () => {
    w.leaf("BusinessNameLine1Txt", n.line1).leaf("BusinessNameLine2Txt", n.line2);
  });
}

function tinSubmittedType(t: TinType): string {
  return t === "ssn" ? "INDIVIDUAL_TIN" : "BUSINESS_TIN";
}

function isForeign(a: IrisAddress | null | undefined): boolean {
  const c = (a?.country ?? "US").trim().toUpperCase();
  return c !== "" && c !== "US";
}

function checkInput(
  input: TransmissionInput,
  transmitter: TransmitterInput,
  problems: TransmissionProblem[],
): Map<number, FormDefinition> {
  const defs = new Map<number, FormDefinition>();
  if (!TRANSMISSION_ID_PATTERN.test(input.transmissionId))
    problems.push({ message: "transmissionId must be a UUID." });
  if (!/^[A-Za-z0-9]{5}$/.test(transmitter.tcc))
    problems.push({ message: "The transmitter control code (TCC) must be 5 letters or digits." });
  if (!/^[A-Za-z0-9]{0,10}$/.test(transmitter.softwareId))
    problems.push({ message: "The software id must be up to 10 letters or digits." });
  if (!Number.isInteger(input.taxYear) || input.taxYear < 1000 || input.taxYear > 9999)
    problems.push({ message: "taxYear must be a 4-digit year." });
  if (input.submissions.length === 0)
    problems.push({ message: "A transmission needs at least one submission." });
  const submissionIds = new Set<number>();
  let corrected = 0;
  let originals = 0;
  for (const s of input.submissions) {
    const at = { submissionId: s.submissionId };
    if (!Number.isInteger(s.submissionId) || s.submissionId < 1 || s.submissionId > ID_MAX)
      problems.push({ ...at, message: "submissionId must be an integer from 1 to 99999999." });
    if (submissionIds.has(s.submissionId))
      problems.push({ ...at, message: `submissionId ${String(s.submissionId)} is used twice.` });
    submissionIds.add(s.submissionId);
    if (s.taxYear !== input.taxYear)
      problems.push({
        ...at,
        message: `Submission tax year ${String(s.taxYear)} differs from the transmission's ${String(input.taxYear)} (IRS rule SMF007).`,
      });
    const def = getFormDefinition(s.form, s.taxYear);
    if (!def)
      problems.push({
        ...at,
        message: `Form ${s.form} is not in the catalogue for tax year ${String(s.taxYear)}.`,
      });
    else if (!formTotalsDefinition(def.formTypeCd, def.taxYear))
      problems.push({ ...at, message: `Form ${def.form} has no IRIS submission totals group.` });
    else defs.set(s.submissionId, def);
    if (!s.payer.address)
      problems.push({
        ...at,
        message: "The payer has no mailing address (IssuerDetail/MailingAddressGrp is required).",
      });
    if (s.records.length === 0) problems.push({ ...at, message: "A submission needs at least one record." });
    const recordIds = new Set<number>();
    for (const r of s.records) {
      const rat = { ...at, filingId: r.filingId };
      if (!Number.isInteger(r.recordId) || r.recordId < 1 || r.recordId > ID_MAX)
        problems.push({ ...rat, message: "recordId must be an integer from 1 to 99999999." });
      if (recordIds.has(r.recordId))
        problems.push({
          ...rat,
          message: `recordId ${String(r.recordId)} is used twice in submission ${String(s.submissionId)}.`,
        });
      recordIds.add(r.recordId);
      if (!isObject(r.jsonForm["RecipientDetail"]))
        problems.push({ ...rat, message: "jsonForm has no RecipientDetail." });
      if (r.corrected) {
        corrected++;
        const c = r.corrected;
        if (
          !RECEIPT_ID_PATTERN.test(c.receiptId) ||
          !Number.isInteger(c.submissionId) ||
          c.submissionId < 1 ||
          c.submissionId > ID_MAX ||
          !Number.isInteger(c.recordId) ||
          c.recordId < 1 ||
          c.recordId > ID_MAX
        ) {
          problems.push({
            ...rat,
            message:
              "The corrected record's receipt id, submission id or record id is not in the IRS format.",
          });
        }
      } else {
        originals++;
      }
    }
  }
  if (corrected > 0 && originals > 0) {
    problems.push({
      message:
        "Originals and corrections cannot share a transmission (IRS rules FTMFST001_001 and FTMFST003_001).",
    });
  }
  return defs;
}

/**
 * The IRTransmission XML for `input`, or the problems that keep it from being built. Element order follows the
 * XSD sequences: the manifest and headers as written here, the form details as the catalogue's definitions.
 * The XML is then checked against the IRS transmission rules (rules/transmission-rules.ts): a blocking finding
 * is a problem carrying the rule number (`checkRules: false` skips that, for tests of the rules themselves).
 * Problem messages never contain a TIN.
 */
export function buildTransmission(
  input: TransmissionInput,
  transmitter: TransmitterInput,
  options: { checkRules?: boolean } = {},
): TransmissionBuild {
  const problems: TransmissionProblem[] = [];
  const defs = checkInput(input, transmitter, problems);
  if (problems.length > 0) return { ok: false, problems };

  const anyDef = defs.values().next().value as FormDefinition;
  const states = new Set(
    findElement(anyDef.elements, "RecipientDetail.MailingAddressGrp.USAddress.StateAbbreviationCd")
      ?.constraints.enum ?? [],
  );
  const kind: "O" | "C" = input.submissions.some((s) => s.records.some((r) => r.corrected)) ? "C" : "O";
  const utid = uniqueTransmissionId(input.transmissionId, transmitter.tcc);
  const recordCount = input.submissions.reduce((n, s) => n + s.records.length, 0);
  const records = new Map<string, string>();
  const w = new XmlWriter();

  w.open("IRTransmission", { xmlns: IRIS_NAMESPACE });
  w.element("IRTransmissionManifest", () => {
    const report = (message: string) => problems.push({ message });
    w.leaf("SchemaVersionNum", schemaVersionNum(input.taxYear) ?? SCHEMA_VERSION_NUM)
      .leaf("UniqueTransmissionId", utid)
      .leaf("TaxYr", input.taxYear)
      .leaf("PriorYearDataInd", "0")
      .leaf("TransmissionTypeCd", kind)
      .leaf("TestCd", transmitter.test ? "T" : "P");
    w.element("TransmitterGrp", () => {
      w.leaf("TIN", transmitter.tin.reveal())
        .leaf("TINSubmittedTypeCd", tinSubmittedType(transmitter.tinType))
        .leaf("TransmitterControlCd", transmitter.tcc)
        .leaf("ForeignEntityInd", isForeign(transmitter.address) ? "1" : "0");
      writeBusinessName(w, transmitter.name, report, "The transmitter's");
      w.element("CompanyGrp", () => {
        writeBusinessName(w, transmitter.name, report, "The transmitter's");
        writeAddress(w, transmitter.address, states, report, "The transmitter's");
      });
      const contact = irisPersonName(transmitter.contactName);
      if (!contact) report("The transmitter's contact name is empty.");
      w.element("ContactNameGrp", () => {
        w.leaf("PersonNm", contact);
      });
      w.leaf("ContactEmailAddressTxt", irisEmail(transmitter.contactEmail));
      const phone = irisPhone(transmitter.contactPhone);
      if (!phone) report("The transmitter's contact phone must have 10 to 30 digits.");
      w.leaf("ContactPhoneNum", phone);
    });
    w.leaf("VendorCd", transmitter.vendor ? "V" : "I").leaf("SoftwareId", transmitter.softwareId);
    const vendor = transmitter.vendor;
    if (vendor) {
      w.element("VendorGrp", () => {
        w.leaf("ForeignEntityInd", isForeign(vendor.address) ? "1" : "0");
        writeBusinessName(w, vendor.name, report, "The vendor's");
        writeAddress(w, vendor.address, states, report, "The vendor's");
        const contact = vendor.contactName ? irisPersonName(vendor.contactName) : "";
        if (contact)
          w.element("ContactNameGrp", () => {
            w.leaf("PersonNm", contact);
          });
        w.leaf("ContactEmailAddressTxt", irisEmail(vendor.contactEmail)).leaf(
          "ContactPhoneNum",
          irisPhone(vendor.contactPhone),
        );
      });
    }
    w.leaf("TotalIssuerFormCnt", input.submissions.length)
      .leaf("TotalRecipientFormCnt", recordCount)
      .leaf("PaperSubmissionInd", "0")
      .leaf("MediaSourceCd", "M")
      .leaf("SubmissionChannelCd", "A2A");
  });

  for (const s of input.submissions) {
    const def = defs.get(s.submissionId) as FormDefinition;
    const totalsDef = formTotalsDefinition(def.formTypeCd, def.taxYear);
    const report = (message: string) => problems.push({ submissionId: s.submissionId, message });
    const payer = s.payer;
    const elections = s.records.map((r) => cfsfStates(def, r.jsonForm, cfsfParticipants));
    const electing = [...new Set(elections.flat())].sort();
    w.element("IRSubmission1Grp", () => {
      w.element("IRSubmission1Header", () => {
        w.leaf("SubmissionId", s.submissionId).leaf("TaxYr", s.taxYear);
        w.element("IssuerDetail", () => {
          w.leaf("ForeignEntityInd", isForeign(payer.address) ? "1" : "0")
            .leaf("TIN", payer.tin.reveal())
            .leaf("TINSubmittedTypeCd", tinSubmittedType(payer.tinType));
          // An individual payer (SSN) files under a person name (SMF017 matches it with the TIN); a name that does
          // not split into first and last name stays a business name.
          const person = payer.tinType === "ssn" ? splitPersonName(payer.name) : null;
          if (person) writePersonName(w, person);
          else writeBusinessName(w, payer.name, report, "The payer's");
          if (payer.address) writeAddress(w, payer.address, states, report, "The payer's");
          w.leaf("PhoneNum", irisPhone(payer.phone ?? payer.contactPhone));
        });
        const contact = payer.contactName ? irisPersonName(payer.contactName) : "";
        if (contact) {
          w.element("ContactPersonInformationGrp", () => {
            w.leaf("ContactPersonNm", contact)
              .leaf("ContactPhoneNum", irisPhone(payer.contactPhone))
              .leaf("ContactEmailAddressTxt", irisEmail(payer.contactEmail));
          });
        }
        w.leaf("FormTypeCd", def.formTypeCd)
          .leaf("ParentFormTypeCd", "1096")
          .leaf("CFSFElectionInd", electing.length > 0 ? "1" : "0")
          .leaf("TotalReportedRcpntFormCnt", s.records.length);
        if (totalsDef) {
          const totals = submissionTotalsBig(
            totalsDef,
            s.records.map((r) => r.jsonForm),
          );
          w.element("IRSubmission1FormTotals", () => {
            w.element(totalsDef.group, () => {
              for (const el of totalsDef.elements) {
                const cents = totals.get(el.name) ?? 0n;
                if (cents !== 0n) w.leaf(el.name, formatCents(cents));
              }
            });
            // SHAREDIRFORM022: a TotalByStateGrp for each CF/SF state, over the records that elect it.
            if (totalsDef.byStateGroup && totalsDef.byStateElements) {
              for (const state of electing) {
                const members = s.records
                  .filter((_r, i) => elections[i]?.includes(state))
                  .map((r) => stateView(r.jsonForm, state));
                const byState = submissionTotalsBig(totalsDef, members, totalsDef.byStateElements);
                w.element(totalsDef.byStateGroup, () => {
                  w.leaf("StateAbbreviationCd", state).leaf("TotalReportedRcpntFormCnt", members.length);
                  for (const el of totalsDef.byStateElements ?? []) {
                    const cents = byState.get(el.name) ?? 0n;
                    if (cents !== 0n) w.leaf(el.name, formatCents(cents));
                  }
                });
              }
            }
          });
        }
      });
      w.element("IRSubmission1Detail", () => {
        for (const [index, r] of s.records.entries()) {
          const ctx: Ctx = {
            problems,
            filingId: r.filingId,
            submissionId: s.submissionId,
            recipientTin: r.recipientTin,
            otherTins: r.otherTins ?? {},
          };
          records.set(recordKey(s.submissionId, r.recordId), r.filingId);
          const states = elections[index] ?? [];
          w.element(def.detailElement, () => {
            w.leaf("TaxYr", s.taxYear).leaf("RecordId", r.recordId);
            for (const st of states) w.leaf("CFSFElectionStateCd", st);
            w.leaf("VoidInd", "0").leaf("CorrectedInd", r.corrected ? "1" : "0");
            if (r.corrected) writePrevious(w, def, r.corrected, ctx);
            writeElements(w, def.elements, r.jsonForm, ctx, "");
          });
        }
      });
    });
  }
  w.close("IRTransmission");
  if (problems.length > 0) return { ok: false, problems };
  const xml = w.toString();
  if (options.checkRules !== false) {
    for (const f of checkTransmissionXml(xml)) {
      if (blocks(f.severity))
        problems.push({ code: f.code, message: `${f.message} (${f.path})`, ...locate(input, f.path) });
    }
    if (problems.length > 0) return { ok: false, problems };
  }
  return {
    ok: true,
    value: {
      xml,
      uniqueTransmissionId: utid,
      transmissionTypeCd: kind,
      records,
      issuerFormCount: input.submissions.length,
      recipientFormCount: recordCount,
    },
  };
}

/** The submission and filing an XPath of the transmission points into. */
function locate(input: TransmissionInput, xpath: string): { submissionId?: number; filingId?: string } {
  const m =
    /^\/IRTransmission\/IRSubmission1Grp\[(\d+)\](?:\/IRSubmission1Detail\/[A-Za-z0-9]+\[(\d+)\])?/.exec(
      xpath,
    );
  const s = m ? input.submissions[Number(m[1]) - 1] : undefined;
  if (!s) return {};
  const r = m?.[2] ? s.records[Number(m[2]) - 1] : undefined;
  return r ? { submissionId: s.submissionId, filingId: r.filingId } : { submissionId: s.submissionId };
}

function writePersonName(w: XmlWriter, p: Readonly<Record<string, string>>): void {
  w.element("PersonName", () => {
    w.leaf("PersonFirstNm", p["PersonFirstNm"])
      .leaf("PersonMiddleNm", p["PersonMiddleNm"])
      .leaf("PersonLastNm", p["PersonLastNm"])
      .leaf("SuffixNm", p["SuffixNm"]);
  });
}

/**
 * States of the Combined Federal/State Filing Program, from the IRS rule that lists them (SHAREDIRFORM019_002 of
 * the business rules table), so a new rules table brings a new list.
 */
export function cfsfParticipatingStates(): ReadonlySet<string> {
  const text = businessRuleText("SHAREDIRFORM019_002") ?? "";
  const list = text.slice(text.indexOf("must be")).match(/\b[A-Z]{2}\b/g) ?? [];
  return new Set(list);
}

const cfsfParticipants = cfsfParticipatingStates();

/**
 * The CF/SF states a record elects: the participating states of its StateLocalTaxGrp, for the forms whose IRIS
 * detail has CFSFElectionStateCd (the forms of the program, S1H003_001).
 */
export function cfsfStates(
  def: FormDefinition,
  jsonForm: Record<string, unknown>,
  participants: ReadonlySet<string> = cfsfParticipants,
): string[] {
  if (!def.omitted.some((o) => o.name === "CFSFElectionStateCd")) return [];
  const groups = jsonForm["StateLocalTaxGrp"];
  const out = new Set<string>();
  for (const g of Array.isArray(groups) ? groups : groups === undefined ? [] : [groups]) {
    const st = isObject(g) ? g["StateAbbreviationCd"] : undefined;
    if (typeof st === "string" && participants.has(st)) out.add(st);
  }
  return [...out].sort();
}

/** A record as one state sees it: its StateLocalTaxGrp narrowed to that state's groups (for TotalByStateGrp). */
function stateView(jsonForm: Record<string, unknown>, state: string): Record<string, unknown> {
  const groups = jsonForm["StateLocalTaxGrp"];
  const list = Array.isArray(groups) ? groups : groups === undefined ? [] : [groups];
  return {
    ...jsonForm,
    StateLocalTaxGrp: list.filter((g) => isObject(g) && g["StateAbbreviationCd"] === state),
  };
}

function writePrevious(w: XmlWriter, def: FormDefinition, c: CorrectionOf, ctx: Ctx): void {
  const prev = c.previousRecipient;
  w.element("PrevSubmittedRecRecipientGrp", () => {
    w.leaf("UniqueRecordId", uniqueRecordId(c));
    if (prev?.tin) w.leaf("TIN", prev.tin.reveal());
    const person = findElement(def.elements, "RecipientDetail.PersonName");
    const business = findElement(def.elements, "RecipientDetail.BusinessName");
    if (prev?.personName && person)
      writeValue(w, person, prev.personName, ctx, "PrevSubmittedRecRecipientGrp.PersonName");
    else if (prev?.businessName && business)
      writeValue(w, business, prev.businessName, ctx, "PrevSubmittedRecRecipientGrp.BusinessName");
  });
}
