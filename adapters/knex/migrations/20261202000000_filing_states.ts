// Issue 19: a filing's state is its own narrow row. Between intake and the acknowledgement a filing is rewritten
// three times (pay, the transmission's claim, the acknowledgement), and each rewrite of the wide `filings` row (the
// form itself, its sealed TINs, its duplicate key: about 900 bytes) was a new row version and an entry in eight to
// eleven indexes, none of them changed by the move but all written (an update that changes an indexed column is
// never heap-only). Moving the season's 100,000 filings to `queued` by one bare UPDATE took 6.2–9.6 s on a table of
// a million; the same move on a narrow table of the state with its own indexes took 1.5–2.1 s.
//
// `filing_forms` is the table `filings` was, renamed, less the columns a filing's lifecycle changes: it is written
// once at intake (and `live` once more when a filing is voided or rejected). `filing_states` holds what moves
// (status, service options, order, charges, transmission, receipt, acknowledgement, times) with the paging keys
// (account, livemode, created_at) copied, so listing and the status filter page on its indexes. `filings` is now a
// view joining the two by id: reads are unchanged; writes go to the table that owns each column.
//
// The duplicate guard (D11) was a unique index whose predicate read the status (`status not in ('voided',
// 'rejected')`); it now reads `live`, false once a filing is voided or rejected (both final). Building the new
// indexes reads the table once and holds writes until the migration commits.
import type { Knex } from "knex";

/**
 * The columns that leave `filing_forms` for `filing_states`, with their type there: `created_at`, a paging key copied
 * beside `id`, `account_id` and `livemode`, then what a filing's lifecycle changes (FilingPatch).
 */
const MOVED: ReadonlyArray<readonly [column: string, type: string]> = [
  ["created_at", "timestamptz not null"],
  ["status", "text not null"],
  ["service", "text not null"],
  ["physical_mail", "boolean"],
  ["portal_access", "boolean"],
  ["order_id", "text"],
  ["amount_charged_cents", "integer not null default 0"],
  ["amount_refunded_cents", "integer not null default 0"],
  ["receipt_id", "text"],
  ["superseded_by", "uuid"],
  ["submitted_at", "timestamptz"],
  ["acknowledged_at", "timestamptz"],
  ["voided_at", "timestamptz"],
  ["ack_errors", "json"],
  ["transmission_id", "text"],
  ["submission_id", "integer"],
  ["record_id", "integer"],
  ["updated_at", "timestamptz not null"],
];
const MOVED_NAMES = MOVED.map(([c]) => c);

/** The indexes that move with those columns: their name on `filing_states`, the name they had on `filings`, and what. */
const MOVED_INDEXES: ReadonlyArray<readonly [name: string, before: string, definition: string]> = [
  [
    "filing_states_paging",
    "filings_account_id_livemode_created_at_id_index",
    "(account_id, livemode, created_at, id)",
  ],
  ["filing_states_status_paging", "filings_status_paging", "(account_id, livemode, status, created_at, id)"],
  ["filing_states_order", "filings_order_id_index", "(order_id) where order_id is not null"],
  ["filing_states_receipt", "filings_receipt_id_index", "(receipt_id) where receipt_id is not null"],
  [
    "filing_states_awaiting_receipt",
    "filings_awaiting_receipt",
    "(transmission_id) where transmission_id is not null and receipt_id is null",
  ],
];

/** The view's columns in the order `filings` had them, each from the table that owns it. */
const FILINGS_VIEW = `create view filings as select s.id, f.short_id, s.account_id, s.livemode, f.payer_id,
    f.recipient_id, f.form, f.tax_year, s.status, s.service, s.physical_mail, s.portal_access, f.reference, f.batch_id,
    s.order_id, f.corrects, s.superseded_by, f.refile_of, s.receipt_id, s.amount_charged_cents, f.json_form,
    f.sealed_tins, f.account_number, f.recipient_tin_hash, f.dup_key, s.created_at, s.updated_at, s.submitted_at,
    s.acknowledged_at, s.voided_at, s.ack_errors, s.transmission_id, s.submission_id, s.record_id,
    s.amount_refunded_cents, f.warnings, f.rules_checked
  from filing_states s join filing_forms f on f.id = s.id`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table filings rename to filing_forms");
  await knex.raw(`create table filing_states (id uuid primary key, account_id uuid not null, livemode boolean not null,
    ${MOVED.map(([c, type]) => `${c} ${type}`).join(", ")})`);
  const copied = ["id", "account_id", "livemode", ...MOVED_NAMES].join(", ");
  await knex.raw(`insert into filing_states (${copied}) select ${copied} from filing_forms`);
  await knex.raw("alter table filing_forms add column live boolean not null default true");
  await knex.raw("update filing_forms set live = false where status in ('voided', 'rejected')");
  await knex.raw("drop index filings_live_original");
  await knex.raw(`create unique index filings_live_original on filing_forms (account_id, livemode, dup_key)
    where corrects is null and live`);
  for (const [, before] of MOVED_INDEXES) await knex.raw(`drop index ${before}`);
  await knex.raw(`alter table filing_forms ${MOVED_NAMES.map((c) => `drop column ${c}`).join(", ")}`);
  for (const [name, , definition] of MOVED_INDEXES)
    await knex.raw(`create index ${name} on filing_states ${definition}`);
  // As the filings table had (migration analyze_often): statistics after 2% of the rows change.
  await knex.raw("alter table filing_states set (autovacuum_analyze_scale_factor = 0.02)");
  await knex.raw(FILINGS_VIEW);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop view filings");
  // Added nullable, filled from the states, then made not null where they were.
  await knex.raw(
    `alter table filing_forms ${MOVED.map(([c, type]) => `add column ${c} ${type.replace(" not null", "")}`).join(", ")}`,
  );
  await knex.raw(`update filing_forms f set ${MOVED_NAMES.map((c) => `${c} = s.${c}`).join(", ")}
    from filing_states s where s.id = f.id`);
  const required = MOVED.filter(([, type]) => type.includes("not null")).map(([c]) => c);
  await knex.raw(
    `alter table filing_forms ${required.map((c) => `alter column ${c} set not null`).join(", ")}`,
  );
  await knex.raw("drop table filing_states");
  await knex.raw("drop index filings_live_original");
  await knex.raw("alter table filing_forms drop column live");
  await knex.raw("alter table filing_forms rename to filings");
  await knex.raw(`create unique index filings_live_original on filings (account_id, livemode, dup_key)
    where corrects is null and status not in ('voided', 'rejected')`);
  for (const [, before, definition] of MOVED_INDEXES)
    await knex.raw(`create index ${before} on filings ${definition}`);
}
