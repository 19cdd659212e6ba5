import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("filings", (t) => {
    t.timestamp("submitted_at", { useTz: true });
    t.timestamp("acknowledged_at", { useTz: true });
    t.timestamp("voided_at", { useTz: true });
    t.json("ack_errors");
    t.text("transmission_id");
    t.integer("submission_id");
    t.integer("record_id");
    t.integer("amount_refunded_cents").notNullable().defaultTo(0);
    t.index(["corrects"]);
    t.index(["order_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("filings", (t) => {
    for (const c of [
      "submitted_at",
      "acknowledged_at",
      "voided_at",
      "ack_errors",
      "transmission_id",
      "submission_id",
      "record_id",
      "amount_refunded_cents",
    ])
      t.dropColumn(c);
  });
}
