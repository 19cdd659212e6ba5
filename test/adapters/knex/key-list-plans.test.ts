// Reads by a list of keys probe an index once per key, whatever the table's statistics say: intake's recipient match
// (RECIPIENTS_BY_TIN) and the reads of filings and recipients by id (FILINGS_BY_ID, RECIPIENTS_BY_ID). On Postgres,
// with statistics older than the rows (as after a bulk intake), `col = any(...)` was planned as a read of the payer's
// or the whole account's rows filtered against the keys: linear in the payer's or account's rows for every call.
// Checked on the plan (EXPLAIN ANALYZE), not on time. Postgres only (DATABASE_URL); PGlite (Postgres 17) plans both
// forms as probes.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Knex } from "knex";
import { makeKnexStore } from "../../../adapters/knex/store.knex.ts";
import { RECIPIENTS_BY_ID, RECIPIENTS_BY_TIN } from "../../../adapters/knex/store/parties.knex.ts";
import { FILINGS_BY_ID, RECEIPT_CHECK, RECEIPT_RECORDS } from "../../../adapters/knex/store/filings.knex.ts";
import { forced } from "../../support/status.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { openTestDb, POSTGRES_URL, type TestDb } from "../../support/db.ts";
import { clock, run } from "../contract/harness.ts";
import { intakeRows, intakeStart } from "../contract/intake-rows.ts";

const { account, payer, recipient, filing } = intakeRows(clock(intakeStart));
const ROWS = 3000;

/** Every scan node of `table` in the plan of `sql` run with `params`. */
async function scansOf(knex: Knex, sql: string, params: unknown[], table: string) {
  const plan = (
    (await knex.raw(`explain (analyze, format json) ${sql}`, params as Knex.RawBinding[])) as {
      rows: Array<{ "QUERY PLAN": Array<{ Plan: Record<string, unknown> }> }>;
    }
  ).rows[0]?.["QUERY PLAN"][0]?.Plan;
  const nodes: Array<Record<string, unknown>> = [];
  const walk = (n: Record<string, unknown>) => {
    nodes.push(n);
    for (const c of (n["Plans"] as Array<Record<string, unknown>> | undefined) ?? []) walk(c);
  };
  walk(plan ?? {});
  const scans = nodes.filter((n) => String(n["Node Type"]).includes("Scan") && n["Relation Name"] === table);
  assert.ok(scans.length > 0, JSON.stringify(plan));
  return scans;
}

/** Each scan probes one of `indexes` with `column` in its condition and reads no row it then throws away. */
function assertProbes(scans: Array<Record<string, unknown>>, indexes: readonly string[], column: RegExp) {
  for (const s of scans) {
    assert.ok(indexes.includes(String(s["Index Name"])), JSON.stringify(s));
    assert.match(String(s["Index Cond"]), column);
    assert.is(Number(s["Rows Removed by Filter"] ?? 0), 0, JSON.stringify(s));
  }
}

interface Ctx {
  t: TestDb;
  scope: Scope;
  payerId: string;
  recipientIds: string[];
  filingIds: string[];
}

const s = suite<Ctx>("reads by a list of keys: one probe per key");
if (POSTGRES_URL) {
  s.before(async (ctx) => {
    ctx.t = await openTestDb("postgres");
    const knex = ctx.t.db.knex;
    // No analyze behind the test's back: the statistics stay those of the empty tables.
    await knex.raw("alter table recipients set (autovacuum_enabled = false)");
    for (const table of ["filing_forms", "filing_states"])
      await knex.raw(`alter table ${table} set (autovacuum_enabled = false)`);
    const store = makeKnexStore(knex);
    const acc = account();
    await run(store.accounts.insert(acc));
    ctx.scope = { accountId: acc.id, livemode: false };
    const p = payer(ctx.scope);
    await run(store.scoped(ctx.scope).payers.insert(p));
    ctx.payerId = p.id;
    const recipients = Array.from({ length: ROWS }, (_, i) =>
      recipient(ctx.scope, p.id, { tinHash: `h-${i}` }),
    );
    assert.is((await run(store.scoped(ctx.scope).recipients.insertMany(recipients))).size, ROWS);
    const filings = recipients.map((r) => filing(ctx.scope, p, r));
    assert.is((await run(store.scoped(ctx.scope).filings.insertMany(filings))).size, ROWS);
    ctx.recipientIds = recipients.map((r) => r.id);
    ctx.filingIds = filings.map((f) => f.id);
  });
  s.after(async ({ t }) => t.drop());

  s("a payer's recipients by TIN hash (intake's match): recipients_one_per_tin, by hash", async (ctx) => {
    const knex = ctx.t.db.knex;
    const hashes = Array.from({ length: 100 }, (_, i) => `h-${i * 30}`);
    const params = [hashes, ctx.scope.accountId, false, ctx.payerId];
    assertProbes(
      await scansOf(knex, RECIPIENTS_BY_TIN, params, "recipients"),
      ["recipients_one_per_tin"],
      /tin_hash/,
    );
    const found = (await knex.raw(RECIPIENTS_BY_TIN, params)) as { rows: Array<{ tin_hash: string }> };
    assert.equal(found.rows.map((r) => r.tin_hash).sort(), [...hashes].sort());
  });

  s("filings and recipients by id: a unique index led by the id, by id", async (ctx) => {
    const knex = ctx.t.db.knex;
    // Any unique index led by the id will do (recipients have two: the primary key and the one filings' key uses). A
    // filing is its state and its form (the view `filings`): each table is probed by its primary key.
    for (const [sql, table, all, indexes] of [
      [FILINGS_BY_ID, "filing_states", ctx.filingIds, ["filing_states_pkey"]],
      [FILINGS_BY_ID, "filing_forms", ctx.filingIds, ["filings_pkey"]],
      [RECIPIENTS_BY_ID, "recipients", ctx.recipientIds, ["recipients_pkey", "recipients_id_payer_account"]],
    ] as const) {
      const ids = all.filter((_, i) => i % 30 === 0);
      const params = [ids, ctx.scope.accountId, false];
      assertProbes(await scansOf(knex, sql, params, table), indexes, /\(id = k\.id\)/);
      const found = (await knex.raw(sql, params)) as { rows: Array<{ id: string }> };
      assert.equal(found.rows.map((r) => r.id).sort(), [...ids].sort());
      // Scoped: another account's or environment's key finds nothing.
      assert.equal(((await knex.raw(sql, [ids, ctx.scope.accountId, true])) as { rows: unknown[] }).rows, []);
    }
  });

  s(
    "a receipt's filings and its record fix-up: by transmission and by id, not every submitted filing",
    async (ctx) => {
      const knex = ctx.t.db.knex;
      const filings = makeKnexStore(knex).scoped(ctx.scope).filings;
      const at = "2026-03-01T00:00:00.000Z";
      // Statistics that know the filings but none `submitted` (taken before the claim, as in a season's receipt):
      // the status paging index (account, livemode, status, …, id) then looks as good as the primary key for a probe.
      await knex.raw("analyze filing_states, filing_forms");
      // Two transmissions of the 3,000 filings.
      const half = ctx.filingIds.length / 2;
      const records = ctx.filingIds.map((id, i) => ({
        filingId: id,
        submissionId: 1,
        recordId: (i % half) + 1,
      }));
      for (const [tx, part] of [
        ["tx-a", records.slice(0, half)],
        ["tx-b", records.slice(half)],
      ] as const)
        await run(
          filings.assignRecords(part, ["ready_to_file"], {
            status: forced("submitted"),
            transmissionId: tx,
            submittedAt: at,
            updatedAt: at,
          }),
        );
      const receipt = { receiptId: "RCPT-A", transmissionId: "tx-a", updatedAt: at };
      const sent = records.slice(0, 100);
      const check = [
        "tx-a",
        sent.map((r) => r.filingId),
        sent.map((r) => r.submissionId),
        sent.map((r) => r.recordId),
        ctx.scope.accountId,
        false,
      ];
      assertProbes(
        await scansOf(knex, RECEIPT_CHECK, check, "filing_states"),
        ["filing_states_pkey"],
        /\(id = v\.id\)/,
      );
      assert.is(await run(filings.recordReceipt(receipt, records.slice(0, half))), half);
      const params = [ctx.scope.accountId, false, "RCPT-A", ctx.scope.accountId, false, "RCPT-A"];
      // Filings waiting on their transmission's receipt: its transmission's entries of filing_states_awaiting_receipt
      // only (the other branch, filings carrying the receipt, finds none here); each one's form by its id.
      const scans = await scansOf(knex, RECEIPT_RECORDS, params, "filing_states");
      const [carrying, waiting] = [
        scans.filter((x) => /receipt_id = /.test(String(x["Index Cond"] ?? x["Recheck Cond"]))),
        scans.filter((x) => x["Index Name"] === "filing_states_awaiting_receipt"),
      ];
      assert.is(carrying.length + waiting.length, scans.length, JSON.stringify(scans));
      assert.is(waiting.length, 1);
      assertProbes(waiting, ["filing_states_awaiting_receipt"], /transmission_id = r\.transmission_id/);
      assertProbes(
        await scansOf(knex, RECEIPT_RECORDS, params, "filing_forms"),
        ["filings_pkey"],
        /\(id = s(_\d+)?\.id\)/,
      );
      assert.is((await run(filings.receiptRecords("RCPT-A"))).length, half);
    },
  );
} else {
  s.skip("reads by a list of keys probe once per key (needs DATABASE_URL)", () => {});
}

s.run();
