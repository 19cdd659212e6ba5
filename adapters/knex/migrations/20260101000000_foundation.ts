import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("accounts", (t) => {
    t.uuid("id").primary();
    t.text("name").notNullable();
    t.boolean("live_enabled").notNullable().defaultTo(false);
    t.text("default_api_version");
    t.jsonb("ip_allowlist").notNullable().defaultTo("[]");
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("api_keys", (t) => {
    t.uuid("id").primary();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.text("role").notNullable();
    t.text("key_hash").notNullable().unique();
    t.text("display_prefix").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("revoked_at", { useTz: true });
  });
  await knex.schema.createTable("payers", (t) => {
    t.uuid("id").primary();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.text("legal_name").notNullable();
    t.text("tin_ciphertext").notNullable();
    t.text("tin_hash").notNullable();
    t.text("tin_last4").notNullable();
    t.text("tin_type").notNullable();
    t.text("address_line1");
    t.text("address_line2");
    t.text("city");
    t.text("state");
    t.text("postal_code");
    t.text("country").notNullable();
    t.text("contact_name");
    t.text("contact_email");
    t.text("contact_phone");
    t.boolean("is_main_company").notNullable().defaultTo(false);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["account_id", "livemode", "created_at", "id"]);
  });
  await knex.schema.createTable("recipients", (t) => {
    t.uuid("id").primary();
    t.text("short_id").notNullable().unique();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.uuid("payer_id").notNullable().references("payers.id");
    t.text("name").notNullable();
    t.text("tin_ciphertext").notNullable();
    t.text("tin_hash").notNullable();
    t.text("tin_last4").notNullable();
    t.text("tin_type");
    t.text("address_line1");
    t.text("address_line2");
    t.text("city");
    t.text("state");
    t.text("postal_code");
    t.text("country").notNullable();
    t.text("email");
    t.text("delivery_method").notNullable();
    t.text("account_number");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["account_id", "livemode", "created_at", "id"]);
    t.index(["payer_id", "tin_hash"]);
  });
  await knex.schema.createTable("idempotency_keys", (t) => {
    t.uuid("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("method").notNullable();
    t.text("path").notNullable();
    t.text("key").notNullable();
    t.text("request_hash").notNullable();
    t.text("state").notNullable(); // in_flight | done
    t.integer("response_status");
    t.text("response_body");
    t.text("response_content_type");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("locked_until", { useTz: true });
    t.primary(["account_id", "livemode", "method", "path", "key"]);
    t.index(["created_at"]);
  });
  // One fixed 60 s window per credential, counted in one upsert (D33). UNLOGGED: a counter needs no WAL
  // flush on every request, and losing a minute of counts in a crash is harmless.
  await knex.raw(`create unlogged table rate_windows (
    credential_id text primary key, window_start bigint not null, used integer not null)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ["rate_windows", "idempotency_keys", "recipients", "payers", "api_keys", "accounts"]) {
    await knex.schema.dropTableIfExists(t);
  }
}
