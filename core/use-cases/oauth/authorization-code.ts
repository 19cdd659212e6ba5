// RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.5-4.6): the code is single-use and lives 5 minutes; it must come
// back with the redirect URI it was issued for and the verifier of its S256 challenge. A code presented a
// second time is refused and every token it bought is revoked (§4.1.2, RFC 9700 §4.5).
import * as Effect from "effect/Effect";
import { OAuthError } from "../../domain/oauth/errors.ts";
import { isExpired, type OAuthApp } from "../../domain/oauth/model.ts";
import { verifierMatches } from "../../domain/oauth/pkce.ts";
import type { TokenRequest } from "../../domain/oauth/token-request.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Store } from "../../ports/store.port.ts";
import { mintTokens, requireGrantType } from "./tokens.ts";

const invalidGrant = (message: string) => new OAuthError({ code: "invalid_grant", message });
const missing = (name: string) =>
  new OAuthError({
    code: "invalid_request",
    message: `${name} is required for the authorization_code grant.`,
  });

export const authorizationCodeGrant = Effect.fn("authorizationCodeGrant")(function* (
  app: OAuthApp,
  request: TokenRequest,
) {
  const refused = requireGrantType(app, "authorization_code");
  if (refused) return yield* refused;
  if (request.code === undefined) return yield* missing("code");
  if (request.redirectUri === undefined) return yield* missing("redirect_uri");
  if (request.codeVerifier === undefined) return yield* missing("code_verifier (PKCE)");
  const store = yield* Store;
  const hasher = yield* Hasher;
  const now = (yield* Clock).now();
  const codeHash = hasher.sha256Hex(request.code);
  const code = yield* store.oauth.code(codeHash);
  if (!code || code.appId !== app.id)
    return yield* invalidGrant("The authorization code is invalid or was issued to another client.");
  const replayed = () =>
    Effect.gen(function* () {
      yield* store.oauth.revokeCodeTokens(codeHash, now.toISOString());
      return yield* invalidGrant(
        "The authorization code was already used; the tokens issued for it are revoked.",
      );
    });
  if (code.usedAt !== null) return yield* replayed();
  if (isExpired(code.expiresAt, now))
    return yield* invalidGrant("The authorization code has expired (codes live 5 minutes).");
  if (request.redirectUri !== code.redirectUri)
    return yield* invalidGrant("redirect_uri differs from the one of the authorization request.");
  if (!verifierMatches(request.codeVerifier, code.codeChallenge, hasher.sha256Hex)) {
    return yield* invalidGrant("code_verifier does not match the code_challenge (S256).");
  }
  const grant = yield* store.oauth.get(code.grantId);
  if (!grant || grant.revokedAt !== null) return yield* invalidGrant("The authorization was revoked.");
  const refreshScopes = app.grantTypes.includes("refresh_token") ? code.scopes : null;
  const { rows, response } = yield* mintTokens(grant, code.scopes, { refreshScopes, codeHash });
  if (!(yield* store.oauth.redeemCode(codeHash, now.toISOString(), rows))) return yield* replayed();
  return response;
});
