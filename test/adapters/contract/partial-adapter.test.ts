// A storage adapter started one port at a time: a role's contract suite runs on a store that implements only that
// role's repositories (here the in-memory ones, without the whole in-memory store), plus `begin` when the
// suite's cases open transactions. No accounts repository: the cases get account ids only.
import * as Effect from "effect/Effect";
import * as Semaphore from "effect/Semaphore";
import { fakeBalance } from "../../../adapters/in-memory/store/ledger.fake.ts";
import { fakeEvents } from "../../../adapters/in-memory/store/events.fake.ts";
import {
  cloneTables,
  emptyTables,
  fakeScope,
  type Tables,
} from "../../../adapters/in-memory/store/shared.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { eventsOutboxContract, type EventsOutboxStore } from "./events-outbox.contract.ts";
import { ledgerContract, type LedgerStore } from "./ledger.contract.ts";
import type { RoleTransaction } from "./harness.ts";

/**
 * The ledger's repository and a transaction primitive of its own: a transaction works on a copy of the tables,
 * swapped in on commit, one at a time; a savepoint is a copy of its transaction's copy.
 */
function ledgerOnly(): LedgerStore {
  const ref = { t: emptyTables() };
  const scoped = (tables: { t: Tables }) => (scope: Scope) => ({
    balance: fakeBalance(fakeScope(tables, scope)),
  });
  const opened = new WeakMap<RoleTransaction<"balance">, { t: Tables }>();
  const open = (parent: { t: Tables }, end: Effect.Effect<void>): RoleTransaction<"balance"> => {
    const tables = { t: cloneTables(parent.t) };
    const tx: RoleTransaction<"balance"> = {
      scoped: scoped(tables),
      commit: Effect.andThen(
        Effect.sync(() => {
          parent.t = tables.t;
        }),
        end,
      ),
      rollback: end,
    };
    opened.set(tx, tables);
    return tx;
  };
  const oneAtATime = Semaphore.makeUnsafe(1);
  return {
    scoped: scoped(ref),
    begin: (outer) => {
      if (outer === undefined)
        return Effect.as(oneAtATime.take(1), open(ref, Effect.asVoid(oneAtATime.release(1))));
      const tables = opened.get(outer);
      return tables
        ? Effect.succeed(open(tables, Effect.void))
        : Effect.die(new Error("a transaction of another store"));
    },
  };
}

/** The events repository alone (the events suite opens no transaction). */
function eventsOnly(): EventsOutboxStore {
  const ref = { t: emptyTables() };
  return { scoped: (scope) => ({ events: fakeEvents(fakeScope(ref, scope)) }) };
}

ledgerContract("in-memory ledger only", async () => ({ store: ledgerOnly(), close: async () => {} })).run();
eventsOutboxContract("in-memory events only", async () => ({
  store: eventsOnly(),
  close: async () => {},
})).run();
