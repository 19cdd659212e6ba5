// Durable job queues of the service (D22), each with the Effect Schema of its payload, decoded at the queue's edge
// (core/use-cases/lifecycle/jobs.ts: a payload that does not decode is logged and dead-lettered, never run).
import * as Schema from "effect/Schema";

export const TRANSMIT_QUEUE = "transmit-order";
export const ACK_QUEUE = "apply-ack";
export const DELIVER_QUEUE = "deliver-webhook";
export const TIN_MATCH_QUEUE = "complete-tin-match";
/** One recipient statement delivery (a letter, a notice, an invitation): issue 39. */
export const SEND_STATEMENT_QUEUE = "send-statement";
/** One B-notice's letter (and e-mailed W-9 link): issue 40 item 4. */
export const B_NOTICE_QUEUE = "send-b-notice";

const scoped = { accountId: Schema.NonEmptyString, livemode: Schema.Boolean } as const;

export const TransmitPayload = Schema.Struct({ ...scoped, orderId: Schema.NonEmptyString });
export type TransmitPayload = typeof TransmitPayload.Type;

/** `receiptId`: jobs queued before receipts were polled together carry one receipt under that name. */
export const AckPayload = Schema.Struct({
  ...scoped,
  receipts: Schema.optionalKey(Schema.Array(Schema.String)),
  receiptId: Schema.optionalKey(Schema.String),
  poll: Schema.optionalKey(Schema.Number),
  notFoundPolls: Schema.optionalKey(Schema.Record(Schema.String, Schema.Number)),
});
export type AckPayload = typeof AckPayload.Type;

export const TinMatchPayload = Schema.Struct({ ...scoped, runId: Schema.NonEmptyString });
export type TinMatchPayload = typeof TinMatchPayload.Type;

export const DeliverPayload = Schema.Struct({ ...scoped, deliveryId: Schema.NonEmptyString });
export type DeliverPayload = typeof DeliverPayload.Type;

export const SendStatementPayload = Schema.Struct({
  ...scoped,
  deliveryId: Schema.NonEmptyString,
  /** Cancel the delivery's letter at the mail house instead (its recipient's address changed). */
  cancel: Schema.optionalKey(Schema.Boolean),
});
export type SendStatementPayload = typeof SendStatementPayload.Type;

export const BNoticePayload = Schema.Struct({ ...scoped, noticeId: Schema.NonEmptyString });
export type BNoticePayload = typeof BNoticePayload.Type;
