// Rows of B-notices (issue 40 item 4). Calendar days are text (YYYY-MM-DD), instants timestamptz.
import {
  B_NOTICE_CLEARED_BY,
  B_NOTICE_STATUSES,
  type BNotice,
} from "../../../core/domain/w9/b-notice-record.ts";
import {
  literals,
  nullable,
  NullableText,
  NullableTimestamp,
  Num,
  rowCodec,
  struct,
  Text,
  Timestamp,
} from "./columns.ts";

export const BNoticeRow = rowCodec(
  "b_notices",
  struct({
    id: Text,
    payer_id: Text,
    recipient_id: Text,
    account_number: NullableText,
    kind: literals(["first", "second"] as const),
    upload_id: Text,
    line: Num,
    tax_year: Num,
    notice_date: Text,
    received_date: Text,
    send_by: Text,
    withhold_by: Text,
    status: literals(B_NOTICE_STATUSES),
    tin_type: nullable(literals(["ssn", "ein"] as const)),
    tin_last4: Text,
    letter_vendor_id: NullableText,
    letter_failure: NullableText,
    w9_request_id: NullableText,
    sent_at: NullableTimestamp,
    withholding_required_at: NullableTimestamp,
    cleared_at: NullableTimestamp,
    cleared_by: nullable(literals(B_NOTICE_CLEARED_BY)),
    cleared_reference: NullableText,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

export function toBNotice(row: unknown): BNotice {
  const r = BNoticeRow.decode(row);
  return {
    id: r.id,
    payerId: r.payer_id,
    recipientId: r.recipient_id,
    accountNumber: r.account_number,
    kind: r.kind,
    uploadId: r.upload_id,
    line: r.line,
    taxYear: r.tax_year,
    noticeDate: r.notice_date,
    receivedDate: r.received_date,
    sendBy: r.send_by,
    withholdBy: r.withhold_by,
    status: r.status,
    tinType: r.tin_type,
    tinLast4: r.tin_last4,
    letterVendorId: r.letter_vendor_id,
    letterFailure: r.letter_failure,
    w9RequestId: r.w9_request_id,
    sentAt: r.sent_at,
    withholdingRequiredAt: r.withholding_required_at,
    clearedAt: r.cleared_at,
    clearedBy: r.cleared_by,
    clearedReference: r.cleared_reference,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
