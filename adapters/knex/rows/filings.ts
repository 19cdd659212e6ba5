// Rows of filings and intake batches.
import type { Filing } from "../../../core/domain/filing/filing.ts";
import { FILING_STATUSES, SERVICES } from "../../../core/domain/filing/status.ts";
import type { Batch, BatchKind } from "../../../core/domain/filing/batch.ts";
import type { FindingSeverity, RuleFinding } from "../../../core/domain/iris/rules/model.ts";
import { businessRule, SEVERITIES } from "../../../core/domain/iris/business-rules.ts";
import type { MovedFiling, ReceiptRecord } from "../../../core/ports/filings.port.ts";
import {
  arrayOf,
  Bool,
  type ColumnType,
  json,
  JsonObject,
  literals,
  nullable,
  NullableBool,
  NullableNum,
  NullableText,
  NullableTimestamp,
  Num,
  optional,
  recordOf,
  rowCodec,
  type SameMembers,
  struct,
  Text,
  Timestamp,
} from "./columns.ts";

const BATCH_KINDS = ["payer_forms", "filing", "filings_batch", "fire"] as const;
const FINDING_SEVERITIES = [...SEVERITIES, "Notice"] as const;
const lists: [
  SameMembers<(typeof BATCH_KINDS)[number], BatchKind>,
  SameMembers<(typeof FINDING_SEVERITIES)[number], FindingSeverity>,
] = [true, true];
void lists;

/**
 * A finding of the IRS rules (filings.warnings, a batch row's warnings). As a filing stores it, a finding whose
 * message opens with its rule's IRS text (what the rules engine writes: "IRS rule <code> (<severity>): <text>")
 * keeps the text's index in the rule's texts (`h`) and what follows it (`d`) instead of the message (issue 41: the
 * IRS text is most of a warned form's bytes, written to the database on every intake); `expandFinding` rebuilds it.
 */
const Finding = struct({
  code: Text,
  severity: literals(FINDING_SEVERITIES),
  path: Text,
  message: optional(Text),
  h: optional(Num),
  d: optional(Text),
  // A FIRE import's findings also say where they are in the file (issue 41).
  record: optional(Num),
  field: optional(Text),
  position: optional(Num),
});
type StoredFinding = ColumnType<typeof Finding>;
/** What compactFinding writes: a finding, its message left out for its text's index and the rest. */
type CompactFinding = Omit<RuleFinding, "message"> & { message?: string; h?: number; d?: string };

const headOf = (code: string, severity: string, text: string) => `IRS rule ${code} (${severity}): ${text}`;

/** A finding as filings.warnings stores it: its IRS text left out when the rule table gives it back exactly. */
export function compactFinding(f: RuleFinding): CompactFinding {
  const texts = businessRule(f.code)?.texts ?? [];
  for (let i = 0; i < texts.length; i++) {
    const head = headOf(f.code, f.severity, texts[i] ?? "");
    if (f.message.startsWith(head)) {
      const { message: _text, ...rest } = f;
      return { ...rest, h: i, d: f.message.slice(head.length) };
    }
  }
  return f;
}

/** The finding a stored one stands for (a whole message, stored as is, reads back as it was). */
export function expandFinding(s: StoredFinding | CompactFinding): RuleFinding {
  const { h, d, message, record, field, position, ...rest } = s;
  const where = {
    ...(record !== undefined ? { record } : {}),
    ...(field !== undefined ? { field } : {}),
    ...(position !== undefined ? { position } : {}),
  };
  if (message !== undefined) return { ...rest, message, ...where };
  const text = h === undefined ? undefined : businessRule(s.code)?.texts[h];
  const whole = text === undefined ? s.code : `${headOf(s.code, s.severity, text)}${d ?? ""}`;
  return { ...rest, message: whole, ...where };
}
export const expandAll = (
  w: readonly (StoredFinding | CompactFinding)[] | null | undefined,
): RuleFinding[] => (w === null || w === undefined ? [] : w.map(expandFinding));
const AckErrorColumn = struct({ code: Text, severity: Text, xpath: Text, message: Text });

export const FilingRow = rowCodec(
  "filings",
  struct({
    id: Text,
    short_id: Text,
    account_id: Text,
    livemode: Bool,
    payer_id: Text,
    recipient_id: Text,
    form: Text,
    tax_year: Num,
    status: literals(FILING_STATUSES),
    service: literals(SERVICES),
    physical_mail: NullableBool,
    portal_access: NullableBool,
    reference: NullableText,
    batch_id: NullableText,
    order_id: NullableText,
    corrects: NullableText,
    superseded_by: NullableText,
    refile_of: NullableText,
    receipt_id: NullableText,
    amount_charged_cents: Num,
    // The filled form as intake validated and stored it: checked to be an object (see JsonObject).
    json_form: json(JsonObject),
    sealed_tins: json(recordOf(Text)),
    submitted_at: NullableTimestamp,
    acknowledged_at: NullableTimestamp,
    voided_at: NullableTimestamp,
    ack_errors: nullable(json(arrayOf(AckErrorColumn))),
    warnings: nullable(json(arrayOf(Finding))),
    amount_refunded_cents: Num,
    transmission_id: NullableText,
    submission_id: NullableNum,
    record_id: NullableNum,
    account_number: NullableText,
    recipient_tin_hash: Text,
    rules_checked: NullableText,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

export function toFiling(row: unknown): Filing {
  const r = FilingRow.decode(row);
  return {
    id: r.id,
    shortId: r.short_id,
    accountId: r.account_id,
    livemode: r.livemode,
    payerId: r.payer_id,
    recipientId: r.recipient_id,
    form: r.form,
    taxYear: r.tax_year,
    status: r.status,
    service: r.service,
    physicalMail: r.physical_mail,
    portalAccess: r.portal_access,
    reference: r.reference,
    batchId: r.batch_id,
    orderId: r.order_id,
    corrects: r.corrects,
    supersededBy: r.superseded_by,
    refileOf: r.refile_of,
    receiptId: r.receipt_id,
    amountChargedCents: r.amount_charged_cents,
    jsonForm: r.json_form,
    sealedTins: r.sealed_tins,
    submittedAt: r.submitted_at,
    acknowledgedAt: r.acknowledged_at,
    voidedAt: r.voided_at,
    ackErrors: r.ack_errors === null ? null : r.ack_errors,
    warnings: expandAll(r.warnings),
    amountRefundedCents: r.amount_refunded_cents,
    transmissionId: r.transmission_id,
    submissionId: r.submission_id,
    recordId: r.record_id,
    accountNumber: r.account_number,
    recipientTinHash: r.recipient_tin_hash,
    ...(r.rules_checked ? { rulesChecked: r.rules_checked } : {}),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** What `moveMany` returns of each moved filing. */
export const MovedFilingRow = rowCodec(
  "filings (moved)",
  struct({ id: Text, form: Text, tax_year: Num, corrects: NullableText, recipient_id: Text }),
);
export function toMovedFiling(row: unknown): MovedFiling {
  const r = MovedFilingRow.decode(row);
  return { id: r.id, form: r.form, taxYear: r.tax_year, corrects: r.corrects, recipientId: r.recipient_id };
}

/** Where the IRS has a filing of a receipt (`receiptRecords`). */
export const ReceiptRecordRow = rowCodec(
  "filings (receipt records)",
  struct({ id: Text, submission_id: Num, record_id: Num, form: Text, tax_year: Num }),
);
export function toReceiptRecord(row: unknown): ReceiptRecord {
  const r = ReceiptRecordRow.decode(row);
  return {
    filingId: r.id,
    submissionId: r.submission_id,
    recordId: r.record_id,
    form: r.form,
    taxYear: r.tax_year,
  };
}

const RowErrorColumn = struct({
  type: Text,
  message: Text,
  param: optional(Text),
  rule: optional(Text),
  code: optional(Text),
});
/** One row of an intake batch, as intake reported it. */
const IntakeRowColumn = struct({
  reference: NullableText,
  id: NullableText,
  status: literals([...FILING_STATUSES, "failed"]),
  added_to_cart: Bool,
  cart_item_id: NullableText,
  service: literals(SERVICES),
  form: optional(Text),
  error: optional(RowErrorColumn),
  warnings: optional(arrayOf(Finding)),
  // A saved row's warnings are its filing's: the batch keeps this mark and reads them back (batchRepo).
  warned: optional(Bool),
});

export const BatchRow = rowCodec(
  "batches",
  struct({
    id: Text,
    account_id: Text,
    livemode: Bool,
    kind: literals(BATCH_KINDS),
    payer_id: NullableText,
    reference: NullableText,
    created: Num,
    failed: Num,
    rows: json(arrayOf(IntakeRowColumn)),
    created_at: Timestamp,
  }),
);
/** The filings' warnings of the batch's saved rows that carry the `warned` mark (what `batchWarnings` reads). */
export const BatchWarningsRow = rowCodec(
  "filing_forms (batch warnings)",
  struct({ id: Text, warnings: nullable(json(arrayOf(Finding))) }),
);
type DecodedBatchRow = ReturnType<typeof BatchRow.decode>;
/** A batch row, decoded once (its rows are a whole batch's JSON). */
export const decodeBatchRow = (row: unknown): DecodedBatchRow => BatchRow.decode(row);
/** The ids of a decoded batch row's saved rows whose warnings are on their filing. */
export function warnedIds(r: DecodedBatchRow): string[] {
  return r.rows.flatMap((x) => (x.warned === true && x.id !== null ? [x.id] : []));
}
export function toBatch(
  r: DecodedBatchRow,
  filingWarnings: ReadonlyMap<string, Filing["warnings"]> = new Map(),
): Batch {
  return {
    id: r.id,
    accountId: r.account_id,
    livemode: r.livemode,
    kind: r.kind,
    payerId: r.payer_id,
    reference: r.reference,
    created: r.created,
    failed: r.failed,
    rows: r.rows.map(({ warned, warnings, ...rest }) =>
      warned === true && rest.id !== null
        ? { ...rest, warnings: filingWarnings.get(rest.id) ?? [] }
        : warnings === undefined
          ? rest
          : { ...rest, warnings: expandAll(warnings) },
    ),
    createdAt: r.created_at,
  };
}

/** An IRS receipt, recorded once for the filings of its transmission (migration transmission_receipts). */
export const TransmissionReceiptRow = rowCodec(
  "transmission_receipts",
  struct({ transmission_id: Text, receipt_id: Text, created_at: Timestamp }),
);
/** recordReceipt's read of each listed filing (RECEIPT_CHECK). */
export const ReceiptCheckRow = rowCodec(
  "filings (receipt check)",
  struct({ id: Text, submission_id: Num, record_id: Num, stale: Bool }),
);
