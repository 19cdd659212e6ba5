// A parsed FIRE B record as a filled IRIS scheme (jsonForm), so FIRE import goes through the same catalogue
// validation and intake as JSON intake. The form's element tree comes from the catalogue (the IRS schema package of
// the tax year): dotted IRIS names become nested groups, repeating elements arrays, integer elements integers.
// Free text is brought into the IRIS character sets the way transmissions bring payer data into them. Every
// element records the Pub 1220 field and position it came from, so a validation issue can be located in the file.
import { LATEST_TAX_YEAR, centsToAmount, getFormDefinition, type ElementDefinition } from "../forms/index.ts";
import { personPart, splitPersonName } from "../iris/names.ts";
import { irisBusinessName, irisCity, irisPersonName, irisStreet } from "../iris/transmission.ts";
import { foreignText, splitForeignAddress } from "./foreign.ts";
import {
  AMOUNT_CODES,
  B_AMOUNT_POS,
  SPEC_BY_FORM,
  US_STATES,
  type FormSpec,
  type TailField,
} from "./layout.ts";
import type { FireForm } from "./types.ts";

/** Where a value of the jsonForm came from in its B record. */
export interface FireSource {
  /** Pub 1220 field name, e.g. "PayeeZipCode", "PaymentAmount1", "DateOfPayment". */
  field: string;
  /** 1-based position of the field in the record. */
  position: number;
}

export interface FireDropped extends FireSource {
  /** Why the value is not imported. */
  reason: string;
}

export interface FireIrisForm {
  jsonForm: Record<string, unknown>;
  /** jsonForm element path (dotted, without array indexes) -> its Pub 1220 field. */
  sources: Record<string, FireSource>;
  /** Values of the B record IRIS has no element for: not imported (the import lists them in its notes). */
  dropped: FireDropped[];
}

const TIN_TYPE = { ein: "BUSINESS_TIN", ssn: "INDIVIDUAL_TIN" } as const;

const src = (field: string, position: number): FireSource => ({ field, position });
/** Text brought into the character set of its IRIS type (names, streets, cities); other text is kept as read. */
function irisText(el: ElementDefinition, v: string): string {
  switch (el.xsdType) {
    case "BusinessNameLine1Type":
    case "BusinessNameLine2Type":
    case "NameTextType":
      return irisBusinessName(v).line1;
    case "StreetAddressType":
      return irisStreet(v);
    case "CityType":
      return irisCity(v);
    case "PersonNameType":
      return irisPersonName(v);
    default:
      return v;
  }
}

/** One step of a dotted path: the element name, whether it is a group to descend into, and whether it repeats. */
interface Step {
  readonly name: string;
  /** The path up to and including this step (a `sources` key). */
  readonly at: string;
  readonly group: boolean;
  readonly repeated: boolean;
  readonly el: ElementDefinition | undefined;
}

// Paths resolved once per form definition: a 12 MB file sets the same few dozen paths 16,000 times.
const PLANS = new WeakMap<readonly ElementDefinition[], Map<string, readonly Step[]>>();

function plan(elements: readonly ElementDefinition[], path: string): readonly Step[] {
  let plans = PLANS.get(elements);
  if (!plans) PLANS.set(elements, (plans = new Map()));
  let steps = plans.get(path);
  if (steps) return steps;
  const out: Step[] = [];
  let level: readonly ElementDefinition[] | undefined = elements;
  let at = "";
  for (const seg of path.split(".")) {
    at = at ? `${at}.${seg}` : seg;
    const el: ElementDefinition | undefined = level?.find((e) => e.name === seg);
    out.push({ name: seg, at, group: el?.kind === "group", repeated: el?.repeated === true, el });
    level = el?.children;
  }
  plans.set(path, (steps = out));
  return steps;
}

class Builder {
  readonly jsonForm: Record<string, unknown> = {};
  readonly sources: Record<string, FireSource> = {};
  readonly dropped: FireDropped[] = [];

  /** `track`: record the Pub 1220 field of every element (only needed to locate a validation issue). */
  constructor(
    private readonly elements: readonly ElementDefinition[],
    private readonly track: boolean,
  ) {}

  has(path: string): boolean {
    return this.find(path) !== undefined;
  }

  find(path: string): ElementDefinition | undefined {
    const steps = plan(this.elements, path);
    return steps[steps.length - 1]?.el;
  }

  /** Sets a leaf by dotted path, creating its groups (a repeating group gets one item); `value` is already converted. */
  set(path: string, value: unknown, from: FireSource): void {
    const steps = plan(this.elements, path);
    let obj = this.jsonForm;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (this.track) this.sources[step.at] ??= from;
      if (i === steps.length - 1 || !step.group) {
        // A name the catalogue does not know is set as is: validation reports it (unknown_element).
        obj[step.name] = value;
        return;
      }
      let next = obj[step.name];
      if (step.repeated) {
        if (!Array.isArray(next)) obj[step.name] = next = [{}];
        next = (next as unknown[])[0];
      } else if (typeof next !== "object" || next === null) {
        obj[step.name] = next = {};
      }
      obj = next as Record<string, unknown>;
    }
  }

  /**
   * A leaf from Pub 1220 text, converted to its IRIS kind: integers as integers, codes split when `each`, a whole
   * percent as a ratio when `percent`.
   */
  text(path: string, raw: string, from: FireSource, each = false, percent = false): void {
    const el = this.find(path);
    let value: unknown = raw;
    if (percent && /^\d+$/.test(raw)) value = Number(raw) / 100;
    else if (el?.kind === "integer" && /^\d+$/.test(raw)) value = Number(raw);
    else if (el?.kind === "decimal" && el.jsonType === "number" && /^\d+(\.\d+)?$/.test(raw))
      value = Number(raw);
    else if (el?.kind === "code" && (each || el.repeated))
      value = each ? [...raw.replace(/\s+/g, "")] : [raw];
    else if (el && (el.kind === "text" || el.kind === "code")) value = irisText(el, raw);
    this.set(path, value, from);
  }

  drop(from: FireSource, reason: string): void {
    this.dropped.push({ ...from, reason });
  }
}

function addressOf(
  b: Builder,
  base: string,
  f: { address: string; city: string; state: string; postalCode: string; foreign: boolean },
  taxYear: number,
  at: { address: number; city: number; state: number; zip: number; prefix: string },
): void {
  const line1 = irisStreet(f.address);
  if (f.foreign || (f.state !== "" && !US_STATES.has(f.state))) {
    const parts = splitForeignAddress(foreignText(f.city, 40, f.state, f.postalCode), taxYear);
    const city = src(`${at.prefix}City`, at.city);
    b.set(`${base}.ForeignAddress.AddressLine1Txt`, line1, src(`${at.prefix}MailingAddress`, at.address));
    const cityNm = irisCity(parts.city, 50);
    if (cityNm !== "") b.set(`${base}.ForeignAddress.CityNm`, cityNm, city);
    if (parts.province !== "")
      b.set(`${base}.ForeignAddress.ProvinceOrStateNm`, parts.province.slice(0, 17).trim(), city);
    // Without a recognised country the parser has already reported the record; CountryCd stays absent.
    if (parts.country !== null) b.set(`${base}.ForeignAddress.CountryCd`, parts.country, city);
    if (parts.postalCode !== "")
      b.set(`${base}.ForeignAddress.ForeignPostalCd`, parts.postalCode.slice(0, 16).trim(), city);
    return;
  }
  b.set(`${base}.USAddress.AddressLine1Txt`, line1, src(`${at.prefix}MailingAddress`, at.address));
  b.set(`${base}.USAddress.CityNm`, irisCity(f.city), src(`${at.prefix}City`, at.city));
  b.set(`${base}.USAddress.StateAbbreviationCd`, f.state, src(`${at.prefix}State`, at.state));
  b.set(`${base}.USAddress.ZIPCd`, f.postalCode, src(`${at.prefix}ZipCode`, at.zip));
}

function recipient(b: Builder, f: FireForm): void {
  const r = f.recipient;
  const nameAt = src("FirstPayeeNameLine", 288);
  b.set("RecipientDetail.TIN", r.tin, src("PayeeTIN", 12));
  b.set(
    "RecipientDetail.TINSubmittedTypeCd",
    r.tinType ? TIN_TYPE[r.tinType] : "UNKNOWN",
    src("TypeOfTIN", 11),
  );
  const person = r.tinType === "ssn" ? splitPersonName(r.name, r.nameControl) : null;
  if (person) {
    for (const [k, v] of Object.entries(person)) b.set(`RecipientDetail.PersonName.${k}`, v, nameAt);
    if (r.name2)
      b.set(
        "RecipientDetail.AdditionalRecipientTxt",
        irisBusinessName(r.name2).line1,
        src("SecondPayeeNameLine", 328),
      );
  } else {
    const n = irisBusinessName(r.name);
    b.set("RecipientDetail.BusinessName.BusinessNameLine1Txt", n.line1, nameAt);
    const line2 = r.name2 ? irisBusinessName(r.name2).line1 : n.line2;
    if (line2)
      b.set(
        "RecipientDetail.BusinessName.BusinessNameLine2Txt",
        line2,
        r.name2 ? src("SecondPayeeNameLine", 328) : nameAt,
      );
  }
  addressOf(b, "RecipientDetail.MailingAddressGrp", r, f.taxYear, {
    address: 368,
    city: 448,
    state: 488,
    zip: 490,
    prefix: "Payee",
  });
}

/** 1099-LTC: the insured's name and address (Pub 1220 positions 557-687) as InsuredGrp. */
function insured(b: Builder, f: FireForm): void {
  const e = f.extra;
  const name = e["NameOfInsured"];
  if (name !== undefined) {
    const nameAt = src("NameOfInsured", 557);
    const person = splitPersonName(name);
    if (person) for (const [k, v] of Object.entries(person)) b.set(`InsuredGrp.PersonName.${k}`, v, nameAt);
    else {
      // One word, or parts longer than IRIS allows: the whole name as the last name, for validation to judge.
      b.set("InsuredGrp.PersonName.PersonLastNm", personPart(name), nameAt);
    }
  }
  if (e["AddressOfInsured"] !== undefined || e["CityOfInsured"] !== undefined) {
    addressOf(
      b,
      "InsuredGrp.MailingAddressGrp",
      {
        address: e["AddressOfInsured"] ?? "",
        city: e["CityOfInsured"] ?? "",
        state: e["StateOfInsured"] ?? "",
        postalCode: e["ZipCodeOfInsured"] ?? "",
        foreign: false,
      },
      f.taxYear,
      { address: 597, city: 637, state: 677, zip: 679, prefix: "Insured" },
    );
  }
}

const LTC_INSURED = new Set([
  "NameOfInsured",
  "AddressOfInsured",
  "CityOfInsured",
  "StateOfInsured",
  "ZipCodeOfInsured",
]);

/** Extra (no single IRIS element) tail fields that still map: foreign country text, the PSE's name and phone. */
function extras(b: Builder, f: FireForm, spec: FormSpec, stateGroup: boolean, hasState: boolean): void {
  for (const [name, value] of Object.entries(f.extra)) {
    const t = spec.tail.find((x) => x.name === name);
    const at = src(name, t?.pos ?? (name === "PayerOfficeCode" ? 41 : 0));
    if (name === "PayerOfficeCode") {
      b.drop(
        at,
        "the issuer office code (IssuerOfficeCd) is a payer setting the service fills; not read from the file",
      );
    } else if (LTC_INSURED.has(name)) {
      continue;
    } else if (name === "ForeignCountryOrUSPossession") {
      const code = /^(VARIOUS|RIC)$/i.test(value.trim())
        ? "OC"
        : splitForeignAddress(value, f.taxYear).country;
      if (code !== null && b.has("ForeignCountryOrUSPossessionCd"))
        b.set("ForeignCountryOrUSPossessionCd", code, at);
      else
        b.drop(
          at,
          `'${value}' is not a country name the IRS recognises; give the country's name (or VARIOUS)`,
        );
    } else if (name === "PaymentSettlementEntityNameAndPhone") {
      const m =
        /^(.*?)[\s,;:-]*((?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?:\s*(?:X|EXT\.?)\s*\d+)?)\s*$/i.exec(
          value,
        );
      const pseName = irisPersonName(m ? (m[1] ?? "") : value);
      if (pseName !== "") b.set("PSENm", pseName, at);
      if (m) b.set("PSEPhoneNum", (m[2] ?? "").replace(/\D/g, "").replace(/^1(?=\d{10}$)/, ""), at);
    } else if (name === "SpecialDataEntries") {
      if (stateGroup && hasState) b.set("StateLocalTaxGrp.SpecialDataEntriesTxt", value, at);
      else if (stateGroup)
        b.drop(
          at,
          "IRIS takes special data entries inside a state group, and this B record names no state (CF/SF code or state tax)",
        );
      else b.drop(at, `IRIS ${f.form} has no state group to carry special data entries`);
    } else {
      b.drop(at, `IRIS ${f.form} has no element for ${name}`);
    }
  }
}

function tailSource(t: TailField): FireSource {
  return src(t.name, t.pos);
}

/**
 * The B record as an IRIS jsonForm, with where each element came from (`sources`, left empty when
 * `options.sources` is false: a file whose forms all validate never needs them) and what IRIS has no element for.
 */
export function fireFormToIris(f: FireForm, options: { sources?: boolean } = {}): FireIrisForm {
  const spec = SPEC_BY_FORM.get(f.form);
  const def = getFormDefinition(f.form, f.taxYear) ?? getFormDefinition(f.form, LATEST_TAX_YEAR);
  const b = new Builder(def?.elements ?? [], options.sources !== false);
  recipient(b, f);
  if (f.accountNumber)
    b.text(
      spec?.accountNumberElement ?? "RecipientAccountNum",
      f.accountNumber,
      src("PayerAccountNumberForPayee", 21),
    );

  for (const [code, cents] of Object.entries(f.amountsByCode)) {
    const at = src(`PaymentAmount${code}`, B_AMOUNT_POS + 12 * AMOUNT_CODES.indexOf(code));
    const iris = spec?.amounts[code]?.iris;
    if (iris) b.set(iris, centsToAmount(cents), at);
    else
      b.drop(
        at,
        `${f.form} amount code ${code} (${spec?.amounts[code]?.label ?? "unknown"}) has no IRIS element`,
      );
  }
  for (const t of spec?.tail ?? []) {
    if (t.kind === "flag") {
      for (const name of Object.values(t.values))
        if (f.indicators[name] === true) b.set(name, true, tailSource(t));
    } else if ((t.kind === "text" || t.kind === "date" || t.kind === "year") && t.iris !== null) {
      const v = f.codes[t.iris];
      if (v !== undefined)
        b.text(
          t.iris,
          v,
          tailSource(t),
          t.kind === "text" && t.each === true,
          t.kind === "text" && t.percent === true,
        );
    }
  }
  if (f.form === "1099-LTC") insured(b, f);

  const stateGroup = b.has("StateLocalTaxGrp");
  const s = f.state;
  if (s && (s.stateTaxWithheldCents || s.localTaxWithheldCents || s.code)) {
    const cfsf = spec?.tail.find((t) => t.kind === "cfsf");
    const stateTax = spec?.tail.find((t) => t.kind === "stateTax");
    const localTax = spec?.tail.find((t) => t.kind === "localTax");
    if (stateGroup) {
      // The CF/SF state when the B record names one (positions 747-748), else the payee's state.
      const fromCfsf = cfsf !== undefined && f.payer.combinedFederalState && f.raw?.[cfsf.name] === undefined;
      b.set(
        "StateLocalTaxGrp.StateAbbreviationCd",
        s.code,
        fromCfsf ? tailSource(cfsf) : src("PayeeState", 488),
      );
      if (s.stateTaxWithheldCents)
        b.set(
          "StateLocalTaxGrp.StateTaxGrp.StateTaxWithheldAmt",
          centsToAmount(s.stateTaxWithheldCents),
          src("StateIncomeTaxWithheld", stateTax?.pos ?? 723),
        );
      if (s.localTaxWithheldCents)
        b.set(
          "StateLocalTaxGrp.LocalTaxGrp.LocalTaxWithheldAmt",
          centsToAmount(s.localTaxWithheldCents),
          src("LocalIncomeTaxWithheld", localTax?.pos ?? 735),
        );
    } else {
      if (s.stateTaxWithheldCents)
        b.drop(
          src("StateIncomeTaxWithheld", stateTax?.pos ?? 723),
          `IRIS ${f.form} has no state tax group (state income tax withheld is reported to the state only)`,
        );
      if (s.localTaxWithheldCents)
        b.drop(
          src("LocalIncomeTaxWithheld", localTax?.pos ?? 735),
          `IRIS ${f.form} has no state tax group (local income tax withheld is reported to the state only)`,
        );
    }
  }
  if (spec) extras(b, f, spec, stateGroup, s !== null);
  return { jsonForm: b.jsonForm, sources: b.sources, dropped: b.dropped };
}

/** The jsonForm of a B record (see fireFormToIris for where each value came from). */
export { splitPersonName };

export function fireFormToJsonForm(f: FireForm): Record<string, unknown> {
  return fireFormToIris(f).jsonForm;
}

/**
 * The Pub 1220 field of a validation issue's `param` ("jsonForm.StateLocalTaxGrp.0.StateAbbreviationCd"): the
 * element's own source, else the nearest enclosing or enclosed element that has one.
 */
export function sourceOf(
  sources: Readonly<Record<string, FireSource>>,
  param: string,
): FireSource | undefined {
  const path = param
    .replace(/^jsonForm\.?/, "")
    .split(".")
    .filter((s) => !/^\d+$/.test(s))
    .join(".");
  if (path === "") return undefined;
  if (Object.hasOwn(sources, path)) return sources[path];
  const segs = path.split(".");
  for (let n = segs.length; n > 0; n--) {
    const up = segs.slice(0, n).join(".");
    if (n < segs.length && Object.hasOwn(sources, up)) return sources[up];
    const inside = Object.keys(sources).find((k) => k.startsWith(`${up}.`));
    if (inside !== undefined) return sources[inside];
  }
  return undefined;
}

/**
 * The Pub 1220 field of `form`'s B record that would fill an element, from the layout alone: for an issue about an
 * element the record left blank ("RecipientAccountNum" required by an IRS rule), which `sourceOf` cannot find.
 */
export function layoutSourceOf(form: string, param: string): FireSource | undefined {
  const spec = SPEC_BY_FORM.get(form);
  if (!spec) return undefined;
  const path = param
    .replace(/^jsonForm\.?/, "")
    .split(".")
    .filter((s) => !/^\d+$/.test(s))
    .join(".");
  if (path === "") return undefined;
  if (path === (spec.accountNumberElement ?? "RecipientAccountNum"))
    return src("PayerAccountNumberForPayee", 21);
  for (const [code, def] of Object.entries(spec.amounts))
    if (def.iris === path) return src(`PaymentAmount${code}`, B_AMOUNT_POS + 12 * AMOUNT_CODES.indexOf(code));
  for (const t of spec.tail) {
    if (t.kind === "flag" ? Object.values(t.values).includes(path) : "iris" in t && t.iris === path)
      return tailSource(t);
  }
  return undefined;
}
