// The same repository cases against every Store adapter (in-memory fake, PGlite, Postgres).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Context, Effect, Fiber } from "effect";
import { randomUUID } from "node:crypto";
import { Store as StoreTag, type Store, type Scope } from "../../core/ports/store.port.ts";
import { Repos, withTransaction } from "../../core/ports/unit-of-work.port.ts";
import { contractSetup, inTransaction, storeRows, type ContractContext } from "../support/rows.ts";

type StoreService = Store["Service"];
const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e as Effect.Effect<A, never>);

export function storeContract(
  name: string,
  open: () => Promise<{ store: StoreService; close: () => Promise<void> }>,
) {
  const s = suite<ContractContext>(`Store contract: ${name}`);
  let t = 0;
  const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, t++)).toISOString();
  const { account, payer, recipient } = storeRows(at);

  contractSetup(s, open, account);

  s("accounts: insert, get, list, count, update", async ({ store, a }) => {
    const before = await run(store.accounts.count());
    assert.ok(before >= 2);
    await run(store.accounts.insert(account()));
    assert.is(await run(store.accounts.count()), before + 1);
    const got = await run(store.accounts.get(a.accountId));
    assert.is(got?.liveEnabled, false);
    const up = await run(
      store.accounts.update(a.accountId, { liveEnabled: true, ipAllowlist: ["10.0.0.0/8"] }),
    );
    assert.is(up?.liveEnabled, true);
    assert.equal(up?.ipAllowlist, ["10.0.0.0/8"]);
    assert.ok((await run(store.accounts.list())).some((x) => x.id === a.accountId));
    assert.is(await run(store.accounts.get(randomUUID())), undefined);
    assert.is(await run(store.accounts.get("not-a-uuid")), undefined);
  });

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
    "balance: the card and the processor's customer are kept per account and environment; the customer outlives a card change",
    async ({ store, a, b, live }) => {
      const repos = store.scoped(live);
      assert.equal((await run(repos.balance.get())).cardCustomer, null);
      await run(
        repos.balance.update({
          card: { token: "pm_1", brand: "visa", last4: "4242" },
          cardCustomer: "cus_A",
        }),
      );
      await run(repos.balance.update({ card: { token: "pm_2", brand: "mastercard", last4: "4444" } }));
      const got = await run(repos.balance.get());
      assert.equal(got.card, { token: "pm_2", brand: "mastercard", last4: "4444" });
      assert.is(got.cardCustomer, "cus_A");
      assert.is((await run(inTransaction(store, live, (tx) => tx.balance.lock()))).cardCustomer, "cus_A");
      for (const other of [a, b]) {
        const o = await run(store.scoped(other).balance.get());
        assert.is(o.card, null);
        assert.is(o.cardCustomer, null);
      }
    },
  );

  s(
    "balance: an operator credit is found by its reference, only as a credit and only in its own scope",
    async ({ store, a, live }) => {
      const entry = (
        seq: number,
        kind: "credit" | "topup",
        amount: number,
        after: number,
        reference: string,
      ) => ({
        id: `led_${randomUUID()}`,
        seq,
        kind,
        amount_cents: amount,
        balance_after_cents: after,
        reference,
        createdAt: at(),
      });
      await run(
        inTransaction(store, live, (tx) =>
          Effect.gen(function* () {
            yield* tx.balance.lock();
            yield* tx.balance.append([
              entry(1, "topup", 500, 500, "WIRE-7"),
              entry(2, "credit", 250000, 250500, "WIRE-8"),
            ]);
          }),
        ),
      );
      const found = await run(store.scoped(live).balance.creditByReference("WIRE-8"));
      assert.is(found?.kind, "credit");
      assert.is(found?.amount_cents, 250000);
      assert.is(found?.balance_after_cents, 250500);
      assert.is(
        await run(store.scoped(live).balance.creditByReference("WIRE-7")),
        undefined,
        "a top-up is not a credit",
      );
      assert.is(
        await run(store.scoped(a).balance.creditByReference("WIRE-8")),
        undefined,
        "the sandbox of the same account",
      );
      assert.is((await run(store.scoped(live).balance.get())).balanceCents, 250500);
    },
  );

  s("transaction: a failure rolls back every write", async ({ store, a }) => {
    const p = payer(a);
    const result = await Effect.runPromiseExit(
      inTransaction(store, a, (tx) =>
        Effect.gen(function* () {
          yield* tx.payers.insert(p);
          return yield* Effect.fail("boom" as const);
        }),
      ),
    );
    assert.is(result._tag, "Failure");
    assert.is(await run(store.scoped(a).payers.get(p.id)), undefined);
    const ok = await run(
      inTransaction(store, a, (tx) =>
        Effect.gen(function* () {
          yield* tx.payers.insert(p);
          return "done";
        }),
      ),
    );
    assert.is(ok, "done");
    assert.is((await run(store.scoped(a).payers.get(p.id)))?.id, p.id);
  });

  s("transaction: a defect rolls back too", async ({ store, a }) => {
    const p = payer(a);
    const exit = await Effect.runPromiseExit(
      inTransaction(store, a, (tx) =>
        Effect.gen(function* () {
          yield* tx.payers.insert(p);
          return yield* Effect.die(new Error("crash"));
        }),
      ),
    );
    assert.is(exit._tag, "Failure");
    assert.is(await run(store.scoped(a).payers.get(p.id)), undefined);
  });

  class Greeting extends Context.Service<Greeting, { readonly word: string }>()("test/Greeting") {}

  s("transaction: the body runs with the caller's services", async ({ store, a }) => {
    const p = payer(a);
    const word = await Effect.runPromise(
      inTransaction(store, a, (tx) =>
        Effect.gen(function* () {
          yield* tx.payers.insert(p);
          return (yield* Greeting).word;
        }),
      ).pipe(Effect.provideService(Greeting, { word: "hello" })),
    );
    assert.is(word, "hello");
    assert.is((await run(store.scoped(a).payers.get(p.id)))?.id, p.id);
  });

  s("transaction: an interrupted caller rolls back", async ({ store, a }) => {
    const p = payer(a);
    let inserted!: () => void;
    const bodyInserted = new Promise<void>((resolve) => (inserted = resolve));
    const fiber = Effect.runFork(
      inTransaction(store, a, (tx) =>
        Effect.gen(function* () {
          yield* tx.payers.insert(p);
          yield* Effect.sync(() => inserted());
          yield* Effect.never;
        }),
      ),
    );
    // The body has written; interrupting the caller must end the transaction and keep nothing.
    await bodyInserted;
    await Effect.runPromise(Fiber.interrupt(fiber));
    assert.is(await run(store.scoped(a).payers.get(p.id)), undefined);
    // The interrupted unit of work released what it held: the next transaction runs.
    assert.is(await run(inTransaction(store, a, (tx) => tx.payers.get(p.id))), undefined);
  });

  // The unit of work (core/ports/unit-of-work.port.ts): the transaction is held in the fiber's context.
  const names = (store: StoreService, scope: Scope, ids: readonly string[]) =>
    run(
      Effect.forEach(ids, (id) => store.scoped(scope).payers.get(id)).pipe(
        Effect.map((ps) => ps.map((p) => p?.legalName ?? null)),
      ),
    );

  s(
    "unit of work: Repos gives the transaction's repositories inside, the scoped store outside",
    async ({ store, a }) => {
      const [inside, outside] = [payer(a, { legalName: "Inside" }), payer(a, { legalName: "Outside" })];
      let seen: string | undefined;
      const exit = await Effect.runPromiseExit(
        Effect.gen(function* () {
          // Outside a transaction: written at once, kept when the effect then fails.
          yield* (yield* Repos(a)).payers.insert(outside);
          yield* withTransaction(
            Effect.gen(function* () {
              yield* (yield* Repos(a)).payers.insert(inside);
              // The transaction's own write is visible to it.
              seen = (yield* (yield* Repos(a)).payers.get(inside.id))?.legalName;
              return yield* Effect.fail("stop" as const);
            }),
          );
        }).pipe(Effect.provideService(StoreTag, store)),
      );
      assert.is(exit._tag, "Failure");
      assert.is(seen, "Inside");
      assert.equal(await names(store, a, [outside.id, inside.id]), ["Outside", null]);
    },
  );

  s(
    "unit of work: a nested withTransaction joins the outer one and commits or rolls back with it",
    async ({ store, a }) => {
      const [p1, p2, p3, p4] = [
        payer(a, { legalName: "P1" }),
        payer(a, { legalName: "P2" }),
        payer(a, { legalName: "P3" }),
        payer(a, { legalName: "P4" }),
      ];
      const twoLevels = (outer: typeof p1, inner: typeof p1, fail: boolean) =>
        Effect.runPromiseExit(
          withTransaction(
            Effect.gen(function* () {
              yield* (yield* Repos(a)).payers.insert(outer);
              seen.push(
                yield* withTransaction(
                  Effect.gen(function* () {
                    const tx = yield* Repos(a);
                    yield* tx.payers.insert(inner);
                    // The outer transaction's uncommitted write: the same transaction.
                    return (yield* tx.payers.get(outer.id))?.legalName;
                  }),
                ),
              );
              if (fail) return yield* Effect.fail("outer fails" as const);
            }),
          ).pipe(Effect.provideService(StoreTag, store)),
        );
      const seen: (string | undefined)[] = [];
      assert.is((await twoLevels(p1, p2, true))._tag, "Failure");
      assert.equal(await names(store, a, [p1.id, p2.id]), [null, null], "the outer failure undoes the inner");
      assert.is((await twoLevels(p3, p4, false))._tag, "Success");
      assert.equal(await names(store, a, [p3.id, p4.id]), ["P3", "P4"]);
      assert.equal(seen, ["P1", "P3"], "the inner unit saw the outer one's uncommitted write");
    },
  );

  s(
    "unit of work: a failed nested withTransaction rolls back only its own writes (a savepoint)",
    async ({ store, a }) => {
      const [kept, undone, s1, s2] = [
        payer(a, { legalName: "Kept" }),
        payer(a),
        payer(a, { legalName: "S1" }),
        payer(a, { legalName: "S2" }),
      ];
      const inner = (p: typeof kept, fail: boolean) =>
        withTransaction(
          Effect.gen(function* () {
            yield* (yield* Repos(a)).payers.insert(p);
            yield* Effect.yieldNow;
            if (fail) return yield* Effect.die(new Error("inner crash"));
          }),
        );
      const exits = await Effect.runPromise(
        withTransaction(
          Effect.gen(function* () {
            yield* (yield* Repos(a)).payers.insert(kept);
            // Nested units started at once take turns on the one connection; the outer one goes on after a failure.
            return yield* Effect.all(
              [inner(undone, true), inner(s1, false), inner(s2, false)].map((u) => Effect.exit(u)),
              { concurrency: 3 },
            );
          }),
        ).pipe(Effect.provideService(StoreTag, store)),
      );
      assert.equal(
        exits.map((e) => e._tag),
        ["Failure", "Success", "Success"],
      );
      assert.equal(await names(store, a, [kept.id, undone.id, s1.id, s2.id]), ["Kept", null, "S1", "S2"]);
    },
  );

  s(
    "unit of work: interrupting a caller inside a nested withTransaction rolls back both levels",
    async ({ store, a }) => {
      const [p1, p2] = [payer(a), payer(a)];
      let inserted!: () => void;
      const bodyInserted = new Promise<void>((resolve) => (inserted = resolve));
      const fiber = Effect.runFork(
        withTransaction(
          Effect.gen(function* () {
            yield* (yield* Repos(a)).payers.insert(p1);
            yield* withTransaction(
              Effect.gen(function* () {
                yield* (yield* Repos(a)).payers.insert(p2);
                yield* Effect.sync(() => inserted());
                yield* Effect.never;
              }),
            );
          }),
        ).pipe(Effect.provideService(StoreTag, store)),
      );
      await bodyInserted;
      await Effect.runPromise(Fiber.interrupt(fiber));
      assert.equal(await names(store, a, [p1.id, p2.id]), [null, null]);
      // The connection (the fake's turn) was given back: the next unit of work runs.
      assert.is(await run(inTransaction(store, a, (tx) => tx.payers.get(p1.id))), undefined);
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
