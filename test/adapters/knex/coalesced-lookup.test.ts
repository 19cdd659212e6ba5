// The coalesced point read (adapters/knex/hot-query.ts coalescedLookup, the payer read by id on Postgres): lookups made
// in one turn of the event loop go out as one statement, each distinct key once, and every caller gets its own row
// (or nothing), read after its call. Postgres only (DATABASE_URL): elsewhere each lookup is a query of its own.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { coalescedLookup, lookupKey, type CoalescedLookup } from "../../../adapters/knex/hot-query.ts";
import { openTestDb, POSTGRES_URL, type TestDb } from "../../support/db.ts";

const ITEMS: CoalescedLookup = {
  name: "coalesced_items_get",
  singleSql: "select * from coalesced_items where id = $1",
  batchSql: "select i.* from unnest($1::int[]) as k(id) join coalesced_items i on i.id = k.id",
  rowKey: (row) => lookupKey([(row as { id: number }).id]),
};

interface Sent {
  name: string;
  values: readonly unknown[];
}

const s = suite<{ t: TestDb; sent: Sent[] }>("coalesced lookup (postgres)");
if (POSTGRES_URL) {
  s.before(async (ctx) => {
    ctx.t = await openTestDb("postgres");
    ctx.sent = [];
    const knex = ctx.t.db.knex;
    await knex.raw("create table coalesced_items (id int primary key, label text not null)");
    await knex.raw("insert into coalesced_items values (1, 'one'), (2, 'two'), (3, 'three')");
    // Every statement the pool runs, by name: the prepared statements the lookups send.
    const client = knex.client as unknown as { acquireConnection: () => Promise<{ query: Function }> };
    const acquire = client.acquireConnection.bind(client);
    const watched = new WeakSet<object>();
    client.acquireConnection = async () => {
      const conn = await acquire();
      if (watched.has(conn)) return conn;
      watched.add(conn);
      const query = conn.query;
      conn.query = function (this: unknown, ...args: unknown[]) {
        const q = args[0] as { name?: string; values?: unknown[] };
        if (q?.name === ITEMS.name) ctx.sent.push({ name: q.name, values: q.values ?? [] });
        return query.apply(this, args);
      };
      return conn;
    };
  });
  s.after(async ({ t }) => t.drop());

  s(
    "one turn's lookups are one statement, each distinct key sent once; each caller gets its row",
    async (ctx) => {
      const get = coalescedLookup(ctx.t.db.knex, ITEMS);
      ctx.sent.length = 0;
      const keys = [1, 2, 1, 3, 1, 9, 2];
      const rows = (await Promise.all(keys.map((k) => get([k])))) as Array<
        { id: number; label: string } | undefined
      >;
      assert.equal(
        rows.map((r) => r?.label),
        ["one", "two", "one", "three", "one", undefined, "two"],
      );
      assert.equal(ctx.sent.length, 1);
      assert.equal(ctx.sent[0]?.values, [[1, 2, 3, 9]]);
    },
  );

  s(
    "a lookup made after a write sees it; lookups in later turns are statements of their own",
    async (ctx) => {
      const get = coalescedLookup(ctx.t.db.knex, ITEMS);
      ctx.sent.length = 0;
      assert.equal(((await get([2])) as { label: string }).label, "two");
      await ctx.t.db.knex.raw("update coalesced_items set label = 'deux' where id = 2");
      assert.equal(((await get([2])) as { label: string }).label, "deux");
      assert.equal(ctx.sent.length, 2);
    },
  );

  s("a failed statement fails every lookup waiting on it", async (ctx) => {
    const broken = coalescedLookup(ctx.t.db.knex, {
      ...ITEMS,
      name: "coalesced_items_broken",
      batchSql: "select i.* from unnest($1::int[]) as k(id) join no_such_table i on i.id = k.id",
    });
    const results = await Promise.allSettled([broken([1]), broken([1]), broken([2])]);
    assert.equal(
      results.map((r) => r.status),
      ["rejected", "rejected", "rejected"],
    );
  });
} else {
  s.skip("coalesced lookups (needs DATABASE_URL)", () => {});
}

s.run();
