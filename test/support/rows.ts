// Store rows for the adapter contract tests: an account, a payer and a recipient with plain defaults.
// `at` hands out the timestamps, so each suite controls their order (paging cases depend on it).
import { randomUUID } from "node:crypto";
import type * as uvu from "uvu";
import { Effect } from "effect";
import {
  Store,
  type PayerRow,
  type RecipientRow,
  type Scope,
  type ScopedStore,
} from "../../core/ports/store.port.ts";
import { Repos, withTransaction } from "../../core/ports/unit-of-work.port.ts";
import type { Account } from "../../core/domain/parties/account.ts";

/** A random id with a prefix, the shape of the service's short ids. */
/** `body` in one unit of work of `store` (`withTransaction`), given the transaction's repositories of `scope`. */
export const inTransaction = <A, E, R = never>(
  store: Store["Service"],
  scope: Scope,
  body: (tx: ScopedStore) => Effect.Effect<A, E, R>,
): Effect.Effect<A, E, Exclude<R, Store>> =>
  withTransaction(Effect.flatMap(Repos(scope), body)).pipe(Effect.provideService(Store, store));

export const shortId = (prefix: string) => prefix + randomUUID().replace(/-/g, "").slice(0, 20);

export function storeRows(at: () => string) {
  const account = (): Account => ({
    id: randomUUID(),
    name: "A",
    liveEnabled: false,
    defaultApiVersion: null,
    ipAllowlist: [],
    createdAt: at(),
  });
  const payer = (scope: Scope, over: Partial<PayerRow> = {}): PayerRow => {
    const now = at();
    return {
      id: randomUUID(),
      accountId: scope.accountId,
      livemode: scope.livemode,
      legalName: "Payer",
      tinType: "ein",
      tinLast4: "6789",
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      country: "US",
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      isMainCompany: false,
      createdAt: now,
      updatedAt: now,
      tinCiphertext: "v1:x",
      tinHash: "h-payer",
      ...over,
    };
  };
  const recipient = (scope: Scope, payerId: string, over: Partial<RecipientRow> = {}): RecipientRow => {
    const now = at();
    return {
      id: randomUUID(),
      shortId: shortId("rcp_"),
      accountId: scope.accountId,
      livemode: scope.livemode,
      payerId,
      name: "Rec",
      tinType: "ssn",
      tinLast4: "1234",
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      country: "US",
      email: null,
      deliveryMethod: "paper",
      accountNumber: null,
      createdAt: now,
      updatedAt: now,
      tinCiphertext: "v1:y",
      tinHash: "h-rec",
      ...over,
    };
  };
  return { account, payer, recipient };
}

/** The context every store contract case starts from: the store under test and three scopes of fresh accounts. */
export interface ContractContext {
  store: Store["Service"];
  close: () => Promise<void>;
  a: Scope;
  b: Scope;
  live: Scope;
}

/**
 * The set-up the store contract suites share: open the adapter once per suite, close it after, and give every case
 * two fresh accounts (a, b) and a's production scope (live): scoping alone keeps the cases apart on one database.
 */
export function contractSetup<C extends ContractContext>(
  s: uvu.Test<C>,
  open: () => Promise<{ store: Store["Service"]; close: () => Promise<void> }>,
  account: () => Account,
  each?: (ctx: C) => Promise<void>,
): void {
  const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e as Effect.Effect<A, never>);
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
    await run(ctx.store.accounts.insert(a));
    await run(ctx.store.accounts.insert(b));
    ctx.a = { accountId: a.id, livemode: false };
    ctx.b = { accountId: b.id, livemode: false };
    ctx.live = { accountId: a.id, livemode: true };
    if (each) await each(ctx);
  });
}
