// Wire views (SPEC field names) of filings, their acknowledgements and intake results (SPEC Filing,
// "Payer forms intake result", D10, D21, D23): the one home of these shapes; and the list filters of GET /v1/filings.
import { InvalidRequest } from "../shared/errors.ts";
import { listView } from "../shared/views.ts";
import { canonicalFormCode } from "../forms/index.ts";
import type { Batch } from "./batch.ts";
import type { Filing } from "./filing.ts";
import type { IntakeRowResult } from "./intake.ts";
import type { FilingFilter } from "./filter.ts";
import { FILING_STATUSES, isFilingStatus } from "./status.ts";
import { isUuid } from "../shared/validation.ts";

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
    amount_refunded_cents: f.amountRefundedCents,
    submitted_at: f.submittedAt,
    acknowledged_at: f.acknowledgedAt,
    voided_at: f.voidedAt,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
    warnings: f.warnings,
    jsonForm: f.jsonForm,
  };
}

/** The answer to POST /v1/filings: the filing, and whether intake put it in the cart. */
export function singleFilingView(f: Filing, cartItemId: string | null) {
  return { ...filingView(f), added_to_cart: cartItemId !== null, cart_item_id: cartItemId };
}

/** D19: the answer to POST /v1/filings/{id}/corrections: the correcting filing as intake saved it (`row`). */
export function correctionIntakeView(f: Filing, corrects: string, row: IntakeRowResult | undefined) {
  return {
    object: "correction_intake",
    id: f.id,
    short_id: f.shortId,
    corrects,
    form: f.form,
    tax_year: f.taxYear,
    status: f.status,
    currency: "usd",
    added_to_cart: row?.added_to_cart ?? false,
    cart_item_id: row?.cart_item_id ?? null,
    service: f.service,
    warnings: f.warnings,
  };
}

export function ackView(f: Filing) {
  return {
    object: "acknowledgment",
    filing: f.id,
    status: f.status,
    receipt_id: f.receiptId,
    errors: f.ackErrors ?? [],
    submitted_at: f.submittedAt,
    acknowledged_at: f.acknowledgedAt,
  };
}

/** Every filing of an order or batch, each with its acknowledgement (or its status until it has one). */
export function ackListView(filings: readonly Filing[]) {
  return listView(filings.map(ackView));
}

export function payerFormsView(batch: Batch) {
  return {
    object: "payer_forms_intake",
    payer: batch.payerId,
    batch: batch.id,
    created: batch.created,
    failed: batch.failed,
    livemode: batch.livemode,
    forms: batch.rows,
  };
}

/** The answer to POST /v1/filings/batch. */
export function batchCreatedView(batch: Batch) {
  return {
    object: "batch",
    id: batch.id,
    created: batch.created,
    failed: batch.failed,
    livemode: batch.livemode,
    forms: batch.rows,
  };
}

export function batchView(batch: Batch) {
  return {
    object: "batch",
    id: batch.id,
    kind: batch.kind,
    payer: batch.payerId,
    reference: batch.reference,
    created: batch.created,
    failed: batch.failed,
    livemode: batch.livemode,
    created_at: batch.createdAt,
    forms: batch.rows,
  };
}

/** D10: when every row fails the call is 422 with the rows; otherwise 201. */
export function allFailed(batch: Batch, body: Record<string, unknown>): InvalidRequest | null {
  if (batch.created > 0) return null;
  const first = batch.rows[0]?.error;
  return new InvalidRequest({
    param: first?.param,
    ...(first?.code ? { code: first.code } : {}),
    message: `No form was saved: every row failed validation.${first ? ` First error: ${first.message}` : ""}`,
    extra: body,
  });
}

export function parseFilingFilter(query: Record<string, unknown>): FilingFilter | InvalidRequest {
  const filter: {
    statuses?: (typeof FILING_STATUSES)[number][];
    payerId?: string;
    form?: string;
    taxYear?: number;
    batchId?: string;
  } = {};
  const one = (k: string) => {
    const v = query[k];
    return Array.isArray(v) ? v.join(",") : typeof v === "string" ? v : undefined;
  };
  const status = one("status");
  if (status !== undefined && status !== "") {
    const list = status
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.find((s) => !isFilingStatus(s));
    if (bad !== undefined)
      return new InvalidRequest({
        param: "status",
        message: `Unknown status ${JSON.stringify(bad)}. Allowed: ${FILING_STATUSES.join(", ")} (comma-separated for several).`,
      });
    filter.statuses = list.filter(isFilingStatus);
  }
  const payer = one("payer");
  if (payer !== undefined) {
    if (!isUuid(payer))
      return new InvalidRequest({ param: "payer", message: "payer must be a payer id (UUID)." });
    filter.payerId = payer;
  }
  const form = one("form");
  if (form !== undefined) filter.form = canonicalFormCode(form) ?? form;
  const year = one("tax_year");
  if (year !== undefined) {
    if (!/^\d{4}$/.test(year))
      return new InvalidRequest({ param: "tax_year", message: "tax_year must be a four-digit year." });
    filter.taxYear = Number(year);
  }
  const batch = one("batch");
  if (batch !== undefined) filter.batchId = batch;
  return filter;
}
