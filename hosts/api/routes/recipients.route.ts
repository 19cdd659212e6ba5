import { recipientView } from "../../../core/domain/parties/views.ts";
import {
  createRecipient,
  getRecipient,
  listRecipients,
  updateRecipient,
  withPortalFactsOne,
  withPortalFactsPage,
} from "../../../core/use-cases/parties/recipients.ts";
import * as Effect from "effect/Effect";
import { portalActivityView } from "../../../core/domain/statements/views.ts";
import {
  liftPortalLockout,
  listPortalActivity,
  requestConsent,
} from "../../../core/use-cases/statements/portal.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { answer, answerList, confinedPayer, idParam, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function recipientRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/recipients",
      scopes: SCOPES.recipientsRead,
      payers: "confined",
      handler: answerList(
        api,
        (ctx) => {
          const page = pageQuery(ctx);
          const payer = typeof ctx.query["payer"] === "string" ? ctx.query["payer"] : undefined;
          return listRecipients(scopeOf(ctx), page, payer, confinedPayer(ctx)).pipe(
            Effect.flatMap(withPortalFactsPage(scopeOf(ctx))),
          );
        },
        recipientView,
      ),
    },
    {
      method: "post",
      path: "/v1/recipients",
      scopes: SCOPES.recipientsWrite,
      payers: PAYERS.bodyPayer,
      handler: answer(
        api,
        (ctx) =>
          createRecipient(scopeOf(ctx), ctx.state.body).pipe(
            Effect.flatMap(withPortalFactsOne(scopeOf(ctx))),
          ),
        {
          status: 201,
          view: recipientView,
        },
      ),
    },
    {
      method: "get",
      path: "/v1/recipients/:id",
      scopes: SCOPES.recipientsRead,
      payers: (ctx) => [{ recipients: [idParam(ctx)] }],
      handler: answer(
        api,
        (ctx) =>
          getRecipient(scopeOf(ctx), idParam(ctx)).pipe(Effect.flatMap(withPortalFactsOne(scopeOf(ctx)))),
        { view: recipientView },
      ),
    },
    {
      method: "patch",
      path: "/v1/recipients/:id",
      scopes: SCOPES.recipientsWrite,
      payers: (ctx) => [{ recipients: [idParam(ctx)] }],
      handler: answer(
        api,
        (ctx) =>
          updateRecipient(scopeOf(ctx), idParam(ctx), ctx.state.body ?? {}).pipe(
            Effect.flatMap(withPortalFactsOne(scopeOf(ctx))),
          ),
        {
          view: recipientView,
        },
      ),
    },
    {
      method: "post",
      path: "/v1/recipients/:id/consent-requests",
      scopes: SCOPES.recipientsWrite,
      payers: (ctx) => [{ recipients: [idParam(ctx)] }],
      handler: answer(api, (ctx) => requestConsent(scopeOf(ctx), idParam(ctx)), { status: 201 }),
    },
    {
      method: "get",
      path: "/v1/recipients/:id/portal-activity",
      scopes: SCOPES.recipientsRead,
      payers: (ctx) => [{ recipients: [idParam(ctx)] }],
      handler: answerList(
        api,
        (ctx) => listPortalActivity(scopeOf(ctx), idParam(ctx), pageQuery(ctx)),
        portalActivityView,
      ),
    },
    {
      method: "delete",
      path: "/v1/recipients/:id/portal-lockout",
      scopes: SCOPES.recipientsWrite,
      payers: (ctx) => [{ recipients: [idParam(ctx)] }],
      handler: answer(api, (ctx) => liftPortalLockout(scopeOf(ctx), idParam(ctx))),
    },
  ];
}
