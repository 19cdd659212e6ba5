import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("extensions", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.uuid("payer_id").notNullable();
    t.integer("tax_year").notNullable();
    t.json("forms").notNullable();
    t.text("forms_key").notNullable();
    t.json("reasons").notNullable();
    t.text("status").notNullable();
    t.text("receipt_id").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["account_id", "livemode", "payer_id", "tax_year", "forms_key"]);
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  await knex.schema.createTable("webhook_endpoints", (t) => {
    t.uuid("id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("url").notNullable();
    t.json("events").notNullable();
    t.text("status").notNullable();
    t.text("secret").notNullable();
    t.text("previous_secret");
    t.timestamp("rotated_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  await knex.schema.createTable("webhook_deliveries", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.uuid("endpoint_id").notNullable();
    t.text("event_id").notNullable();
    t.text("event_type").notNullable();
    t.text("status").notNullable();
    t.integer("attempts").notNullable().defaultTo(0);
    t.integer("last_status_code");
    t.text("last_error");
    t.timestamp("next_attempt_at", { useTz: true });
    t.timestamp("last_attempt_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["endpoint_id", "event_id"]);
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  await knex.schema.alterTable("events", (t) => {
    t.timestamp("fanned_out_at", { useTz: true });
    t.index(["fanned_out_at", "created_at"]);
  });
  await knex.schema.createTable("tin_match_runs", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("status").notNullable();
    t.integer("count").notNullable();
    t.json("entries").notNullable(); // names, sealed TINs, references: never a TIN in clear
    t.json("results");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("completed_at", { useTz: true });
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  // The sandbox IRS keeps its receipts here so acknowledgements survive restarts and are shared (D22).
  await knex.schema.createTable("sandbox_receipts", (t) => {
    t.text("transmission_id").primary();
    t.text("receipt_id").notNullable().unique();
    t.json("receipt").notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("events", (t) => {
    t.dropColumn("fanned_out_at");
  });
  for (const t of [
    "tin_match_runs",
    "sandbox_receipts",
    "webhook_deliveries",
    "webhook_endpoints",
    "extensions",
  ])
    await knex.schema.dropTableIfExists(t);
}
