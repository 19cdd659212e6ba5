// Issue 19 (a million filings in one account): the list of filings filtered by status pages newest first. The
// index on (account_id, livemode, status) found the rows of a status but left them to be sorted, every page, so
// a page of a common status (accepted, hundreds of thousands of rows) cost a sort of all of them. The index now
// carries the paging order after the status: one status pages straight from it, at any depth. Same number of
// indexes written per filing.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create index if not exists filings_status_paging on filings (account_id, livemode, status, created_at, id)",
  );
  await knex.raw("drop index if exists filings_account_id_livemode_status_index");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    "create index if not exists filings_account_id_livemode_status_index on filings (account_id, livemode, status)",
  );
  await knex.raw("drop index if exists filings_status_paging");
}
