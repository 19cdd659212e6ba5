// The parties role (core/ports/parties.port.ts: payers, recipients, extensions) against a store adapter: D2
// scoping, D34 paging, D8 one recipient per TIN, and intake's bulk insert of recipients (moved from the
// whole-store contracts). Runs on a store with these three repositories and `begin`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { randomUUID } from "node:crypto";
import type { Scope } from "../../../core/ports/store.port.ts";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  inTransaction,
  run,
  type ContractContext,
  type OpenStore,
  type TransactionalStore,
} from "./harness.ts";
import { intakeRows, intakeStart, type IntakeContext } from "./intake-rows.ts";

/** What the parties suite needs of a store: its three repositories, in and out of a transaction. */
export type PartiesStore = TransactionalStore<"payers" | "recipients" | "extensions">;

export function partiesContract(name: string, open: OpenStore<PartiesStore>) {
  const plain = partyCases(name, open);
  const intake = intakePartyCases(name, open);
  return {
    run: () => {
      plain.run();
      intake.run();
    },
  };
}

function partyCases(name: string, open: OpenStore<PartiesStore>) {
  const s = suite<ContractContext<PartiesStore>>(`Parties contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account, payer, recipient } = storeRows(at);

  contractSetup(s, open, account);

  s(
    "payers: a row is visible only in its own account and environment (D2)",
    async ({ store, a, b, live }) => {
      const p = payer(a);
      await run(store.scoped(a).payers.insert(p));
      assert.is((await run(store.scoped(a).payers.get(p.id)))?.legalName, "Payer");
      assert.is(await run(store.scoped(b).payers.get(p.id)), undefined);
      assert.is(await run(store.scoped(live).payers.get(p.id)), undefined);
      assert.is(await run(store.scoped(b).payers.update(p.id, { legalName: "Stolen" })), undefined);
      assert.is(await run(store.scoped(live).payers.update(p.id, { legalName: "Stolen" })), undefined);
      assert.is((await run(store.scoped(a).payers.get(p.id)))?.legalName, "Payer");
      assert.is((await run(store.scoped(b).payers.list({ limit: 10, startingAfter: null }))).data.length, 0);
      assert.is(
        (await run(store.scoped(live).payers.list({ limit: 10, startingAfter: null }))).data.length,
        0,
      );
    },
  );

  s(
    "payers: concurrent reads by id each get their own row, scoped (reads that share one query)",
    async ({ store, a, b, live }) => {
      const [p1, p2, pb] = [
        payer(a, { legalName: "One" }),
        payer(a, { legalName: "Two" }),
        payer(b, { legalName: "Bee" }),
      ];
      for (const p of [p1, p2]) await run(store.scoped(a).payers.insert(p));
      await run(store.scoped(b).payers.insert(pb));
      const asks: Array<[Scope, string, string | undefined]> = [
        [a, p1.id, "One"],
        [a, p2.id, "Two"],
        [b, pb.id, "Bee"],
        [b, p1.id, undefined],
        [live, p1.id, undefined],
        [a, pb.id, undefined],
        [a, randomUUID(), undefined],
        [a, p1.id.toUpperCase(), "One"],
        [a, p1.id, "One"],
      ];
      const got = await Promise.all(asks.map(([scope, id]) => run(store.scoped(scope).payers.get(id))));
      assert.equal(
        got.map((p) => p?.legalName),
        asks.map(([, , name]) => name),
      );
      assert.is(got[7]?.id, p1.id);
    },
  );

  s("payers: update changes only the named fields; the TIN never comes back", async ({ store, a }) => {
    const p = payer(a, { city: "Boston", state: "MA" });
    await run(store.scoped(a).payers.insert(p));
    const u = await run(store.scoped(a).payers.update(p.id, { city: "Springfield" }));
    assert.is(u?.city, "Springfield");
    assert.is(u?.state, "MA");
    assert.not.ok("tinCiphertext" in (u ?? {}));
    assert.not.ok("tinHash" in (u ?? {}));
  });

  s(
    "payers: a read by id after an update, in or out of a transaction, sees the update (PGlite serves reads from memory)",
    async ({ store, a }) => {
      const p = payer(a, { city: "Boston" });
      await run(store.scoped(a).payers.insert(p));
      assert.is((await run(store.scoped(a).payers.get(p.id)))?.city, "Boston");
      assert.is((await run(store.scoped(a).payers.get(p.id.toUpperCase())))?.city, "Boston");
      await run(store.scoped(a).payers.update(p.id, { city: "Springfield" }));
      assert.is((await run(store.scoped(a).payers.get(p.id)))?.city, "Springfield");
      await run(inTransaction(store, a, (tx) => tx.payers.update(p.id, { city: "Salem" })));
      assert.is((await run(store.scoped(a).payers.get(p.id)))?.city, "Salem");
      assert.is((await run(store.scoped(a).payers.get(p.id.toUpperCase())))?.city, "Salem");
      const rolledBack = await Effect.runPromiseExit(
        inTransaction(store, a, (tx) =>
          Effect.gen(function* () {
            yield* tx.payers.update(p.id, { city: "Lowell" });
            return yield* Effect.fail("stop");
          }),
        ),
      );
      assert.ok(rolledBack._tag === "Failure");
      assert.is((await run(store.scoped(a).payers.get(p.id)))?.city, "Salem");
    },
  );

  s("payers: paging is newest first, stable, with cursors (D34)", async ({ store, a }) => {
    const rows = Array.from({ length: 5 }, () => payer(a));
    for (const r of rows) await run(store.scoped(a).payers.insert(r));
    const p1 = await run(store.scoped(a).payers.list({ limit: 2, startingAfter: null }));
    assert.equal(
      p1.data.map((p) => p.id),
      [rows[4]!.id, rows[3]!.id],
    );
    assert.is(p1.hasMore, true);
    assert.is(p1.nextCursor, rows[3]!.id);
    const p2 = await run(store.scoped(a).payers.list({ limit: 2, startingAfter: p1.nextCursor }));
    assert.equal(
      p2.data.map((p) => p.id),
      [rows[2]!.id, rows[1]!.id],
    );
    const p3 = await run(store.scoped(a).payers.list({ limit: 2, startingAfter: p2.nextCursor }));
    assert.equal(
      p3.data.map((p) => p.id),
      [rows[0]!.id],
    );
    assert.is(p3.hasMore, false);
    assert.is(p3.nextCursor, null);
  });

  s("payers: same created_at is ordered by id, no row lost across pages", async ({ store, a }) => {
    const when = at();
    const rows = Array.from({ length: 4 }, () => payer(a, { createdAt: when }));
    for (const r of rows) await run(store.scoped(a).payers.insert(r));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: readonly { id: string }[]; nextCursor: string | null } = await run(
        store.scoped(a).payers.list({ limit: 1, startingAfter: cursor }),
      );
      seen.push(...page.data.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    assert.equal(seen.sort(), rows.map((r) => r.id).sort());
  });

  s("recipients: by uuid or short id, scoped, filtered by payer", async ({ store, a, b }) => {
    const p1 = payer(a),
      p2 = payer(a);
    await run(store.scoped(a).payers.insert(p1));
    await run(store.scoped(a).payers.insert(p2));
    const r1 = recipient(a, p1.id),
      r2 = recipient(a, p2.id);
    await run(store.scoped(a).recipients.insert(r1));
    await run(store.scoped(a).recipients.insert(r2));
    assert.is((await run(store.scoped(a).recipients.get(r1.id)))?.id, r1.id);
    assert.is((await run(store.scoped(a).recipients.get(r1.shortId)))?.id, r1.id);
    assert.is(await run(store.scoped(b).recipients.get(r1.shortId)), undefined);
    const only1 = await run(
      store.scoped(a).recipients.list({ limit: 10, startingAfter: null }, { payerId: p1.id }),
    );
    assert.equal(
      only1.data.map((r) => r.id),
      [r1.id],
    );
    const all = await run(store.scoped(a).recipients.list({ limit: 10, startingAfter: null }, {}));
    assert.is(all.data.length, 2);
  });

  s(
    "recipients: matched by TIN hash under the payer, restricted by TIN type when given (D8)",
    async ({ store, a }) => {
      const p = payer(a);
      await run(store.scoped(a).payers.insert(p));
      const r = recipient(a, p.id, { tinHash: "h1", tinType: "ein" });
      await run(store.scoped(a).recipients.insert(r));
      assert.is((await run(store.scoped(a).recipients.findByTin(p.id, "h1", null)))?.id, r.id);
      assert.is((await run(store.scoped(a).recipients.findByTin(p.id, "h1", "ein")))?.id, r.id);
      assert.is(await run(store.scoped(a).recipients.findByTin(p.id, "h1", "ssn")), undefined);
      assert.is(await run(store.scoped(a).recipients.findByTin(p.id, "h2", null)), undefined);
      assert.is(await run(store.scoped(a).recipients.hasFilings(r.id)), false);
    },
  );

  s(
    "extensions.list with a payer: filtered in the query, so pages are full and hasMore is exact",
    async ({ store, a }) => {
      const mine = randomUUID(),
        other = randomUUID();
      const repo = store.scoped(a).extensions;
      for (let i = 0; i < 6; i++) {
        await run(
          repo.insert(
            {
              id: `ext_list${randomUUID().slice(0, 8)}`,
              payerId: i % 2 === 0 ? mine : other,
              taxYear: 2025,
              forms: ["1099"],
              reasons: {},
              status: "accepted",
              receiptId: "2026-00000000001-ABCDEFGHI",
              livemode: false,
              createdAt: at(),
            },
            `key${i}`,
          ),
        );
      }
      const first = await run(repo.list({ limit: 2, startingAfter: null }, mine));
      assert.equal(
        first.data.map((e) => e.payerId),
        [mine, mine],
      );
      assert.is(first.hasMore, true);
      const rest = await run(repo.list({ limit: 2, startingAfter: first.data[1]?.id ?? null }, mine));
      assert.equal(
        rest.data.map((e) => e.payerId),
        [mine],
      );
      assert.is(rest.hasMore, false);
      assert.is((await run(repo.list({ limit: 10, startingAfter: null }))).data.length, 6);
    },
  );

  return s;
}

/** The cases that start from a payer and a recipient in each scope (intake's rows). */
function intakePartyCases(name: string, open: OpenStore<PartiesStore>) {
  const s = suite<IntakeContext<PartiesStore>>(`Parties contract, intake rows: ${name}`);
  const { account, payer, recipient, ids, seedParties } = intakeRows(clock(intakeStart));

  contractSetup(s, open, account, seedParties);

  s(
    "recipients: insertMany returns the ids inserted and skips a TIN (and type) the payer already has; findManyByTin",
    async ({ store, a, b, live, pa, ra }) => {
      const r1 = recipient(a, pa.id, { tinHash: "hm-1" });
      const r2 = recipient(a, pa.id, { tinHash: "hm-2", tinType: null });
      const r3 = recipient(a, pa.id, { tinHash: "hm-1", tinType: "ein" });
      assert.equal(
        [...(await run(store.scoped(a).recipients.insertMany([r1, r2, r3])))].sort(),
        ids([r1, r2, r3]),
      );
      assert.equal([...(await run(store.scoped(a).recipients.insertMany([])))], []);
      // Same payer, hash and type: skipped (D8), also within one call.
      const dup = recipient(a, pa.id, { tinHash: "hm-1" });
      const n1 = recipient(a, pa.id, { tinHash: "hm-3" }),
        n2 = recipient(a, pa.id, { tinHash: "hm-3" });
      assert.equal([...(await run(store.scoped(a).recipients.insertMany([dup, n1, n2])))], [n1.id]);
      assert.is(await run(store.scoped(a).recipients.get(dup.id)), undefined);
      // findManyByTin: the payer's recipients with one of the hashes, oldest first, with their hash; scoped.
      const found = await run(store.scoped(a).recipients.findManyByTin(pa.id, ["hm-1", "hm-2", "nope"]));
      assert.equal(
        found.map((r) => r.id),
        [r1.id, r2.id, r3.id],
      );
      assert.equal(
        found.map((r) => r.tinHash),
        ["hm-1", "hm-2", "hm-1"],
      );
      assert.is(found[0]?.name, "Rec");
      assert.is(found[0]?.city, "Springfield");
      assert.not.ok("tinCiphertext" in (found[0] ?? {}));
      assert.is(found[1]?.tinType, null);
      assert.equal(await run(store.scoped(a).recipients.findManyByTin(pa.id, [])), []);
      assert.equal(
        await run(store.scoped(a).recipients.findManyByTin(pa.id, [ra.tinHash])).then((x) =>
          x.map((r) => r.id),
        ),
        [ra.id],
      );
      assert.equal(await run(store.scoped(b).recipients.findManyByTin(pa.id, ["hm-1"])), []);
      assert.equal(await run(store.scoped(live).recipients.findManyByTin(pa.id, ["hm-1"])), []);
      // Another payer of the account may hold the same TIN.
      const p2 = payer(a);
      await run(store.scoped(a).payers.insert(p2));
      const other = recipient(a, p2.id, { tinHash: "hm-1" });
      assert.equal([...(await run(store.scoped(a).recipients.insertMany([other])))], [other.id]);
      assert.equal(
        (await run(store.scoped(a).recipients.findManyByTin(p2.id, ["hm-1"]))).map((r) => r.id),
        [other.id],
      );
      // Inserted rows are ordinary recipients: get by id or short id, listed under their payer.
      assert.is((await run(store.scoped(a).recipients.get(r2.shortId)))?.id, r2.id);
      const listed = await run(
        store.scoped(a).recipients.list({ limit: 100, startingAfter: null }, { payerId: pa.id }),
      );
      assert.equal(ids(listed.data), ids([ra, r1, r2, r3, n1]));
    },
  );

  return s;
}
