// RFC 6749 §6 with rotation (RFC 9700 §4.14.2): a refresh token is exchanged once for a new pair. Presenting
// one that was already exchanged means two parties hold it: the whole grant and all its tokens are revoked.
// The requested scope may narrow the access token, never widen it; the new refresh token keeps the old scope.
import * as Effect from "effect/Effect";
import { OAuthError } from "../../domain/oauth/errors.ts";
import { isExpired, type OAuthApp } from "../../domain/oauth/model.ts";
import { resolveScope } from "../../domain/oauth/scopes.ts";
import type { TokenRequest } from "../../domain/oauth/token-request.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Store } from "../../ports/store.port.ts";
import { mintTokens, requireGrantType } from "./tokens.ts";

const invalidGrant = (message: string) => new OAuthError({ code: "invalid_grant", message });

export const refreshTokenGrant = Effect.fn("refreshTokenGrant")(function* (
  app: OAuthApp,
  request: TokenRequest,
) {
  const refused = requireGrantType(app, "refresh_token");
  if (refused) return yield* refused;
  if (request.refreshToken === undefined)
    return yield* new OAuthError({
      code: "invalid_request",
      message: "refresh_token is required for the refresh_token grant.",
    });
  const store = yield* Store;
  const now = (yield* Clock).now();
  const hash = (yield* Hasher).sha256Hex(request.refreshToken);
  const token = yield* store.oauth.token(hash);
  if (!token || token.kind !== "refresh" || token.appId !== app.id)
    return yield* invalidGrant("The refresh token is invalid or was issued to another client.");
  const grant = yield* store.oauth.get(token.grantId);
  if (!grant || grant.revokedAt !== null) return yield* invalidGrant("The authorization was revoked.");
  const reused = () =>
    Effect.gen(function* () {
      yield* store.oauth.revoke(grant.id, now.toISOString(), { tokens: true });
      return yield* invalidGrant(
        "The refresh token was already used; the authorization and all its tokens are revoked.",
      );
    });
  if (token.usedAt !== null) return yield* reused();
  if (token.revokedAt !== null) return yield* invalidGrant("The refresh token was revoked.");
  if (isExpired(token.expiresAt, now)) return yield* invalidGrant("The refresh token has expired.");
  const scope = resolveScope(request.scope, token.scopes);
  if (!scope.ok) return yield* new OAuthError({ code: "invalid_scope", message: scope.message });
  const { rows, response } = yield* mintTokens(grant, scope.scopes, {
    refreshScopes: token.scopes,
    codeHash: token.codeHash,
  });
  if (!(yield* store.oauth.rotateRefresh(hash, now.toISOString(), rows))) return yield* reused();
  return response;
});
