// The transaction primitive (`Store.begin`, behind the unit of work of core/ports/unit-of-work.port.ts) against a
// store adapter: commit, rollback on failure, defect and interruption, savepoints (moved from the whole-store
// contract). Runs on a store with `payers` and `begin`; the role suites that open transactions rely on it.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Context from "effect/Context";
import * as Effect from "effect/Effect";
import * as Fiber from "effect/Fiber";
import type { Scope } from "../../../core/ports/store.port.ts";
import { Repos, withTransaction } from "../../../core/ports/unit-of-work.port.ts";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  inTransaction,
  provideStore,
  run,
  type ContractContext,
  type OpenStore,
  type TransactionalStore,
} from "./harness.ts";

/** What the unit-of-work suite needs of a store: `begin`, and payers to write in its transactions. */
export type UnitOfWorkStore = TransactionalStore<"payers">;

export function unitOfWorkContract(name: string, open: OpenStore<UnitOfWorkStore>) {
  const s = suite<ContractContext<UnitOfWorkStore>>(`Unit of work contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account, payer } = storeRows(at);

  contractSetup(s, open, account);

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
  const names = (store: UnitOfWorkStore, scope: Scope, ids: readonly string[]) =>
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
        }).pipe(provideStore(store)),
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
          ).pipe(provideStore(store)),
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
        ).pipe(provideStore(store)),
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
        ).pipe(provideStore(store)),
      );
      await bodyInserted;
      await Effect.runPromise(Fiber.interrupt(fiber));
      assert.equal(await names(store, a, [p1.id, p2.id]), [null, null]);
      // The connection (the fake's turn) was given back: the next unit of work runs.
      assert.is(await run(inTransaction(store, a, (tx) => tx.payers.get(p1.id))), undefined);
    },
  );

  return s;
}
