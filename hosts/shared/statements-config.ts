// Where recipient statements come from and point to (issue 39): PRINT_RETURN_ADDRESS_JSON, the service's return
// address on every letter (returned mail comes back to the service, not the payer), and PORTAL_BASE_URL, the
// recipient portal's public address in e-mails and letters. A value set but wrong stops the start with one line.
import type { MailAddress } from "../../core/ports/mail-house.port.ts";
import { ConfigError } from "./iris-config.ts";

export interface StatementConfig {
  /** PRINT_RETURN_ADDRESS_JSON; unset: live letters wait (their jobs say why) and the sandbox uses its own. */
  readonly returnAddress: MailAddress | undefined;
  /** PORTAL_BASE_URL (default http://localhost:<PORT>): an origin, no path. */
  readonly portalBaseUrl: string;
}

/** The sandbox's return address when PRINT_RETURN_ADDRESS_JSON is unset: made up, its letters go nowhere. */
export const SANDBOX_RETURN_ADDRESS: MailAddress = {
  name: "Sandbox Returns",
  addressLine1: "1 Return Way",
  addressLine2: null,
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  country: "US",
};

const FIELDS = {
  name: "name",
  address_line1: "addressLine1",
  address_line2: "addressLine2",
  city: "city",
  state: "state",
  postal_code: "postalCode",
  country: "country",
} as const;

function returnAddressFrom(text: string | undefined): MailAddress | undefined {
  if (!text?.trim()) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ConfigError("PRINT_RETURN_ADDRESS_JSON is not JSON.");
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new ConfigError(
      'PRINT_RETURN_ADDRESS_JSON must be an object such as {"name":"Acme Filing","address_line1":"1 Main St","city":"Austin","state":"TX","postal_code":"78701"}.',
    );
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!(k in FIELDS))
      throw new ConfigError(`PRINT_RETURN_ADDRESS_JSON has an unknown field ${JSON.stringify(k)}.`);
  const str = (k: keyof typeof FIELDS) => {
    const v = o[k];
    if (v === undefined || v === null || v === "") return null;
    if (typeof v !== "string") throw new ConfigError(`PRINT_RETURN_ADDRESS_JSON.${k} must be a string.`);
    return v.trim();
  };
  const address: MailAddress = {
    name: str("name") ?? "",
    addressLine1: str("address_line1"),
    addressLine2: str("address_line2"),
    city: str("city"),
    state: str("state"),
    postalCode: str("postal_code"),
    country: (str("country") ?? "US").toUpperCase(),
  };
  for (const k of ["name", "address_line1", "city", "state", "postal_code"] as const)
    if (!str(k)) throw new ConfigError(`PRINT_RETURN_ADDRESS_JSON.${k} is required.`);
  if (address.country === "US" && !/^\d{5}(-\d{4})?$/.test(address.postalCode ?? ""))
    throw new ConfigError(
      "PRINT_RETURN_ADDRESS_JSON.postal_code must be a US ZIP code (12345 or 12345-6789).",
    );
  return address;
}

function portalBaseUrlFrom(text: string | undefined, port: number): string {
  const value = text?.trim();
  if (!value) return `http://localhost:${String(port)}`;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash)
    throw new ConfigError(
      `PORTAL_BASE_URL must be an http(s) URL such as https://files.example.com; got ${JSON.stringify(value)}.`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

export function loadStatementConfig(env: NodeJS.ProcessEnv, port: number): StatementConfig {
  return {
    returnAddress: returnAddressFrom(env["PRINT_RETURN_ADDRESS_JSON"]),
    portalBaseUrl: portalBaseUrlFrom(env["PORTAL_BASE_URL"], port),
  };
}
