// Issue 39: recipient statements and their deliveries. A statement is opened with its filing's Copy B (D21) and
// planned by the worker while its epoch is past the epoch of its last plan (the partial index keeps that sweep a
// probe of the pending rows only). A delivery is one letter, notice or invitation under the rule's idempotency
// key, unique per environment, so a crash between the vendor's send and its record sends the same key again.
// Filings furnished before this migration are left alone: their statements were never promised a letter by a
// running mail house, and opening them now would mail a whole past season at once.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table statements (
    account_id uuid not null,
    livemode boolean not null,
    filing_id uuid not null,
    recipient_id uuid not null,
    epoch integer not null default 1,
    planned_epoch integer not null default 0,
    furnished boolean not null default false,
    not_furnished text,
    mail_refunded_cents integer not null default 0,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    primary key (account_id, livemode, filing_id))`);
  await knex.raw("create index statements_recipient on statements (account_id, livemode, recipient_id)");
  await knex.raw("create index statements_pending on statements (updated_at) where planned_epoch < epoch");
  await knex.raw(`create table statement_deliveries (
    id text primary key,
    account_id uuid not null,
    livemode boolean not null,
    filing_id uuid not null,
    recipient_id uuid not null,
    channel text not null,
    kind text not null,
    key text not null,
    status text not null,
    vendor_id text,
    to_email text,
    failure_reason text,
    expected_delivery_date text,
    events jsonb not null default '[]'::jsonb,
    created_at timestamptz not null,
    updated_at timestamptz not null)`);
  await knex.raw(
    "create unique index statement_deliveries_key on statement_deliveries (account_id, livemode, key)",
  );
  await knex.raw(
    "create index statement_deliveries_filing on statement_deliveries (account_id, livemode, filing_id)",
  );
  await knex.raw(
    "create index statement_deliveries_paging on statement_deliveries (account_id, livemode, created_at, id)",
  );
  await knex.raw(
    "create index statement_deliveries_status on statement_deliveries (account_id, livemode, status, created_at, id)",
  );
  await knex.raw(
    "create index statement_deliveries_vendor on statement_deliveries (vendor_id) where vendor_id is not null",
  );
  await knex.raw(
    "create index statement_deliveries_stalled on statement_deliveries (updated_at) where status = 'queued' and vendor_id is null",
  );
  await knex.raw(`create table recipient_consents (
    account_id uuid not null,
    livemode boolean not null,
    recipient_id uuid not null,
    status text not null,
    at timestamptz,
    primary key (account_id, livemode, recipient_id))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("recipient_consents");
  await knex.schema.dropTableIfExists("statement_deliveries");
  await knex.schema.dropTableIfExists("statements");
}
