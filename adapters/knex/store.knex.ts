// The Store port on Knex (Postgres or PGlite). Scoping by account and environment (D2) happens here, in
// `scopedTable`, for every query of a scoped repository.
import { Effect, Exit, Layer } from "effect";
import type { Knex } from "knex";
import type { Page, PageQuery } from "../../core/domain/shared/paging.ts";
import { toPage } from "../../core/domain/shared/paging.ts";
import {
  Store, type AccountRepo, type ApiKeyRepo, type PayerRepo, type RecipientRepo, type Scope, type ScopedStore,
} from "../../core/ports/store.port.ts";
import { isUuid } from "../../core/domain/shared/validation.ts";
import { hotQuery } from "./hot-query.ts";
import { roleOf, toAccount, toColumns, toPayer, toRecipient, type Row } from "./rows.ts";

type Db = Knex | Knex.Transaction;

/** Storage failures are defects: they surface as 500 api_error with a request id. */
export const run = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.orDie(Effect.tryPromise(f));

function scopedTable(db: Db, table: string, scope: Scope): Knex.QueryBuilder {
  return db(table).where(`${table}.account_id`, scope.accountId).andWhere(`${table}.livemode`, scope.livemode);
}

/** D34: newest first, stable on (created_at, id); the cursor is the last id of the previous page. */
export async function pageOf(db: Db, table: string, scope: Scope, page: PageQuery, filter?: (q: Knex.QueryBuilder) => void): Promise<{ rows: Row[] }> {
  const q = scopedTable(db, table, scope);
  filter?.(q);
  if (page.startingAfter !== null) {
    const col = isUuid(page.startingAfter) ? "id" : table === "recipients" ? "short_id" : "id";
    if (col === "id" && !isUuid(page.startingAfter)) return { rows: [] };
    const anchor = scopedTable(db, table, scope).where(col, page.startingAfter).select("created_at", "id");
    q.whereRaw(`(${table}.created_at, ${table}.id) < (select a.created_at, a.id from (${anchor.toString()}) a)`);
  }
  const rows = (await q.orderBy([{ column: `${table}.created_at`, order: "desc" }, { column: `${table}.id`, order: "desc" }]).limit(page.limit + 1).select(`${table}.*`)) as Row[];
  return { rows };
}

function pageMap<T extends { id: string }>(rows: Row[], limit: number, map: (r: Row) => T): Page<T> {
  return toPage(rows.map(map), limit);
}

function payerRepo(db: Db, scope: Scope): PayerRepo {
  const getPayer = hotQuery(db, "payer_get", "select * from payers where id = $1 and account_id = $2 and livemode = $3");
  return {
    insert: (row) => run(() => db("payers").insert(toColumns(row))).pipe(Effect.asVoid),
    get: (id) => run(async () => {
      const row = (await getPayer([id, scope.accountId, scope.livemode]))[0];
      return row ? toPayer(row) : undefined;
    }),
    update: (id, patch) => run(async () => {
      const rows = (await scopedTable(db, "payers", scope).where("id", id).update(toColumns(patch)).returning("*")) as Row[];
      return rows[0] ? toPayer(rows[0]) : undefined;
    }),
    list: (page) => run(async () => pageMap((await pageOf(db, "payers", scope, page)).rows, page.limit, toPayer)),
  };
}

function recipientRepo(db: Db, scope: Scope): RecipientRepo {
  const byId = (q: Knex.QueryBuilder, id: string) => (isUuid(id) ? q.where("id", id) : q.where("short_id", id));
  return {
    insert: (row) => run(() => db("recipients").insert(toColumns(row))).pipe(Effect.asVoid),
    get: (id) => run(async () => {
      const row = (await byId(scopedTable(db, "recipients", scope), id).first()) as Row | undefined;
      return row ? toRecipient(row) : undefined;
    }),
    update: (id, patch) => run(async () => {
      const rows = (await byId(scopedTable(db, "recipients", scope), id).update(toColumns(patch)).returning("*")) as Row[];
      return rows[0] ? toRecipient(rows[0]) : undefined;
    }),
    list: (page, filter) => run(async () => pageMap((await pageOf(db, "recipients", scope, page, (q) => {
      if (filter.payerId) q.where("recipients.payer_id", filter.payerId);
    })).rows, page.limit, toRecipient)),
    findByTin: (payerId, tinHash, tinType) => run(async () => {
      const q = scopedTable(db, "recipients", scope).where({ payer_id: payerId, tin_hash: tinHash });
      if (tinType) q.where("tin_type", tinType);
      const row = (await q.orderBy("created_at", "asc").first()) as Row | undefined;
      return row ? toRecipient(row) : undefined;
    }),
    hasFilings: (id) => run(async () => {
      const exists = await db.schema.hasTable("filings");
      if (!exists) return false;
      const row = await scopedTable(db, "filings", scope).where("recipient_id", id).first("id");
      return row !== undefined;
    }),
  };
}

export function scopedRepos(db: Db, scope: Scope): ScopedStore {
  return { scope, payers: payerRepo(db, scope), recipients: recipientRepo(db, scope) };
}

const accountRepo = (db: Knex): AccountRepo => ({
  insert: (a) => run(() => db("accounts").insert({
    id: a.id, name: a.name, live_enabled: a.liveEnabled, default_api_version: a.defaultApiVersion,
    ip_allowlist: JSON.stringify(a.ipAllowlist), created_at: a.createdAt,
  })).pipe(Effect.asVoid),
  get: (id) => run(async () => {
    if (!isUuid(id)) return undefined;
    const row = (await db("accounts").where("id", id).first()) as Row | undefined;
    return row ? toAccount(row) : undefined;
  }),
  list: () => run(async () => ((await db("accounts").orderBy("created_at", "asc")) as Row[]).map(toAccount)),
  count: () => run(async () => Number(((await db("accounts").count({ n: "*" })) as Row[])[0]?.["n"] ?? 0)),
  update: (id, patch) => run(async () => {
    if (!isUuid(id)) return undefined;
    const cols: Row = {};
    if (patch.liveEnabled !== undefined) cols["live_enabled"] = patch.liveEnabled;
    if (patch.defaultApiVersion !== undefined) cols["default_api_version"] = patch.defaultApiVersion;
    if (patch.ipAllowlist !== undefined) cols["ip_allowlist"] = JSON.stringify(patch.ipAllowlist);
    const rows = (await db("accounts").where("id", id).update(cols).returning("*")) as Row[];
    return rows[0] ? toAccount(rows[0]) : undefined;
  }),
});

const apiKeyRepo = (db: Knex): ApiKeyRepo => ({
  insert: (k) => run(() => db("api_keys").insert({
    id: k.id, account_id: k.accountId, livemode: k.livemode, role: k.role, key_hash: k.keyHash,
    display_prefix: k.displayPrefix, created_at: k.createdAt,
  })).pipe(Effect.asVoid),
  listForAccount: (accountId) => run(async () => ((await db("api_keys").where("account_id", accountId).orderBy("created_at")) as Row[]).map((r) => ({
    id: String(r["id"]), accountId: String(r["account_id"]), livemode: Boolean(r["livemode"]), role: roleOf(r["role"]),
    keyHash: String(r["key_hash"]), displayPrefix: String(r["display_prefix"]), createdAt: String(r["created_at"]),
  }))),
});

class Rollback<E> { constructor(readonly exit: Exit.Exit<unknown, E>) {} }

export function makeKnexStore(knex: Knex): Store["Service"] {
  const transaction = <A, E>(scope: Scope, body: (tx: ScopedStore) => Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.flatten(Effect.promise(async () => {
      try {
        const value = await knex.transaction(async (trx) => {
          const exit = await Effect.runPromiseExit(body(scopedRepos(trx, scope)));
          if (Exit.isFailure(exit)) throw new Rollback(exit);
          return exit.value;
        });
        return Effect.succeed(value) as Effect.Effect<A, E>;
      } catch (e) {
        if (e instanceof Rollback) return (e as Rollback<E>).exit as Effect.Effect<A, E>;
        return Effect.die(e);
      }
    }));
  return Store.of({
    scoped: (scope) => scopedRepos(knex, scope),
    transaction,
    accounts: accountRepo(knex),
    apiKeys: apiKeyRepo(knex),
  });
}

export const layer = (knex: Knex) => Layer.succeed(Store, makeKnexStore(knex));
