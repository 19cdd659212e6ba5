// Intake requests (SPEC "Forms and intake", D10, D23): shapes, limits and the per-row result.
import type { RuleFinding } from "../iris/rules/model.ts";
import { InvalidRequest } from "../shared/errors.ts";
import { compileBody } from "../shared/validation.ts";
import { DELIVERY_PROPS, type DeliveryFields } from "../pricing/delivery.ts";
import type { FilingStatus, Service } from "./status.ts";

export const MAX_INTAKE_ROWS = 1000;

export interface IntakeRowInput {
  readonly payerId: string;
  readonly form: string;
  readonly taxYear: number;
  readonly jsonForm: unknown;
  readonly reference: string | null;
}

export interface RowError {
  readonly type: string;
  readonly message: string;
  readonly param?: string;
  readonly rule?: string;
  /** The IRS business rule number, when the row breaks one (rule "irs_business_rule"). */
  readonly code?: string;
}

export interface IntakeRowResult {
  reference: string | null;
  id: string | null;
  status: FilingStatus | "failed";
  added_to_cart: boolean;
  cart_item_id: string | null;
  service: Service;
  form?: string;
  error?: RowError;
  /**
   * The IRS rules the form breaks that the IRS accepts it with (Report Error, Report Error and Reject if over
   * Threshold) and the service's notices (may be empty). A row refused by a Reject rule lists them too.
   */
  warnings?: readonly RuleFinding[];
}

/**
 * A row refused by IRS business rules: the first rule's number and element path, every rule in the message. Under
 * `strict` a Report Error rule refuses too, and the message says how to save the form anyway.
 */
export function ruleRowError(rejects: readonly RuleFinding[], strict = false): RowError {
  const first = rejects[0];
  const byStrict = strict && rejects.some((f) => f.severity !== "Reject");
  return {
    type: "invalid_request",
    rule: "irs_business_rule",
    param: first?.path ?? "jsonForm",
    ...(first ? { code: first.code } : {}),
    message:
      rejects.map((f) => `${f.path}: ${f.message}`).join("; ") +
      (byStrict
        ? " (refused under strict: the IRS accepts such a form with errors; without strict it is saved with this warning)"
        : ""),
  };
}

export interface IntakeOptions {
  readonly addToCart: boolean;
  readonly service: unknown;
  readonly physicalMail: boolean | undefined;
  readonly portalAccess: boolean | undefined;
  /**
   * Issue 41: refuse a form the IRS would accept with errors (a Report Error finding), as a Reject finding is.
   * Undefined: the account's default (`strict_rules`, off unless the operator turned it on).
   */
  readonly strict?: boolean | undefined;
}

const rowProps = {
  form: { type: "string", maxLength: 40 },
  tax_year: { type: "integer" },
  jsonForm: { type: "object" },
  reference: { type: "string", maxLength: 200 },
  payer: { type: "string", maxLength: 64 },
};
/** The intake options of a request body: whether the forms go into the cart, and their delivery. */
export type OptionFields = { addToCart?: boolean; strict?: boolean } & DeliveryFields;
/** The JSON Schema properties of OptionFields. */
export const OPTION_PROPS = {
  addToCart: { type: "boolean" },
  strict: { type: "boolean" },
  ...DELIVERY_PROPS,
};
const optionProps = { reference: { type: "string", maxLength: 200 }, ...OPTION_PROPS };

// Rows are checked for shape only here (form/tax_year/jsonForm present); a bad row fails alone later.
export const payerFormsBody = compileBody<{ forms: unknown[]; reference?: string } & OptionFields>({
  type: "object",
  additionalProperties: false,
  required: ["forms"],
  properties: { forms: { type: "array", minItems: 1, maxItems: MAX_INTAKE_ROWS }, ...optionProps },
});
export const batchBody = compileBody<{ payer?: string; forms: unknown[]; reference?: string } & OptionFields>(
  {
    type: "object",
    additionalProperties: false,
    required: ["forms"],
    properties: {
      payer: { type: "string", maxLength: 64 },
      forms: { type: "array", minItems: 1, maxItems: MAX_INTAKE_ROWS },
      ...optionProps,
    },
  },
);
export const singleBody = compileBody<
  { payer: string; form: string; tax_year: number; jsonForm: Record<string, unknown> } & Record<
    string,
    unknown
  >
>({
  type: "object",
  additionalProperties: false,
  required: ["payer", "form", "tax_year", "jsonForm"],
  properties: { ...rowProps, ...optionProps },
});

function sizeError(e: InvalidRequest): InvalidRequest {
  if (e.param === "forms" && /must NOT have (more|fewer)/.test(e.message)) {
    return new InvalidRequest({ param: "forms", message: `forms must hold 1 to ${MAX_INTAKE_ROWS} forms.` });
  }
  return e;
}

export interface ParsedIntake {
  rows: RawRow[];
  reference: string | null;
  options: IntakeOptions;
  defaultPayer: string | null;
}
export interface RawRow {
  readonly raw: unknown;
  readonly index: number;
}

/** The options of a request's OptionFields. */
export function intakeOptions(b: OptionFields): IntakeOptions {
  return {
    addToCart: b.addToCart === true,
    service: b.service,
    physicalMail: b.physical_mail,
    portalAccess: b.portal_access,
    strict: b.strict,
  };
}

export function parsePayerFormsBody(body: unknown): ParsedIntake | InvalidRequest {
  const c = payerFormsBody(body);
  if (!c.ok) return sizeError(c.error);
  return {
    rows: c.value.forms.map((raw, index) => ({ raw, index })),
    reference: c.value.reference ?? null,
    options: intakeOptions(c.value),
    defaultPayer: null,
  };
}

export function parseBatchBody(body: unknown): ParsedIntake | InvalidRequest {
  const c = batchBody(body);
  if (!c.ok) return sizeError(c.error);
  return {
    rows: c.value.forms.map((raw, index) => ({ raw, index })),
    reference: c.value.reference ?? null,
    options: intakeOptions(c.value),
    defaultPayer: c.value.payer ?? null,
  };
}

export function parseSingleBody(body: unknown): ParsedIntake | InvalidRequest {
  const c = singleBody(body);
  if (!c.ok) return c.error;
  const { payer, form, tax_year, jsonForm, reference } = c.value;
  return {
    rows: [{ raw: { payer, form, tax_year, jsonForm, reference }, index: 0 }],
    reference: null,
    options: intakeOptions(c.value as OptionFields),
    defaultPayer: payer,
  };
}

/** One row's own shape: { payer?, form, tax_year, jsonForm, reference? }. */
export function parseRow(raw: unknown, defaultPayer: string | null): IntakeRowInput | RowError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return {
      type: "invalid_request",
      message: "Each row must be an object with form, tax_year and jsonForm.",
      param: "forms",
    };
  const r = raw as Record<string, unknown>;
  for (const k of Object.keys(r)) {
    if (!(k in rowProps))
      return {
        type: "invalid_request",
        message: `${k} is not a known field of a form row.`,
        param: k,
        rule: "unknown_element",
      };
  }
  if (typeof r["form"] !== "string")
    return {
      type: "invalid_request",
      message: 'form is required (e.g. "1099-NEC").',
      param: "form",
      rule: "required",
    };
  if (typeof r["tax_year"] !== "number" || !Number.isInteger(r["tax_year"]))
    return {
      type: "invalid_request",
      message: "tax_year must be a four-digit integer.",
      param: "tax_year",
      rule: "type",
    };
  if (typeof r["jsonForm"] !== "object" || r["jsonForm"] === null || Array.isArray(r["jsonForm"]))
    return {
      type: "invalid_request",
      message: "jsonForm must be an object.",
      param: "jsonForm",
      rule: "type",
    };
  const payer = typeof r["payer"] === "string" ? r["payer"] : defaultPayer;
  if (!payer)
    return {
      type: "invalid_request",
      message: "payer is required (on the row or the request).",
      param: "payer",
      rule: "required",
    };
  const reference = typeof r["reference"] === "string" ? r["reference"] : null;
  return { payerId: payer, form: r["form"], taxYear: r["tax_year"], jsonForm: r["jsonForm"], reference };
}

export function rowReference(requestRef: string | null, rowRef: string | null, index: number): string | null {
  if (rowRef !== null) return rowRef;
  return requestRef === null ? null : `${requestRef}#${index}`;
}
