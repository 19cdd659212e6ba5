import { formShape, listFormsView } from "../../../core/use-cases/forms.use-case.ts";
import type { Api } from "../http.ts";
import { SCOPES, type RouteDef } from "./route.ts";

export function formRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/forms",
      scopes: SCOPES.filingsRead,
      payers: "none",
      handler: async (ctx) => {
        ctx.body = await api.run(listFormsView());
      },
    },
    {
      method: "get",
      path: "/v1/forms/:form",
      scopes: SCOPES.filingsRead,
      payers: "none",
      handler: async (ctx) => {
        ctx.body = await api.run(formShape(String(ctx.params["form"]), ctx.query["tax_year"]));
      },
    },
  ];
}
