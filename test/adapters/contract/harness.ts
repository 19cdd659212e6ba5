// The harness of the storage contract, one suite per port role (test/adapters/contract/<role>.contract.ts): the
// part of a store each suite asks for, the set-up every suite shares, and the transaction helper. A suite asks
// only for its role's repositories (and `begin` when its cases open transactions), so a new storage adapter can
// be started one port at a time: implement one role's repositories, run that role's suite against them
// (test/adapters/contract/partial-adapter.test.ts runs the ledger and events suites on such partial stores).
import type * as uvu from "uvu";
import * as Effect from "effect/Effect";
import { Store, type AccountRepo, type Scope, type ScopedStore } from "../../../core/ports/store.port.ts";
import { Repos, withTransaction } from "../../../core/ports/unit-of-work.port.ts";
import type { Account } from "../../../core/domain/parties/account.ts";

export const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e as Effect.Effect<A, never>);

/** The repositories of a `ScopedStore` (core/ports/store.port.ts), by name. */
export type ScopedRepo = Exclude<keyof ScopedStore, "scope">;
/** The store-wide services of a `Store` (accounts, queues, the outbox, OAuth). */
export type StoreWide = Exclude<keyof Store["Service"], "scoped" | "begin">;

/**
 * The part of a store a suite needs: the repositories `K` of each scope and the store-wide services `G`. A whole
 * `Store` is one. An `accounts` repository, when the store has one, stores the accounts each case starts from; a
 * store without one only gets their ids.
 */
export type RoleStore<K extends ScopedRepo, G extends StoreWide = never> = {
  readonly scoped: (scope: Scope) => Pick<ScopedStore, K>;
  readonly accounts?: AccountRepo;
} & Pick<Store["Service"], G>;

/** A transaction (or a savepoint) a role store opened: `OpenTransaction` with the role's repositories only. */
export interface RoleTransaction<K extends ScopedRepo> {
  readonly scoped: (scope: Scope) => Pick<ScopedStore, K>;
  readonly commit: Effect.Effect<void>;
  readonly rollback: Effect.Effect<void>;
}

/** The transaction primitive of a role store, `Store.begin` (the unit of work, core/ports/unit-of-work.port.ts). */
export interface Transactional<K extends ScopedRepo> {
  // Method syntax on purpose: a whole Store, whose `begin` takes the `OpenTransaction`s it opened, is one too.
  begin(outer: RoleTransaction<K> | undefined): Effect.Effect<RoleTransaction<K>>;
}

/**
 * Provides a role store as the `Store` service of `withTransaction` and `Repos`, which read only its `begin` and
 * `scoped`; the cases that run inside use only the role's repositories (their types say so).
 */
export const provideStore = <K extends ScopedRepo>(store: RoleStore<K> & Transactional<K>) =>
  Effect.provideService(Store, store as unknown as Store["Service"]);

/** `body` in one unit of work of `store` (`withTransaction`), given the transaction's repositories of `scope`. */
export const inTransaction = <K extends ScopedRepo, A, E, R = never>(
  store: RoleStore<K> & Transactional<K>,
  scope: Scope,
  body: (tx: Pick<ScopedStore, K>) => Effect.Effect<A, E, R>,
): Effect.Effect<A, E, Exclude<R, Store>> =>
  withTransaction(Effect.flatMap(Repos(scope), body)).pipe(provideStore(store));

/** Timestamps one second apart from `start`: each suite controls their order (paging cases depend on it). */
export const clock = (start: number) => {
  let t = 0;
  return () => new Date(start + 1000 * t++).toISOString();
};

/** The context every contract case starts from: the store under test and three scopes of fresh accounts. */
export interface ContractContext<S> {
  store: S;
  close: () => Promise<void>;
  a: Scope;
  b: Scope;
  live: Scope;
}

/** Opens the store a suite runs on (once per suite); `close` drops it. */
export type OpenStore<S> = () => Promise<{ store: S; close: () => Promise<void> }>;

/**
 * The set-up every contract suite shares: open the adapter once per suite, close it after, and give every case
 * two fresh accounts (a, b) and a's production scope (live): scoping alone keeps the cases apart on one database.
 * `each` then seeds what the suite's cases start from, through the suite's own repositories.
 */
export function contractSetup<S extends RoleStore<never>, C extends ContractContext<S>>(
  s: uvu.Test<C>,
  open: OpenStore<S>,
  account: () => Account,
  each?: (ctx: C) => Promise<void>,
): void {
  s.before(async (ctx) => {
    const opened = await open();
    ctx.store = opened.store;
    ctx.close = opened.close;
  });
  s.after(async (ctx) => {
    await ctx.close();
  });
  s.before.each(async (ctx) => {
    const a = account(),
      b = account();
    const accounts = ctx.store.accounts;
    if (accounts) {
      await run(accounts.insert(a));
      await run(accounts.insert(b));
    }
    ctx.a = { accountId: a.id, livemode: false };
    ctx.b = { accountId: b.id, livemode: false };
    ctx.live = { accountId: a.id, livemode: true };
    if (each) await each(ctx);
  });
}

/** A role store whose transactions (`begin`) give the same repositories. */
export type TransactionalStore<K extends ScopedRepo, G extends StoreWide = never> = RoleStore<K, G> &
  Transactional<K>;
