// Filings record which IRS form rules they passed at intake (`rulesStamp`), so pay does not read and check
// every form of a 100,000-form cart again (issue 19). Null: checked in full at pay (filings from before this).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("filings", (t) => {
    t.text("rules_checked");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("filings", (t) => {
    t.dropColumn("rules_checked");
  });
}
