// Issue 19: an IRS receipt is recorded once per transmission, not on each of its filings. Recording a receipt of
// 20,000 forms rewrote 20,000 filing rows, each a new row version and an entry in every index of `filings`: one of the
// three rewrites between pay and the acknowledgement. The claim now stores each filing's transmission, submission
// and record ids before the transmission is sent (they are known once it is planned); the receipt that comes back is
// one row here. Reads give a filing with no receipt of its own the receipt of its transmission, and the
// acknowledgement, which rewrites each filing anyway, writes the receipt onto the filing.
//
// `filings_awaiting_receipt` finds the filings of a transmission until their acknowledgement (receiptRecords):
// partial, so only filings between the claim and the acknowledgement have an entry. The receipt index
// (`filings_receipt_id_index`) keeps serving filings that carry their receipt. Building the new index reads
// `filings` once and holds writes to it until the migration commits.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table transmission_receipts (
    account_id uuid not null,
    livemode boolean not null,
    transmission_id text not null,
    receipt_id text not null,
    created_at timestamptz not null,
    primary key (account_id, livemode, transmission_id))`);
  await knex.raw(
    "create index transmission_receipts_receipt on transmission_receipts (account_id, livemode, receipt_id)",
  );
  await knex.raw(
    "create index filings_awaiting_receipt on filings (transmission_id) where transmission_id is not null and receipt_id is null",
  );
}

export async function down(knex: Knex): Promise<void> {
  // Each filing waiting on its transmission's receipt gets it back on its own row.
  await knex.raw(`update filings f set receipt_id = r.receipt_id
    from transmission_receipts r
    where f.receipt_id is null and f.transmission_id = r.transmission_id
      and f.account_id = r.account_id and f.livemode = r.livemode`);
  await knex.raw("drop index if exists filings_awaiting_receipt");
  await knex.raw("drop table transmission_receipts");
}
