// Accounts own everything; credentials act for one account in one environment (D2, D3, D4).
/** API keys are `owner` or `developer`; OAuth tokens carry the consenting user's `owner` or `member` (D4). */
export type Role = "owner" | "developer" | "member";

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly liveEnabled: boolean;
  readonly defaultApiVersion: string | null;
  readonly ipAllowlist: readonly string[];
  /**
   * Issue 41: the default of `strict` on intake, FIRE import and pay: refuse forms the IRS would accept with errors
   * (its Report Error rules). Absent: off.
   */
  readonly strictRules?: boolean;
  readonly createdAt: string;
}

/** What a request acts as once its bearer token is resolved: an API key or an OAuth access token (D32). */
export interface Principal {
  readonly kind: "api_key" | "oauth";
  readonly credentialId: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly role: Role;
  /** null = every scope (API keys); OAuth tokens carry their granted scopes. */
  readonly scopes: readonly string[] | null;
  /** Payer-scoped OAuth grants act only for this payer. */
  readonly payerId: string | null;
  readonly account: Account;
}

export interface RateWindow {
  readonly limit: number;
  readonly used: number;
  readonly resetAtSeconds: number;
}

/** The environment a credential names by its prefix: API keys `sk_…`, OAuth access tokens `oat_…` (D2). */
export function environmentOfToken(token: string): "sandbox" | "live" | null {
  if (token.startsWith("sk_sandbox_") || token.startsWith("oat_sandbox_")) return "sandbox";
  if (token.startsWith("sk_live_") || token.startsWith("oat_live_")) return "live";
  return null;
}

export const isApiKey = (token: string) => token.startsWith("sk_");
