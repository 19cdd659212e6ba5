// Issue 19 (pay of 100,000 forms < 5 s): pay moves every filing of the cart from `in_cart` to `queued` and sets its
// order id and charge. Each of those updates wrote a new row version on another page and an entry in all ten
// indexes of `filings`, because `status` and `order_id` are indexed. After this migration none of the columns pay
// changes is indexed, so Postgres can make each update HOT (heap-only: the new version on the same page, no index
// entry):
// - `indexed_status` is `status` with `queued` read as `in_cart` (a generated column). The paging index and the
//   duplicate guard are built on it; a query for a status asks for both (`queued` rows are few and short-lived).
// - `filings_order_id_index` is dropped: an order's filings are found through the order's cart items
//   (orders.id → cart_items.cart_id → filings.id), which are indexed already.
// - fillfactor 50 leaves each page room for the new version of its rows (a filing is about 1 kB; the later
//   updates, which change the status, are not HOT and go anywhere).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table filings set (fillfactor = 50)");
  // Adding a stored generated column rewrites the table, which applies the fillfactor to the rows already there.
  await knex.raw(
    `alter table filings add column indexed_status text generated always as
      (case when status = 'queued' then 'in_cart' else status end) stored`,
  );
  await knex.raw("drop index if exists filings_status_paging");
  await knex.raw(
    "create index filings_status_paging on filings (account_id, livemode, indexed_status, created_at, id)",
  );
  await knex.raw("drop index if exists filings_live_original");
  await knex.raw(`create unique index filings_live_original on filings (account_id, livemode, dup_key)
    where corrects is null and indexed_status not in ('voided', 'rejected')`);
  await knex.raw("drop index if exists filings_order_id_index");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("create index filings_order_id_index on filings (order_id) where order_id is not null");
  await knex.raw("drop index if exists filings_live_original");
  await knex.raw(`create unique index filings_live_original on filings (account_id, livemode, dup_key)
    where corrects is null and status not in ('voided', 'rejected')`);
  await knex.raw("drop index if exists filings_status_paging");
  await knex.raw(
    "create index filings_status_paging on filings (account_id, livemode, status, created_at, id)",
  );
  await knex.raw("alter table filings drop column indexed_status");
  await knex.raw("alter table filings reset (fillfactor)");
}
