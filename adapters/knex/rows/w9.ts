// Rows of W-9 requests (issue 40). The signed W-9 is a document the service wrote from validated domain values:
// checked as a JSON object, not member by member.
import type { W9Request, W9Signed } from "../../../core/domain/w9/request.ts";
import {
  W9_EMAIL_STATUSES,
  W9_LETTER_STATUSES,
  W9_STATUSES,
  W9_TIN_MATCH_RESULTS,
} from "../../../core/domain/w9/request.ts";
import {
  json,
  JsonObject,
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

export const W9RequestRow = rowCodec(
  "w9_requests",
  struct({
    id: Text,
    payer_id: Text,
    recipient_id: NullableText,
    name: Text,
    email: Text,
    reference: NullableText,
    reason: NullableText,
    status: literals(W9_STATUSES),
    token_hash: Text,
    sends: Num,
    email_status: literals(W9_EMAIL_STATUSES),
    email_failure: NullableText,
    letter_status: nullable(literals(W9_LETTER_STATUSES)),
    letter_vendor_id: NullableText,
    letter_failure: NullableText,
    last_sent_at: Timestamp,
    expires_at: Timestamp,
    completed_at: NullableTimestamp,
    canceled_at: NullableTimestamp,
    expired_at: NullableTimestamp,
    signed: nullable(json(JsonObject)),
    tin_ciphertext: NullableText,
    tin_match_run: NullableText,
    tin_match_result: nullable(literals(W9_TIN_MATCH_RESULTS)),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

export function toW9Request(row: unknown): W9Request {
  const r = W9RequestRow.decode(row);
  return {
    id: r.id,
    payerId: r.payer_id,
    recipientId: r.recipient_id,
    name: r.name,
    email: r.email,
    reference: r.reference,
    reason: r.reason,
    status: r.status,
    tokenHash: r.token_hash,
    sends: r.sends,
    emailStatus: r.email_status,
    emailFailure: r.email_failure,
    letterStatus: r.letter_status,
    letterVendorId: r.letter_vendor_id,
    letterFailure: r.letter_failure,
    lastSentAt: r.last_sent_at,
    expiresAt: r.expires_at,
    completedAt: r.completed_at,
    canceledAt: r.canceled_at,
    expiredAt: r.expired_at,
    signed: r.signed === null ? null : (r.signed as unknown as W9Signed),
    tinCiphertext: r.tin_ciphertext,
    tinMatchRun: r.tin_match_run,
    tinMatchResult: r.tin_match_result,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
