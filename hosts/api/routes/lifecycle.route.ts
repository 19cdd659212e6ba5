import { filingView } from "../../../core/domain/filing/views.ts";
import {
  correctFiling,
  filingAck,
  groupAck,
  refileFiling,
  voidFiling,
} from "../../../core/use-cases/lifecycle/lifecycle.ts";
import { filingCopyB, groupCopyB, orderW3 } from "../../../core/use-cases/filing/copy-b.ts";
import { scopeOf, type Api } from "../http.ts";
import { answer, answerPdf, idParam, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function lifecycleRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "delete",
      path: "/v1/filings/:id",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.filing,
      handler: answer(api, (ctx) => voidFiling(scopeOf(ctx), idParam(ctx)), { view: filingView }),
    },
    {
      method: "post",
      path: "/v1/filings/:id/corrections",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.filing,
      handler: answer(api, (ctx) => correctFiling(scopeOf(ctx), idParam(ctx), ctx.state.body), {
        status: 201,
      }),
    },
    {
      method: "post",
      path: "/v1/filings/:id/refile",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.filing,
      handler: answer(api, (ctx) => refileFiling(scopeOf(ctx), idParam(ctx), ctx.state.body), {
        status: 201,
        view: filingView,
      }),
    },
    {
      method: "get",
      path: "/v1/filings/:id/ack",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.filing,
      handler: answer(api, (ctx) => filingAck(scopeOf(ctx), idParam(ctx))),
    },
    {
      method: "get",
      path: "/v1/orders/:id/ack",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.order,
      handler: answer(api, (ctx) => groupAck(scopeOf(ctx), { orderId: idParam(ctx) })),
    },
    {
      method: "get",
      path: "/v1/batches/:id/ack",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.batch,
      handler: answer(api, (ctx) => groupAck(scopeOf(ctx), { batchId: idParam(ctx) })),
    },
    {
      method: "get",
      path: "/v1/filings/:id/copy-b",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.filing,
      handler: answerPdf(api, (ctx) => filingCopyB(scopeOf(ctx), idParam(ctx))),
    },
    {
      method: "get",
      path: "/v1/orders/:id/copy-b",
      scopes: SCOPES.paymentsRead,
      payers: PAYERS.order,
      handler: answerPdf(api, (ctx) => groupCopyB(scopeOf(ctx), { orderId: idParam(ctx) })),
    },
    {
      method: "get",
      path: "/v1/orders/:id/w3",
      scopes: SCOPES.paymentsRead,
      payers: PAYERS.order,
      handler: answerPdf(api, (ctx) => orderW3(scopeOf(ctx), idParam(ctx))),
    },
    {
      method: "get",
      path: "/v1/batches/:id/copy-b",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.batch,
      handler: answerPdf(api, (ctx) => groupCopyB(scopeOf(ctx), { batchId: idParam(ctx) })),
    },
  ];
}
