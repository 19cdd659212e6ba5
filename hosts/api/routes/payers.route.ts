import { payerView } from "../../../core/domain/parties/views.ts";
import { createPayer, getPayer, listPayers, updatePayer } from "../../../core/use-cases/parties/payers.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { answer, answerList, confinedPayer, idParam, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function payerRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/payers",
      scopes: SCOPES.payersRead,
      payers: "confined",
      // A payer-scoped grant lists its one payer.
      handler: answerList(
        api,
        (ctx) => listPayers(scopeOf(ctx), pageQuery(ctx), confinedPayer(ctx)),
        (p) => payerView(p, { list: true }),
      ),
    },
    {
      method: "post",
      path: "/v1/payers",
      scopes: SCOPES.payersWrite,
      // No payer rule: a payer-scoped grant may not create payers (403 forbidden).
      handler: answer(api, (ctx) => createPayer(scopeOf(ctx), ctx.state.body), {
        status: 201,
        view: payerView,
      }),
    },
    {
      method: "get",
      path: "/v1/payers/:id",
      scopes: SCOPES.payersRead,
      payers: PAYERS.param("id"),
      handler: answer(api, (ctx) => getPayer(scopeOf(ctx), idParam(ctx)), { view: payerView }),
    },
    {
      method: "patch",
      path: "/v1/payers/:id",
      scopes: SCOPES.payersWrite,
      payers: PAYERS.param("id"),
      handler: answer(api, (ctx) => updatePayer(scopeOf(ctx), idParam(ctx), ctx.state.body ?? {}), {
        view: payerView,
      }),
    },
  ];
}
