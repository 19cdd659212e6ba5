// Wire views of OAuth: the token endpoint's answer (RFC 6749 §5.1 names) and the grants an owner sees and revokes
// (GET /v1/authorizations, D32, SPEC names): the one home of these shapes.
import { listView } from "../shared/views.ts";
import type { Grant, OAuthApp } from "./model.ts";

export function grantView(g: Grant, app: Pick<OAuthApp, "clientId" | "name"> | undefined) {
  return {
    object: "authorization",
    id: g.id,
    client_id: app?.clientId ?? null,
    app_name: app?.name ?? null,
    payer: g.payerId,
    scopes: g.scopes,
    role: g.role,
    livemode: g.livemode,
    created_at: g.createdAt,
    updated_at: g.updatedAt,
  };
}

/** The owner's active grants, each with its app (`apps` by app id). */
export function grantListView(
  grants: readonly Grant[],
  apps: ReadonlyMap<string, Pick<OAuthApp, "clientId" | "name">>,
) {
  return listView(grants.map((g) => grantView(g, apps.get(g.appId))));
}

/** A grant just revoked, at `revokedAt`. */
export function revokedGrantView(
  g: Grant,
  app: Pick<OAuthApp, "clientId" | "name"> | undefined,
  revokedAt: string,
) {
  return { ...grantView({ ...g, revokedAt }, app), revoked: true, revoked_at: revokedAt };
}

export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: "Bearer";
  readonly expires_in: number;
  readonly scope: string;
  readonly refresh_token?: string;
}

/** RFC 6749 §5.1: the tokens just minted; `refresh` only when a refresh token was issued. */
export function tokenResponseView(
  access: string,
  expiresIn: number,
  scopes: readonly string[],
  refresh: string | undefined,
): TokenResponse {
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: expiresIn,
    scope: scopes.join(" "),
    ...(refresh === undefined ? {} : { refresh_token: refresh }),
  };
}
