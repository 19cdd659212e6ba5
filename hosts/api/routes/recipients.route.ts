import { recipientView } from "../../../core/domain/parties/recipient.ts";
import {
  createRecipient,
  getRecipient,
  listRecipients,
  updateRecipient,
} from "../../../core/use-cases/recipients.use-case.ts";
import { listBody, pageQuery, scopeOf, type Api } from "../http.ts";
import { confinedPayer, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function recipientRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/recipients",
      scopes: SCOPES.recipientsRead,
      payers: "confined",
      handler: async (ctx) => {
        const page = pageQuery(ctx);
        const payer = typeof ctx.query["payer"] === "string" ? ctx.query["payer"] : undefined;
        ctx.body = listBody(
          await api.run(listRecipients(scopeOf(ctx), page, payer, confinedPayer(ctx))),
          recipientView,
        );
      },
    },
    {
      method: "post",
      path: "/v1/recipients",
      scopes: SCOPES.recipientsWrite,
      payers: PAYERS.bodyPayer,
      handler: async (ctx) => {
        ctx.status = 201;
        ctx.body = recipientView(await api.run(createRecipient(scopeOf(ctx), ctx.state.body)));
      },
    },
    {
      method: "get",
      path: "/v1/recipients/:id",
      scopes: SCOPES.recipientsRead,
      payers: (ctx) => [{ recipients: [String(ctx.params["id"])] }],
      handler: async (ctx) => {
        ctx.body = recipientView(await api.run(getRecipient(scopeOf(ctx), String(ctx.params["id"]))));
      },
    },
    {
      method: "patch",
      path: "/v1/recipients/:id",
      scopes: SCOPES.recipientsWrite,
      payers: (ctx) => [{ recipients: [String(ctx.params["id"])] }],
      handler: async (ctx) => {
        ctx.body = recipientView(
          await api.run(updateRecipient(scopeOf(ctx), String(ctx.params["id"]), ctx.state.body ?? {})),
        );
      },
    },
  ];
}
