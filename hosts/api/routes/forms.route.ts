import { formShape, listFormsView } from "../../../core/use-cases/filing/forms.ts";
import { type Api } from "../http.ts";
import { answer, SCOPES, type RouteDef } from "./route.ts";

export function formRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/forms",
      scopes: SCOPES.filingsRead,
      payers: "none",
      handler: answer(api, () => listFormsView()),
    },
    {
      method: "get",
      path: "/v1/forms/:form",
      scopes: SCOPES.filingsRead,
      payers: "none",
      handler: answer(api, (ctx) => formShape(String(ctx.params["form"]), ctx.query["tax_year"])),
    },
  ];
}
