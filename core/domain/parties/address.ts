import { InvalidRequest } from "../shared/errors.ts";

export interface AddressFields {
  readonly addressLine1: string | null;
  readonly addressLine2: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postalCode: string | null;
  readonly country: string;
}

export const addressProps = {
  address_line1: { type: "string", maxLength: 100 },
  address_line2: { type: ["string", "null"], maxLength: 100 },
  city: { type: "string", maxLength: 60 },
  state: { type: "string", maxLength: 2, minLength: 2 },
  postal_code: { type: "string", maxLength: 10 },
  country: { type: "string", maxLength: 2, minLength: 2 },
};

const ZIP = /^\d{5}(-?\d{4})?$/;

/** Upper-cases state and country, defaults country to US on create, checks US ZIP / ZIP+4 (SPEC Conventions). */
export function normaliseAddress(
  body: Record<string, unknown>,
  creating: boolean,
): Partial<{ -readonly [K in keyof AddressFields]: AddressFields[K] }> | InvalidRequest {
  const out: Partial<{ -readonly [K in keyof AddressFields]: AddressFields[K] }> = {};
  const text = (k: string) => {
    const v = body[k];
    return typeof v === "string" ? v.trim() : v === null ? null : undefined;
  };
  const l1 = text("address_line1");
  if (l1 !== undefined) out.addressLine1 = l1 || null;
  const l2 = text("address_line2");
  if (l2 !== undefined) out.addressLine2 = l2 || null;
  const city = text("city");
  if (city !== undefined) out.city = city || null;
  const state = text("state");
  if (state !== undefined && state !== null) {
    if (!/^[A-Za-z]{2}$/.test(state))
      return new InvalidRequest({ param: "state", message: "state must be a 2-letter USPS code." });
    out.state = state.toUpperCase();
  }
  const country = text("country");
  if (country !== undefined && country !== null) {
    if (!/^[A-Za-z]{2}$/.test(country))
      return new InvalidRequest({ param: "country", message: "country must be a 2-letter code." });
    out.country = country.toUpperCase();
  } else if (creating) out.country = "US";
  const zip = text("postal_code");
  if (zip !== undefined && zip !== null) {
    const isUs = (out.country ?? "US") === "US";
    if (isUs && !ZIP.test(zip))
      return new InvalidRequest({
        param: "postal_code",
        message: "postal_code must be a ZIP (12345) or ZIP+4 (12345-6789).",
      });
    out.postalCode = zip;
  }
  return out;
}

/** The stored address of a new payer or recipient: every field present, null when not given, country US by default. */
export function newAddress(input: Partial<AddressFields>): AddressFields {
  return {
    addressLine1: input.addressLine1 ?? null,
    addressLine2: input.addressLine2 ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    postalCode: input.postalCode ?? null,
    country: input.country ?? "US",
  };
}
