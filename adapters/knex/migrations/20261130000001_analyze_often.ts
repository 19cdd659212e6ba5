// Issue 19: the statistics of filings and recipients are refreshed after 2% of their rows change instead of Postgres's
// default 10%. Out-of-date statistics made the planner misjudge a new account or payer that grew after the last
// analyze: it believed their rows few and read all of them where it should have probed an index. Among a million
// filings, a new account's 100,000 made each guarded update of 5,000 of them walk the account's status range
// (495–615 ms a chunk against 343 ms once analyzed, when the primary key drives), and on a table of ten million the
// default waits for a million changes. An analyze samples 30,000 rows whatever the table's size, so doing it more
// often is cheap.
// The reads by a list of keys no longer depend on this (they probe by construction; key-list-plans.test.ts).
// PGlite runs no autovacuum; the setting is stored there and does nothing.
import type { Knex } from "knex";

const TABLES = ["filings", "recipients"] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES)
    await knex.raw(`alter table ${table} set (autovacuum_analyze_scale_factor = 0.02)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`alter table ${table} reset (autovacuum_analyze_scale_factor)`);
}
