import { payerView } from "../../../core/domain/parties/payer.ts";
import { createPayer, getPayer, listPayers, updatePayer } from "../../../core/use-cases/payers.use-case.ts";
import { listBody, pageQuery, scopeOf, type Api } from "../http.ts";
import { confinedPayer, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function payerRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/payers",
      scopes: SCOPES.payersRead,
      payers: "confined",
      handler: async (ctx) => {
        const page = pageQuery(ctx);
        // A payer-scoped grant lists its one payer.
        ctx.body = listBody(await api.run(listPayers(scopeOf(ctx), page, confinedPayer(ctx))), (p) =>
          payerView(p, { list: true }),
        );
      },
    },
    {
      method: "post",
      path: "/v1/payers",
      scopes: SCOPES.payersWrite,
      // No payer rule: a payer-scoped grant may not create payers (403 forbidden).
      handler: async (ctx) => {
        ctx.status = 201;
        ctx.body = payerView(await api.run(createPayer(scopeOf(ctx), ctx.state.body)));
      },
    },
    {
      method: "get",
      path: "/v1/payers/:id",
      scopes: SCOPES.payersRead,
      payers: PAYERS.param("id"),
      handler: async (ctx) => {
        ctx.body = payerView(await api.run(getPayer(scopeOf(ctx), String(ctx.params["id"]))));
      },
    },
    {
      method: "patch",
      path: "/v1/payers/:id",
      scopes: SCOPES.payersWrite,
      payers: PAYERS.param("id"),
      handler: async (ctx) => {
        ctx.body = payerView(
          await api.run(updatePayer(scopeOf(ctx), String(ctx.params["id"]), ctx.state.body ?? {})),
        );
      },
    },
  ];
}
