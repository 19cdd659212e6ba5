// GET /v1/authorizations and DELETE /v1/authorizations/{id} (D32): the owner sees and revokes the grants made
// on the consent page, one per (app, account, payer). After revocation the token endpoint answers
// invalid_grant; access tokens already issued run to their expiry (SPEC "Authentication", Revocation).
import * as Effect from "effect/Effect";
import { NotFound } from "../../domain/shared/errors.ts";
import { grantListView, revokedGrantView } from "../../domain/oauth/views.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Store, type Scope } from "../../ports/store.port.ts";

export const listAuthorizations = Effect.fnUntraced(function* (scope: Scope) {
  const store = yield* Store;
  const grants = yield* store.oauth.listActive(scope, "authorization_code");
  const apps = new Map(
    (yield* store.oauthApps.getMany([...new Set(grants.map((g) => g.appId))])).map((a) => [a.id, a] as const),
  );
  return grantListView(grants, apps);
});

export const revokeAuthorization = Effect.fn("revokeAuthorization")(function* (scope: Scope, id: string) {
  const store = yield* Store;
  const grant = yield* store.oauth.get(id);
  const notFound = new NotFound({ message: `No authorization ${id} in this environment.` });
  if (
    !grant ||
    grant.kind !== "authorization_code" ||
    grant.revokedAt !== null ||
    grant.accountId !== scope.accountId ||
    grant.livemode !== scope.livemode
  ) {
    return yield* notFound;
  }
  const now = (yield* Clock).now().toISOString();
  if (!(yield* store.oauth.revoke(grant.id, now, { tokens: false }))) return yield* notFound;
  const app = (yield* store.oauthApps.getMany([grant.appId]))[0];
  return revokedGrantView(grant, app, now);
});
