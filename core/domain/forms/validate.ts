// validateForm: jsonForm in, a normalised form or a list of issues out. Three steps, each one pass:
//  1. tidy: a copy of the input along the catalogue in which placeholders count as "not filled in" (null, "",
//     the skeleton's 0 and false), strings are trimmed and code values upper-cased. Unknown names are copied
//     as they are so that the schema refuses them.
//  2. the compiled ajv validator of the form (the only validator), on that copy.
//  3. canonical form: amounts as JSON numbers with at most two decimals and as exact integer cents, indicators
//     as booleans (false is left out: it is the IRS default), TIN and ZIP as digits, elements in XSD order.
import type { ErrorObject } from "ajv";
import { canonicalFormCode, lookupForm } from "./catalogue.ts";
import {
  NUMBER_INTEGER_DIGITS,
  centsToAmount,
  decimalText,
  parseDecimal,
  partsToCents,
  type DecimalRule,
} from "./decimal.ts";
import type { ElementDefinition, FormDefinition, RawChoice } from "./model.ts";
import { DECIMAL_KEYWORD, compiledValidator } from "./schema.ts";
import { ssaIssues } from "./ssa-rules.ts";

export interface FormIssue {
  /** Path of the offending element, "jsonForm.RecipientDetail.TIN" (or "form" / "tax_year"). */
  param: string;
  message: string;
  /** Short machine word: required, pattern, max_decimals, negative, unknown_element, max_digits, enum, type... */
  rule: string;
}

export interface NormalizedAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface NormalizedRecipient {
  /** 9 digits. */
  tin: string;
  tinType: "ssn" | "ein" | null;
  name: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  address: NormalizedAddress | null;
}

export interface NormalizedForm {
  recipient: NormalizedRecipient;
  accountNumber: string | null;
  /**
   * Amount element path -> integer cents, e.g. "NonemployeeCompensationAmt", "StateLocalTaxGrp.0.StateTaxGrp.StateTaxWithheldAmt";
   * a bigint for an amount of more than 13 integer digits (up to the schema's 15), which jsonForm keeps as a string.
   */
  amounts: Record<string, number | bigint>;
  /** The canonical form to store and file. */
  jsonForm: Record<string, unknown>;
}

export type FormValidation = { ok: true; value: NormalizedForm } | { ok: false; issues: FormIssue[] };

const ABSENT: unique symbol = Symbol("absent");

type ByName = ReadonlyMap<string, ElementDefinition>;
const BY_NAME = new WeakMap<readonly ElementDefinition[], ByName>();
const BY_PATH = new WeakMap<readonly ElementDefinition[], ReadonlyMap<string, ElementDefinition>>();

function byName(elements: readonly ElementDefinition[]): ByName {
  let m = BY_NAME.get(elements);
  if (!m) {
    m = new Map(elements.map((e) => [e.name, e]));
    BY_NAME.set(elements, m);
  }
  return m;
}

function byPath(def: FormDefinition): ReadonlyMap<string, ElementDefinition> {
  let m = BY_PATH.get(def.elements);
  if (!m) {
    const map = new Map<string, ElementDefinition>();
    const walk = (els: readonly ElementDefinition[]) => {
      for (const e of els) {
        map.set(e.path, e);
        if (e.children) walk(e.children);
      }
    };
    walk(def.elements);
    m = map;
    BY_PATH.set(def.elements, m);
  }
  return m;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

/** Arrays of the tidied copy whose items were dropped: tidied index -> index in the input. */
type Remaps = Map<unknown[], number[]>;

// ---- 1. tidy -------------------------------------------------------------------------------------------

function tidyObject(
  input: Record<string, unknown>,
  elements: readonly ElementDefinition[],
  remaps: Remaps,
): Record<string, unknown> {
  const names = byName(elements);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const value = input[key];
    const el = names.get(key);
    if (el === undefined) {
      setOwn(out, key, value);
      continue;
    }
    const v = el.repeated ? tidyRepeated(value, el, remaps) : tidySingle(value, el, remaps);
    if (v !== ABSENT) out[key] = v;
  }
  return out;
}

function tidyRepeated(value: unknown, el: ElementDefinition, remaps: Remaps): unknown {
  if (value === null || value === undefined) return ABSENT;
  if (!Array.isArray(value)) return value;
  const items: unknown[] = [];
  let map: number[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const v = tidySingle(value[i], el, remaps);
    if (v === ABSENT) {
      map ??= items.map((_, j) => j);
      continue;
    }
    items.push(v);
    map?.push(i);
  }
  if (items.length === 0) return ABSENT;
  if (map) remaps.set(items, map);
  return items;
}

function tidySingle(value: unknown, el: ElementDefinition, remaps: Remaps): unknown {
  switch (typeof value) {
    case "undefined":
      return ABSENT;
    case "string": {
      const t = value.trim();
      if (t.length === 0) return ABSENT;
      return el.kind === "code" && el.constraints.enum !== undefined ? t.toUpperCase() : t;
    }
    case "number":
      return value === 0 &&
        !el.required &&
        (el.kind === "amount" || el.kind === "integer" || el.kind === "decimal")
        ? ABSENT
        : value;
    case "boolean":
      return value === false && el.kind === "indicator" && !el.required ? ABSENT : value;
    case "object": {
      if (value === null) return ABSENT;
      if (el.kind !== "group" || !isObject(value)) return value;
      const o = tidyObject(value, el.children ?? [], remaps);
      return isFilled(o, el.children ?? []) ? o : ABSENT;
    }
    default:
      return value;
  }
}

/**
 * Whether a tidied group holds anything the user filled in. A required amount keeps its 0 (it is a value),
 * but a group holding nothing else is still an untouched placeholder, like the skeleton's optional groups.
 */
function isFilled(o: Record<string, unknown>, elements: readonly ElementDefinition[]): boolean {
  const names = byName(elements);
  for (const key of Object.keys(o)) {
    const v = o[key];
    if (!names.has(key) || (v !== 0 && v !== false)) return true;
  }
  return false;
}

// ---- 2. issues from ajv errors ----------------------------------------------------------------------------

function decodePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Instance path of the tidied copy -> path segments of the caller's input (array indexes mapped back). */
function inputSegments(tidied: unknown, pointer: string, remaps: Remaps): string[] {
  const segs = decodePointer(pointer);
  let node: unknown = tidied;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i] ?? "";
    if (Array.isArray(node)) {
      const idx = Number(seg);
      const map = remaps.get(node);
      segs[i] = String(map ? (map[idx] ?? idx) : idx);
      node = node[idx];
    } else {
      node = isObject(node) ? node[seg] : undefined;
    }
  }
  return segs;
}

function paramOf(segs: readonly string[]): string {
  return segs.length === 0 ? "jsonForm" : `jsonForm.${segs.join(".")}`;
}

function elementOf(def: FormDefinition, segs: readonly string[]): ElementDefinition | undefined {
  return byPath(def).get(segs.filter((s) => !/^[0-9]+$/.test(s)).join("."));
}

function choiceOf(def: FormDefinition, segs: readonly string[], schemaPath: string): RawChoice | undefined {
  const owner = segs.length === 0 ? undefined : elementOf(def, segs);
  const choices = (owner ? owner.choices : def.choices)?.filter((c) => c.required) ?? [];
  const m = /\/allOf\/([0-9]+)\/oneOf$/.exec(schemaPath);
  return choices[m ? Number(m[1]) : 0];
}

function listValues(values: readonly unknown[]): string {
  const shown = values
    .slice(0, 12)
    .map((v) => JSON.stringify(v))
    .join(", ");
  return values.length > 12 ? `${shown}, ... (${values.length} values)` : shown;
}

function typeWord(el: ElementDefinition | undefined): string {
  if (!el) return "of another type";
  if (el.repeated && el.kind !== "group") return `an array of ${typeWordSingle(el)}s`;
  if (el.repeated) return "an array of objects";
  return typeWordSingle(el);
}

function typeWordSingle(el: ElementDefinition): string {
  switch (el.kind) {
    case "amount":
      return 'decimal amount (JSON number or numeric string such as "1234.56")';
    case "decimal":
      return "decimal number (JSON number or numeric string)";
    case "indicator":
      return "boolean";
    case "integer":
      return "integer";
    case "group":
      return "object";
    default:
      return "string";
  }
}

function describe(el: ElementDefinition | undefined): string {
  return el?.box !== undefined ? ` (box ${el.box}, ${el.label})` : "";
}

const DECIMAL_MESSAGES: Record<DecimalRule, (p: Record<string, unknown>) => string> = {
  type: () => 'must be a decimal number, as a JSON number or a numeric string such as "1234.56"',
  max_decimals: (p) => `must have at most ${String(p["fractionDigits"])} decimal places`,
  max_digits: (p) =>
    p["asNumber"] === true &&
    typeof p["numberIntegerDigits"] === "number" &&
    p["numberIntegerDigits"] < Number(p["integerDigits"])
      ? `must have at most ${String(p["numberIntegerDigits"])} digits before the decimal point as a JSON number; send an amount of up to ${String(p["integerDigits"])} digits as a string (e.g. "123456789012345.67") so that no digit is lost`
      : `must have at most ${String(p["integerDigits"])} digits before the decimal point`,
  negative: () => "must not be negative",
  minimum: (p) => `must be at least ${String(p["minimum"])}`,
  maximum: (p) => `must be at most ${String(p["maximum"])}`,
};

function issueOf(def: FormDefinition, e: ErrorObject, tidied: unknown, remaps: Remaps): FormIssue {
  const segs = inputSegments(tidied, e.instancePath, remaps);
  const params = e.params as Record<string, unknown>;
  const at = () => paramOf(segs);
  switch (e.keyword) {
    case "required": {
      const name = String(params["missingProperty"]);
      const param = paramOf([...segs, name]);
      return {
        param,
        rule: "required",
        message: `${param} is required${describe(elementOf(def, [...segs, name]))}.`,
      };
    }
    case "additionalProperties": {
      const name = String(params["additionalProperty"]);
      const param = paramOf([...segs, name]);
      const omitted = segs.length === 0 ? def.omitted.find((o) => o.name === name) : undefined;
      const why = omitted ? ` It is left out of jsonForm: ${omitted.reason}.` : "";
      const where = segs.length === 0 ? `Form ${def.form}` : at();
      return {
        param,
        rule: "unknown_element",
        message: `${param} is not an IRIS element of ${where}.${why}`,
      };
    }
    case "oneOf": {
      const choice = choiceOf(def, segs, e.schemaPath);
      const members = choice?.members ?? [];
      const names = members.join(" or ");
      if (params["passingSchemas"] === null || params["passingSchemas"] === undefined) {
        const param = paramOf([...segs, members[0] ?? ""]);
        return { param, rule: "required", message: `${at()} needs ${names}.` };
      }
      const passing = params["passingSchemas"] as number[];
      const param = paramOf([...segs, members[passing[passing.length - 1] ?? 1] ?? ""]);
      return { param, rule: "choice", message: `${at()} takes only one of ${names}.` };
    }
    case "not":
      return { param: at(), rule: "choice", message: `${at()} has elements that exclude each other.` };
    case DECIMAL_KEYWORD: {
      const rule = String(params["rule"]) as DecimalRule;
      const el = elementOf(def, segs);
      return { param: at(), rule, message: `${at()}${describe(el)} ${DECIMAL_MESSAGES[rule](params)}.` };
    }
    case "type": {
      const el = elementOf(def, segs);
      return {
        param: at(),
        rule: "type",
        message: `${at()}${describe(el)} must be ${segs.length === 0 ? "an object" : typeWord(el)}.`,
      };
    }
    case "enum": {
      const el = elementOf(def, segs);
      if (el?.kind === "indicator")
        return { param: at(), rule: "type", message: `${at()}${describe(el)} must be true or false.` };
      return {
        param: at(),
        rule: "enum",
        message: `${at()}${describe(el)} must be one of ${listValues((params["allowedValues"] as unknown[]) ?? [])}.`,
      };
    }
    case "pattern": {
      const el = elementOf(def, segs);
      return {
        param: at(),
        rule: "pattern",
        message: `${at()}${describe(el)} has an invalid format${patternHint(el)}.`,
      };
    }
    case "format":
      return { param: at(), rule: "date", message: `${at()} must be a real calendar date (YYYY-MM-DD).` };
    case "maxLength":
      return {
        param: at(),
        rule: "max_length",
        message: `${at()} must be at most ${String(params["limit"])} characters.`,
      };
    case "minLength":
      return {
        param: at(),
        rule: "min_length",
        message: `${at()} must be at least ${String(params["limit"])} characters.`,
      };
    case "minimum":
      return {
        param: at(),
        rule: "minimum",
        message: `${at()} must be at least ${String(params["limit"])}.`,
      };
    case "maximum":
      return { param: at(), rule: "maximum", message: `${at()} must be at most ${String(params["limit"])}.` };
    case "maxItems":
      return {
        param: at(),
        rule: "max_items",
        message: `${at()} takes at most ${String(params["limit"])} entries.`,
      };
    case "minItems":
      return {
        param: at(),
        rule: "required",
        message: `${at()} needs at least ${String(params["limit"])} entry.`,
      };
    default:
      return { param: at(), rule: e.keyword, message: `${at()} is invalid.` };
  }
}

function patternHint(el: ElementDefinition | undefined): string {
  if (!el) return "";
  if (el.name === "TIN" || el.xsdType === "EINType")
    return ": 9 digits, optionally written 12-3456789 or 123-45-6789";
  if (el.xsdType === "ZIPCodeType") return ": 5 digits, or ZIP+4 as 12345-6789";
  if (el.kind === "date") return ": YYYY-MM-DD";
  switch (el.xsdType) {
    case "PersonFirstNameType":
    case "PersonMiddleNameType":
    case "PersonLastNameType":
    case "SuffixNameType":
      return ": letters, hyphens and single spaces only";
    case "CityType":
      return ": letters and single spaces only";
    case "StreetAddressType":
      return ": letters, digits, hyphens, slashes and single spaces only (no punctuation such as . or ,)";
    case "BusinessNameLine1Type":
    case "BusinessNameLine2Type":
    case "NameTextType":
      return ": letters, digits, # - ( ) & ' and single spaces only";
    default:
      return el.kind === "text"
        ? ": printable characters and single spaces, no leading or trailing space"
        : "";
  }
}

function toIssues(
  def: FormDefinition,
  errors: readonly ErrorObject[],
  tidied: unknown,
  remaps: Remaps,
): FormIssue[] {
  // The branches of a failed oneOf only say "required" for each member; the oneOf error says it better.
  const choicePaths = errors.filter((e) => e.keyword === "oneOf").map((e) => `${e.schemaPath}/`);
  const seen = new Set<string>();
  const issues: FormIssue[] = [];
  for (const e of errors) {
    if (choicePaths.some((p) => e.schemaPath.startsWith(p))) continue;
    const issue = issueOf(def, e, tidied, remaps);
    if (seen.has(issue.param)) continue; // one issue per element: the first is the most basic
    seen.add(issue.param);
    issues.push(issue);
  }
  // Below an element of the wrong type (a string where an object belongs) nothing else is meaningful.
  const wrongType = issues.filter((i) => i.rule === "type").map((i) => `${i.param}.`);
  return wrongType.length === 0
    ? issues
    : issues.filter((i) => !wrongType.some((p) => i.param.startsWith(p)));
}

// ---- 3. canonical form ------------------------------------------------------------------------------------

function canonObject(
  input: Record<string, unknown>,
  elements: readonly ElementDefinition[],
  prefix: string,
  amounts: Record<string, number | bigint>,
): Record<string, unknown> | typeof ABSENT {
  const out: Record<string, unknown> = {};
  let any = false;
  // Indexed loops, and each element's path spelled only for an amount or a group (canonSingle): this runs on
  // every element of every form of an intake.
  for (let e = 0; e < elements.length; e++) {
    const el = elements[e] as ElementDefinition;
    const value = input[el.name];
    if (value === undefined) continue;
    let v: unknown;
    if (el.repeated) {
      const items: unknown[] = [];
      const list = value as unknown[];
      for (let i = 0; i < list.length; i++) {
        const c = canonSingle(list[i], el, prefix, items.length, amounts);
        if (c !== ABSENT) items.push(c);
      }
      v = items.length > 0 ? items : ABSENT;
    } else {
      v = canonSingle(value, el, prefix, undefined, amounts);
    }
    if (v !== ABSENT) {
      out[el.name] = v;
      any = true;
    }
  }
  return any ? out : ABSENT;
}

/** `prefix` + the element's name (+ `.index` for an item of a repeated element): its path in the form. */
const pathOf = (prefix: string, el: ElementDefinition, index: number | undefined) =>
  index === undefined ? `${prefix}${el.name}` : `${prefix}${el.name}.${index}`;

function canonSingle(
  value: unknown,
  el: ElementDefinition,
  prefix: string,
  index: number | undefined,
  amounts: Record<string, number | bigint>,
): unknown {
  switch (el.kind) {
    case "group":
      return canonObject(
        value as Record<string, unknown>,
        el.children ?? [],
        `${pathOf(prefix, el, index)}.`,
        amounts,
      );
    case "amount": {
      const path = pathOf(prefix, el, index);
      const p = parseDecimal(value) ?? { negative: false, int: "", frac: "" };
      if (p.int.length > NUMBER_INTEGER_DIGITS) {
        // Beyond what a JSON number holds exactly: kept as its decimal text, cents as a bigint.
        const big = BigInt(p.int + p.frac.padEnd(2, "0"));
        amounts[path] = p.negative ? -big : big;
        return decimalText(p);
      }
      const cents = partsToCents(p);
      if (cents === 0 && !el.required) return ABSENT; // a blank box and a zero box file the same
      amounts[path] = cents;
      return centsToAmount(cents);
    }
    case "decimal": {
      const text = decimalText(parseDecimal(value) ?? { negative: false, int: "", frac: "" });
      return el.constraints.canonical === "string" ? text : Number(text);
    }
    case "indicator":
      return value === true || value === 1 || value === "1" ? true : ABSENT;
    default:
      return el.constraints.digitsWithHyphens && typeof value === "string" ? value.replace(/-/g, "") : value;
  }
}

function str(o: unknown, key: string): string | undefined {
  if (!isObject(o)) return undefined;
  const v = o[key];
  return typeof v === "string" ? v : undefined;
}

/** W-2 family: the employee is the recipient (EmployeeSSN, EmployeeName, EmployeeUSAddress / EmployeeForeignAddress). */
function employeeOf(form: Record<string, unknown>): Record<string, unknown> {
  const name = isObject(form["EmployeeName"]) ? form["EmployeeName"] : {};
  const person: Record<string, unknown> = {};
  for (const k of ["PersonFirstNm", "PersonLastNm"]) if (typeof name[k] === "string") person[k] = name[k];
  const mail: Record<string, unknown> = {};
  if (isObject(form["EmployeeUSAddress"])) mail["USAddress"] = form["EmployeeUSAddress"];
  else if (isObject(form["EmployeeForeignAddress"])) mail["ForeignAddress"] = form["EmployeeForeignAddress"];
  return {
    TIN: form["EmployeeSSN"],
    TINSubmittedTypeCd: "INDIVIDUAL_TIN",
    PersonName: person,
    MailingAddressGrp: mail,
  };
}

function recipientOf(form: Record<string, unknown>): NormalizedRecipient {
  const rd = isObject(form["RecipientDetail"])
    ? form["RecipientDetail"]
    : "EmployeeSSN" in form
      ? employeeOf(form)
      : {};
  const code = str(rd, "TINSubmittedTypeCd");
  const person = rd["PersonName"];
  const business = rd["BusinessName"];
  const first = str(person, "PersonFirstNm");
  const last = str(person, "PersonLastNm");
  const businessName = str(business, "BusinessNameLine1Txt");
  const recipient: NormalizedRecipient = {
    tin: str(rd, "TIN") ?? "",
    tinType: code === "BUSINESS_TIN" ? "ein" : code === "INDIVIDUAL_TIN" ? "ssn" : null,
    name: businessName ?? [first, last].filter((s) => s !== undefined).join(" "),
    address: null,
  };
  if (first !== undefined) recipient.firstName = first;
  if (last !== undefined) recipient.lastName = last;
  if (businessName !== undefined) recipient.businessName = businessName;
  const mail = rd["MailingAddressGrp"];
  const us = isObject(mail) ? mail["USAddress"] : undefined;
  const foreign = isObject(mail) ? mail["ForeignAddress"] : undefined;
  if (isObject(us)) {
    recipient.address = {
      line1: str(us, "AddressLine1Txt") ?? "",
      city: str(us, "CityNm") ?? "",
      state: (str(us, "StateAbbreviationCd") ?? "").toUpperCase(),
      postalCode: str(us, "ZIPCd") ?? "",
      country: "US",
    };
    const line2 = str(us, "AddressLine2Txt");
    if (line2 !== undefined) recipient.address.line2 = line2;
  } else if (isObject(foreign)) {
    recipient.address = {
      line1: str(foreign, "AddressLine1Txt") ?? "",
      city: str(foreign, "CityNm") ?? "",
      state: str(foreign, "ProvinceOrStateNm") ?? "",
      postalCode: str(foreign, "ForeignPostalCd") ?? "",
      country: str(foreign, "CountryCd") ?? "",
    };
    const line2 = str(foreign, "AddressLine2Txt");
    if (line2 !== undefined) recipient.address.line2 = line2;
  }
  return recipient;
}

/** A W-2 schema issue named as the SSA names it (an unknown box 12 code). */
function ssaRuleOf(issue: FormIssue): FormIssue {
  if (issue.rule === "enum" && issue.param.endsWith(".EmployersUseCd")) {
    return {
      ...issue,
      rule: "ssa_box12_code",
      message: `SSA rule: ${issue.param} is not a box 12 code of the General Instructions for Forms W-2 (A-H, J-N, P-T, V, W, Y, Z, AA, BB, DD-II).`,
    };
  }
  return issue;
}

// ---- entry point ------------------------------------------------------------------------------------------

export function validateForm(form: string, taxYear: number, jsonForm: unknown): FormValidation {
  const found = lookupForm(form, taxYear);
  if (!found) {
    if (canonicalFormCode(form) === undefined) {
      return {
        ok: false,
        issues: [{ param: "form", rule: "unknown_form", message: `Form ${String(form)} is not supported.` }],
      };
    }
    return {
      ok: false,
      issues: [
        {
          param: "tax_year",
          rule: "unsupported_tax_year",
          message: `Tax year ${String(taxYear)} is not supported for Form ${String(canonicalFormCode(form))}.`,
        },
      ],
    };
  }
  const { definition: def, raw } = found;
  const validate = compiledValidator(def, raw);
  const remaps: Remaps = new Map();
  const tidied = isObject(jsonForm) ? tidyObject(jsonForm, def.elements, remaps) : jsonForm;
  if (!validate(tidied)) {
    const issues = toIssues(def, validate.errors ?? [], tidied, remaps);
    return { ok: false, issues: def.filedWith === "SSA" ? issues.map(ssaRuleOf) : issues };
  }
  const amounts: Record<string, number | bigint> = {};
  const canonical = canonObject(tidied as Record<string, unknown>, def.elements, "", amounts);
  const stored = canonical === ABSENT ? {} : canonical;
  if (def.filedWith === "SSA") {
    const ssa = ssaIssues(def.form, taxYear, stored);
    if (ssa.length > 0) return { ok: false, issues: ssa };
  }
  return {
    ok: true,
    value: {
      recipient: recipientOf(stored),
      accountNumber: typeof stored["RecipientAccountNum"] === "string" ? stored["RecipientAccountNum"] : null,
      amounts,
      jsonForm: stored,
    },
  };
}
