// Token endpoint errors (RFC 6749 §5.2) and the authorization endpoint's redirect errors (§4.1.2.1).
import * as Data from "effect/Data";

export type TokenErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope";

export class OAuthError extends Data.TaggedError("OAuthError")<{
  readonly code: TokenErrorCode;
  readonly message: string;
}> {}

/** invalid_client is 401 (with WWW-Authenticate); every other token error is 400 (RFC 6749 §5.2). */
export function tokenErrorStatus(code: TokenErrorCode): number {
  return code === "invalid_client" ? 401 : 400;
}

export type AuthorizeErrorCode =
  | "invalid_request"
  | "unsupported_response_type"
  | "invalid_scope"
  | "access_denied"
  | "unauthorized_client";

/** An authorization request problem reported to the client by redirect, once its redirect URI is trusted. */
export class AuthorizeRedirectError extends Data.TaggedError("AuthorizeRedirectError")<{
  readonly code: AuthorizeErrorCode;
  readonly message: string;
  readonly redirectUri: string;
  readonly state: string | undefined;
}> {}

/** A problem shown on the page itself, never redirected: unknown client, unregistered redirect URI, lost session. */
export class AuthorizePageError extends Data.TaggedError("AuthorizePageError")<{
  readonly title: string;
  readonly message: string;
  readonly status: number;
}> {}
