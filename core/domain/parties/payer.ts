// Payers: the filing businesses. Input rules of SPEC "Payer" with D5 (legal_name canonical, name alias,
// create with only name and TIN) and D6 (write-only TIN, hyphens allowed).
import { InvalidRequest } from "../shared/errors.ts";
import { Tin } from "../shared/tin.ts";
import { compileBody } from "../shared/validation.ts";
import { addressProps, normaliseAddress, type AddressFields } from "./address.ts";

export type TinType = "ein" | "ssn";

export interface Payer extends AddressFields {
  readonly id: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly legalName: string;
  readonly tinType: TinType;
  readonly tinLast4: string;
  readonly contactName: string | null;
  readonly contactEmail: string | null;
  readonly contactPhone: string | null;
  readonly isMainCompany: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Fields SPEC lists as response-only: accepted on input and ignored. */
const RESPONSE_ONLY = [
  "id",
  "object",
  "tin_last4",
  "is_main_company",
  "livemode",
  "created_at",
  "updated_at",
];

const str = (max: number) => ({ type: "string", maxLength: max });
const payerProps = {
  legal_name: { type: "string", minLength: 1, maxLength: 150 },
  name: { type: "string", minLength: 1, maxLength: 150 },
  tin: { type: "string", maxLength: 20 },
  tin_type: { enum: ["ein", "ssn"] },
  ...addressProps,
  contact_name: str(150),
  contact_email: { type: "string", maxLength: 254, format: "email" },
  contact_phone: { type: ["string", "number"], maxLength: 30 },
  ...Object.fromEntries(RESPONSE_ONLY.map((k) => [k, {}])),
};

export const checkCreate = compileBody<Record<string, unknown>>({
  type: "object",
  additionalProperties: false,
  required: ["tin"],
  properties: payerProps,
});
export const checkUpdate = compileBody<Record<string, unknown>>({
  type: "object",
  additionalProperties: false,
  properties: payerProps,
});

export interface PayerInput extends Partial<AddressFields> {
  legalName?: string;
  tin?: Tin;
  tinType?: TinType;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
}

function phoneDigits(v: unknown): string | InvalidRequest {
  const digits = String(v).replace(/[\s().+-]/g, "");
  if (!/^\d{7,15}$/.test(digits))
    return new InvalidRequest({
      param: "contact_phone",
      message: "contact_phone must be a phone number of 7 to 15 digits.",
    });
  return digits;
}

function normalise(body: Record<string, unknown>, creating: boolean): PayerInput | InvalidRequest {
  const out: PayerInput = {};
  const legal = body["legal_name"] ?? body["name"];
  if (body["legal_name"] !== undefined && body["name"] !== undefined && body["legal_name"] !== body["name"]) {
    return new InvalidRequest({
      param: "name",
      message: "name is an alias of legal_name; send one of them, or the same value in both.",
    });
  }
  if (typeof legal === "string") {
    if (legal.trim() === "")
      return new InvalidRequest({ param: "legal_name", message: "legal_name must not be empty." });
    out.legalName = legal.trim();
  } else if (creating) {
    return new InvalidRequest({ param: "legal_name", message: "legal_name (or name) is required." });
  }
  if (body["tin"] !== undefined) {
    if (!creating)
      return new InvalidRequest({
        param: "tin",
        message: "A payer's TIN cannot be changed through the API.",
      });
    const tin = Tin.parse(body["tin"]);
    if (!tin)
      return new InvalidRequest({
        param: "tin",
        message: "tin must be 9 digits (hyphens allowed, e.g. 12-3456789).",
      });
    out.tin = tin;
  }
  if (body["tin_type"] !== undefined) out.tinType = body["tin_type"] as TinType;
  else if (creating) out.tinType = "ein";
  const addr = normaliseAddress(body, creating);
  if (addr instanceof InvalidRequest) return addr;
  Object.assign(out, addr);
  if (body["contact_name"] !== undefined) out.contactName = (body["contact_name"] as string).trim() || null;
  if (body["contact_email"] !== undefined) out.contactEmail = body["contact_email"] as string;
  if (body["contact_phone"] !== undefined) {
    const p = phoneDigits(body["contact_phone"]);
    if (p instanceof InvalidRequest) return p;
    out.contactPhone = p;
  }
  return out;
}

export function parsePayerCreate(
  body: unknown,
): (PayerInput & { legalName: string; tin: Tin; tinType: TinType }) | InvalidRequest {
  const c = checkCreate(body);
  if (!c.ok) return c.error;
  return normalise(c.value, true) as
    | (PayerInput & { legalName: string; tin: Tin; tinType: TinType })
    | InvalidRequest;
}

export function parsePayerUpdate(body: unknown): PayerInput | InvalidRequest {
  const c = checkUpdate(body);
  if (!c.ok) return c.error;
  return normalise(c.value, false);
}

/** D5: the fields the reference marks required, enforced when a form is paid. */
export function payerMissingForFiling(p: Payer): string[] {
  const missing: string[] = [];
  for (const [k, v] of [
    ["address_line1", p.addressLine1],
    ["city", p.city],
    ["state", p.state],
    ["postal_code", p.postalCode],
    ["contact_name", p.contactName],
    ["contact_email", p.contactEmail],
    ["contact_phone", p.contactPhone],
  ] as const) {
    if (v === null || v === "") missing.push(k);
  }
  return missing;
}
