// Wire views (SPEC field names) of webhook endpoints, deliveries and events: the one home of these shapes.
import { secretPreview } from "./index.ts";
import type { StoredEvent, WebhookDelivery, WebhookEndpoint } from "./model.ts";

export function endpointView(e: WebhookEndpoint, showSecret = false) {
  return {
    object: "webhook_endpoint",
    id: e.id,
    url: e.url,
    events: e.events,
    status: e.status,
    environment: e.livemode ? "production" : "sandbox",
    livemode: e.livemode,
    ...(showSecret ? { signing_secret: e.secret } : { signing_secret_preview: secretPreview(e.secret) }),
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}

export function deliveryView(d: WebhookDelivery) {
  return {
    object: "webhook_delivery",
    id: d.id,
    event: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    next_attempt_at: d.nextAttemptAt,
    created_at: d.createdAt,
    last_attempt_at: d.lastAttemptAt,
  };
}

export function eventView(e: StoredEvent) {
  return {
    object: "event",
    id: e.id,
    type: e.type,
    created: Math.floor(Date.parse(e.createdAt) / 1000),
    data: e.data,
  };
}
