// OAuth 2.0 records (D32): registered apps, users who consent, grants per (app, account, payer), single-use
// codes and hashed tokens. Secrets are never stored: only their SHA-256 (tokens) or scrypt (passwords) hashes.
import type { Role } from "../parties/account.ts";

export const CODE_TTL_SECONDS = 300;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Rotation renews it; an unused refresh token lapses after this long (RFC 9700 §4.14.2). */
export const REFRESH_TOKEN_TTL_SECONDS = 90 * 24 * 3600;
/** The sign-in and consent pages must be completed within this time. */
export const CONSENT_SESSION_TTL_SECONDS = 600;
export const MAX_SIGN_IN_ATTEMPTS = 5;

export type GrantType = "authorization_code" | "refresh_token" | "client_credentials";
export const GRANT_TYPES: readonly GrantType[] = [
  "authorization_code",
  "refresh_token",
  "client_credentials",
];
export type Environment = "sandbox" | "live";
export type UserRole = "owner" | "member";

export interface OAuthApp {
  readonly id: string;
  readonly clientId: string;
  readonly clientSecretHash: string;
  /** The app's own account: what client_credentials tokens act for (D4). */
  readonly accountId: string;
  readonly livemode: boolean;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly scopes: readonly string[];
  readonly grantTypes: readonly GrantType[];
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export interface User {
  readonly id: string;
  readonly accountId: string;
  readonly email: string;
  /** scrypt; null for users who can sign in only on the sandbox (no password there). */
  readonly passwordHash: string | null;
  readonly role: UserRole;
  readonly createdAt: string;
}

/** One per (app, account, environment, payer) while active; tokens and codes hang off it. */
export interface Grant {
  readonly id: string;
  readonly appId: string;
  readonly accountId: string;
  readonly livemode: boolean;
  /** null for client_credentials grants (the app's own account, every payer). */
  readonly payerId: string | null;
  readonly userId: string | null;
  readonly role: Role;
  readonly scopes: readonly string[];
  readonly kind: "authorization_code" | "client_credentials";
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly revokedAt: string | null;
}

export interface AuthorizationCode {
  readonly codeHash: string;
  readonly grantId: string;
  readonly appId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly scopes: readonly string[];
  readonly expiresAt: string;
  readonly usedAt: string | null;
  readonly createdAt: string;
}

export interface OAuthToken {
  readonly tokenHash: string;
  readonly kind: "access" | "refresh";
  readonly grantId: string;
  readonly appId: string;
  readonly scopes: readonly string[];
  /** The code the token descends from (revoked together when that code is replayed). */
  readonly codeHash: string | null;
  readonly expiresAt: string;
  /** Refresh tokens: when it was exchanged (rotation); a second use is a replay. */
  readonly usedAt: string | null;
  readonly revokedAt: string | null;
  readonly createdAt: string;
}

/** The server side of one browser's pass through the authorize pages (bound to it by a cookie). */
export interface ConsentSession {
  readonly id: string;
  readonly appId: string;
  readonly livemode: boolean;
  readonly browserHash: string;
  readonly csrfHash: string;
  readonly redirectUri: string;
  readonly state: string | null;
  readonly scopes: readonly string[];
  readonly codeChallenge: string;
  readonly userId: string | null;
  readonly attempts: number;
  readonly expiresAt: string;
}

export const environmentOf = (livemode: boolean): Environment => (livemode ? "live" : "sandbox");

/** Token and identifier shapes: the prefix names the kind and environment (secret scanners, D2 routing). */
export const PREFIX = {
  clientId: (env: Environment) => `client_${env}_`,
  clientSecret: (env: Environment) => `secret_${env}_`,
  code: "code_",
  access: (env: Environment) => `oat_${env}_`,
  refresh: (env: Environment) => `ort_${env}_`,
} as const;
/** Random characters after the prefix: 43 base62 characters carry about 256 bits. */
export const SECRET_LENGTH = 43;

export function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

export const isExpired = (expiresAt: string, now: Date) => Date.parse(expiresAt) <= now.getTime();
