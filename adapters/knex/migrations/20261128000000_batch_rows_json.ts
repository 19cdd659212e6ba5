// Issue 19: an intake batch records every row's result (1,000 for a JSON intake, 16,725 for a 12 MB FIRE import:
// 3.4 MB). As jsonb, Postgres parsed and rebuilt that text, then compressed it with pglz, inside the intake's
// transaction: 89 ms for the FIRE import's batch, 5.3 ms for a 1,000-row batch (measured on this project's
// machine). The rows are only ever read back whole: json keeps the text as sent (checked to be JSON, not rebuilt),
// and lz4, where the server has it, compresses as well as pglz here in a fraction of the time: 20 ms and 1.3 ms.
import type { Knex } from "knex";

/** Postgres built with lz4 (the Debian and Docker images are); PGlite is not, and keeps pglz. */
const LZ4 = `do $$ begin
  if exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
    execute 'alter table batches alter column rows set compression lz4';
  end if;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table batches alter column rows type json using rows::json");
  await knex.raw(LZ4);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("alter table batches alter column rows type jsonb using rows::jsonb");
  await knex.raw("alter table batches alter column rows set compression default");
}
