// GET /v1/security/lockouts, DELETE /v1/security/lockouts/{id} (issue 38): the owner's view of its users locked out
// of the sign-in page by failed attempts, and the lift of a lock. Account administration: owner API keys only.
import { liftLockout, listLockouts } from "../../../core/use-cases/accounts/throttles.ts";
import { scopeOf, type Api } from "../http.ts";
import { answer, idParam, type RouteDef } from "./route.ts";

export function securityRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/security/lockouts",
      scopes: [],
      ownerOnly: true,
      handler: answer(api, (ctx) => listLockouts(scopeOf(ctx).accountId)),
    },
    {
      method: "delete",
      path: "/v1/security/lockouts/:id",
      scopes: [],
      ownerOnly: true,
      handler: answer(api, (ctx) => liftLockout(scopeOf(ctx).accountId, idParam(ctx))),
    },
  ];
}
