import { extensionView } from "../../../core/domain/extensions/views.ts";
import {
  getExtension,
  listExtensions,
  requestExtension,
  resetSandbox,
} from "../../../core/use-cases/accounts/platform.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { answer, answerList, confinedPayer, idParam, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function platformRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/extensions",
      scopes: SCOPES.filingsRead,
      payers: "confined",
      // A payer-scoped grant sees its payer's extensions.
      handler: answerList(
        api,
        (ctx) => listExtensions(scopeOf(ctx), pageQuery(ctx), confinedPayer(ctx)),
        (e) => extensionView(e, false),
      ),
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
      payers: (ctx) => [{ extension: idParam(ctx) }],
      handler: answer(api, (ctx) => getExtension(scopeOf(ctx), idParam(ctx))),
    },
    {
      method: "post",
      path: "/v1/sandbox/reset",
      scopes: ["filings:write", "sandbox:reset"],
      ownerOnly: true,
      handler: answer(api, (ctx) => resetSandbox(scopeOf(ctx))),
    },
  ];
}
