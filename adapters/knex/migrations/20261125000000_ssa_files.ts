// The SSA operator queue: one row per EFW2 / EFW2C wage file to upload through SSA Business Services Online,
// with the SSA's wage file identifier (WFID) and outcome once the operator records them.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("ssa_files", (t) => {
    t.string("id").primary();
    t.string("account_id").notNullable();
    t.boolean("livemode").notNullable();
    t.string("order_id").notNullable();
    t.integer("tax_year").notNullable();
    t.string("format").notNullable();
    t.json("filing_ids").notNullable();
    t.integer("employers").notNullable();
    t.text("content").notNullable();
    t.string("status").notNullable();
    t.string("wfid");
    t.text("message");
    t.string("created_at").notNullable();
    t.string("submitted_at");
    t.string("decided_at");
    t.index(["status", "created_at"]);
    t.index(["livemode", "wfid"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("ssa_files");
}
