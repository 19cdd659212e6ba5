// Issue 38: an idempotent request is one operation across crashes. An Idempotency-Key's claim carries an
// `operation_id`, made at its first claim and kept when a crashed process's claim is taken over (or a failed
// request's claim is retaken with the same body), so the retry names the same operation: its card charges carry
// idempotency keys derived from it, and its result, written by the operation in its own transaction to
// `operation_results`, is found by the retry instead of the operation running again. A released claim (a request
// that failed with a 5xx) is kept as `released` rather than deleted, so its operation id survives for the retry.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("idempotency_keys", (t) => {
    t.text("operation_id");
  });
  // The auto top-up's charge, recorded with its order, as the order's own charge is: reconciliation tells the
  // recorded charge from another made under the order's key by an attempt that died.
  await knex.schema.alterTable("orders", (t) => {
    t.text("auto_topup_charge_id");
  });
  await knex.schema.createTable("operation_results", (t) => {
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("operation_id").notNullable();
    t.text("kind").notNullable();
    t.text("result").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.primary(["account_id", "livemode", "operation_id", "kind"]);
    t.index(["created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("operation_results");
  await knex.schema.alterTable("orders", (t) => {
    t.dropColumn("auto_topup_charge_id");
  });
  await knex.schema.alterTable("idempotency_keys", (t) => {
    t.dropColumn("operation_id");
  });
}
