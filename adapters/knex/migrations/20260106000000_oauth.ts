// OAuth 2.0 (D32): apps, users, grants per (app, account, environment, payer), codes, tokens (all secrets
// hashed) and the consent pages' sessions.
import type { Knex } from "knex";

const NO_PAYER = "00000000-0000-0000-0000-000000000000";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("oauth_apps", (t) => {
    t.uuid("id").primary();
    t.text("client_id").notNullable().unique();
    t.text("client_secret_hash").notNullable();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.text("name").notNullable();
    t.jsonb("redirect_uris").notNullable();
    t.jsonb("scopes").notNullable();
    t.jsonb("grant_types").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("revoked_at", { useTz: true });
  });
  await knex.schema.createTable("users", (t) => {
    t.uuid("id").primary();
    t.uuid("account_id").notNullable().references("accounts.id");
    t.text("email").notNullable().unique();
    t.text("password_hash");
    t.text("role").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("oauth_grants", (t) => {
    t.uuid("id").primary();
    t.uuid("app_id").notNullable().references("oauth_apps.id");
    t.uuid("account_id").notNullable().references("accounts.id");
    t.boolean("livemode").notNullable();
    t.uuid("payer_id");
    t.uuid("user_id");
    t.text("role").notNullable();
    t.jsonb("scopes").notNullable();
    t.text("kind").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.timestamp("revoked_at", { useTz: true });
    t.index(["account_id", "livemode"]);
  });
  // One active grant per (app, account, environment, payer); client_credentials grants have no payer.
  await knex.raw(`create unique index oauth_grants_active on oauth_grants
    (app_id, account_id, livemode, coalesce(payer_id, '${NO_PAYER}'::uuid)) where revoked_at is null`);
  await knex.schema.createTable("oauth_codes", (t) => {
    t.text("code_hash").primary();
    t.uuid("grant_id").notNullable().references("oauth_grants.id");
    t.uuid("app_id").notNullable();
    t.text("redirect_uri").notNullable();
    t.text("code_challenge").notNullable();
    t.jsonb("scopes").notNullable();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("oauth_tokens", (t) => {
    t.text("token_hash").primary();
    t.text("kind").notNullable(); // access | refresh
    t.uuid("grant_id").notNullable().references("oauth_grants.id");
    t.uuid("app_id").notNullable();
    t.jsonb("scopes").notNullable();
    t.text("code_hash");
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true });
    t.timestamp("revoked_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["grant_id"]);
    t.index(["code_hash"]);
  });
  await knex.schema.createTable("oauth_consent_sessions", (t) => {
    t.text("id").primary();
    t.uuid("app_id").notNullable();
    t.boolean("livemode").notNullable();
    t.text("browser_hash").notNullable();
    t.text("csrf_hash").notNullable();
    t.text("redirect_uri").notNullable();
    t.text("state");
    t.jsonb("scopes").notNullable();
    t.text("code_challenge").notNullable();
    t.uuid("user_id");
    t.integer("attempts").notNullable().defaultTo(0);
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.index(["expires_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    "oauth_consent_sessions",
    "oauth_tokens",
    "oauth_codes",
    "oauth_grants",
    "users",
    "oauth_apps",
  ])
    await knex.schema.dropTableIfExists(t);
}
