// In-memory Store for domain tests and embedders' tests. Same scoping and paging rules as the Knex adapter;
// a transaction works on a copy of the tables and swaps it in only on success.
// Each role's repository is in store/<role>.fake.ts (the same split as the ports); this file composes them.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import * as Semaphore from "effect/Semaphore";
import { Store, type OpenTransaction, type Scope, type ScopedStore } from "../../core/ports/store.port.ts";
import { fakeOAuthRepos } from "./oauth.fake.ts";
import { cloneTables, emptyTables, fakeScope, type Tables } from "./store/shared.ts";
import { fakeExtensions, fakePayers, fakeRecipients } from "./store/parties.fake.ts";
import { fakeBatches, fakeFilings } from "./store/filings.fake.ts";
import { fakeCarts, fakeDispatches, fakeOrders } from "./store/carts.fake.ts";
import { fakeBalance } from "./store/ledger.fake.ts";
import { fakeEvents, fakeWebhooks } from "./store/events.fake.ts";
import { fakeTinMatches } from "./store/tin-match.fake.ts";
import { fakeSandbox } from "./store/sandbox.fake.ts";
import { fakeOperations } from "./store/operations.fake.ts";
import { fakeStatementQueue, fakeStatements } from "./store/statements.fake.ts";
import { fakeEmailOutbox } from "./store/emails.fake.ts";
import { fakePortal } from "./store/portal.fake.ts";
import { fakeW9Queue, fakeW9Requests } from "./store/w9-requests.fake.ts";
import { fakeBNoticeQueue, fakeBNotices } from "./store/b-notices.fake.ts";

export { emptyTables, pageFrom, type Tables } from "./store/shared.ts";

function scoped(ref: { t: Tables }, scope: Scope): ScopedStore {
  const c = fakeScope(ref, scope);
  return {
    scope,
    payers: fakePayers(c),
    recipients: fakeRecipients(c),
    filings: fakeFilings(c),
    batches: fakeBatches(c),
    carts: fakeCarts(c),
    balance: fakeBalance(c),
    orders: fakeOrders(c),
    events: fakeEvents(c),
    extensions: fakeExtensions(c),
    webhooks: fakeWebhooks(c),
    tinMatches: fakeTinMatches(c),
    sandbox: fakeSandbox(c),
    dispatches: fakeDispatches(c),
    operations: fakeOperations(c),
    statements: fakeStatements(c),
    emails: fakeEmailOutbox(c),
    portal: fakePortal(c),
    w9Requests: fakeW9Requests(c),
    bNotices: fakeBNotices(c),
  };
}

/** A copy of `parent`'s tables, swapped into it on commit; `end` runs after commit or rollback. */
class FakeTransaction implements OpenTransaction {
  readonly tables: { t: Tables };
  constructor(
    private readonly parent: { t: Tables },
    private readonly end: Effect.Effect<void>,
  ) {
    this.tables = { t: cloneTables(parent.t) };
  }
  scoped(scope: Scope): ScopedStore {
    return scoped(this.tables, scope);
  }
  get commit() {
    return Effect.andThen(
      Effect.sync(() => {
        this.parent.t = this.tables.t;
      }),
      this.end,
    );
  }
  get rollback() {
    return this.end;
  }
}

export function makeFakeStore(
  tables: Tables = emptyTables(),
): Store["Service"] & { readonly tables: () => Tables } {
  const ref = { t: tables };
  // Transactions run one at a time, each on a copy of the tables swapped in only when it commits; a savepoint is
  // a copy of its transaction's copy, swapped into it.
  const oneAtATime = Semaphore.makeUnsafe(1);
  const done = new Set<string>();
  // Production TIN Matching requests (tin_match_sends): outside the transactional tables, like the SQL rows are counted before the send.
  const tinSends: { key: string; sentAt: string; outcome: string | null }[] = [];
  const begin = (outer: OpenTransaction | undefined): Effect.Effect<OpenTransaction> => {
    if (outer === undefined)
      return Effect.as(oneAtATime.take(1), new FakeTransaction(ref, Effect.asVoid(oneAtATime.release(1))));
    if (!(outer instanceof FakeTransaction)) return Effect.die(new Error("a transaction of another store"));
    return Effect.succeed(new FakeTransaction(outer.tables, Effect.void));
  };
  return {
    ...Store.of({
      scoped: (scope) => scoped(ref, scope),
      begin,
      accounts: {
        insert: (a) =>
          Effect.sync(() => {
            ref.t.accounts.set(a.id, a);
          }),
        get: (id) => Effect.sync(() => ref.t.accounts.get(id)),
        list: () =>
          Effect.sync(() =>
            [...ref.t.accounts.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)),
          ),
        count: () => Effect.sync(() => ref.t.accounts.size),
        update: (id, patch) =>
          Effect.sync(() => {
            const a = ref.t.accounts.get(id);
            if (!a) return undefined;
            const next = { ...a, ...patch };
            ref.t.accounts.set(id, next);
            return next;
          }),
      },
      statementQueue: fakeStatementQueue(ref),
      w9Queue: fakeW9Queue(ref),
      bNoticeQueue: fakeBNoticeQueue(ref),
      outbox: {
        pending: (limit) =>
          Effect.sync(() =>
            [...ref.t.events.values()].filter((e) => !ref.t.fannedOut.has(e.id)).slice(0, limit),
          ),
        markFannedOut: (ids) =>
          Effect.sync(() => {
            for (const id of ids) ref.t.fannedOut.add(id);
          }),
        dueDeliveries: (before, limit) =>
          Effect.sync(() =>
            [...ref.t.deliveries.values()]
              .filter((d) => d.status === "pending" && d.nextAttemptAt !== null && d.nextAttemptAt < before)
              .slice(0, limit)
              .map((d) => ({ id: d.id, accountId: d.accountId, livemode: d.livemode })),
          ),
      },
      dispatchQueue: {
        pending: (before, limit) =>
          Effect.sync(() =>
            [...ref.t.dispatches.values()]
              .filter((d) => !done.has(d.orderId) && d.createdAt < before)
              .slice(0, limit)
              .map((d) => ({ orderId: d.orderId, accountId: d.accountId, livemode: d.livemode })),
          ),
        markDone: (orderId) =>
          Effect.sync(() => {
            done.add(orderId);
          }),
      },
      tinMatchQueue: {
        liveMatchesSince: (since) =>
          Effect.sync(() =>
            [...ref.t.tinRuns.values()]
              .filter((r) => r.livemode && r.status === "completed" && (r.completedAt ?? "") >= since)
              .reduce((n, r) => n + r.count, 0),
          ),
        pairSends: (keys, since) =>
          Effect.sync(() => {
            const out = new Map<string, { count: number; last: string | null }>();
            for (const s of tinSends) {
              if (!keys.includes(s.key) || s.sentAt < since) continue;
              const seen = out.get(s.key) ?? { count: 0, last: null };
              out.set(s.key, { count: seen.count + 1, last: s.outcome ?? seen.last });
            }
            return out;
          }),
        recordPairSends: (keys, sentAt) =>
          Effect.sync(() => {
            for (const key of keys) tinSends.push({ key, sentAt, outcome: null });
          }),
        setPairOutcomes: (outcomes, sentAt) =>
          Effect.sync(() => {
            for (const o of outcomes)
              for (const s of tinSends)
                if (s.key === o.key && s.sentAt === sentAt && s.outcome === null) s.outcome = o.outcome;
          }),
        pending: (before, limit) =>
          Effect.sync(() =>
            [...ref.t.tinRuns.values()]
              .filter((r) => r.status === "processing" && r.createdAt < before)
              .slice(0, limit)
              .map((r) => ({ id: r.id, accountId: r.accountId, livemode: r.livemode })),
          ),
      },
      ...fakeOAuthRepos(() => ref.t),
      apiKeys: {
        insert: (k) =>
          Effect.sync(() => {
            ref.t.apiKeys.set(k.keyHash, { ...k, revokedAt: null });
          }),
        listForAccount: (accountId) =>
          Effect.sync(() => [...ref.t.apiKeys.values()].filter((k) => k.accountId === accountId)),
      },
    }),
    tables: () => ref.t,
  };
}

export const layerTest = (tables?: Tables) => Layer.succeed(Store, makeFakeStore(tables));
