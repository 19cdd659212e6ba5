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
} from "../../../core/use-cases/webhooks.use-case.ts";
import { listBody, pageQuery, scopeOf, type Api, type ApiContext } from "../http.ts";
import { type RouteDef } from "./route.ts";

const READ = ["webhooks:read", "webhooks:manage"];
const WRITE = ["webhooks:write", "webhooks:manage"];
const page = pageQuery;

export function webhookRoutes(api: Api): RouteDef[] {
  const id = (ctx: ApiContext) => String(ctx.params["id"]);
  return [
    {
      method: "get",
      path: "/v1/webhooks",
      scopes: READ,
      handler: async (ctx) => {
        ctx.body = listBody(await api.run(listWebhooks(scopeOf(ctx), page(ctx))), (e) => endpointView(e));
      },
    },
    {
      method: "post",
      path: "/v1/webhooks",
      scopes: WRITE,
      handler: async (ctx) => {
        ctx.status = 201;
        ctx.body = await api.run(createWebhook(scopeOf(ctx), ctx.state.body));
      },
    },
    {
      method: "get",
      path: "/v1/webhooks/:id",
      scopes: READ,
      handler: async (ctx) => {
        ctx.body = endpointView(await api.run(getWebhook(scopeOf(ctx), id(ctx))));
      },
    },
    {
      method: "patch",
      path: "/v1/webhooks/:id",
      scopes: WRITE,
      handler: async (ctx) => {
        ctx.body = await api.run(updateWebhook(scopeOf(ctx), id(ctx), ctx.state.body));
      },
    },
    {
      method: "delete",
      path: "/v1/webhooks/:id",
      scopes: WRITE,
      handler: async (ctx) => {
        await api.run(deleteWebhook(scopeOf(ctx), id(ctx)));
        ctx.status = 204;
      },
    },
    {
      method: "post",
      path: "/v1/webhooks/:id/rotate-secret",
      scopes: WRITE,
      handler: async (ctx) => {
        ctx.body = await api.run(rotateWebhookSecret(scopeOf(ctx), id(ctx)));
      },
    },
    {
      method: "get",
      path: "/v1/webhooks/:id/deliveries",
      scopes: READ,
      handler: async (ctx) => {
        ctx.body = listBody(await api.run(listDeliveries(scopeOf(ctx), id(ctx), page(ctx))), deliveryView);
      },
    },
    {
      method: "get",
      path: "/v1/events",
      scopes: READ,
      handler: async (ctx) => {
        ctx.body = listBody(await api.run(listEvents(scopeOf(ctx), page(ctx))), eventView);
      },
    },
    {
      method: "get",
      path: "/v1/events/:id",
      scopes: READ,
      handler: async (ctx) => {
        ctx.body = await api.run(getEvent(scopeOf(ctx), id(ctx)));
      },
    },
  ];
}
