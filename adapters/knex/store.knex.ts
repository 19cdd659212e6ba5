// The Store port on Knex (Postgres or PGlite). Scoping by account and environment (D2) happens here, in
// `scopedTable`, for every query of a scoped repository.
// The repositories of each role are in store/<role>.knex.ts (the split of the ports); this file composes them
// and opens transactions.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import type { Knex } from "knex";
import { Store, type OpenTransaction, type Scope, type ScopedStore } from "../../core/ports/store.port.ts";
import { plainSecretBox, type SecretBox } from "../system/system.ts";
import { DispatchRow, rowsOf, ScopedIdRow, SumRow, TinMatchSendRow, toOutboxEvent } from "./rows.ts";
import { knexOAuthApps, knexOAuthGrants, knexUsers } from "./oauth.knex.ts";
import { type Db, run } from "./store/shared.ts";
import { payerRepo, recipientRepo, extensionRepo } from "./store/parties.knex.ts";
import { filingRepo, batchRepo } from "./store/filings.knex.ts";
import { cartRepo, orderRepo, dispatchRepo } from "./store/carts.knex.ts";
import { balanceRepo } from "./store/ledger.knex.ts";
import { eventRepo, webhookRepo } from "./store/events.knex.ts";
import { tinMatchRepo } from "./store/tin-match.knex.ts";
import { operationRepo } from "./store/operations.knex.ts";
import { statementQueue, statementRepo } from "./store/statements.knex.ts";
import { emailOutboxRepo } from "./store/emails.knex.ts";
import { portalRepo } from "./store/portal.knex.ts";
import { w9Queue, w9RequestRepo } from "./store/w9-requests.knex.ts";
import { bNoticeQueue, bNoticeRepo } from "./store/b-notices.knex.ts";
import { sandboxRepo, accountRepo, apiKeyRepo } from "./store/accounts.knex.ts";

export { run, pageOf } from "./store/shared.ts";

/** Repositories are built on first use: a request that reads one payer builds one repository, not all of them. */
class KnexScopedStore implements ScopedStore {
  constructor(
    private readonly db: Db,
    readonly scope: Scope,
    private readonly box: SecretBox,
  ) {}
  #payers?: ReturnType<typeof payerRepo>;
  get payers() {
    return (this.#payers ??= payerRepo(this.db, this.scope));
  }
  #recipients?: ReturnType<typeof recipientRepo>;
  get recipients() {
    return (this.#recipients ??= recipientRepo(this.db, this.scope));
  }
  #filings?: ReturnType<typeof filingRepo>;
  get filings() {
    return (this.#filings ??= filingRepo(this.db, this.scope));
  }
  #batches?: ReturnType<typeof batchRepo>;
  get batches() {
    return (this.#batches ??= batchRepo(this.db, this.scope));
  }
  #carts?: ReturnType<typeof cartRepo>;
  get carts() {
    return (this.#carts ??= cartRepo(this.db, this.scope));
  }
  #balance?: ReturnType<typeof balanceRepo>;
  get balance() {
    return (this.#balance ??= balanceRepo(this.db, this.scope));
  }
  #orders?: ReturnType<typeof orderRepo>;
  get orders() {
    return (this.#orders ??= orderRepo(this.db, this.scope));
  }
  #events?: ReturnType<typeof eventRepo>;
  get events() {
    return (this.#events ??= eventRepo(this.db, this.scope));
  }
  #dispatches?: ReturnType<typeof dispatchRepo>;
  get dispatches() {
    return (this.#dispatches ??= dispatchRepo(this.db, this.scope));
  }
  #extensions?: ReturnType<typeof extensionRepo>;
  get extensions() {
    return (this.#extensions ??= extensionRepo(this.db, this.scope));
  }
  #sandbox?: ReturnType<typeof sandboxRepo>;
  get sandbox() {
    return (this.#sandbox ??= sandboxRepo(this.db, this.scope));
  }
  #webhooks?: ReturnType<typeof webhookRepo>;
  get webhooks() {
    return (this.#webhooks ??= webhookRepo(this.db, this.scope, this.box));
  }
  #tinMatches?: ReturnType<typeof tinMatchRepo>;
  get tinMatches() {
    return (this.#tinMatches ??= tinMatchRepo(this.db, this.scope));
  }
  #operations?: ReturnType<typeof operationRepo>;
  get operations() {
    return (this.#operations ??= operationRepo(this.db, this.scope));
  }
  #statements?: ReturnType<typeof statementRepo>;
  get statements() {
    return (this.#statements ??= statementRepo(this.db, this.scope));
  }
  #emails?: ReturnType<typeof emailOutboxRepo>;
  get emails() {
    return (this.#emails ??= emailOutboxRepo(this.db, this.scope));
  }
  #portal?: ReturnType<typeof portalRepo>;
  get portal() {
    return (this.#portal ??= portalRepo(this.db, this.scope));
  }
  #w9Requests?: ReturnType<typeof w9RequestRepo>;
  get w9Requests() {
    return (this.#w9Requests ??= w9RequestRepo(this.db, this.scope));
  }
  #bNotices?: ReturnType<typeof bNoticeRepo>;
  get bNotices() {
    return (this.#bNotices ??= bNoticeRepo(this.db, this.scope));
  }
}

export function scopedRepos(db: Db, scope: Scope, box: SecretBox = plainSecretBox): ScopedStore {
  return new KnexScopedStore(db, scope, box);
}

/** A queued piece of work (a due delivery, a pending TIN-match run) and the scope it runs in. */
function scopedId(row: unknown) {
  const r = ScopedIdRow.decode(row);
  return { id: r.id, accountId: r.account_id, livemode: r.livemode };
}

/** A Knex transaction (or a savepoint of one, a nested Knex transaction) with its repositories. */
class KnexTransaction implements OpenTransaction {
  readonly #repos = new Map<string, ScopedStore>();
  constructor(
    readonly trx: Knex.Transaction,
    private readonly box: SecretBox,
  ) {}
  scoped(scope: Scope): ScopedStore {
    const key = `${scope.accountId}:${scope.livemode ? "live" : "test"}`;
    let repos = this.#repos.get(key);
    if (!repos) {
      repos = scopedRepos(this.trx, { accountId: scope.accountId, livemode: scope.livemode }, this.box);
      this.#repos.set(key, repos);
    }
    return repos;
  }
  // Knex reports a failed COMMIT (or RELEASE SAVEPOINT) only through the transaction's own promise.
  readonly commit = Effect.promise(async () => {
    await this.trx.commit();
    await this.trx.executionPromise;
  });
  readonly rollback = Effect.promise(async () => {
    await this.trx.rollback();
    await this.trx.executionPromise;
  });
}

/** `secrets` encrypts webhook signing secrets at rest (the service passes one built from its configured key). */
export function makeKnexStore(knex: Knex, options: { readonly secrets?: SecretBox } = {}): Store["Service"] {
  const box = options.secrets ?? plainSecretBox;
  const scopedCache = new Map<string, ScopedStore>();
  // A transaction without a handler: the unit of work (core/ports/unit-of-work.port.ts) commits or rolls back.
  const begin = (outer: OpenTransaction | undefined) =>
    Effect.suspend(() => {
      if (outer !== undefined && !(outer instanceof KnexTransaction))
        return Effect.die(new Error("a transaction of another store"));
      return Effect.promise(() => (outer ? outer.trx.transaction() : knex.transaction())).pipe(
        Effect.map((trx): OpenTransaction => new KnexTransaction(trx, box)),
      );
    });
  return Store.of({
    scoped: (scope) => {
      // Outside transactions a scope's repositories are kept and reused: they hold nothing but (db, scope).
      const key = `${scope.accountId}:${scope.livemode ? "live" : "test"}`;
      let repos = scopedCache.get(key);
      if (!repos) {
        if (scopedCache.size >= 10_000) scopedCache.clear();
        repos = scopedRepos(knex, { accountId: scope.accountId, livemode: scope.livemode }, box);
        scopedCache.set(key, repos);
      }
      return repos;
    },
    begin,
    accounts: accountRepo(knex),
    apiKeys: apiKeyRepo(knex),
    oauthApps: knexOAuthApps(knex),
    users: knexUsers(knex),
    oauth: knexOAuthGrants(knex),
    statementQueue: statementQueue(knex),
    w9Queue: w9Queue(knex),
    bNoticeQueue: bNoticeQueue(knex),
    outbox: {
      pending: (limit) =>
        run(async () =>
          rowsOf(await knex("events").whereNull("fanned_out_at").orderBy("created_at").limit(limit)).map(
            toOutboxEvent,
          ),
        ),
      markFannedOut: (ids, now) =>
        run(() =>
          knex("events")
            .whereIn("id", [...ids])
            .update({ fanned_out_at: now }),
        ).pipe(Effect.asVoid),
      dueDeliveries: (before, limit) =>
        run(async () =>
          rowsOf(
            await knex("webhook_deliveries")
              .where("status", "pending")
              .andWhere("next_attempt_at", "<", before)
              .orderBy("next_attempt_at")
              .limit(limit),
          ).map(scopedId),
        ),
    },
    dispatchQueue: {
      pending: (before, limit) =>
        run(async () =>
          rowsOf(
            await knex("dispatches")
              .where("state", "pending")
              .andWhere("created_at", "<", before)
              .orderBy("created_at")
              .limit(limit),
          ).map((row) => {
            const r = DispatchRow.decode(row);
            return { orderId: r.order_id, accountId: r.account_id, livemode: r.livemode };
          }),
        ),
      markDone: (orderId) =>
        run(() => knex("dispatches").where("order_id", orderId).update({ state: "done" })).pipe(
          Effect.asVoid,
        ),
    },
    tinMatchQueue: {
      liveMatchesSince: (since) =>
        run(
          async () =>
            SumRow.decode(
              rowsOf(
                await knex("tin_match_runs")
                  .where({ livemode: true, status: "completed" })
                  .andWhere("completed_at", ">=", since)
                  .sum({ n: "count" }),
              )[0],
            ).n ?? 0,
        ),
      pairSends: (keys, since) =>
        run(async () => {
          const out = new Map<string, { count: number; last: string | null }>();
          if (keys.length === 0) return out;
          const rows = rowsOf(
            await knex("tin_match_sends")
              .select("pair_key", "outcome")
              .whereIn("pair_key", [...keys])
              .andWhere("sent_at", ">=", since)
              .orderBy("sent_at")
              .orderBy("id"),
          );
          for (const row of rows) {
            const r = TinMatchSendRow.decode(row);
            const seen = out.get(r.pair_key) ?? { count: 0, last: null };
            out.set(r.pair_key, { count: seen.count + 1, last: r.outcome ?? seen.last });
          }
          return out;
        }),
      recordPairSends: (keys, sentAt) =>
        run(async () => {
          if (keys.length > 0)
            await knex.batchInsert(
              "tin_match_sends",
              keys.map((pair_key) => ({ pair_key, sent_at: sentAt, outcome: null })),
              1000,
            );
        }),
      setPairOutcomes: (outcomes, sentAt) =>
        run(async () => {
          for (const o of outcomes)
            await knex("tin_match_sends")
              .where({ pair_key: o.key, sent_at: sentAt })
              .whereNull("outcome")
              .update({ outcome: o.outcome });
        }),
      pending: (before, limit) =>
        run(async () =>
          rowsOf(
            await knex("tin_match_runs")
              .where("status", "processing")
              .andWhere("created_at", "<", before)
              .orderBy("created_at")
              .limit(limit),
          ).map(scopedId),
        ),
    },
  });
}

export const layer = (knex: Knex, options: { readonly secrets?: SecretBox } = {}) =>
  Layer.succeed(Store, makeKnexStore(knex, options));
