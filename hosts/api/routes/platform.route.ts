import { extensionView } from "../../../core/domain/extensions/extension.ts";
import {
  getExtension,
  listExtensions,
  requestExtension,
  resetSandbox,
} from "../../../core/use-cases/platform.use-case.ts";
import { listBody, pageQuery, scopeOf, type Api } from "../http.ts";
import { confinedPayer, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function platformRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/extensions",
      scopes: SCOPES.filingsRead,
      payers: "confined",
      handler: async (ctx) => {
        const page = pageQuery(ctx);
        // A payer-scoped grant sees its payer's extensions.
        ctx.body = listBody(await api.run(listExtensions(scopeOf(ctx), page, confinedPayer(ctx))), (e) =>
          extensionView(e, false),
        );
      },
    },
    {
      method: "post",
      path: "/v1/extensions",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.bodyPayer,
      handler: async (ctx) => {
        const r = await api.run(requestExtension(scopeOf(ctx), ctx.state.body));
        ctx.status = r.created ? 201 : 200;
        ctx.body = r.body;
      },
    },
    {
      method: "get",
      path: "/v1/extensions/:id",
      scopes: SCOPES.filingsRead,
      payers: (ctx) => [{ extension: String(ctx.params["id"]) }],
      handler: async (ctx) => {
        ctx.body = await api.run(getExtension(scopeOf(ctx), String(ctx.params["id"])));
      },
    },
    {
      method: "post",
      path: "/v1/sandbox/reset",
      scopes: ["filings:write", "sandbox:reset"],
      ownerOnly: true,
      handler: async (ctx) => {
        ctx.body = await api.run(resetSandbox(scopeOf(ctx)));
      },
    },
  ];
}
