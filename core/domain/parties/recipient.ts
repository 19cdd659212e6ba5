// Recipients (payees): belong to exactly one payer. SPEC "Recipient", D5, D6, D8.
import { InvalidRequest } from "../shared/errors.ts";
import { Tin } from "../shared/tin.ts";
import { compileBody } from "../shared/validation.ts";
import { addressProps, normaliseAddress, type AddressFields } from "./address.ts";
import type { TinType } from "./payer.ts";

export type DeliveryMethod = "paper" | "electronic";

export interface Recipient extends AddressFields {
  readonly id: string;
  readonly shortId: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly payerId: string;
  readonly name: string;
  readonly tinType: TinType | null;
  readonly tinLast4: string;
  readonly email: string | null;
  readonly deliveryMethod: DeliveryMethod;
  readonly accountNumber: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const RESPONSE_ONLY = [
  "id",
  "object",
  "short_id",
  "tin_last4",
  "consent",
  "portal",
  "livemode",
  "created_at",
  "updated_at",
];
const props = {
  payer: { type: "string", maxLength: 64 },
  name: { type: "string", minLength: 1, maxLength: 150 },
  tin: { type: "string", maxLength: 20 },
  tin_type: { enum: ["ssn", "ein", null] },
  ...addressProps,
  email: { type: ["string", "null"], maxLength: 254, format: "email" },
  delivery_method: { enum: ["paper", "electronic"] },
  account_number: { type: ["string", "null"], maxLength: 30 },
  ...Object.fromEntries(RESPONSE_ONLY.map((k) => [k, {}])),
};
export const checkCreate = compileBody<Record<string, unknown>>({
  type: "object",
  additionalProperties: false,
  required: ["payer", "name", "tin"],
  properties: props,
});
export const checkUpdate = compileBody<Record<string, unknown>>({
  type: "object",
  additionalProperties: false,
  properties: props,
});

export interface RecipientInput extends Partial<{ -readonly [K in keyof AddressFields]: AddressFields[K] }> {
  payerId?: string;
  name?: string;
  tin?: Tin;
  tinType?: TinType | null;
  email?: string | null;
  deliveryMethod?: DeliveryMethod;
  accountNumber?: string | null;
}

function normalise(body: Record<string, unknown>, creating: boolean): RecipientInput | InvalidRequest {
  const out: RecipientInput = {};
  if (body["payer"] !== undefined) {
    if (!creating)
      return new InvalidRequest({ param: "payer", message: "A recipient cannot move to another payer." });
    out.payerId = body["payer"] as string;
  }
  if (typeof body["name"] === "string") {
    if (body["name"].trim() === "")
      return new InvalidRequest({ param: "name", message: "name must not be empty." });
    out.name = body["name"].trim();
  }
  if (body["tin"] !== undefined) {
    const tin = Tin.parse(body["tin"]);
    if (!tin)
      return new InvalidRequest({
        param: "tin",
        message: "tin must be 9 digits (hyphens allowed, e.g. 123-45-6789).",
      });
    out.tin = tin;
  }
  if (body["tin_type"] !== undefined) out.tinType = body["tin_type"] as TinType | null;
  const addr = normaliseAddress(body, creating);
  if (addr instanceof InvalidRequest) return addr;
  Object.assign(out, addr);
  if (body["email"] !== undefined) out.email = body["email"] as string | null;
  if (body["delivery_method"] !== undefined) out.deliveryMethod = body["delivery_method"] as DeliveryMethod;
  else if (creating) out.deliveryMethod = "paper";
  if (body["account_number"] !== undefined)
    out.accountNumber = (body["account_number"] as string | null) || null;
  return out;
}

export function parseRecipientCreate(
  body: unknown,
): (RecipientInput & { payerId: string; name: string; tin: Tin }) | InvalidRequest {
  const c = checkCreate(body);
  if (!c.ok) return c.error;
  const r = normalise(c.value, true);
  if (r instanceof InvalidRequest) return r;
  if (r.deliveryMethod === "electronic" && !r.email) {
    return new InvalidRequest({
      param: "email",
      message: "email is required when delivery_method is electronic.",
    });
  }
  return r as RecipientInput & { payerId: string; name: string; tin: Tin };
}

export function parseRecipientUpdate(body: unknown): RecipientInput | InvalidRequest {
  const c = checkUpdate(body);
  if (!c.ok) return c.error;
  return normalise(c.value, false);
}

/** Checks the merged result of a PATCH: electronic delivery needs an email. */
export function checkRecipientConsistency(r: {
  deliveryMethod: DeliveryMethod;
  email: string | null;
}): InvalidRequest | null {
  if (r.deliveryMethod === "electronic" && !r.email) {
    return new InvalidRequest({
      param: "email",
      message: "email is required when delivery_method is electronic.",
    });
  }
  return null;
}

export function recipientMissingForFiling(
  r: Pick<Recipient, "addressLine1" | "city" | "state" | "postalCode">,
): string[] {
  const missing: string[] = [];
  for (const [k, v] of [
    ["address_line1", r.addressLine1],
    ["city", r.city],
    ["state", r.state],
    ["postal_code", r.postalCode],
  ] as const) {
    if (v === null || v === "") missing.push(k);
  }
  return missing;
}
