// W-9 requests (issue 40): ask a payee for a Form W-9, follow it, cancel or resend it, and read the signed W-9.
import * as Effect from "effect/Effect";
import {
  cancelW9Request,
  createW9Request,
  getW9Request,
  listW9Requests,
  resendW9Request,
  w9PageView,
  w9RequestPdf,
  w9View,
} from "../../../core/use-cases/parties/w9-requests.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { bodyTargets } from "../../../core/use-cases/oauth/payer-access.ts";
import { answer, answerList, answerPdf, idParam, SCOPES, type RouteDef } from "./route.ts";

export function w9RequestRoutes(api: Api): RouteDef[] {
  return [
    {
      // Payer-scoped grants: the payer or the recipient named must be the grant's.
      method: "post",
      path: "/v1/w9-requests",
      scopes: SCOPES.recipientsWrite,
      payers: (ctx) => bodyTargets.w9Request(ctx.state.body),
      handler: answer(
        api,
        (ctx) => createW9Request(scopeOf(ctx), ctx.state.body).pipe(Effect.flatMap(w9View(scopeOf(ctx)))),
        { status: 201 },
      ),
    },
    {
      method: "get",
      path: "/v1/w9-requests",
      scopes: SCOPES.recipientsRead,
      handler: answerList(
        api,
        (ctx) =>
          listW9Requests(scopeOf(ctx), pageQuery(ctx), {
            status: ctx.query["status"],
            recipient: ctx.query["recipient"],
          }).pipe(Effect.flatMap(w9PageView(scopeOf(ctx)))),
        (v) => v,
      ),
    },
    {
      method: "get",
      path: "/v1/w9-requests/:id",
      scopes: SCOPES.recipientsRead,
      handler: answer(api, (ctx) =>
        getW9Request(scopeOf(ctx), idParam(ctx)).pipe(Effect.flatMap(w9View(scopeOf(ctx)))),
      ),
    },
    {
      method: "post",
      path: "/v1/w9-requests/:id/cancel",
      scopes: SCOPES.recipientsWrite,
      handler: answer(api, (ctx) =>
        cancelW9Request(scopeOf(ctx), idParam(ctx)).pipe(Effect.flatMap(w9View(scopeOf(ctx)))),
      ),
    },
    {
      method: "post",
      path: "/v1/w9-requests/:id/resend",
      scopes: SCOPES.recipientsWrite,
      handler: answer(api, (ctx) =>
        resendW9Request(scopeOf(ctx), idParam(ctx)).pipe(Effect.flatMap(w9View(scopeOf(ctx)))),
      ),
    },
    {
      method: "get",
      path: "/v1/w9-requests/:id/pdf",
      scopes: SCOPES.recipientsRead,
      handler: answerPdf(api, (ctx) => w9RequestPdf(scopeOf(ctx), idParam(ctx))),
    },
  ];
}
