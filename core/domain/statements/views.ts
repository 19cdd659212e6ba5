// The API's shapes of recipient statements (issue 39): GET /v1/filings/{id}/statement and
// GET /v1/statement-deliveries. Field names are the contract; `status` of a statement is added for the payer's
// convenience (the one word that says where the statement is). The inputs are the stored records' shapes
// (core/ports/statements.port.ts), named here by what the views read.
import type { Channel, NotFurnishedReason } from "./delivery.ts";

export interface DeliveryFacts {
  readonly id: string;
  readonly filingId: string;
  readonly recipientId: string;
  readonly channel: Channel;
  readonly kind: "letter" | "notice" | "invitation";
  readonly status: string;
  readonly vendorId: string | null;
  readonly failureReason: string | null;
  readonly expectedDeliveryDate: string | null;
  readonly events: readonly { readonly status: string; readonly at: string }[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface StatementFactsView {
  readonly recipientId: string;
  readonly furnished: boolean;
  readonly notFurnished: NotFurnishedReason | null;
  readonly mailRefundedCents: number;
  readonly updatedAt: string;
}

export type StatementStatus =
  /** Copy B is not available yet (the IRS has not accepted the filing): nothing goes out before. */
  | "awaiting_copy_b"
  /** Deliveries are under way and none has furnished the recipient yet. */
  | "in_progress"
  | "furnished"
  /** No channel the service includes can furnish the recipient; `not_furnished_reason` says why. */
  | "not_furnished";

export function deliveryView(d: DeliveryFacts) {
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
  statement: StatementFactsView | undefined,
  deliveries: readonly DeliveryFacts[],
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

/** A message of the environment's outbox (GET /v1/sandbox/outbox): exactly what the recipient would get. */
export function outboxMessageView(m: {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly links: readonly string[];
  readonly createdAt: string;
}) {
  return {
    object: "outbox_message" as const,
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    links: m.links,
    created_at: m.createdAt,
  };
}

/** One step of a recipient in the portal, for the payer's audit (GET /v1/recipients/{id}/portal-activity). */
export function portalActivityView(a: {
  readonly id: string;
  readonly recipientId: string;
  readonly action: string;
  readonly filingId: string | null;
  readonly ip: string;
  readonly userAgent: string | null;
  readonly createdAt: string;
}) {
  return {
    object: "portal_activity" as const,
    id: a.id,
    recipient: a.recipientId,
    action: a.action,
    filing: a.filingId,
    ip: a.ip,
    user_agent: a.userAgent,
    created_at: a.createdAt,
  };
}

/** POST /v1/recipients/{id}/consent-requests: the invitation e-mailed. */
export function consentRequestView(r: {
  readonly id: string;
  readonly recipientId: string;
  readonly email: string;
  readonly sent: boolean;
  readonly failureReason: string | null;
  readonly createdAt: string;
}) {
  return {
    object: "consent_request" as const,
    id: r.id,
    recipient: r.recipientId,
    email: r.email,
    status: r.sent ? ("sent" as const) : ("bounced" as const),
    failure_reason: r.failureReason,
    created_at: r.createdAt,
  };
}

/** DELETE /v1/recipients/{id}/portal-lockout. */
export const portalLockoutView = (recipientId: string, lifted: boolean) => ({
  object: "portal_lockout" as const,
  recipient: recipientId,
  lifted,
});
