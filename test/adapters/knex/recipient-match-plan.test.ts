// Intake's recipient match (RECIPIENTS_BY_TIN) probes the index once per TIN hash, whatever the table's statistics
// say: on Postgres, with the statistics older than the rows (as after a bulk intake), `tin_hash = any(...)` was planned
// as a read of every recipient of the payer filtered against the hashes, linear in the payer's recipients for each
// batch. Checked on the plan (EXPLAIN ANALYZE), not on time. Postgres only (DATABASE_URL); PGlite (Postgres 17) plans
// both forms as probes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeKnexStore } from "../../../adapters/knex/store.knex.ts";
import { RECIPIENTS_BY_TIN } from "../../../adapters/knex/store/parties.knex.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { openTestDb, POSTGRES_URL } from "../../support/db.ts";
import { clock, run } from "../contract/harness.ts";
import { intakeRows, intakeStart } from "../contract/intake-rows.ts";

const { account, payer, recipient } = intakeRows(clock(intakeStart));
const RECIPIENTS = 3000;

if (POSTGRES_URL) {
  test("a payer's recipients by TIN hash: one index probe per hash, none read and filtered out", async () => {
    const t = await openTestDb("postgres");
    try {
      const knex = t.db.knex;
      // No analyze behind the test's back: the statistics stay those of the empty table.
      await knex.raw("alter table recipients set (autovacuum_enabled = false)");
      const store = makeKnexStore(knex);
      const acc = account();
      await run(store.accounts.insert(acc));
      const scope: Scope = { accountId: acc.id, livemode: false };
      const p = payer(scope);
      await run(store.scoped(scope).payers.insert(p));
      const rows = Array.from({ length: RECIPIENTS }, (_, i) =>
        recipient(scope, p.id, { tinHash: `h-${i}` }),
      );
      assert.is((await run(store.scoped(scope).recipients.insertMany(rows))).size, RECIPIENTS);
      const hashes = Array.from({ length: 100 }, (_, i) => `h-${i * 30}`);
      const plan = (
        (await knex.raw(`explain (analyze, format json) ${RECIPIENTS_BY_TIN}`, [
          hashes,
          acc.id,
          false,
          p.id,
        ])) as { rows: Array<{ "QUERY PLAN": unknown }> }
      ).rows[0]?.["QUERY PLAN"];
      const nodes: Array<Record<string, unknown>> = [];
      const walk = (n: Record<string, unknown>) => {
        nodes.push(n);
        for (const c of (n["Plans"] as Array<Record<string, unknown>> | undefined) ?? []) walk(c);
      };
      walk((plan as Array<{ Plan: Record<string, unknown> }>)[0]?.Plan ?? {});
      const scans = nodes.filter(
        (n) => String(n["Node Type"]).includes("Scan") && n["Relation Name"] === "recipients",
      );
      assert.ok(scans.length > 0, JSON.stringify(plan));
      for (const s of scans) {
        assert.is(s["Index Name"], "recipients_one_per_tin", JSON.stringify(s));
        assert.match(String(s["Index Cond"]), /tin_hash/);
        // Each probe finds its one row; nothing read to be thrown away.
        assert.is(Number(s["Rows Removed by Filter"] ?? 0), 0);
      }
      // And the query answers: every hash asked for, once.
      const found = (await knex.raw(RECIPIENTS_BY_TIN, [hashes, acc.id, false, p.id])) as {
        rows: Array<{ tin_hash: string }>;
      };
      assert.equal(found.rows.map((r) => r.tin_hash).sort(), [...hashes].sort());
    } finally {
      await t.drop();
    }
  });
} else {
  test.skip("a payer's recipients by TIN hash: one index probe per hash (needs DATABASE_URL)", () => {});
}

test.run();
