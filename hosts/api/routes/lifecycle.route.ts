import { filingView } from "../../../core/domain/filing/filing.ts";
import {
  correctFiling,
  filingAck,
  groupAck,
  refileFiling,
  voidFiling,
} from "../../../core/use-cases/lifecycle.use-case.ts";
import { filingCopyB, groupCopyB, orderW3 } from "../../../core/use-cases/copy-b.use-case.ts";
import { scopeOf, type Api, type ApiContext } from "../http.ts";
import { PAYERS, SCOPES, type RouteDef } from "./route.ts";

function sendPdf(ctx: ApiContext, doc: { pdf: Uint8Array; filename: string }): void {
  ctx.status = 200;
  ctx.type = "application/pdf";
  ctx.set("Content-Disposition", `attachment; filename="${doc.filename}"`);
  ctx.body = Buffer.from(doc.pdf.buffer, doc.pdf.byteOffset, doc.pdf.byteLength);
}

export function lifecycleRoutes(api: Api): RouteDef[] {
  const id = (ctx: ApiContext) => String(ctx.params["id"]);
  return [
    {
      method: "delete",
      path: "/v1/filings/:id",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.filing,
      handler: async (ctx) => {
        ctx.body = filingView(await api.run(voidFiling(scopeOf(ctx), id(ctx))));
      },
    },
    {
      method: "post",
      path: "/v1/filings/:id/corrections",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.filing,
      handler: async (ctx) => {
        ctx.status = 201;
        ctx.body = await api.run(correctFiling(scopeOf(ctx), id(ctx), ctx.state.body));
      },
    },
    {
      method: "post",
      path: "/v1/filings/:id/refile",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.filing,
      handler: async (ctx) => {
        ctx.status = 201;
        ctx.body = filingView(await api.run(refileFiling(scopeOf(ctx), id(ctx), ctx.state.body)));
      },
    },
    {
      method: "get",
      path: "/v1/filings/:id/ack",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.filing,
      handler: async (ctx) => {
        ctx.body = await api.run(filingAck(scopeOf(ctx), id(ctx)));
      },
    },
    {
      method: "get",
      path: "/v1/orders/:id/ack",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.order,
      handler: async (ctx) => {
        ctx.body = await api.run(groupAck(scopeOf(ctx), { orderId: id(ctx) }));
      },
    },
    {
      method: "get",
      path: "/v1/batches/:id/ack",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.batch,
      handler: async (ctx) => {
        ctx.body = await api.run(groupAck(scopeOf(ctx), { batchId: id(ctx) }));
      },
    },
    {
      method: "get",
      path: "/v1/filings/:id/copy-b",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.filing,
      handler: async (ctx) => {
        sendPdf(ctx, await api.run(filingCopyB(scopeOf(ctx), id(ctx))));
      },
    },
    {
      method: "get",
      path: "/v1/orders/:id/copy-b",
      scopes: SCOPES.paymentsRead,
      payers: PAYERS.order,
      handler: async (ctx) => {
        sendPdf(ctx, await api.run(groupCopyB(scopeOf(ctx), { orderId: id(ctx) })));
      },
    },
    {
      method: "get",
      path: "/v1/orders/:id/w3",
      scopes: SCOPES.paymentsRead,
      payers: PAYERS.order,
      handler: async (ctx) => {
        sendPdf(ctx, await api.run(orderW3(scopeOf(ctx), id(ctx))));
      },
    },
    {
      method: "get",
      path: "/v1/batches/:id/copy-b",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.batch,
      handler: async (ctx) => {
        sendPdf(ctx, await api.run(groupCopyB(scopeOf(ctx), { batchId: id(ctx) })));
      },
    },
  ];
}
