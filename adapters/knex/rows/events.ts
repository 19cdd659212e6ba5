// Rows of events (and the outbox), webhook endpoints and webhook deliveries.
import type { StoredEvent, WebhookDelivery, WebhookEndpoint } from "../../../core/domain/webhooks/model.ts";
import type { SecretBox } from "../../system/system.ts";
import {
  arrayOf,
  Bool,
  json,
  JsonObject,
  literals,
  NullableNum,
  NullableText,
  NullableTimestamp,
  Num,
  rowCodec,
  struct,
  Text,
  Timestamp,
} from "./columns.ts";

const EVENT = {
  id: Text,
  type: Text,
  // The event's data as the use case built it: checked to be an object (see JsonObject).
  data: json(JsonObject),
  created_at: Timestamp,
} as const;
export const EventRow = rowCodec("events", struct(EVENT));
export function toEvent(row: unknown): StoredEvent {
  const r = EventRow.decode(row);
  return { id: r.id, type: r.type, data: r.data, createdAt: r.created_at };
}

/** An event of the outbox, with the scope it belongs to. */
export const OutboxEventRow = rowCodec(
  "events (outbox)",
  struct({ ...EVENT, account_id: Text, livemode: Bool }),
);
export function toOutboxEvent(
  row: unknown,
): StoredEvent & { readonly accountId: string; readonly livemode: boolean } {
  const r = OutboxEventRow.decode(row);
  return {
    id: r.id,
    type: r.type,
    data: r.data,
    createdAt: r.created_at,
    accountId: r.account_id,
    livemode: r.livemode,
  };
}

export const WebhookEndpointRow = rowCodec(
  "webhook_endpoints",
  struct({
    id: Text,
    url: Text,
    events: json(arrayOf(Text)),
    status: literals(["active", "disabled"]),
    secret: Text,
    previous_secret: NullableText,
    rotated_at: NullableTimestamp,
    livemode: Bool,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
/** The endpoint of a row, its signing secrets opened with `box`. */
export function toEndpointWith(row: unknown, box: SecretBox): WebhookEndpoint {
  const r = WebhookEndpointRow.decode(row);
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    status: r.status,
    secret: box.open(r.secret),
    previousSecret: r.previous_secret ? box.open(r.previous_secret) : null,
    rotatedAt: r.rotated_at,
    livemode: r.livemode,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export const WebhookDeliveryRow = rowCodec(
  "webhook_deliveries",
  struct({
    id: Text,
    endpoint_id: Text,
    event_id: Text,
    event_type: Text,
    status: literals(["pending", "succeeded", "failed"]),
    attempts: Num,
    last_status_code: NullableNum,
    last_error: NullableText,
    next_attempt_at: NullableTimestamp,
    last_attempt_at: NullableTimestamp,
    created_at: Timestamp,
  }),
);
export function toDelivery(row: unknown): WebhookDelivery {
  const r = WebhookDeliveryRow.decode(row);
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    eventType: r.event_type,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    nextAttemptAt: r.next_attempt_at,
    lastAttemptAt: r.last_attempt_at,
    createdAt: r.created_at,
  };
}
