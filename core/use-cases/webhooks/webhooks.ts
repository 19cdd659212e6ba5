// Webhook endpoints (SPEC "Webhook endpoint", D26, D27, D29) and the event log (D28).
import * as Effect from "effect/Effect";
import { newSigningSecret, validateEndpointEvents, validateWebhookUrl } from "../../domain/webhooks/index.ts";
import { InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { compileBody } from "../../domain/shared/validation.ts";
import { WebhookSender } from "../../ports/webhook-sender.port.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store, type Scope, type WebhookEndpoint } from "../../ports/store.port.ts";
import { deliveryView, endpointView, eventView } from "../../domain/webhooks/views.ts";

/** Which targets the operator's sender lets an endpoint name (D29; WEBHOOK_PRIVATE_TARGETS). */
const targetPolicy = (sender: WebhookSender["Service"]) => ({
  sandboxLoopback: sender.sandboxLoopback,
  privateTargets: sender.privateTargets === true,
});
export { deliveryView, endpointView, eventView } from "../../domain/webhooks/views.ts";

const props = {
  url: { type: "string" },
  events: {},
  environment: { enum: ["sandbox", "production"] },
  status: { enum: ["active", "disabled"] },
};
export const createBody = compileBody<{
  url: string;
  events: unknown;
  environment?: string;
  status?: "active" | "disabled";
}>({ type: "object", additionalProperties: false, required: ["url", "events"], properties: props });
export const updateBody = compileBody<{
  url?: string;
  events?: unknown;
  status?: "active" | "disabled";
  environment?: string;
}>({ type: "object", additionalProperties: false, properties: props });

function checkEnvironment(scope: Scope, environment: string | undefined): InvalidRequest | null {
  if (environment === undefined || (environment === "production") === scope.livemode) return null;
  return new InvalidRequest({
    param: "environment",
    message: `This key belongs to the ${scope.livemode ? "production" : "sandbox"} environment; an endpoint receives the events of the environment it is created in.`,
  });
}

export const createWebhook = Effect.fn("createWebhook")(function* (scope: Scope, body: unknown) {
  const c = createBody(body);
  if (!c.ok) return yield* c.error;
  const env = checkEnvironment(scope, c.value.environment);
  if (env) return yield* env;
  const url = validateWebhookUrl(c.value.url, {
    livemode: scope.livemode,
    ...targetPolicy(yield* WebhookSender),
  });
  if (!url.ok) return yield* new InvalidRequest({ param: "url", message: url.message });
  const events = validateEndpointEvents(c.value.events);
  if (!events.ok) return yield* events.error;
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  const endpoint: WebhookEndpoint = {
    id: ids.uuid(),
    url: url.url,
    events: events.value,
    status: c.value.status ?? "active",
    secret: newSigningSecret(ids.randomBytes(32)),
    previousSecret: null,
    rotatedAt: null,
    livemode: scope.livemode,
    createdAt: now,
    updatedAt: now,
  };
  yield* (yield* Store).scoped(scope).webhooks.insert(endpoint);
  return endpointView(endpoint, true);
});

const notFound = (id: string) => new NotFound({ message: `No webhook endpoint ${id} in this environment.` });

export const getWebhook = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const e = yield* (yield* Store).scoped(scope).webhooks.get(id);
  if (!e) return yield* notFound(id);
  return e;
});

export const listWebhooks = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  return yield* (yield* Store).scoped(scope).webhooks.list(page);
});

export const updateWebhook = Effect.fn("updateWebhook")(function* (scope: Scope, id: string, body: unknown) {
  const c = updateBody(body ?? {});
  if (!c.ok) return yield* c.error;
  const env = checkEnvironment(scope, c.value.environment);
  if (env) return yield* env;
  const patch: {
    url?: string;
    events?: readonly string[];
    status?: "active" | "disabled";
    updatedAt: string;
  } = { updatedAt: (yield* Clock).now().toISOString() };
  if (c.value.url !== undefined) {
    const url = validateWebhookUrl(c.value.url, {
      livemode: scope.livemode,
      ...targetPolicy(yield* WebhookSender),
    });
    if (!url.ok) return yield* new InvalidRequest({ param: "url", message: url.message });
    patch.url = url.url;
  }
  if (c.value.events !== undefined) {
    const events = validateEndpointEvents(c.value.events);
    if (!events.ok) return yield* events.error;
    patch.events = events.value;
  }
  if (c.value.status !== undefined) patch.status = c.value.status;
  const e = yield* (yield* Store).scoped(scope).webhooks.update(id, patch);
  if (!e) return yield* notFound(id);
  return endpointView(e);
});

export const deleteWebhook = Effect.fn("deleteWebhook")(function* (scope: Scope, id: string) {
  if (!(yield* (yield* Store).scoped(scope).webhooks.remove(id))) return yield* notFound(id);
});

/** D26: a new secret, shown once; for 24 h deliveries also carry a signature with the previous one. */
export const rotateWebhookSecret = Effect.fn("rotateWebhookSecret")(function* (scope: Scope, id: string) {
  const repos = (yield* Store).scoped(scope);
  const current = yield* repos.webhooks.get(id);
  if (!current) return yield* notFound(id);
  const now = (yield* Clock).now().toISOString();
  const e = yield* repos.webhooks.update(id, {
    secret: newSigningSecret((yield* Ids).randomBytes(32)),
    previousSecret: current.secret,
    rotatedAt: now,
    updatedAt: now,
  });
  if (!e) return yield* notFound(id);
  return endpointView(e, true);
});

export const listDeliveries = Effect.fnUntraced(function* (scope: Scope, id: string, page: PageQuery) {
  const repos = (yield* Store).scoped(scope);
  if (!(yield* repos.webhooks.get(id))) return yield* notFound(id);
  return yield* repos.webhooks.deliveries(id, page);
});

export const listEvents = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  return yield* (yield* Store).scoped(scope).events.list(page);
});

export const getEvent = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const e = /^evt_[A-Za-z0-9]{6,40}$/.test(id)
    ? yield* (yield* Store).scoped(scope).events.get(id)
    : undefined;
  if (!e) return yield* new NotFound({ message: `No event ${id} in this environment.` });
  return eventView(e);
});
