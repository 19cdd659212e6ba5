// The keys from a recipient or filing row to its parties (migration 20261129000000_payer_account_keys): one
// composite key (payer_id, account_id) → payers, on PGlite and on Postgres when DATABASE_URL is set. A row whose
// payer belongs to another account, or whose payer does not exist, is refused. The migration can be taken back.
import { randomUUID } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Knex } from "knex";
import * as migration from "../../../adapters/knex/migrations/20261129000000_payer_account_keys.ts";
import { backends, openTestDb, type TestDb } from "../../support/db.ts";

const now = new Date("2026-11-25T00:00:00Z");

async function account(knex: Knex): Promise<string> {
  const id = randomUUID();
  await knex("accounts").insert({ id, name: "Keys Test", created_at: now });
  return id;
}

async function payer(knex: Knex, accountId: string): Promise<string> {
  const id = randomUUID();
  await knex("payers").insert({
    id,
    account_id: accountId,
    livemode: false,
    legal_name: "Example Payer LLC",
    tin_ciphertext: "x",
    tin_hash: randomUUID(),
    tin_last4: "6789",
    tin_type: "ein",
    country: "US",
    created_at: now,
    updated_at: now,
  });
  return id;
}

const recipientRow = (accountId: string, payerId: string) => ({
  id: randomUUID(),
  short_id: `rcp_${randomUUID()}`,
  account_id: accountId,
  livemode: false,
  payer_id: payerId,
  name: "Alex Sample",
  tin_ciphertext: "x",
  tin_hash: randomUUID(),
  tin_last4: "4321",
  country: "US",
  delivery_method: "email",
  created_at: now,
  updated_at: now,
});

const filingRow = (accountId: string, payerId: string, recipientId: string) => ({
  id: randomUUID(),
  short_id: `fil_${randomUUID()}`,
  account_id: accountId,
  livemode: false,
  payer_id: payerId,
  recipient_id: recipientId,
  form: "1099-NEC",
  tax_year: 2026,
  status: "draft",
  service: "efile",
  json_form: "{}",
  sealed_tins: "{}",
  recipient_tin_hash: randomUUID(),
  dup_key: randomUUID(),
  created_at: now,
  updated_at: now,
});

/** The SQLSTATE of what `run` threw, or null when it did not throw. */
async function sqlState(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
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

  s("recipients and filings have one key into their parties: (payer_id, account_id)", async ({ t }) => {
    const knex = t.db.knex;
    assert.equal(await constraintsOf(knex, "recipients"), ["recipients_payer_account_foreign"]);
    assert.equal(await constraintsOf(knex, "filings"), [
      "filings_payer_account_foreign",
      "filings_recipient_id_foreign",
    ]);
  });

  s(
    "a row under its payer's account is kept; another account's payer or an unknown payer is refused",
    async ({ t }) => {
      const knex = t.db.knex;
      const a = await account(knex);
      const b = await account(knex);
      const payerOfA = await payer(knex, a);
      const good = recipientRow(a, payerOfA);
      assert.is(await sqlState(() => knex("recipients").insert(good)), null);
      // The account exists and so does the payer, but the payer is A's: the two single keys let this through.
      assert.is(await sqlState(() => knex("recipients").insert(recipientRow(b, payerOfA))), "23503");
      assert.is(await sqlState(() => knex("recipients").insert(recipientRow(a, randomUUID()))), "23503");
      assert.is(await sqlState(() => knex("filings").insert(filingRow(a, payerOfA, good.id))), null);
      assert.is(await sqlState(() => knex("filings").insert(filingRow(b, payerOfA, good.id))), "23503");
      assert.is(await sqlState(() => knex("filings").insert(filingRow(a, randomUUID(), good.id))), "23503");
      // A payer with rows under it cannot be deleted.
      assert.is(await sqlState(() => knex("payers").where({ id: payerOfA }).del()), "23503");
      const counts = await knex("filings")
        .where({ payer_id: payerOfA })
        .count<Array<{ count: string }>>("* as count");
      assert.is(Number(counts[0]?.count), 1);
    },
  );

  s("the migration's down puts the two single keys back, and up takes them away again", async ({ t }) => {
    const knex = t.db.knex;
    await knex
      .transaction(async (trx) => {
        await migration.down(trx);
        assert.equal(await constraintsOf(trx, "recipients"), [
          "recipients_account_id_foreign",
          "recipients_payer_id_foreign",
        ]);
        await migration.up(trx);
        assert.equal(await constraintsOf(trx, "recipients"), ["recipients_payer_account_foreign"]);
        await trx.rollback();
      })
      .catch((e: unknown) => {
        // Knex rejects the transaction's promise with undefined when it is rolled back on purpose.
        if (e !== undefined) throw e;
      });
    assert.equal(await constraintsOf(knex, "recipients"), ["recipients_payer_account_foreign"]);
  });

  s.run();
}
