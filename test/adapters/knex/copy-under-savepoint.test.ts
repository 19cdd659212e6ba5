// Bulk inserts straight into a table under a savepoint (adapters/knex/copy.ts, copyInsertElseGuarded), on PGlite and
// on Postgres when DATABASE_URL is set. On Postgres the savepoint, the COPY and the release go as one script with
// the COPY data sent right behind it: rows that clash with a unique key make the script fail and take the guarded
// path, and rows whose COPY text cannot be made fail the call without leaving the connection in a COPY.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { copyInsertElseGuarded } from "../../../adapters/knex/copy.ts";
import { backends, openTestDb, type TestDb } from "../../support/db.ts";

const rows = (from: number, n: number): unknown[][] =>
  Array.from({ length: n }, (_, i) => [`k${from + i}`, `value ${from + i}\twith a tab`]);
const insert = (db: TestDb["db"]["knex"], values: unknown[][]) =>
  copyInsertElseGuarded(
    db,
    "copy_probe",
    ["id", "v"],
    values,
    (v) => String(v[0]),
    (stage) =>
      `insert into copy_probe (id, v) select id, v from ${stage} on conflict do nothing returning id`,
  );
const count = async (t: TestDb) =>
  Number(
    ((await t.db.knex.raw("select count(*)::int as n from copy_probe")) as { rows: [{ n: number }] }).rows[0]
      .n,
  );

for (const backend of backends) {
  const s = suite<{ t: TestDb }>(`COPY under a savepoint (${backend})`);
  s.before(async (ctx) => {
    ctx.t = await openTestDb(backend);
    await ctx.t.db.knex.raw("create table copy_probe (id text primary key, v text not null)");
  });
  s.after(async ({ t }) => t.drop());

  s("every row goes in, in one transaction with the statements around it", async ({ t }) => {
    const ids = await t.db.knex.transaction(async (trx) => {
      await trx.raw("insert into copy_probe (id, v) values ('before', 'x')");
      const r = await insert(trx, rows(0, 600));
      await trx.raw("insert into copy_probe (id, v) values ('after', 'y')");
      return r;
    });
    assert.is(ids.length, 600);
    assert.is(await count(t), 602);
    const v = (await t.db.knex.raw("select v from copy_probe where id = 'k599'")) as {
      rows: [{ v: string }];
    };
    assert.is(v.rows[0].v, "value 599\twith a tab");
  });

  s(
    "rows that clash with saved ones: the rest go in through the guard, and the transaction goes on",
    async ({ t }) => {
      const before = await count(t);
      const ids = await t.db.knex.transaction(async (trx) => {
        const r = await insert(trx, rows(500, 300)); // k500..k599 exist
        await trx.raw("insert into copy_probe (id, v) values ('later', 'z')");
        return r;
      });
      assert.equal(
        (ids as Array<{ id: string }>).map((r) => r.id).sort(),
        rows(600, 200)
          .map((r) => String(r[0]))
          .sort(),
      );
      assert.is(await count(t), before + 201);
    },
  );

  s(
    "a row whose COPY text cannot be made fails the call, and the connection answers after",
    async ({ t }) => {
      const before = await count(t);
      const bad = rows(2000, 400);
      bad[350] = ["k-bad", { n: 1n }]; // JSON.stringify refuses a BigInt
      let error: unknown;
      await t.db.knex
        .transaction(async (trx) => {
          await insert(trx, bad);
        })
        .catch((e: unknown) => {
          error = e;
        });
      assert.match(String(error), /BigInt/);
      assert.is(await count(t), before);
      const ok = (await t.db.knex.raw("select 1 as one")) as { rows: [{ one: number }] };
      assert.is(ok.rows[0].one, 1);
    },
  );

  s.run();
}
