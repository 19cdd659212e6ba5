// Row <-> domain mapping shared by the Knex repositories.
import type { Account, Role } from "../../core/domain/parties/account.ts";
import type { Payer, TinType } from "../../core/domain/parties/payer.ts";
import type { DeliveryMethod, Recipient } from "../../core/domain/parties/recipient.ts";
import type { AckError, Filing } from "../../core/domain/filing/filing.ts";
import type { RuleFinding } from "../../core/domain/iris/rules/model.ts";
import type { FilingStatus, Service } from "../../core/domain/filing/status.ts";
import type { Batch, BatchKind } from "../../core/ports/store.port.ts";
import type { IntakeRowResult } from "../../core/domain/filing/intake.ts";

export type Row = Record<string, unknown>;

export const iso = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function toAccount(r: Row): Account {
  return {
    id: String(r["id"]),
    name: String(r["name"]),
    liveEnabled: Boolean(r["live_enabled"]),
    defaultApiVersion: s(r["default_api_version"]),
    ipAllowlist: (typeof r["ip_allowlist"] === "string"
      ? JSON.parse(r["ip_allowlist"])
      : (r["ip_allowlist"] ?? [])) as string[],
    createdAt: iso(r["created_at"]),
  };
}

export function toPayer(r: Row): Payer {
  return {
    id: String(r["id"]),
    accountId: String(r["account_id"]),
    livemode: Boolean(r["livemode"]),
    legalName: String(r["legal_name"]),
    tinType: r["tin_type"] as TinType,
    tinLast4: String(r["tin_last4"]),
    addressLine1: s(r["address_line1"]),
    addressLine2: s(r["address_line2"]),
    city: s(r["city"]),
    state: s(r["state"]),
    postalCode: s(r["postal_code"]),
    country: String(r["country"]),
    contactName: s(r["contact_name"]),
    contactEmail: s(r["contact_email"]),
    contactPhone: s(r["contact_phone"]),
    isMainCompany: Boolean(r["is_main_company"]),
    createdAt: iso(r["created_at"]),
    updatedAt: iso(r["updated_at"]),
  };
}

export function toRecipient(r: Row): Recipient {
  return {
    id: String(r["id"]),
    shortId: String(r["short_id"]),
    accountId: String(r["account_id"]),
    livemode: Boolean(r["livemode"]),
    payerId: String(r["payer_id"]),
    name: String(r["name"]),
    tinType: s(r["tin_type"]) as TinType | null,
    tinLast4: String(r["tin_last4"]),
    addressLine1: s(r["address_line1"]),
    addressLine2: s(r["address_line2"]),
    city: s(r["city"]),
    state: s(r["state"]),
    postalCode: s(r["postal_code"]),
    country: String(r["country"]),
    email: s(r["email"]),
    deliveryMethod: r["delivery_method"] as DeliveryMethod,
    accountNumber: s(r["account_number"]),
    createdAt: iso(r["created_at"]),
    updatedAt: iso(r["updated_at"]),
  };
}

const SNAKE = /[A-Z]/g;
export const snake = (k: string): string => k.replace(SNAKE, (c) => "_" + c.toLowerCase());

/** camelCase domain fields -> snake_case columns, skipping undefined. */
export function toColumns(obj: object): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[snake(k)] = v;
  return out;
}

export const roleOf = (v: unknown): Role => (v === "owner" ? "owner" : "developer");

const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
const b = (v: unknown): boolean | null => (v === null || v === undefined ? null : Boolean(v));

export function toFiling(r: Row): Filing {
  return {
    id: String(r["id"]),
    shortId: String(r["short_id"]),
    accountId: String(r["account_id"]),
    livemode: Boolean(r["livemode"]),
    payerId: String(r["payer_id"]),
    recipientId: String(r["recipient_id"]),
    form: String(r["form"]),
    taxYear: Number(r["tax_year"]),
    status: r["status"] as FilingStatus,
    service: r["service"] as Service,
    physicalMail: b(r["physical_mail"]),
    portalAccess: b(r["portal_access"]),
    reference: s(r["reference"]),
    batchId: s(r["batch_id"]),
    orderId: s(r["order_id"]),
    corrects: s(r["corrects"]),
    supersededBy: s(r["superseded_by"]),
    refileOf: s(r["refile_of"]),
    receiptId: s(r["receipt_id"]),
    amountChargedCents: Number(r["amount_charged_cents"] ?? 0),
    jsonForm: json<Record<string, unknown>>(r["json_form"]),
    sealedTins: json<Record<string, string>>(r["sealed_tins"] ?? {}),
    submittedAt: r["submitted_at"] ? iso(r["submitted_at"]) : null,
    acknowledgedAt: r["acknowledged_at"] ? iso(r["acknowledged_at"]) : null,
    voidedAt: r["voided_at"] ? iso(r["voided_at"]) : null,
    ackErrors: r["ack_errors"] ? json<AckError[]>(r["ack_errors"]) : null,
    warnings: r["warnings"] ? json<RuleFinding[]>(r["warnings"]) : [],
    amountRefundedCents: Number(r["amount_refunded_cents"] ?? 0),
    transmissionId: s(r["transmission_id"]),
    submissionId: r["submission_id"] == null ? null : Number(r["submission_id"]),
    recordId: r["record_id"] == null ? null : Number(r["record_id"]),
    accountNumber: s(r["account_number"]),
    recipientTinHash: String(r["recipient_tin_hash"]),
    ...(r["rules_checked"] ? { rulesChecked: String(r["rules_checked"]) } : {}),
    createdAt: iso(r["created_at"]),
    updatedAt: iso(r["updated_at"]),
  };
}

export function toBatch(r: Row): Batch {
  return {
    id: String(r["id"]),
    accountId: String(r["account_id"]),
    livemode: Boolean(r["livemode"]),
    kind: r["kind"] as BatchKind,
    payerId: s(r["payer_id"]),
    reference: s(r["reference"]),
    created: Number(r["created"]),
    failed: Number(r["failed"]),
    rows: json<IntakeRowResult[]>(r["rows"]),
    createdAt: iso(r["created_at"]),
  };
}
