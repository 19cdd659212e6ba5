// A filing: one information return for one recipient, and how the API shows it (SPEC Filing + D37).
import { centsToAmount } from "../forms/index.ts";
import type { FilingStatus, Service } from "./status.ts";

export interface Filing {
  readonly id: string;
  readonly shortId: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly payerId: string;
  readonly recipientId: string;
  readonly form: string;
  readonly taxYear: number;
  readonly status: FilingStatus;
  readonly service: Service;
  readonly physicalMail: boolean | null;
  readonly portalAccess: boolean | null;
  readonly reference: string | null;
  readonly batchId: string | null;
  readonly orderId: string | null;
  readonly corrects: string | null;
  readonly supersededBy: string | null;
  readonly refileOf: string | null;
  readonly receiptId: string | null;
  readonly amountChargedCents: number;
  /** The filled scheme as stored: RecipientDetail.TIN replaced by RecipientDetail.TINLast4 (the TIN is encrypted). */
  readonly jsonForm: Record<string, unknown>;
  readonly accountNumber: string | null;
  readonly recipientTinHash: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * D11: an original duplicates another live original (not voided, not rejected) with the same payer, recipient
 * TIN, form, tax year and account number. Corrections are not originals.
 */
export function duplicateKey(f: Pick<Filing, "payerId" | "recipientTinHash" | "form" | "taxYear" | "accountNumber">): string {
  return [f.payerId, f.recipientTinHash, f.form, f.taxYear, f.accountNumber ?? ""].join("|");
}

export function filingShortPrefix(livemode: boolean): string { return livemode ? "fil_" : "fil_sb_"; }

/** Removes the TIN from a canonical jsonForm before it is stored; the digits live only in the vault. */
export function withoutTin(jsonForm: Record<string, unknown>, last4: string): Record<string, unknown> {
  const detail = jsonForm["RecipientDetail"];
  if (typeof detail !== "object" || detail === null) return jsonForm;
  const { TIN: _tin, ...rest } = detail as Record<string, unknown>;
  return { ...jsonForm, RecipientDetail: { TINLast4: last4, ...rest } };
}

export function filingView(f: Filing): Record<string, unknown> {
  return {
    object: "filing",
    id: f.id,
    short_id: f.shortId,
    form: f.form,
    tax_year: f.taxYear,
    status: f.status,
    payer: f.payerId,
    recipient: f.recipientId,
    service: f.service,
    livemode: f.livemode,
    reference: f.reference,
    batch: f.batchId,
    order: f.orderId,
    corrects: f.corrects,
    superseded_by: f.supersededBy,
    refile_of: f.refileOf,
    receipt_id: f.receiptId,
    amount_charged_cents: f.amountChargedCents,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
    jsonForm: f.jsonForm,
  };
}

export { centsToAmount };
