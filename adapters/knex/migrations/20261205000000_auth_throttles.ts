// Issue 38: failed sign-ins and failed credential checks are counted per user and per client address, in one row
// per (kind, key) every process reads and writes (core/domain/security/throttle.ts). No secret is kept: keys are
// user ids, SHA-256 hashes of e-mail addresses that name no user, and client addresses as the host saw them.
// A user's row names its account, so the owner lists and lifts the account's locks.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("auth_throttles", (t) => {
    t.text("kind").notNullable();
    t.text("key").notNullable();
    // No foreign keys: a count is kept for keys that name no row (unknown addresses), and the table is written on
    // the failure path only, where a lock on the referenced rows would be one more thing to wait for.
    t.uuid("account_id");
    t.uuid("user_id");
    t.integer("failures").notNullable();
    t.timestamp("window_started_at", { useTz: true }).notNullable();
    t.timestamp("locked_until", { useTz: true });
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.primary(["kind", "key"]);
    t.index(["account_id", "locked_until"]);
    t.index(["updated_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("auth_throttles");
}
