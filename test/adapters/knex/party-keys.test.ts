// The keys from a recipient or filing row to its parties, on PGlite and on Postgres when DATABASE_URL is set: a
// recipient has one composite key (payer_id, account_id) → payers (migration 20261129000000_payer_account_keys), a
// filing one composite key (recipient_id, payer_id, account_id) → recipients (20261130000000_filing_recipient_key).
// A row whose payer belongs to another account, whose payer does not exist, or (a filing) whose payer is not its
// recipient's, is refused. The migrations can be taken back.
import { randomUUID } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import type { Knex } from "knex";
import * as migration from "../../../adapters/knex/migrations/20261129000000_payer_account_keys.ts";
import * as filingKey from "../../../adapters/knex/migrations/20261130000000_filing_recipient_key.ts";
import * as filingStates from "../../../adapters/knex/migrations/20261202000000_filing_states.ts";
import { makeKnexStore } from "../../../adapters/knex/store.knex.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { backends, inRolledBackTransaction, openTestDb, type TestDb } from "../../support/db.ts";
import { clock, run } from "../contract/harness.ts";
import { intakeRows, intakeStart } from "../contract/intake-rows.ts";

const { account, payer, recipient, filing } = intakeRows(clock(intakeStart));

/** The SQLSTATE of the database error under what `effect` died of, or null when it succeeded. */
async function sqlState(effect: Effect.Effect<unknown>): Promise<string | null> {
  try {
    await Effect.runPromise(effect);
    return null;
  } catch (e) {
    // The store dies with the driver's error somewhere down its `cause` chain.
    for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
      const code = (c as { code?: unknown }).code;
      if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    return String(e);
  }
}

const constraintsOf = async (knex: Knex, table: string): Promise<string[]> =>
  (
    (await knex.raw(
      `select conname from pg_constraint where conrelid = ?::regclass and contype = 'f' order by conname`,
      [table],
    )) as { rows: Array<{ conname: string }> }
  ).rows.map((r) => r.conname);

for (const backend of backends) {
  const s = suite<{ t: TestDb }>(`party keys (${backend})`);
  s.before(async (ctx) => {
    ctx.t = await openTestDb(backend);
  });
  s.after(async ({ t }) => t.drop());

  s(
    "a recipient has one key into its payer, a filing one key into its recipient, payer and account",
    async ({ t }) => {
      const knex = t.db.knex;
      assert.equal(await constraintsOf(knex, "recipients"), ["recipients_payer_account_foreign"]);
      // The filing's form (migration filing_states: the table filings was, renamed) holds the key.
      assert.equal(await constraintsOf(knex, "filing_forms"), ["filings_recipient_party_foreign"]);
    },
  );

  s(
    "a row under its payer's account is kept; another account's payer or an unknown payer is refused",
    async ({ t }) => {
      const store = makeKnexStore(t.db.knex);
      const [accountA, accountB] = [account(), account()];
      await run(store.accounts.insert(accountA));
      await run(store.accounts.insert(accountB));
      const a: Scope = { accountId: accountA.id, livemode: false };
      const b: Scope = { accountId: accountB.id, livemode: false };
      const payerOfA = payer(a);
      await run(store.scoped(a).payers.insert(payerOfA));
      const good = recipient(a, payerOfA.id);
      assert.is(await sqlState(store.scoped(a).recipients.insert(good)), null);
      // The account exists and so does the payer, but the payer is A's: the two single keys let this through.
      assert.is(await sqlState(store.scoped(b).recipients.insert(recipient(b, payerOfA.id))), "23503");
      assert.is(await sqlState(store.scoped(a).recipients.insert(recipient(a, randomUUID()))), "23503");
      const filings = (scope: Scope, payerId: string) => [filing(scope, { ...payerOfA, id: payerId }, good)];
      assert.is(await sqlState(store.scoped(a).filings.insertMany(filings(a, payerOfA.id))), null);
      assert.is(await sqlState(store.scoped(b).filings.insertMany(filings(b, payerOfA.id))), "23503");
      assert.is(await sqlState(store.scoped(a).filings.insertMany(filings(a, randomUUID()))), "23503");
      // Another payer of the same account: the payer exists and is A's, but it is not the recipient's.
      const otherPayerOfA = payer(a);
      await run(store.scoped(a).payers.insert(otherPayerOfA));
      assert.is(await sqlState(store.scoped(a).filings.insertMany(filings(a, otherPayerOfA.id))), "23503");
      // A payer with rows under it cannot be deleted.
      const del = Effect.promise(() => t.db.knex("payers").where({ id: payerOfA.id }).del());
      assert.is(await sqlState(del), "23503");
      const counts = await t.db
        .knex("filings")
        .where({ payer_id: payerOfA.id })
        .count<Array<{ count: string }>>("* as count");
      assert.is(Number(counts[0]?.count), 1);
    },
  );

  s("the migrations' downs put the single keys back, and their ups take them away again", async ({ t }) => {
    const knex = t.db.knex;
    await inRolledBackTransaction(knex, async (trx) => {
      await filingStates.down(trx);
      await filingKey.down(trx);
      assert.equal(await constraintsOf(trx, "filings"), [
        "filings_payer_account_foreign",
        "filings_recipient_id_foreign",
      ]);
      await migration.down(trx);
      assert.equal(await constraintsOf(trx, "recipients"), [
        "recipients_account_id_foreign",
        "recipients_payer_id_foreign",
      ]);
      assert.equal(await constraintsOf(trx, "filings"), [
        "filings_account_id_foreign",
        "filings_payer_id_foreign",
        "filings_recipient_id_foreign",
      ]);
      await migration.up(trx);
      assert.equal(await constraintsOf(trx, "recipients"), ["recipients_payer_account_foreign"]);
      await filingKey.up(trx);
      assert.equal(await constraintsOf(trx, "filings"), ["filings_recipient_party_foreign"]);
      await filingStates.up(trx);
      assert.equal(await constraintsOf(trx, "filing_forms"), ["filings_recipient_party_foreign"]);
    });
    assert.equal(await constraintsOf(knex, "recipients"), ["recipients_payer_account_foreign"]);
    assert.equal(await constraintsOf(knex, "filing_forms"), ["filings_recipient_party_foreign"]);
  });

  s.run();
}
