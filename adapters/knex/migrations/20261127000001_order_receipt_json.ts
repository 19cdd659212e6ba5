// Issue 19: an order's receipt lists every filing it paid (100,000 entries, about 10 MB, for a season's order).
// As jsonb, Postgres parsed and rebuilt it and then compressed it inside pay's transaction (over a second for
// 100,000 forms). The receipt is only ever replayed whole, never queried inside: json keeps the text as sent
// (checked to be JSON, not rebuilt), and storage external keeps it out of line uncompressed.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table orders alter column receipt type json using receipt::json");
  await knex.raw("alter table orders alter column receipt set storage external");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("alter table orders alter column receipt set storage extended");
  await knex.raw("alter table orders alter column receipt type jsonb using receipt::jsonb");
}
