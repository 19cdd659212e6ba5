// Scopes of both vocabularies (SPEC "Authentication", D31) and the subset rule of RFC 6749 §3.3.

/** The machine-readable description's scopes, then the reference's; a credential may hold either kind. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  "filings:read": "Read payers, recipients, forms and filings",
  "filings:write": "Add recipients and filings, correct and void filings",
  "payments:read": "Read the prepaid balance and orders",
  "payments:write": "Add funds and pay the cart",
  "webhooks:read": "Read webhook endpoints and events",
  "webhooks:write": "Create and change webhook endpoints",
  "payers:read": "Read payers and recipients",
  "payers:write": "Create and change payers",
  "recipients:write": "Create and change recipients",
  "tin:match": "Match names and TINs with the IRS",
  "webhooks:manage": "Manage webhook endpoints and read events",
  "sandbox:reset": "Reset the sandbox",
};

export const ALL_SCOPES: readonly string[] = Object.keys(SCOPE_DESCRIPTIONS);

// RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), space-delimited.
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** Parses a space-delimited scope string into distinct known scopes; null when malformed or unknown. */
export function parseScopes(text: string): readonly string[] | null {
  const parts = text.split(" ").filter((s) => s !== "");
  if (parts.length === 0) return null;
  for (const p of parts) if (!SCOPE_TOKEN.test(p) || !(p in SCOPE_DESCRIPTIONS)) return null;
  return [...new Set(parts)];
}

export function isSubset(requested: readonly string[], allowed: readonly string[]): boolean {
  return requested.every((s) => allowed.includes(s));
}

/** The scope a request ends up with: the requested subset, or everything allowed when none is asked for. */
export function resolveScope(
  requested: string | undefined,
  allowed: readonly string[],
): { ok: true; scopes: readonly string[] } | { ok: false; message: string } {
  if (requested === undefined) return { ok: true, scopes: allowed };
  const parsed = parseScopes(requested);
  if (!parsed)
    return {
      ok: false,
      message: `scope must be a space-separated list of known scopes (${ALL_SCOPES.join(", ")}).`,
    };
  const outside = parsed.filter((s) => !allowed.includes(s));
  if (outside.length > 0)
    return {
      ok: false,
      message: `scope asks for ${outside.join(", ")}, which this client may not have; it may have: ${allowed.join(" ")}.`,
    };
  return { ok: true, scopes: parsed };
}
