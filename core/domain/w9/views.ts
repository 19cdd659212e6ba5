// Issue 40: the API's shape of a W-9 request (GET /v1/w9-requests/{id}). Never the TIN: its type and last four only.
import type { BackupWithholding, BNotice } from "./b-notice-record.ts";
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

export function backupWithholdingView(b: BackupWithholding) {
  return {
    status: b.status,
    since: b.since,
    withhold_by: b.withholdBy,
    reason: b.reason,
    notice_id: b.noticeId,
    clears_on: b.clearsOn,
  };
}

export function bNoticeView(n: BNotice, livemode: boolean) {
  return {
    id: n.id,
    object: "b_notice",
    payer: n.payerId,
    recipient: n.recipientId,
    account_number: n.accountNumber,
    kind: n.kind,
    cp2100_upload: n.uploadId,
    line: n.line,
    tax_year: n.taxYear,
    notice_date: n.noticeDate,
    received_date: n.receivedDate,
    send_by: n.sendBy,
    withhold_by: n.withholdBy,
    status: n.status,
    tin_type: n.tinType,
    tin_last4: n.tinLast4,
    letter: { vendor_id: n.letterVendorId, failure: n.letterFailure },
    w9_request: n.w9RequestId,
    sent_at: n.sentAt,
    withholding_required_at: n.withholdingRequiredAt,
    cleared_at: n.clearedAt,
    cleared_by: n.clearedBy,
    cleared_reference: n.clearedReference,
    livemode,
    created_at: n.createdAt,
    updated_at: n.updatedAt,
  };
}

export interface Cp2100RowResult {
  readonly line: number;
  readonly name: string;
  readonly tinLast4: string;
  readonly accountNumber: string | null;
  readonly taxYear: number;
  readonly result: "first" | "second" | "unmatched";
  readonly recipientId: string | null;
  readonly noticeId: string | null;
  /** The notice existed already (the same CP2100 uploaded again): nothing new is mailed. */
  readonly duplicate: boolean;
}

export interface Cp2100Upload {
  readonly id: string;
  readonly payerId: string;
  readonly noticeDate: string;
  readonly receivedDate: string;
  readonly sendBy: string;
  readonly withholdBy: string;
  readonly rows: readonly Cp2100RowResult[];
}

export function cp2100UploadView(u: Cp2100Upload, livemode: boolean) {
  const count = (r: Cp2100RowResult["result"]) => u.rows.filter((x) => x.result === r).length;
  return {
    id: u.id,
    object: "cp2100_upload",
    payer: u.payerId,
    notice_date: u.noticeDate,
    received_date: u.receivedDate,
    send_by: u.sendBy,
    withhold_by: u.withholdBy,
    counts: {
      rows: u.rows.length,
      first: count("first"),
      second: count("second"),
      unmatched: count("unmatched"),
      duplicate: u.rows.filter((x) => x.duplicate).length,
    },
    rows: u.rows.map((r) => ({
      line: r.line,
      name: r.name,
      tin_last4: r.tinLast4,
      account_number: r.accountNumber,
      tax_year: r.taxYear,
      result: r.result,
      recipient: r.recipientId,
      b_notice: r.noticeId,
      duplicate: r.duplicate,
    })),
    livemode,
  };
}
