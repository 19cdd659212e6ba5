// Issue 40: the API's shape of a W-9 request (GET /v1/w9-requests/{id}). Never the TIN: its type and last four only.
import type { W9Request } from "./request.ts";
import { effectiveStatus } from "./request.ts";

export function w9RequestView(r: W9Request, now: Date, livemode: boolean) {
  const f = r.signed?.fields;
  return {
    id: r.id,
    object: "w9_request" as const,
    payer: r.payerId,
    recipient: r.recipientId,
    name: r.name,
    email: r.email,
    reference: r.reference,
    reason: r.reason,
    status: effectiveStatus(r, now),
    email_delivery: {
      status: r.emailStatus,
      failure_reason: r.emailFailure,
      sends: r.sends,
      last_sent_at: r.lastSentAt,
    },
    letter:
      r.letterStatus === null
        ? null
        : { status: r.letterStatus, vendor_id: r.letterVendorId, failure_reason: r.letterFailure },
    expires_at: r.expiresAt,
    completed_at: r.completedAt,
    canceled_at: r.canceledAt,
    expired_at: r.expiredAt,
    w9:
      r.signed === null || f === undefined
        ? null
        : {
            name: f.name,
            business_name: f.businessName,
            tax_classification: f.taxClassification,
            llc_code: f.llcCode,
            other_classification: f.otherClassification,
            foreign_partners: f.foreignPartners,
            exempt_payee_code: f.exemptPayeeCode,
            fatca_code: f.fatcaCode,
            address_line1: f.addressLine1,
            address_line2: f.addressLine2,
            city: f.city,
            state: f.state,
            postal_code: f.postalCode,
            account_numbers: f.accountNumbers,
            tin_type: r.signed.tinType,
            tin_last4: r.signed.tinLast4,
            backup_withholding_item_struck: r.signed.signature.item2Struck,
            signed_by: r.signed.signature.signerName,
            signed_at: r.signed.signature.signedAt,
            signed_from_ip: r.signed.signature.ip,
            digest: r.signed.digest,
          },
    tin_match: r.tinMatchRun === null ? null : { run: r.tinMatchRun, result: r.tinMatchResult ?? "pending" },
    livemode,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** The data of `w9_request.completed` and `w9_request.expired` (no TIN, no address). */
export function w9EventData(r: W9Request, now: Date) {
  return {
    id: r.id,
    payer: r.payerId,
    recipient: r.recipientId,
    reference: r.reference,
    status: effectiveStatus(r, now),
    tin_type: r.signed?.tinType ?? null,
    tin_last4: r.signed?.tinLast4 ?? null,
    tin_match_run: r.tinMatchRun,
    completed_at: r.completedAt,
    expired_at: r.expiredAt,
  };
}
