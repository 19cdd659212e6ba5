// Issue 40 item 4: B-notices after CP2100/972CG uploads. One row per notice: the payer, recipient and account the
// IRS named, first or second, the upload and line it came from, the CP2100's dates and the deadlines (calendar days
// as YYYY-MM-DD text: they carry no time zone), the status, the letter's vendor id, the W-9 request whose e-mail
// carried the link, and how the backup withholding it started was cleared. No TIN: the recipient's is sealed on
// the recipient; only its last four are copied here. The natural key is unique, so a re-upload makes no new notice.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table b_notices (
    id text primary key,
    account_id uuid not null,
    livemode boolean not null,
    payer_id uuid not null,
    recipient_id uuid not null,
    account_number text,
    kind text not null,
    upload_id text not null,
    line integer not null,
    tax_year integer not null,
    notice_date text not null,
    received_date text not null,
    send_by text not null,
    withhold_by text not null,
    status text not null,
    tin_type text,
    tin_last4 text not null,
    letter_vendor_id text,
    letter_failure text,
    w9_request_id text,
    sent_at timestamptz,
    withholding_required_at timestamptz,
    cleared_at timestamptz,
    cleared_by text,
    cleared_reference text,
    created_at timestamptz not null,
    updated_at timestamptz not null)`);
  await knex.raw(
    "create unique index b_notices_natural on b_notices (account_id, livemode, recipient_id, coalesce(account_number, ''), tax_year, notice_date)",
  );
  await knex.raw("create index b_notices_paging on b_notices (account_id, livemode, created_at, id)");
  await knex.raw("create index b_notices_recipient on b_notices (account_id, livemode, recipient_id)");
  await knex.raw("create index b_notices_queued on b_notices (created_at) where status = 'queued'");
  await knex.raw(
    "create index b_notices_withholding on b_notices (withhold_by) where status <> 'cleared' and withholding_required_at is null",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("b_notices");
}
