// What the token grants share (D32): client authentication and minting hashed tokens. Each grant type has its
// own use case (oauth/*.ts); `requestToken` in oauth/token.ts picks one.
import * as Effect from "effect/Effect";
import { OAuthError } from "../../domain/oauth/errors.ts";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  PREFIX,
  REFRESH_TOKEN_TTL_SECONDS,
  SECRET_LENGTH,
  addSeconds,
  environmentOf,
  type Grant,
  type GrantType,
  type OAuthApp,
  type OAuthToken,
} from "../../domain/oauth/model.ts";
import { constantTimeEqual } from "../../domain/oauth/pkce.ts";
import type { ClientCredentials } from "../../domain/oauth/token-request.ts";
import { tokenResponseView } from "../../domain/oauth/views.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store } from "../../ports/store.port.ts";
import type { HostEnvironment } from "../accounts/authenticate.ts";

/** RFC 6749 §2.3.1: the client's secret, compared by hash in constant time; its environment must be the host's. */
export const authenticateClient = Effect.fn("authenticateClient")(function* (
  client: ClientCredentials | null,
  hostEnv: HostEnvironment,
) {
  if (!client) {
    return yield* new OAuthError({
      code: "invalid_client",
      message: "Client authentication is required: HTTP Basic, or client_id and client_secret in the body.",
    });
  }
  const app = yield* (yield* Store).oauthApps.byClientId(client.clientId);
  const secretHash = (yield* Hasher).sha256Hex(client.clientSecret);
  if (!app || app.revokedAt !== null || !constantTimeEqual(secretHash, app.clientSecretHash)) {
    return yield* new OAuthError({
      code: "invalid_client",
      message: "Unknown client or wrong client secret.",
    });
  }
  if (hostEnv !== null && (hostEnv === "live") !== app.livemode) {
    return yield* new OAuthError({
      code: "invalid_client",
      message: `This client is registered for the ${app.livemode ? "production" : "sandbox"} environment; this host serves the other one.`,
    });
  }
  return app;
});

export function requireGrantType(app: OAuthApp, grantType: GrantType): OAuthError | null {
  if (app.grantTypes.includes(grantType)) return null;
  return new OAuthError({
    code: "unauthorized_client",
    message: `This client is not registered for the ${grantType} grant; it may use: ${app.grantTypes.join(", ")}.`,
  });
}

/** Fresh tokens for a grant: an access token with `scopes`, and a refresh token with `refreshScopes` when given. */
export const mintTokens = Effect.fn("mintTokens")(function* (
  grant: Grant,
  scopes: readonly string[],
  opts: { refreshScopes: readonly string[] | null; codeHash: string | null },
) {
  const ids = yield* Ids;
  const hasher = yield* Hasher;
  const now = (yield* Clock).now().toISOString();
  const env = environmentOf(grant.livemode);
  const row = (
    kind: OAuthToken["kind"],
    secret: string,
    tokenScopes: readonly string[],
    ttl: number,
  ): OAuthToken => ({
    tokenHash: hasher.sha256Hex(secret),
    kind,
    grantId: grant.id,
    appId: grant.appId,
    scopes: tokenScopes,
    codeHash: opts.codeHash,
    expiresAt: addSeconds(now, ttl),
    usedAt: null,
    revokedAt: null,
    createdAt: now,
  });
  const access = ids.short(PREFIX.access(env), SECRET_LENGTH);
  const rows = [row("access", access, scopes, ACCESS_TOKEN_TTL_SECONDS)];
  let refresh: string | undefined;
  if (opts.refreshScopes) {
    refresh = ids.short(PREFIX.refresh(env), SECRET_LENGTH);
    rows.push(row("refresh", refresh, opts.refreshScopes, REFRESH_TOKEN_TTL_SECONDS));
  }
  const response = tokenResponseView(access, ACCESS_TOKEN_TTL_SECONDS, scopes, refresh);
  return { rows, response };
});
