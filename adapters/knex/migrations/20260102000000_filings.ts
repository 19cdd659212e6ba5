import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  // D8: one recipient per TIN (and TIN type) under a payer, so concurrent intakes cannot create two.
  await knex.raw(
    `create unique index recipients_one_per_tin on recipients (account_id, livemode, payer_id, tin_hash, coalesce(tin_type, ''))`,
  );
  await knex.schema.createTable("batches", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.text("kind").notNullable();
    t.uuid("payer_id");
    t.text("reference");
    t.integer("created").notNullable();
    t.integer("failed").notNullable();
    t.jsonb("rows").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("filings", (t) => {
    t.uuid("id").primary();
    t.text("short_id").notNullable().unique();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.uuid("payer_id").notNullable().references("payers.id");
    t.uuid("recipient_id").notNullable().references("recipients.id");
    t.text("form").notNullable();
    t.integer("tax_year").notNullable();
    t.text("status").notNullable();
    t.text("service").notNullable();
    t.boolean("physical_mail");
    t.boolean("portal_access");
    t.text("reference");
    t.text("batch_id");
    t.text("order_id");
    t.uuid("corrects");
    t.uuid("superseded_by");
    t.uuid("refile_of");
    t.text("receipt_id");
    t.integer("amount_charged_cents").notNullable().defaultTo(0);
    // json, not jsonb: the stored form keeps the XSD element order it was validated in.
    t.json("json_form").notNullable();
    t.json("sealed_tins").notNullable();
    t.text("account_number");
    t.text("recipient_tin_hash").notNullable();
    t.text("dup_key").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["account_id", "livemode", "created_at", "id"]);
    t.index(["account_id", "livemode", "status"]);
    t.index(["batch_id"]);
    t.index(["recipient_id"]);
  });
  // D11: one live original per payer, recipient TIN, form, tax year and account number.
  await knex.raw(`create unique index filings_live_original on filings (account_id, livemode, dup_key)
    where corrects is null and status not in ('voided', 'rejected')`);
  await knex.schema.createTable("carts", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.text("status").notNullable();
    t.text("order_id");
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
  await knex.raw(`create unique index carts_one_open on carts (account_id, livemode) where status = 'open'`);
  await knex.schema.createTable("cart_items", (t) => {
    t.text("id").primary();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.text("cart_id").notNullable().references("carts.id");
    t.uuid("filing_id").notNullable().references("filings.id");
    t.text("service").notNullable();
    t.boolean("physical_mail");
    t.boolean("portal_access");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["cart_id"]);
    t.unique(["filing_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ["cart_items", "carts", "filings", "batches"]) await knex.schema.dropTableIfExists(t);
  await knex.raw("drop index if exists recipients_one_per_tin");
}
