// Bulk intake (FIRE files of tens of thousands of forms) pays for every index on every row. Two filings
// columns are null when a filing is created (`corrects` for originals, `order_id` until pay): their indexes
// become partial, so creating a filing no longer maintains them. Lookups by a value (`= ?`) still use them.
// The recipients index on (payer_id, tin_hash) repeats a prefix of recipients_one_per_tin, which every
// (scoped) TIN lookup uses: it goes.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists filings_corrects_index");
  await knex.raw("create index filings_corrects_index on filings (corrects) where corrects is not null");
  await knex.raw("drop index if exists filings_order_id_index");
  await knex.raw("create index filings_order_id_index on filings (order_id) where order_id is not null");
  await knex.raw("drop index if exists recipients_payer_id_tin_hash_index");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists filings_corrects_index");
  await knex.raw("create index filings_corrects_index on filings (corrects)");
  await knex.raw("drop index if exists filings_order_id_index");
  await knex.raw("create index filings_order_id_index on filings (order_id)");
  await knex.raw("create index recipients_payer_id_tin_hash_index on recipients (payer_id, tin_hash)");
}
