// Migration 20261201000000_transmission_receipts, on PGlite and on Postgres when DATABASE_URL is set: an IRS receipt
// is one row per transmission. The filings a claim gave their transmission and record ids are not written again when
// the receipt comes (the same row version before and after), yet every read gives them the receipt; a filing whose
// ids changed is rewritten with the receipt on its row. The migration's down puts each receipt back on its filings.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Knex } from "knex";
import * as migration from "../../../adapters/knex/migrations/20261201000000_transmission_receipts.ts";
import * as filingStates from "../../../adapters/knex/migrations/20261202000000_filing_states.ts";
import { makeKnexStore } from "../../../adapters/knex/store.knex.ts";
import { backends, inRolledBackTransaction, openTestDb, type TestDb } from "../../support/db.ts";
import { forced } from "../../support/status.ts";
import { clock, run } from "../contract/harness.ts";
import { intakeRows, intakeStart } from "../contract/intake-rows.ts";

const { filing, seedAccount } = intakeRows(clock(intakeStart));

/** Each filing's row version (xmin) and the receipt on its own row (its state's, or the table's before filing_states). */
const rowsOf = async (knex: Knex, ids: readonly string[], table = "filing_states") =>
  (
    (await knex.raw(
      `select id, xmin::text as v, receipt_id from ${table} where id = any(?::uuid[]) order by id`,
      [ids as string[]],
    )) as { rows: Array<{ id: string; v: string; receipt_id: string | null }> }
  ).rows;

for (const backend of backends) {
  const s = suite<{ t: TestDb }>(`transmission receipts (${backend})`);
  s.before(async (ctx) => {
    ctx.t = await openTestDb(backend);
  });
  s.after(async ({ t }) => t.drop());

  s(
    "a receipt rewrites only the filings whose claim recorded other ids; down puts it on every row",
    async ({ t }) => {
      const knex = t.db.knex;
      const store = makeKnexStore(knex);
      const { scope: a, payer: p, recipient: r } = await seedAccount(store);
      const fs = [1, 2, 3].map((n) => filing(a, p, r, { accountNumber: `T${n}`, status: "queued" }));
      await run(store.scoped(a).filings.insertMany(fs));
      const filings = store.scoped(a).filings;
      const at = "2026-03-01T00:00:00.000Z";
      const claim = fs.map((f, i) => ({ filingId: f.id, submissionId: 1, recordId: i + 1 }));
      await run(
        filings.assignRecords(claim, ["queued"], {
          status: forced("submitted"),
          transmissionId: "tx-1",
          submittedAt: at,
          updatedAt: at,
        }),
      );
      const ids = fs.map((f) => f.id);
      const claimed = await rowsOf(knex, ids);
      // The third filing went out as record 9 (its claim said 3): only its row is written.
      const sent = claim.map((c, i) => (i === 2 ? { ...c, recordId: 9 } : c));
      const receipt = { receiptId: "1234-56789-01234-ABCDEFGHI", transmissionId: "tx-1", updatedAt: at };
      assert.is(await run(filings.recordReceipt(receipt, sent)), 3);
      const after = await rowsOf(knex, ids);
      const third = fs[2]!.id;
      for (const [i, row] of after.entries()) {
        const before = claimed[i]!;
        if (row.id === third) {
          assert.is.not(row.v, before.v, "rewritten");
          assert.is(row.receipt_id, receipt.receiptId);
        } else {
          assert.is(row.v, before.v, "same row version");
          assert.is(row.receipt_id, null);
        }
      }
      for (const f of await run(filings.getMany(ids))) assert.is(f.receiptId, receipt.receiptId, f.id);
      assert.is((await run(filings.get(third)))?.recordId, 9);
      assert.is((await run(filings.receiptRecords(receipt.receiptId))).length, 3);

      await inRolledBackTransaction(knex, async (trx) => {
        await filingStates.down(trx);
        await migration.down(trx);
        assert.equal(
          (await rowsOf(trx, ids, "filings")).map((x) => x.receipt_id),
          ids.map(() => receipt.receiptId),
        );
        await migration.up(trx);
        await filingStates.up(trx);
      });
    },
  );

  s.run();
}
