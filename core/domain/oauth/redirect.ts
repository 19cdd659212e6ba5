// Redirect URIs (RFC 6749 §3.1.2, RFC 9700 §2.1): registered exactly, HTTPS (loopback http excepted), no
// fragment; an authorization request's redirect_uri must equal a registered one character for character.

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function validateRedirectUri(uri: string): { ok: true } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { ok: false, message: `${uri} is not an absolute URI.` };
  }
  if (url.hash !== "" || uri.includes("#"))
    return { ok: false, message: `${uri} must not contain a fragment.` };
  if (url.protocol === "https:") return { ok: true };
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return { ok: true };
  return { ok: false, message: `${uri} must use https (http is allowed only for localhost and 127.0.0.1).` };
}

/** Exact, case-sensitive string comparison with the registered values: no normalisation, no prefixes. */
export function isRegisteredRedirect(uri: string, registered: readonly string[]): boolean {
  return registered.includes(uri);
}

/** The redirect back to the client: its URI with `params` added to the query (RFC 6749 §4.1.2). */
export function redirectWith(uri: string, params: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.append(k, v);
  return url.toString();
}
