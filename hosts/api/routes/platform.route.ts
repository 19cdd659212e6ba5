import { InvalidRequest } from "../../../core/domain/shared/errors.ts";
import { parsePageQuery } from "../../../core/domain/shared/paging.ts";
import { extensionView } from "../../../core/domain/extensions/extension.ts";
import { getExtension, listExtensions, requestExtension, resetSandbox } from "../../../core/use-cases/platform.use-case.ts";
import { listBody, scopeOf, type Api } from "../http.ts";
import { SCOPES, type RouteDef } from "./route.ts";

export function platformRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get", path: "/v1/extensions", scopes: SCOPES.filingsRead,
      handler: async (ctx) => {
        const page = parsePageQuery(ctx.query);
        if (page instanceof InvalidRequest) throw page;
        ctx.body = listBody(await api.run(listExtensions(scopeOf(ctx), page)), (e) => extensionView(e, false));
      },
    },
    {
      method: "post", path: "/v1/extensions", scopes: SCOPES.filingsWrite,
      handler: async (ctx) => {
        const r = await api.run(requestExtension(scopeOf(ctx), ctx.state.body));
        ctx.status = r.created ? 201 : 200;
        ctx.body = r.body;
      },
    },
    { method: "get", path: "/v1/extensions/:id", scopes: SCOPES.filingsRead, handler: async (ctx) => { ctx.body = await api.run(getExtension(scopeOf(ctx), String(ctx.params["id"]))); } },
    { method: "post", path: "/v1/sandbox/reset", scopes: ["filings:write", "sandbox:reset"], handler: async (ctx) => { ctx.body = await api.run(resetSandbox(scopeOf(ctx))); } },
  ];
}
