// B-notices (issue 40 item 4): upload the IRS's CP2100/972CG list as CSV, read the notices it made, and record the
// SSA's or IRS's validation that clears a second notice.
import * as Effect from "effect/Effect";
import {
  bNoticePageView,
  bNoticeViewOf,
  getBNotice,
  listBNotices,
  recordBNoticeValidation,
  uploadCp2100,
} from "../../../core/use-cases/parties/b-notices.ts";
import { cp2100UploadView } from "../../../core/domain/w9/views.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { answer, answerList, idParam, PAYERS, rawBytes, SCOPES, type RouteDef } from "./route.ts";

export function bNoticeRoutes(api: Api): RouteDef[] {
  return [
    {
      // The CSV is the raw body (text/csv), like a FIRE file; the dates are query parameters.
      method: "post",
      path: "/v1/payers/:payerId/cp2100",
      scopes: SCOPES.recipientsWrite,
      payers: PAYERS.param("payerId"),
      handler: answer(
        api,
        (ctx) =>
          uploadCp2100(scopeOf(ctx), String(ctx.params["payerId"]), rawBytes(ctx), {
            noticeDate: ctx.query["notice_date"],
            receivedDate: ctx.query["received_date"],
          }).pipe(Effect.map((u) => cp2100UploadView(u, scopeOf(ctx).livemode))),
        { status: 201 },
      ),
    },
    {
      method: "get",
      path: "/v1/b-notices",
      scopes: SCOPES.recipientsRead,
      handler: answerList(
        api,
        (ctx) =>
          listBNotices(scopeOf(ctx), pageQuery(ctx), ctx.query).pipe(
            Effect.flatMap(bNoticePageView(scopeOf(ctx))),
          ),
        (v) => v,
      ),
    },
    {
      method: "get",
      path: "/v1/b-notices/:id",
      scopes: SCOPES.recipientsRead,
      handler: answer(api, (ctx) =>
        getBNotice(scopeOf(ctx), idParam(ctx)).pipe(Effect.flatMap(bNoticeViewOf(scopeOf(ctx)))),
      ),
    },
    {
      method: "post",
      path: "/v1/b-notices/:id/validation",
      scopes: SCOPES.recipientsWrite,
      handler: answer(api, (ctx) =>
        recordBNoticeValidation(scopeOf(ctx), idParam(ctx), ctx.state.body).pipe(
          Effect.flatMap(bNoticeViewOf(scopeOf(ctx))),
        ),
      ),
    },
  ];
}
