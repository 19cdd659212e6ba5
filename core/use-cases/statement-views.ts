// The API's shapes of recipient statements (issue 39): GET /v1/filings/{id}/statement and
// GET /v1/statement-deliveries. Field names are the contract; `status` of a statement is added for the payer's
// convenience (the one word that says where the statement is).
import type { StatementDeliveryRecord, StatementRecord } from "../ports/statements.port.ts";

export type StatementStatus =
  /** Copy B is not available yet (the IRS has not accepted the filing): nothing goes out before. */
  | "awaiting_copy_b"
  /** Deliveries are under way and none has furnished the recipient yet. */
  | "in_progress"
  | "furnished"
  /** No channel the service includes can furnish the recipient; `not_furnished_reason` says why. */
  | "not_furnished";

export const MAIL_STATUSES = [
  "queued",
  "mailed",
  "in_transit",
  "delivered",
  "returned",
  "undeliverable",
  "canceled",
] as const;
export const EMAIL_STATUSES = ["queued", "sent", "bounced", "failed"] as const;
export const DELIVERY_STATUSES: readonly string[] = [...new Set([...MAIL_STATUSES, ...EMAIL_STATUSES])];

export function deliveryView(d: StatementDeliveryRecord) {
  return {
    id: d.id,
    object: "statement_delivery" as const,
    filing: d.filingId,
    recipient: d.recipientId,
    channel: d.channel,
    kind: d.kind,
    status: d.status,
    vendor_id: d.vendorId,
    events: d.events.map((e) => ({ status: e.status, at: e.at })),
    failure_reason: d.failureReason,
    expected_delivery_date: d.expectedDeliveryDate,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

export function statementView(
  filingId: string,
  statement: StatementRecord | undefined,
  deliveries: readonly StatementDeliveryRecord[],
) {
  const status: StatementStatus = !statement
    ? "awaiting_copy_b"
    : statement.furnished
      ? "furnished"
      : statement.notFurnished !== null
        ? "not_furnished"
        : "in_progress";
  return {
    object: "statement" as const,
    filing: filingId,
    recipient: statement?.recipientId ?? null,
    status,
    furnished: statement?.furnished ?? false,
    not_furnished_reason: statement?.notFurnished ?? null,
    mail_refunded_cents: statement?.mailRefundedCents ?? 0,
    deliveries: [...deliveries]
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1))
      .map(deliveryView),
    updated_at: statement?.updatedAt ?? null,
  };
}
