// The unit of work: one database transaction held in the fiber's context, the way Effect's
// `SqlClient.withTransaction` holds its connection. `withTransaction(effect)` runs `effect` in a transaction;
// anything inside reads its repositories with `yield* Repos(scope)`, which gives the transaction's repositories
// inside one and the plain scoped store outside. The store adapters only open, commit and roll back
// (`Store.begin`); the rules of the unit of work are here, once.
import * as Context from "effect/Context";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Semaphore from "effect/Semaphore";
import type { Scope } from "../domain/shared/scope.ts";
import { Store, type OpenTransaction, type ScopedStore } from "./store.port.ts";

interface Level {
  readonly tx: OpenTransaction;
  /** Nested transactions of this level take turns: a savepoint at a time on the one connection. */
  readonly nested: Semaphore.Semaphore;
}

/** The transaction the current fiber runs in, if any (set by `withTransaction`, inherited by forked fibers). */
export class CurrentTransaction extends Context.Reference<Level | undefined>("core/CurrentTransaction", {
  defaultValue: () => undefined,
}) {}

/**
 * Runs `effect` in one database transaction: committed when it succeeds, rolled back when it fails, dies or is
 * interrupted (the error, defect or interruption then goes on to the caller). Inside a transaction it joins it,
 * as a savepoint: its writes commit with the outer transaction, and its failure rolls back only its own writes
 * (the outer one decides what to do with the error), as `SqlClient.withTransaction` does.
 */
export const withTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | Store> =>
  Effect.flatMap(
    Effect.all([Effect.service(Store), Effect.service(CurrentTransaction)]),
    ([store, outer]) => {
      const unit = Effect.uninterruptibleMask((restore) =>
        Effect.flatMap(store.begin(outer?.tx), (tx) =>
          Effect.flatMap(
            Effect.exit(
              restore(
                Effect.provideService(effect, CurrentTransaction, { tx, nested: Semaphore.makeUnsafe(1) }),
              ),
            ),
            (exit) => Effect.andThen(Exit.isSuccess(exit) ? tx.commit : tx.rollback, exit),
          ),
        ),
      );
      return outer ? outer.nested.withPermit(unit) : unit;
    },
  );

/**
 * The repositories of `scope` for the current unit of work: the transaction's inside `withTransaction`, the
 * scoped store's outside.
 */
export const Repos = (scope: Scope): Effect.Effect<ScopedStore, never, Store> =>
  Effect.flatMap(Effect.service(CurrentTransaction), (level) =>
    level
      ? Effect.succeed(level.tx.scoped(scope))
      : Effect.map(Effect.service(Store), (s) => s.scoped(scope)),
  );
