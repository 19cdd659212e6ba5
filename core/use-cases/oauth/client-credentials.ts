// RFC 6749 §4.4 client_credentials: the app acts as the owner of its own account (D4), for every payer, with
// the requested subset of its scopes. No refresh token (§4.4.3). The app's tokens share one grant, which is
// the credential its rate limit counts against (D33).
import * as Effect from "effect/Effect";
import { OAuthError } from "../../domain/oauth/errors.ts";
import type { Grant, OAuthApp } from "../../domain/oauth/model.ts";
import { resolveScope } from "../../domain/oauth/scopes.ts";
import type { TokenRequest } from "../../domain/oauth/token-request.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store } from "../../ports/store.port.ts";
import { mintTokens, requireGrantType } from "./tokens.ts";

export const clientCredentialsGrant = Effect.fn("clientCredentialsGrant")(function* (
  app: OAuthApp,
  request: TokenRequest,
) {
  const refused = requireGrantType(app, "client_credentials");
  if (refused) return yield* refused;
  const scope = resolveScope(request.scope, app.scopes);
  if (!scope.ok) return yield* new OAuthError({ code: "invalid_scope", message: scope.message });
  const store = yield* Store;
  const now = (yield* Clock).now().toISOString();
  const grant: Grant = yield* store.oauth.upsertActive({
    id: (yield* Ids).uuid(),
    appId: app.id,
    accountId: app.accountId,
    livemode: app.livemode,
    payerId: null,
    userId: null,
    role: "owner",
    scopes: app.scopes,
    kind: "client_credentials",
    createdAt: now,
    updatedAt: now,
    revokedAt: null,
  });
  const { rows, response } = yield* mintTokens(grant, scope.scopes, { refreshScopes: null, codeHash: null });
  yield* store.oauth.insertTokens(rows);
  return response;
});
