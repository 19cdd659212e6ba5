// GET /v1/authorizations, DELETE /v1/authorizations/{id} (D32): the owner's view of the apps its users
// authorized, per payer. Account administration: owner API keys only (OAuth tokens cannot manage grants).
import { listAuthorizations, revokeAuthorization } from "../../../core/use-cases/oauth/authorizations.ts";
import { scopeOf, type Api } from "../http.ts";
import { answer, idParam, type RouteDef } from "./route.ts";

export function authorizationRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/authorizations",
      scopes: [],
      ownerOnly: true,
      handler: answer(api, (ctx) => listAuthorizations(scopeOf(ctx))),
    },
    {
      method: "delete",
      path: "/v1/authorizations/:id",
      scopes: [],
      ownerOnly: true,
      handler: answer(api, (ctx) => revokeAuthorization(scopeOf(ctx), idParam(ctx))),
    },
  ];
}
