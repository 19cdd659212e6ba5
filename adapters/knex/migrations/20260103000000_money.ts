import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  // One row per account and environment: locked (FOR UPDATE) by every ledger change, so changes are serial.
  await knex.schema.createTable("balances", (t) => {
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.bigInteger("balance_cents").notNullable().defaultTo(0);
    t.integer("entry_count").notNullable().defaultTo(0);
    t.integer("order_count").notNullable().defaultTo(0);
    t.boolean("auto_enabled").notNullable().defaultTo(false);
    t.bigInteger("auto_threshold_cents").notNullable().defaultTo(0);
    t.bigInteger("auto_topup_cents").notNullable().defaultTo(0);
    t.text("card_token");
    t.text("card_brand");
    t.text("card_last4");
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.primary(["account_id", "livemode"]);
  });
  await knex.schema.createTable("ledger_entries", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.integer("seq").notNullable();
    t.text("kind").notNullable();
    t.bigInteger("amount_cents").notNullable();
    t.bigInteger("balance_after_cents").notNullable();
    t.text("reference");
    t.text("description");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["account_id", "livemode", "seq"]);
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  await knex.raw(
    "alter table ledger_entries add constraint ledger_never_negative check (balance_after_cents >= 0)",
  );
  await knex.schema.createTable("orders", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("number").notNullable();
    t.text("cart_id").notNullable();
    t.text("payment_status").notNullable();
    t.integer("forms").notNullable();
    t.jsonb("charge_lines").notNullable();
    t.jsonb("pricing_segments").notNullable();
    t.bigInteger("grand_total_cents").notNullable();
    t.bigInteger("from_balance_cents").notNullable();
    t.bigInteger("from_card_cents").notNullable();
    t.text("card_charge_id");
    t.jsonb("receipt").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["account_id", "livemode", "number"]);
    t.unique(["cart_id"]);
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  // Events are written in the transaction of the change that caused them (an outbox); delivery comes later.
  await knex.schema.createTable("events", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("type").notNullable();
    t.jsonb("data").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  // Paid orders waiting for transmission: written with the payment, taken by the transmission worker.
  await knex.schema.createTable("dispatches", (t) => {
    t.text("order_id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("state").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ["dispatches", "events", "orders", "ledger_entries", "balances"])
    await knex.schema.dropTableIfExists(t);
}
