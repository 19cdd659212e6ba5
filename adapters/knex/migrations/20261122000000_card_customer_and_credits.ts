// The account's customer at the card processor (a Stripe customer id) lives beside the card on file, in the
// balance row of its environment, and outlives card changes. Operator credits (`credit` ledger entries, from a
// wire or an invoice paid) carry the payment's reference, unique per account and environment so that a credit
// run twice is refused; the partial index also serves that lookup.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("balances", (t) => {
    t.text("card_customer");
  });
  await knex.raw(
    "create unique index ledger_entries_credit_reference on ledger_entries (account_id, livemode, reference) where kind = 'credit'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists ledger_entries_credit_reference");
  await knex.schema.alterTable("balances", (t) => {
    t.dropColumn("card_customer");
  });
}
