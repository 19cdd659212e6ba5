// Webhook delivery (D26-D28): the outbox of events is fanned out to every matching active endpoint of the same
// environment as one delivery row each; a delivery job signs and POSTs it, records the attempt and plans the
// next one on D27's schedule. A delivery interrupted after sending is sent again (receivers dedupe by event id).
import * as Effect from "effect/Effect";
import {
  activeSigningSecrets,
  matches,
  planAfterAttempt,
  signPayload,
  standardWebhookHeaders,
} from "../../domain/webhooks/index.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import {
  Store,
  type AttemptPatch,
  type Scope,
  type StoredEvent,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "../../ports/store.port.ts";
import { WebhookSender } from "../../ports/webhook-sender.port.ts";
import { groupByScope } from "../shared.ts";

export interface DeliveryJob {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly deliveryId: string;
}

/** A delivery just created by the fan-out, with what its first attempt needs (already in hand: no re-read). */
export interface FreshDelivery extends DeliveryJob {
  readonly delivery: WebhookDelivery;
  readonly endpoint: WebhookEndpoint;
  readonly event: StoredEvent;
}

/** Creates the deliveries of pending events; returns them, ready for their first attempt. */
export const fanOutEvents = Effect.fn("fanOutEvents")(function* (limit = 200) {
  const store = yield* Store;
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  const events = yield* store.outbox.pending(limit);
  const jobs: FreshDelivery[] = [];
  for (const { scope, items: list } of groupByScope(events, (e) => e)) {
    const repos = store.scoped(scope);
    const endpoints = yield* repos.webhooks.active();
    const fresh = new Map<string, Omit<FreshDelivery, "accountId" | "livemode" | "deliveryId">>();
    for (const event of list)
      for (const endpoint of endpoints) {
        if (!matches(endpoint.events, event.type)) continue;
        const delivery: WebhookDelivery = {
          id: ids.short("whd_"),
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          status: "pending",
          attempts: 0,
          lastStatusCode: null,
          lastError: null,
          nextAttemptAt: now,
          lastAttemptAt: null,
          createdAt: now,
        };
        fresh.set(delivery.id, { delivery, endpoint, event });
      }
    // Only the rows actually inserted (an event fanned out twice after a crash gets no second delivery).
    for (const id of yield* repos.webhooks.insertDeliveries([...fresh.values()].map((f) => f.delivery))) {
      const f = fresh.get(id);
      if (f) jobs.push({ ...scope, deliveryId: id, ...f });
    }
  }
  if (events.length > 0)
    yield* store.outbox.markFannedOut(
      events.map((e) => e.id),
      now,
    );
  return jobs;
});

export interface DeliveryAttempt {
  readonly status: WebhookDelivery["status"];
  readonly retryInSeconds: number | null;
}

/** One attempt of one delivery. Returns when to try again, if ever. */
export const deliverWebhook = Effect.fn("deliverWebhook")(function* (
  scope: Scope,
  deliveryId: string,
  retryScale = 1,
) {
  const repos = (yield* Store).scoped(scope);
  const d = yield* repos.webhooks.getDelivery(deliveryId);
  if (!d || d.status !== "pending")
    return { status: d?.status ?? "failed", retryInSeconds: null } satisfies DeliveryAttempt;
  const endpoint = yield* repos.webhooks.get(d.endpointId);
  const event = yield* repos.events.get(d.eventId);
  if (!endpoint || !event || endpoint.status !== "active") {
    yield* repos.webhooks.recordAttempt(d.id, {
      status: "failed",
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastError: endpoint ? "endpoint disabled" : "endpoint deleted",
      nextAttemptAt: null,
      lastAttemptAt: d.lastAttemptAt,
    });
    return { status: "failed" as const, retryInSeconds: null };
  }
  return yield* attemptDelivery(scope, d, endpoint, event, retryScale);
});

/** The first attempt of a delivery the fan-out just created: its rows are in hand, nothing is read again. */
export const deliverFresh = Effect.fn("deliverFresh")(function* (fresh: FreshDelivery, retryScale = 1) {
  return yield* attemptDelivery(
    { accountId: fresh.accountId, livemode: fresh.livemode },
    fresh.delivery,
    fresh.endpoint,
    fresh.event,
    retryScale,
  );
});

/** Signs and sends one attempt and plans what follows; writes nothing. */
const sendAttempt = Effect.fnUntraced(function* (
  scope: Scope,
  d: WebhookDelivery,
  endpoint: WebhookEndpoint,
  event: StoredEvent,
  retryScale: number,
) {
  const sender = yield* WebhookSender;
  const now = (yield* Clock).now();
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(Date.parse(event.createdAt) / 1000),
    data: event.data,
  });
  const t = Math.floor(now.getTime() / 1000);
  const secrets = activeSigningSecrets(
    {
      current: endpoint.secret,
      previous: endpoint.previousSecret,
      rotatedAt: endpoint.rotatedAt ? new Date(endpoint.rotatedAt) : null,
    },
    now,
  );
  const result = yield* sender.send({
    url: endpoint.url,
    headers: {
      "Service-Signature": signPayload(secrets, t, body),
      ...standardWebhookHeaders(secrets, event.id, t, body),
    },
    body,
    timeoutMs: 15_000,
    livemode: scope.livemode,
  });
  const attempts = d.attempts + 1;
  const plan = planAfterAttempt({
    attemptsMade: attempts,
    result,
    now,
    random01: Math.random(),
    policy: { scale: retryScale },
  });
  const at = now.toISOString();
  const patch: AttemptPatch = {
    status: plan.status,
    attempts,
    lastStatusCode: result.status === 0 ? null : result.status,
    lastError: plan.status === "succeeded" ? null : plan.error,
    nextAttemptAt: plan.status === "pending" ? plan.nextAttemptAt.toISOString() : null,
    lastAttemptAt: at,
  };
  return {
    patch,
    at,
    disableEndpoint: plan.status === "failed" && plan.disableEndpoint,
    attempt: {
      status: plan.status,
      retryInSeconds:
        plan.status === "pending" ? Math.max(0, (plan.nextAttemptAt.getTime() - now.getTime()) / 1000) : null,
    } satisfies DeliveryAttempt,
  };
});

const attemptDelivery = Effect.fnUntraced(function* (
  scope: Scope,
  d: WebhookDelivery,
  endpoint: WebhookEndpoint,
  event: StoredEvent,
  retryScale: number,
) {
  const repos = (yield* Store).scoped(scope);
  const sent = yield* sendAttempt(scope, d, endpoint, event, retryScale);
  yield* repos.webhooks.recordAttempt(d.id, sent.patch);
  if (sent.disableEndpoint)
    yield* repos.webhooks.update(endpoint.id, { status: "disabled", updatedAt: sent.at });
  return sent.attempt;
});

/**
 * The first attempts of deliveries the fan-out just created, `concurrency` at a time, their outcomes recorded in
 * one statement per environment afterwards (issue 19: a statement per delivery was half the worker's time in a
 * burst). A crash before the record only means they are sent again (D26: at least once; receivers dedupe).
 */
export const deliverFreshMany = Effect.fn("deliverFreshMany")(function* (
  items: readonly FreshDelivery[],
  retryScale = 1,
  concurrency = 64,
) {
  const store = yield* Store;
  const sent = yield* Effect.forEach(
    items,
    (f) =>
      Effect.map(
        sendAttempt(
          { accountId: f.accountId, livemode: f.livemode },
          f.delivery,
          f.endpoint,
          f.event,
          retryScale,
        ),
        (s) => ({ f, s }),
      ),
    { concurrency },
  );
  for (const { scope, items: list } of groupByScope(sent, (x) => x.f)) {
    const repos = store.scoped(scope);
    yield* repos.webhooks.recordAttempts(list.map(({ f, s }) => ({ id: f.deliveryId, ...s.patch })));
    for (const { f, s } of list)
      if (s.disableEndpoint)
        yield* repos.webhooks.update(f.endpoint.id, { status: "disabled", updatedAt: s.at });
  }
  return sent.map(({ f, s }) => ({
    accountId: f.accountId,
    livemode: f.livemode,
    deliveryId: f.deliveryId,
    ...s.attempt,
  }));
});
