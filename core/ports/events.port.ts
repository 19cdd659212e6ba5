import type * as Effect from "effect/Effect";
import type { StoredEvent, WebhookDelivery, WebhookEndpoint } from "../domain/webhooks/model.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface EventRepo {
  readonly insert: (event: StoredEvent) => Effect.Effect<void>;
  readonly insertMany: (events: readonly StoredEvent[]) => Effect.Effect<void>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<StoredEvent>>;
  readonly get: (id: string) => Effect.Effect<StoredEvent | undefined>;
}

export interface WebhookRepo {
  readonly insert: (e: WebhookEndpoint) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<WebhookEndpoint | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<WebhookEndpoint>>;
  readonly update: (
    id: string,
    patch: Partial<
      Pick<
        WebhookEndpoint,
        "url" | "events" | "status" | "secret" | "previousSecret" | "rotatedAt" | "updatedAt"
      >
    >,
  ) => Effect.Effect<WebhookEndpoint | undefined>;
  readonly remove: (id: string) => Effect.Effect<boolean>;
  readonly deliveries: (endpointId: string, page: PageQuery) => Effect.Effect<Page<WebhookDelivery>>;
  /** Active endpoints of this environment (the caller matches event types). */
  readonly active: () => Effect.Effect<readonly WebhookEndpoint[]>;
  /** Inserts deliveries; one per (endpoint, event) ever. Returns the ids inserted. */
  readonly insertDeliveries: (rows: readonly WebhookDelivery[]) => Effect.Effect<readonly string[]>;
  readonly getDelivery: (id: string) => Effect.Effect<WebhookDelivery | undefined>;
  readonly recordAttempt: (id: string, patch: AttemptPatch) => Effect.Effect<void>;
  /** `recordAttempt` for many deliveries in one statement (the first attempts of a fan-out; issue 19). */
  readonly recordAttempts: (
    attempts: readonly (AttemptPatch & { readonly id: string })[],
  ) => Effect.Effect<void>;
}

/** Events not yet fanned out to webhook endpoints (the outbox), across accounts. */
export type AttemptPatch = Pick<
  WebhookDelivery,
  "status" | "attempts" | "lastStatusCode" | "lastError" | "nextAttemptAt" | "lastAttemptAt"
>;

export interface Outbox {
  readonly pending: (
    limit: number,
  ) => Effect.Effect<readonly (StoredEvent & { readonly accountId: string; readonly livemode: boolean })[]>;
  readonly markFannedOut: (eventIds: readonly string[], now: string) => Effect.Effect<void>;
  /** Pending deliveries due before `dueBefore` (a worker died mid-attempt, or a retry job was lost). */
  readonly dueDeliveries: (
    dueBefore: string,
    limit: number,
  ) => Effect.Effect<
    readonly { readonly id: string; readonly accountId: string; readonly livemode: boolean }[]
  >;
}
