import { Forbidden } from "../../../core/domain/shared/errors.ts";
import { parsePageQuery } from "../../../core/domain/shared/paging.ts";
import { payerView } from "../../../core/domain/parties/payer.ts";
import { createPayer, getPayer, listPayers, updatePayer } from "../../../core/use-cases/payers.use-case.ts";
import { listBody, scopeOf, type Api } from "../http.ts";
import { SCOPES, type RouteDef } from "./route.ts";

export function payerRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get", path: "/v1/payers", scopes: SCOPES.payersRead,
      handler: async (ctx) => {
        const page = parsePageQuery(ctx.query);
        if (!("limit" in page)) throw page;
        ctx.body = listBody(await api.run(listPayers(scopeOf(ctx), page)), (p) => payerView(p, { list: true }));
      },
    },
    {
      method: "post", path: "/v1/payers", scopes: SCOPES.payersWrite,
      handler: async (ctx) => {
        if (ctx.state.principal?.payerId) throw new Forbidden({ message: "A payer-scoped authorization cannot create payers." });
        ctx.status = 201;
        ctx.body = payerView(await api.run(createPayer(scopeOf(ctx), ctx.state.body)));
      },
    },
    {
      method: "get", path: "/v1/payers/:id", scopes: SCOPES.payersRead,
      handler: async (ctx) => {
        ctx.body = payerView(await api.run(getPayer(scopeOf(ctx), String(ctx.params["id"]))));
      },
    },
    {
      method: "patch", path: "/v1/payers/:id", scopes: SCOPES.payersWrite,
      handler: async (ctx) => {
        ctx.body = payerView(await api.run(updatePayer(scopeOf(ctx), String(ctx.params["id"]), ctx.state.body ?? {})));
      },
    },
  ];
}
