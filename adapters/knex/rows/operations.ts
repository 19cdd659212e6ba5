// Rows of what the service keeps for its own operation: idempotency keys, TIN-match runs and sends, the SSA
// operator queue, the sandbox's IRS receipts, and the small shapes several queries share (ids, counts, scopes).
import type { TinMatchRun } from "../../../core/domain/parties/tin-match-run.ts";
import type { SsaFile, SsaFileStatus } from "../../../core/ports/ssa-transmitter.port.ts";
import type { SecretBox } from "../../system/system.ts";
import {
  arrayOf,
  Bool,
  json,
  JsonObject,
  literals,
  nullable,
  NullableNum,
  NullableText,
  NullableTimestamp,
  Num,
  optional,
  rowCodec,
  type SameMembers,
  struct,
  Text,
  Timestamp,
} from "./columns.ts";

const SSA_FILE_STATUSES = ["pending", "submitted", "accepted", "rejected"] as const;
const lists: [SameMembers<(typeof SSA_FILE_STATUSES)[number], SsaFileStatus>] = [true];
void lists;

/** The id of a row (`returning("id")`, an existence check). */
export const IdRow = rowCodec("id", struct({ id: Text }));
/** `count({ n: "*" })`. */
export const CountRow = rowCodec("count", struct({ n: Num }));
/** `sum({ n: ... })`: null when no row was summed. */
export const SumRow = rowCodec("sum", struct({ n: NullableNum }));
/** A queued piece of work and the scope it runs in (due deliveries, pending TIN-match runs). */
export const ScopedIdRow = rowCodec("scoped id", struct({ id: Text, account_id: Text, livemode: Bool }));

export const IdempotencyKeyRow = rowCodec(
  "idempotency_keys",
  struct({
    request_hash: Text,
    state: literals(["in_flight", "done", "released"]),
    response_status: NullableNum,
    response_body: NullableText,
    response_content_type: NullableText,
  }),
);

/** A throttle's count (issue 38). */
export const ThrottleRow = rowCodec(
  "auth_throttles",
  struct({ failures: Num, window_started_at: Timestamp, locked_until: NullableTimestamp }),
);
/** A user's lock, as the owner lists it. */
export const LockedUserRow = rowCodec(
  "locked user",
  struct({ user_id: Text, failures: Num, locked_until: Timestamp }),
);

/** A recorded result of an idempotent operation (issue 38): JSON text. */
export const OperationResultRow = rowCodec("operation_results", struct({ result: Text }));

const TinMatchEntryColumn = struct({
  name: Text,
  tinCiphertext: Text,
  tinLast4: Text,
  tinType: nullable(literals(["ssn", "ein"])),
  recipient: NullableText,
  reference: NullableText,
});
const TinMatchResultColumn = struct({
  recipient: optional(Text),
  reference: optional(Text),
  name: Text,
  tin_last4: Text,
  result: literals(["match", "mismatch", "not_issued"]),
});
export const TinMatchRunRow = rowCodec(
  "tin_match_runs",
  struct({
    id: Text,
    status: literals(["processing", "completed"]),
    count: Num,
    entries: json(arrayOf(TinMatchEntryColumn)),
    results: nullable(json(arrayOf(TinMatchResultColumn))),
    created_at: Timestamp,
    completed_at: NullableTimestamp,
  }),
);
export function toRun(row: unknown): TinMatchRun {
  const r = TinMatchRunRow.decode(row);
  return {
    id: r.id,
    status: r.status,
    count: r.count,
    entries: r.entries,
    results: r.results,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  };
}
/** A TIN-match send of a pair, and its outcome once known. */
export const TinMatchSendRow = rowCodec("tin_match_sends", struct({ pair_key: Text, outcome: NullableText }));

/** ssa_files keeps its timestamps as text (ISO strings written by the SSA adapter). */
export const SsaFileRow = rowCodec(
  "ssa_files",
  struct({
    id: Text,
    account_id: Text,
    livemode: Bool,
    order_id: Text,
    tax_year: Num,
    format: literals(["efw2", "efw2c"]),
    filing_ids: json(arrayOf(Text)),
    employers: Num,
    content: Text,
    status: literals(SSA_FILE_STATUSES),
    wfid: NullableText,
    message: NullableText,
    created_at: Text,
    submitted_at: NullableText,
    decided_at: NullableText,
  }),
);
/** The file of a row, its content opened with `box`. */
export function toSsaFile(row: unknown, box: SecretBox): SsaFile {
  const r = SsaFileRow.decode(row);
  return {
    id: r.id,
    accountId: r.account_id,
    livemode: r.livemode,
    orderId: r.order_id,
    taxYear: r.tax_year,
    format: r.format,
    filingIds: r.filing_ids,
    employers: r.employers,
    content: box.open(r.content),
    status: r.status,
    wfid: r.wfid,
    message: r.message,
    createdAt: r.created_at,
    submittedAt: r.submitted_at,
    decidedAt: r.decided_at,
  };
}

/** A receipt of the sandbox's emulated IRS: a JSON object the emulator wrote (its own type, checked by it). */
export const SandboxReceiptRow = rowCodec(
  "sandbox_receipts",
  struct({ receipt: nullable(json(JsonObject)) }),
);
