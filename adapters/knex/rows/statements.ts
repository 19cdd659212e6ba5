// Rows of recipient statements, their deliveries and recipients' e-delivery consent (issue 39).
import type { NotFurnishedReason } from "../../../core/domain/statements/delivery.ts";
import type {
  ConsentRecord,
  StatementDeliveryRecord,
  StatementRecord,
} from "../../../core/ports/statements.port.ts";
import type { OutboxMessage } from "../../../core/ports/email-outbox.port.ts";
import type { PortalActivity } from "../../../core/ports/portal.port.ts";
import { PORTAL_ACTIONS } from "../../../core/domain/statements/portal.ts";
import {
  arrayOf,
  Bool,
  json,
  literals,
  nullable,
  NullableText,
  NullableTimestamp,
  Num,
  rowCodec,
  type SameMembers,
  struct,
  Text,
  Timestamp,
} from "./columns.ts";

const NOT_FURNISHED = [
  "no_consent",
  "consent_withdrawn",
  "email_failed",
  "mail_not_included",
  "undeliverable",
] as const;
const sameReasons: [SameMembers<(typeof NOT_FURNISHED)[number], NotFurnishedReason>] = [true];
void sameReasons;
const STATUSES = [
  "queued",
  "mailed",
  "in_transit",
  "delivered",
  "returned",
  "undeliverable",
  "canceled",
  "sent",
  "bounced",
  "failed",
] as const;
const sameStatuses: [SameMembers<(typeof STATUSES)[number], StatementDeliveryRecord["status"]>] = [true];
void sameStatuses;

export const StatementRow = rowCodec(
  "statements",
  struct({
    filing_id: Text,
    recipient_id: Text,
    epoch: Num,
    planned_epoch: Num,
    furnished: Bool,
    not_furnished: nullable(literals(NOT_FURNISHED)),
    mail_refunded_cents: Num,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export function toStatement(row: unknown): StatementRecord {
  const r = StatementRow.decode(row);
  return {
    filingId: r.filing_id,
    recipientId: r.recipient_id,
    epoch: r.epoch,
    plannedEpoch: r.planned_epoch,
    furnished: r.furnished,
    notFurnished: r.not_furnished,
    mailRefundedCents: r.mail_refunded_cents,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export const StatementDeliveryRow = rowCodec(
  "statement_deliveries",
  struct({
    id: Text,
    filing_id: Text,
    recipient_id: Text,
    channel: literals(["mail", "email"]),
    kind: literals(["letter", "notice", "invitation"]),
    key: Text,
    status: literals(STATUSES),
    vendor_id: NullableText,
    to_email: NullableText,
    failure_reason: NullableText,
    expected_delivery_date: NullableText,
    events: json(arrayOf(struct({ status: Text, at: Text }))),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export function toStatementDelivery(row: unknown): StatementDeliveryRecord {
  const r = StatementDeliveryRow.decode(row);
  return {
    id: r.id,
    filingId: r.filing_id,
    recipientId: r.recipient_id,
    channel: r.channel,
    kind: r.kind,
    key: r.key,
    status: r.status,
    vendorId: r.vendor_id,
    toEmail: r.to_email,
    failureReason: r.failure_reason,
    expectedDeliveryDate: r.expected_delivery_date,
    events: r.events,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export const ConsentRow = rowCodec(
  "recipient_consents",
  struct({
    recipient_id: Text,
    status: literals(["none", "given", "withdrawn"]),
    at: NullableTimestamp,
  }),
);
export function toConsent(row: unknown): ConsentRecord {
  const r = ConsentRow.decode(row);
  return { recipientId: r.recipient_id, status: r.status, at: r.at };
}

/** A statement or delivery found across accounts (the sweep, a vendor's webhook). */
export const StatementRefRow = rowCodec(
  "statement ref",
  struct({ account_id: Text, livemode: Bool, id: Text }),
);

export const OutboxRow = rowCodec(
  "email_outbox",
  struct({
    id: Text,
    idempotency_key: Text,
    to_email: Text,
    subject: Text,
    text_body: Text,
    html_body: Text,
    links: json(arrayOf(Text)),
    created_at: Timestamp,
  }),
);
export function toOutboxMessage(row: unknown): OutboxMessage {
  const r = OutboxRow.decode(row);
  return {
    id: r.id,
    idempotencyKey: r.idempotency_key,
    to: r.to_email,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    links: r.links,
    createdAt: r.created_at,
  };
}

export const PortalAccessRow = rowCodec(
  "recipient portal",
  struct({
    recipient_id: Text,
    access_code: NullableText,
    portal_attempts: Num,
    portal_window_started_at: NullableTimestamp,
    portal_locked_until: NullableTimestamp,
  }),
);
export function toPortalAccess(row: unknown) {
  const r = PortalAccessRow.decode(row);
  return {
    recipientId: r.recipient_id,
    accessCode: r.access_code,
    attempts: r.portal_attempts,
    windowStartedAt: r.portal_window_started_at,
    lockedUntil: r.portal_locked_until,
  };
}

export const PortalActivityRow = rowCodec(
  "portal_activity",
  struct({
    id: Text,
    recipient_id: Text,
    action: literals(PORTAL_ACTIONS),
    filing_id: NullableText,
    ip: Text,
    user_agent: NullableText,
    created_at: Timestamp,
  }),
);
export function toPortalActivity(row: unknown): PortalActivity {
  const r = PortalActivityRow.decode(row);
  return {
    id: r.id,
    recipientId: r.recipient_id,
    action: r.action,
    filingId: r.filing_id,
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: r.created_at,
  };
}

export const PortalRefRow = rowCodec(
  "portal ref",
  struct({ account_id: Text, livemode: Bool, recipient_id: Text }),
);
