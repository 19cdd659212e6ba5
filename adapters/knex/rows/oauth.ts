// Rows of the OAuth records (D32): apps, users, grants, codes, tokens, consent sessions.
import {
  GRANT_TYPES,
  type AuthorizationCode,
  type ConsentSession,
  type Grant,
  type OAuthApp,
  type OAuthToken,
  type User,
} from "../../../core/domain/oauth/model.ts";
import {
  arrayOf,
  Bool,
  json,
  literals,
  NullableText,
  NullableTimestamp,
  Num,
  rowCodec,
  struct,
  Text,
  Timestamp,
} from "./columns.ts";

const Strings = json(arrayOf(Text));

export const OAuthAppRow = rowCodec(
  "oauth_apps",
  struct({
    id: Text,
    client_id: Text,
    client_secret_hash: Text,
    account_id: Text,
    livemode: Bool,
    name: Text,
    redirect_uris: Strings,
    scopes: Strings,
    grant_types: json(arrayOf(literals(GRANT_TYPES))),
    created_at: Timestamp,
    revoked_at: NullableTimestamp,
  }),
);
export function toApp(row: unknown): OAuthApp {
  const r = OAuthAppRow.decode(row);
  return {
    id: r.id,
    clientId: r.client_id,
    clientSecretHash: r.client_secret_hash,
    accountId: r.account_id,
    livemode: r.livemode,
    name: r.name,
    redirectUris: r.redirect_uris,
    scopes: r.scopes,
    grantTypes: r.grant_types,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}

export const UserRow = rowCodec(
  "users",
  struct({
    id: Text,
    account_id: Text,
    email: Text,
    password_hash: NullableText,
    role: literals(["owner", "member"]),
    created_at: Timestamp,
  }),
);
export function toUser(row: unknown): User {
  const r = UserRow.decode(row);
  return {
    id: r.id,
    accountId: r.account_id,
    email: r.email,
    passwordHash: r.password_hash,
    role: r.role,
    createdAt: r.created_at,
  };
}

export const GrantRow = rowCodec(
  "oauth_grants",
  struct({
    id: Text,
    app_id: Text,
    account_id: Text,
    livemode: Bool,
    payer_id: NullableText,
    user_id: NullableText,
    role: literals(["owner", "developer", "member"]),
    scopes: Strings,
    kind: literals(["authorization_code", "client_credentials"]),
    created_at: Timestamp,
    updated_at: Timestamp,
    revoked_at: NullableTimestamp,
  }),
);
export function toGrant(row: unknown): Grant {
  const r = GrantRow.decode(row);
  return {
    id: r.id,
    appId: r.app_id,
    accountId: r.account_id,
    livemode: r.livemode,
    payerId: r.payer_id,
    userId: r.user_id,
    role: r.role,
    scopes: r.scopes,
    kind: r.kind,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    revokedAt: r.revoked_at,
  };
}

export const CodeRow = rowCodec(
  "oauth_codes",
  struct({
    code_hash: Text,
    grant_id: Text,
    app_id: Text,
    redirect_uri: Text,
    code_challenge: Text,
    scopes: Strings,
    expires_at: Timestamp,
    used_at: NullableTimestamp,
    created_at: Timestamp,
  }),
);
export function toCode(row: unknown): AuthorizationCode {
  const r = CodeRow.decode(row);
  return {
    codeHash: r.code_hash,
    grantId: r.grant_id,
    appId: r.app_id,
    redirectUri: r.redirect_uri,
    codeChallenge: r.code_challenge,
    scopes: r.scopes,
    expiresAt: r.expires_at,
    usedAt: r.used_at,
    createdAt: r.created_at,
  };
}

export const TokenRow = rowCodec(
  "oauth_tokens",
  struct({
    token_hash: Text,
    kind: literals(["access", "refresh"]),
    grant_id: Text,
    app_id: Text,
    scopes: Strings,
    code_hash: NullableText,
    expires_at: Timestamp,
    used_at: NullableTimestamp,
    revoked_at: NullableTimestamp,
    created_at: Timestamp,
  }),
);
export function toToken(row: unknown): OAuthToken {
  const r = TokenRow.decode(row);
  return {
    tokenHash: r.token_hash,
    kind: r.kind,
    grantId: r.grant_id,
    appId: r.app_id,
    scopes: r.scopes,
    codeHash: r.code_hash,
    expiresAt: r.expires_at,
    usedAt: r.used_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  };
}

export const ConsentSessionRow = rowCodec(
  "oauth_consent_sessions",
  struct({
    id: Text,
    app_id: Text,
    livemode: Bool,
    browser_hash: Text,
    csrf_hash: Text,
    redirect_uri: Text,
    state: NullableText,
    scopes: Strings,
    code_challenge: Text,
    user_id: NullableText,
    attempts: Num,
    expires_at: Timestamp,
  }),
);
export function toSession(row: unknown): ConsentSession {
  const r = ConsentSessionRow.decode(row);
  return {
    id: r.id,
    appId: r.app_id,
    livemode: r.livemode,
    browserHash: r.browser_hash,
    csrfHash: r.csrf_hash,
    redirectUri: r.redirect_uri,
    state: r.state,
    scopes: r.scopes,
    codeChallenge: r.code_challenge,
    userId: r.user_id,
    attempts: r.attempts,
    expiresAt: r.expires_at,
  };
}
