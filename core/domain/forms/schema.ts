// One JSON Schema per form and schema package, generated from the catalogue and compiled once (lazily) with
// ajv, the only validator of jsonForm. Every object has `additionalProperties: false`, so an element name
// outside the catalogue is refused. Amounts use the `x-iris-decimal` keyword (exact decimal rules, D7): a
// format could only say "invalid", the keyword says which rule failed.
import { Ajv, type FuncKeywordDefinition, type ValidateFunction } from "ajv";
import { checkDecimal, type DecimalRules } from "./decimal.ts";
import type { ElementDefinition, FormDefinition, RawChoice, RawForm } from "./model.ts";

export const DECIMAL_KEYWORD = "x-iris-decimal";
/** Values accepted for an indicator (IRIS DigitBooleanType): JSON booleans, and the IRS digits 0/1. */
export const INDICATOR_VALUES: readonly unknown[] = [true, false, 1, 0, "1", "0"];

function isCalendarDate(s: string): boolean {
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  if (!(m >= 1 && m <= 12 && d >= 1)) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return d <= days;
}

type DataValidateFunction = ReturnType<NonNullable<FuncKeywordDefinition["compile"]>>;

// strictRequired is off: the oneOf branches of a choice name a member declared by the parent's `properties`.
/**
 * Teaches an ajv instance the two extensions the form schemas use: the `x-iris-decimal` keyword and the
 * calendar `date` format. For callers (an OpenAPI validator, tests) that compile formJsonSchema themselves.
 */
export function registerFormKeywords(target: Ajv): Ajv {
  target.addFormat("date", { type: "string", validate: isCalendarDate });
  target.addKeyword({
    keyword: DECIMAL_KEYWORD,
    schemaType: "object",
    errors: true,
    compile(rules: DecimalRules): DataValidateFunction {
      const fn: DataValidateFunction = (data: unknown) => {
        if (typeof data !== "number" && typeof data !== "string") return true; // `type` reports it
        const rule = checkDecimal(data, rules);
        if (rule === undefined) return true;
        fn.errors = [
          { keyword: DECIMAL_KEYWORD, params: { rule, ...rules, asNumber: typeof data === "number" } },
        ];
        return false;
      };
      return fn;
    },
  });
  return target;
}

// code.optimize off: compiling the 35 form validators costs a third less (about 0.5 s of CPU, which a one-shot
// `fire validate` pays), and the validators run as fast (measured: 5,000 validations ~30 ms either way).
const ajv = registerFormKeywords(
  new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    messages: false,
    code: { optimize: false },
  }),
);

type Schema = Record<string, unknown>;

function describe(el: ElementDefinition): string {
  return el.box !== undefined ? `Box ${el.box}: ${el.label}` : el.label;
}

function leafSchema(el: ElementDefinition): Schema {
  const c = el.constraints;
  const description = describe(el);
  switch (el.kind) {
    case "amount":
    case "decimal": {
      const rules: { -readonly [K in keyof DecimalRules]: DecimalRules[K] } = {
        fractionDigits: c.fractionDigits ?? 2,
        integerDigits: c.integerDigits ?? 13,
        negative: c.negative ?? false,
      };
      if (c.minimum !== undefined) rules.minimum = c.minimum;
      if (c.maximum !== undefined) rules.maximum = c.maximum;
      if (c.numberIntegerDigits !== undefined) rules.numberIntegerDigits = c.numberIntegerDigits;
      const format =
        el.kind === "amount"
          ? `Decimal dollars with at most ${rules.fractionDigits} decimals and ${rules.integerDigits} integer digits, as a JSON number or a numeric string${rules.numberIntegerDigits !== undefined && rules.numberIntegerDigits < rules.integerDigits ? ` (a string beyond ${rules.numberIntegerDigits} integer digits)` : ""}`
          : `Decimal with at most ${rules.fractionDigits} decimals, as a JSON number or a numeric string`;
      return {
        description: `${description}. ${format}${rules.negative ? "" : "; not negative"}.`,
        type: ["number", "string"],
        [DECIMAL_KEYWORD]: rules,
      };
    }
    case "indicator":
      return { description: `${description}. true/false (0/1 also accepted).`, enum: INDICATOR_VALUES };
    case "integer": {
      const s: Schema = { description, type: "integer" };
      if (c.minimum !== undefined) s["minimum"] = c.minimum;
      if (c.maximum !== undefined) s["maximum"] = c.maximum;
      return s;
    }
    case "date":
      return {
        description: `${description}. YYYY-MM-DD.`,
        type: "string",
        pattern: c.pattern,
        format: "date",
      };
    default: {
      const s: Schema = { description, type: "string" };
      if (c.enum) s["enum"] = c.enum;
      if (c.pattern !== undefined) s["pattern"] = c.pattern;
      if (c.maxLength !== undefined) s["maxLength"] = c.maxLength;
      if (c.minLength !== undefined) s["minLength"] = c.minLength;
      if (c.digitsWithHyphens) s["description"] = `${description}. Digits; hyphens are accepted and removed.`;
      return s;
    }
  }
}

function choiceSchemas(choices: readonly RawChoice[]): Schema {
  const required = choices.filter((c) => c.required);
  const optional = choices.filter((c) => !c.required);
  const s: Schema = {};
  // One required choice is written as `oneOf`; several, as `allOf` of `oneOf`s.
  const oneOfs = required.map((c) => ({ oneOf: c.members.map((m) => ({ required: [m] })) }));
  if (oneOfs.length === 1) Object.assign(s, oneOfs[0]);
  else if (oneOfs.length > 1) s["allOf"] = oneOfs;
  if (optional.length > 0) {
    s["not"] = {
      anyOf: optional.flatMap((c) =>
        c.members.flatMap((a, i) => c.members.slice(i + 1).map((b) => ({ required: [a, b] }))),
      ),
    };
  }
  return s;
}

function objectSchema(
  elements: readonly ElementDefinition[],
  choices: readonly RawChoice[],
  description?: string,
): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const el of elements) {
    properties[el.name] = elementSchema(el);
    if (el.required) required.push(el.name);
  }
  const s: Schema = { type: "object" };
  if (description !== undefined) s["description"] = description;
  s["properties"] = properties;
  if (required.length > 0) s["required"] = required;
  s["additionalProperties"] = false;
  return Object.assign(s, choiceSchemas(choices));
}

function singleSchema(el: ElementDefinition): Schema {
  return el.kind === "group"
    ? objectSchema(el.children ?? [], el.choices ?? [], describe(el))
    : leafSchema(el);
}

function elementSchema(el: ElementDefinition): Schema {
  if (!el.repeated) return singleSchema(el);
  const s: Schema = { description: describe(el), type: "array", items: singleSchema(el) };
  if (el.required) s["minItems"] = 1;
  if (el.maxOccurs !== null) s["maxItems"] = el.maxOccurs;
  return s;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The JSON Schema of a form's jsonForm (draft-07 vocabulary plus the `x-iris-decimal` keyword). */
export function buildJsonSchema(def: FormDefinition): Schema {
  const s = objectSchema(
    def.elements,
    def.choices,
    `jsonForm of Form ${def.form} (${def.title}), tax year ${def.taxYear}, IRIS element names (${def.schemaPackage}).`,
  );
  return { $schema: "http://json-schema.org/draft-07/schema#", title: `Form ${def.form} jsonForm`, ...s };
}

interface Compiled {
  readonly schema: Schema;
  readonly validate: ValidateFunction;
}

const COMPILED = new WeakMap<RawForm, Compiled>();
const SCHEMAS = new Map<string, Schema>();

/** The compiled validator of a form; tax years sharing a schema package share it (keyed by the raw form). */
export function compiledValidator(def: FormDefinition, raw: RawForm): ValidateFunction {
  let c = COMPILED.get(raw);
  if (!c) {
    const schema = buildJsonSchema(def);
    c = { schema, validate: ajv.compile(schema) };
    COMPILED.set(raw, c);
  }
  return c.validate;
}

/** The JSON Schema for one form and tax year (its title and description name the year). Frozen. */
export function jsonSchemaFor(def: FormDefinition): Schema {
  const key = `${def.form}|${def.taxYear}`;
  let s = SCHEMAS.get(key);
  if (!s) {
    s = deepFreeze(buildJsonSchema(def));
    SCHEMAS.set(key, s);
  }
  return s;
}
