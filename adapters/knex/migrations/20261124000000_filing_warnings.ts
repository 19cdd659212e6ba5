// Filings keep the warnings intake found (IRS Report Error rules, reporting-threshold notices): a JSON array of
// { code, severity, path, message }, null when there are none.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("filings", (t) => {
    t.json("warnings");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("filings", (t) => {
    t.dropColumn("warnings");
  });
}
