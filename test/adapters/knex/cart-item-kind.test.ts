// Migration 20261201000001_cart_item_kind, on PGlite and on Postgres when DATABASE_URL is set: a cart item keeps the
// kind its filing prices as, and the migration gives the items already in carts the kind of their filing.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as migration from "../../../adapters/knex/migrations/20261201000001_cart_item_kind.ts";
import { makeKnexStore } from "../../../adapters/knex/store.knex.ts";
import { backends, inRolledBackTransaction, openTestDb, type TestDb } from "../../support/db.ts";
import { shortId } from "../../support/rows.ts";
import { clock, run } from "../contract/harness.ts";
import { intakeRows, intakeStart } from "../contract/intake-rows.ts";

const { filing, seedAccount } = intakeRows(clock(intakeStart));
const at = new Date(intakeStart).toISOString();

for (const backend of backends) {
  const s = suite<{ t: TestDb }>(`cart item kind (${backend})`);
  s.before(async (ctx) => {
    ctx.t = await openTestDb(backend);
  });
  s.after(async ({ t }) => t.drop());

  s("up gives the items already in carts the kind of their filing; down drops it", async ({ t }) => {
    const knex = t.db.knex;
    const store = makeKnexStore(knex);
    const { scope: a, payer: p, recipient: r } = await seedAccount(store);
    const original = filing(a, p, r, { accountNumber: "K1", status: "in_cart" });
    const correction = filing(a, p, r, { accountNumber: "K1", status: "in_cart", corrects: original.id });
    const refile = filing(a, p, r, { accountNumber: "K2", status: "in_cart", refileOf: original.id });
    await run(store.scoped(a).filings.insertMany([original, correction, refile]));
    const cart = await run(store.scoped(a).carts.openCart(shortId("crt_"), at));
    await inRolledBackTransaction(knex, async (trx) => {
      await migration.down(trx);
      for (const f of [original, correction, refile])
        await trx("cart_items").insert({
          id: `cit_${f.accountNumber}_${f.corrects ? "c" : "o"}`,
          account_id: a.accountId,
          livemode: false,
          cart_id: cart.id,
          filing_id: f.id,
          service: "efile",
          created_at: at,
        });
      await migration.up(trx);
      const kinds = (await trx("cart_items").orderBy("id").select("id", "kind")) as Array<{
        id: string;
        kind: string;
      }>;
      assert.equal(
        kinds.map((k) => [k.id, k.kind]),
        [
          ["cit_K1_c", "correction"],
          ["cit_K1_o", "original"],
          ["cit_K2_o", "refile"],
        ],
      );
      const groups = await makeKnexStore(trx).scoped(a).carts.itemGroups(cart.id).pipe(run);
      assert.equal(groups.map((g) => [g.kind, g.count]).sort(), [
        ["correction", 1],
        ["original", 1],
        ["refile", 1],
      ]);
    });
  });

  s.run();
}
