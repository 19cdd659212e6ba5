// Migration 20261130000001_analyze_often: filings and recipients are analyzed after 2% of their rows change (Postgres's
// default is 10%), on PGlite and on Postgres when DATABASE_URL is set; the migration can be taken back. Since migration
// filing_states, a filing is two tables (the form, renamed from filings, keeps the setting; the state has it too).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Knex } from "knex";
import * as migration from "../../../adapters/knex/migrations/20261130000001_analyze_often.ts";
import * as filingStates from "../../../adapters/knex/migrations/20261202000000_filing_states.ts";
import { backends, inRolledBackTransaction, openTestDb, type TestDb } from "../../support/db.ts";

const optionsOf = async (knex: Knex, table: string): Promise<string[]> =>
  (
    (await knex.raw("select coalesce(reloptions, '{}') as o from pg_class where oid = ?::regclass", [
      table,
    ])) as {
      rows: Array<{ o: string[] }>;
    }
  ).rows[0]?.o ?? [];

for (const backend of backends) {
  const s = suite<{ t: TestDb }>(`analyze often (${backend})`);
  s.before(async (ctx) => {
    ctx.t = await openTestDb(backend);
  });
  s.after(async ({ t }) => t.drop());

  s(
    "filings and recipients: autovacuum_analyze_scale_factor 0.02; down resets it, up sets it again",
    async ({ t }) => {
      const knex = t.db.knex;
      for (const table of ["filing_forms", "filing_states", "recipients"])
        assert.ok((await optionsOf(knex, table)).includes("autovacuum_analyze_scale_factor=0.02"), table);
      await inRolledBackTransaction(knex, async (trx) => {
        await filingStates.down(trx);
        assert.equal(await optionsOf(trx, "filings"), ["autovacuum_analyze_scale_factor=0.02"]);
        await migration.down(trx);
        assert.equal(await optionsOf(trx, "filings"), []);
        await migration.up(trx);
        assert.equal(await optionsOf(trx, "filings"), ["autovacuum_analyze_scale_factor=0.02"]);
      });
    },
  );

  s.run();
}
