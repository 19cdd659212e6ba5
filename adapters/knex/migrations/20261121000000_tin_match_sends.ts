// Production TIN Matching requests, one row per TIN-and-name pair sent to the IRS: the IRS locks a caller out for
// 96 hours after a fourth request for the same TIN and name within 24 hours, so the service counts them here
// (across accounts and processes: it is one IRS API client). `pair_key` is a hash of the TIN's keyed hash and the
// name, never a TIN.
// Acknowledgements read a transmission's records by receipt id: a partial index (null until transmitted, so
// intake pays nothing for it).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("tin_match_sends", (t) => {
    t.bigIncrements("id");
    t.text("pair_key").notNullable();
    t.timestamp("sent_at", { useTz: true }).notNullable();
    // Null until the IRS answered (a send is counted before it is made).
    t.text("outcome");
    t.index(["pair_key", "sent_at"]);
  });
  await knex.raw(
    "create index filings_receipt_id_index on filings (receipt_id) where receipt_id is not null",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists filings_receipt_id_index");
  await knex.schema.dropTableIfExists("tin_match_sends");
}
