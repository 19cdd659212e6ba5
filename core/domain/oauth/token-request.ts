// Reading a token request (RFC 6749 §2.3.1, §3.2, §4.1.3, §4.4.2, §6): form fields, each at most once,
// empty ones treated as absent; the client authenticates with HTTP Basic or in the body, never both.
import { GRANT_TYPES, type GrantType } from "./model.ts";
import { OAuthError } from "./errors.ts";
import { findUnstorableText } from "../shared/validation.ts";

export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface TokenRequest {
  readonly grantType: GrantType;
  readonly client: ClientCredentials | null;
  readonly scope: string | undefined;
  readonly code: string | undefined;
  readonly redirectUri: string | undefined;
  readonly codeVerifier: string | undefined;
  readonly refreshToken: string | undefined;
}

const bad = (message: string) => new OAuthError({ code: "invalid_request", message });

/** Form values of `application/x-www-form-urlencoded` as name -> every value sent. */
export type FormFields = ReadonlyMap<string, readonly string[]>;

function formDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/** `Authorization: Basic base64(urlencode(id) ":" urlencode(secret))`; null when absent, an error when unreadable. */
export function parseBasic(header: string | undefined): ClientCredentials | null | OAuthError {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m)
    return /^Basic\b/i.test(header)
      ? new OAuthError({ code: "invalid_client", message: "The Basic credentials are malformed." })
      : null;
  let decoded: string;
  try {
    decoded = atob(m[1] as string);
  } catch {
    return new OAuthError({ code: "invalid_client", message: "The Basic credentials are not valid base64." });
  }
  const colon = decoded.indexOf(":");
  if (colon < 0)
    return new OAuthError({
      code: "invalid_client",
      message: "The Basic credentials must be client_id:client_secret.",
    });
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (clientId === null || clientSecret === null)
    return new OAuthError({ code: "invalid_client", message: "The Basic credentials are not form-encoded." });
  if (findUnstorableText([clientId, clientSecret]) !== null)
    return new OAuthError({
      code: "invalid_client",
      message: "The Basic credentials contain a NUL character or an unpaired surrogate.",
    });
  return { clientId, clientSecret };
}

export function parseTokenRequest(
  fields: FormFields,
  authorization: string | undefined,
): TokenRequest | OAuthError {
  for (const [name, values] of fields) {
    if (values.filter((v) => v !== "").length > 1) return bad(`${name} is sent more than once.`);
  }
  const one = (name: string): string | undefined => fields.get(name)?.find((v) => v !== "");
  const grantType = one("grant_type");
  if (grantType === undefined) return bad("grant_type is required.");
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    return new OAuthError({
      code: "unsupported_grant_type",
      message: `grant_type ${grantType} is not supported; use authorization_code, refresh_token or client_credentials.`,
    });
  }
  const basic = parseBasic(authorization);
  if (basic instanceof OAuthError) return basic;
  const bodyId = one("client_id");
  const bodySecret = one("client_secret");
  let client: ClientCredentials | null = null;
  if (basic) {
    if (bodySecret !== undefined)
      return bad("Send the client credentials once: in the Authorization header or in the body, not both.");
    if (bodyId !== undefined && bodyId !== basic.clientId)
      return bad("client_id in the body differs from the one in the Authorization header.");
    client = basic;
  } else if (bodyId !== undefined) {
    client = bodySecret === undefined ? null : { clientId: bodyId, clientSecret: bodySecret };
  }
  return {
    grantType: grantType as GrantType,
    client,
    scope: one("scope"),
    code: one("code"),
    redirectUri: one("redirect_uri"),
    codeVerifier: one("code_verifier"),
    refreshToken: one("refresh_token"),
  };
}
