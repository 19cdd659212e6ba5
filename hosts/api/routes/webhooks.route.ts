import {
  createWebhook,
  deleteWebhook,
  deliveryView,
  endpointView,
  eventView,
  getEvent,
  getWebhook,
  listDeliveries,
  listEvents,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from "../../../core/use-cases/webhooks/webhooks.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { answer, answerList, idParam, type RouteDef } from "./route.ts";

const READ = ["webhooks:read", "webhooks:manage"];
const WRITE = ["webhooks:write", "webhooks:manage"];
const page = pageQuery;

export function webhookRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/webhooks",
      scopes: READ,
      handler: answerList(
        api,
        (ctx) => listWebhooks(scopeOf(ctx), page(ctx)),
        (e) => endpointView(e),
      ),
    },
    {
      method: "post",
      path: "/v1/webhooks",
      scopes: WRITE,
      handler: answer(api, (ctx) => createWebhook(scopeOf(ctx), ctx.state.body), { status: 201 }),
    },
    {
      method: "get",
      path: "/v1/webhooks/:id",
      scopes: READ,
      handler: answer(api, (ctx) => getWebhook(scopeOf(ctx), idParam(ctx)), { view: endpointView }),
    },
    {
      method: "patch",
      path: "/v1/webhooks/:id",
      scopes: WRITE,
      handler: answer(api, (ctx) => updateWebhook(scopeOf(ctx), idParam(ctx), ctx.state.body)),
    },
    {
      method: "delete",
      path: "/v1/webhooks/:id",
      scopes: WRITE,
      handler: async (ctx) => {
        await api.run(deleteWebhook(scopeOf(ctx), idParam(ctx)));
        ctx.status = 204;
      },
    },
    {
      method: "post",
      path: "/v1/webhooks/:id/rotate-secret",
      scopes: WRITE,
      handler: answer(api, (ctx) => rotateWebhookSecret(scopeOf(ctx), idParam(ctx))),
    },
    {
      method: "get",
      path: "/v1/webhooks/:id/deliveries",
      scopes: READ,
      handler: answerList(api, (ctx) => listDeliveries(scopeOf(ctx), idParam(ctx), page(ctx)), deliveryView),
    },
    {
      method: "get",
      path: "/v1/events",
      scopes: READ,
      handler: answerList(api, (ctx) => listEvents(scopeOf(ctx), page(ctx)), eventView),
    },
    {
      method: "get",
      path: "/v1/events/:id",
      scopes: READ,
      handler: answer(api, (ctx) => getEvent(scopeOf(ctx), idParam(ctx))),
    },
  ];
}
