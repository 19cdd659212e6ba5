// Wire view (SPEC field names) of an extension of time to file (Form 8809): the one home of this shape.
import type { Extension } from "./extension.ts";

export function extensionView(e: Extension, alreadyRequested: boolean) {
  return {
    object: "extension",
    id: e.id,
    payer: e.payerId,
    tax_year: e.taxYear,
    forms: e.forms,
    reasons: e.reasons,
    status: e.status,
    receipt_id: e.receiptId,
    livemode: e.livemode,
    already_requested: alreadyRequested,
    created_at: e.createdAt,
  };
}
