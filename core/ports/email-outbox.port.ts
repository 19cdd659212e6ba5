// Issue 39: the environment's e-mail outbox. In the sandbox every e-mail the service would send is kept here instead
// of leaving the machine, so an integrator reads exactly what the recipient would get (GET /v1/sandbox/outbox).
// One message per idempotency key: a job retried after a crash finds the message it already wrote.
import type * as Effect from "effect/Effect";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface OutboxMessage {
  readonly id: string;
  /** The delivery's key (`emailKey`, `inviteKey`): the message's identity. */
  readonly idempotencyKey: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Every http(s) link of the message, in order, once each. */
  readonly links: readonly string[];
  readonly createdAt: string;
}

export interface EmailOutboxRepo {
  /** Keeps the message; a message already kept under its key is returned as it was (nothing is written). */
  readonly append: (message: OutboxMessage) => Effect.Effect<OutboxMessage>;
  /** Newest first, paged like every list. */
  readonly list: (page: PageQuery) => Effect.Effect<Page<OutboxMessage>>;
}
