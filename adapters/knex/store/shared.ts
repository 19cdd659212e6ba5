// What the Knex repositories share: scoping (D2), keyset pages per table, the column helpers.
import * as Effect from "effect/Effect";
import type { Knex } from "knex";
import type { Page, PageQuery } from "../../../core/domain/shared/paging.ts";
import { toPage, unknownCursorPage } from "../../../core/domain/shared/paging.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import { isTransaction, runPrepared } from "../hot-query.ts";

export type Db = Knex | Knex.Transaction;

/** `f` in the caller's transaction when `db` is one, else in a transaction of its own. */
export function inTransaction<A>(db: Db, f: (trx: Db) => Promise<A>): Promise<A> {
  return isTransaction(db) ? f(db) : db.transaction(f);
}

/** Storage failures are defects: they surface as 500 api_error with a request id. */
export const run = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.orDie(Effect.tryPromise(f));

/**
 * The scope's rows of `table` with one of the ids: one probe per id of a unique index led by the id (the primary
 * key). As `id = any(...)` the planner may read the whole account's range of its paging index and filter it against
 * the ids when the statistics are older than the rows (a bulk intake): linear in the account's rows, a million in a
 * season. `offset 0` keeps the subquery a probe per id, and the scope is checked outside it: inside, a paging index
 * that starts with the account and ends with the id looks as good as the primary key to the planner, and reads the
 * account's whole range per id. Parameters: the ids (no repeats), the account, livemode. Rows come in no particular
 * order.
 */
export const rowsByIdSql = (table: string) =>
  `select t.* from unnest(?::uuid[]) as k(id) cross join lateral (
    select * from ${table} where id = k.id offset 0) t
  where t.account_id = ? and t.livemode = ?`;

export function scopedTable(db: Db, table: string, scope: Scope): Knex.QueryBuilder {
  return db(table)
    .where(`${table}.account_id`, scope.accountId)
    .andWhere(`${table}.livemode`, scope.livemode);
}

/** How a table's list pages: which columns a cursor may name, and its order (newest first). */
export interface Listing {
  readonly uuidId: boolean;
  readonly shortId?: true;
  readonly bySeq?: true;
}
export const LISTINGS: Readonly<Record<string, Listing>> = {
  payers: { uuidId: true },
  recipients: { uuidId: true, shortId: true },
  filings: { uuidId: true, shortId: true },
  webhook_endpoints: { uuidId: true },
  // The ledger lists in its own order, so balance_after_cents reads as a chain even for entries of one instant.
  ledger_entries: { uuidId: false, bySeq: true },
  orders: { uuidId: false },
  events: { uuidId: false },
  extensions: { uuidId: false },
  webhook_deliveries: { uuidId: false },
  tin_match_runs: { uuidId: false },
  statement_deliveries: { uuidId: false },
  email_outbox: { uuidId: false },
  portal_activity: { uuidId: false },
  w9_requests: { uuidId: false },
  b_notices: { uuidId: false },
};

/**
 * D34: newest first, stable on (created_at, id) (the ledger on seq); the cursor is the id (or short id) of the
 * last item of the previous page. A cursor naming no item of the table in this scope gives `cursorNotFound`.
 */
export async function pageOf(
  db: Db,
  table: string,
  scope: Scope,
  page: PageQuery,
  filter?: (q: Knex.QueryBuilder) => void,
): Promise<{ rows: unknown[]; cursorNotFound?: true }> {
  const listing = LISTINGS[table];
  if (!listing) throw new Error(`no listing for ${table}`);
  const keys = listing.bySeq ? ["seq"] : ["created_at", "id"];
  const q = scopedTable(db, table, scope);
  filter?.(q);
  if (page.startingAfter !== null) {
    const c = page.startingAfter;
    const col = listing.uuidId && !isUuid(c) ? (listing.shortId ? "short_id" : null) : "id";
    if (col === null) return { rows: [], cursorNotFound: true };
    // The anchor stays in SQL (timestamps keep their microseconds); whether it exists is asked only for an empty page.
    q.whereRaw(
      `(${keys.map((k) => `${table}.${k}`).join(", ")}) < (select ${keys.map((k) => `a.${k}`).join(", ")} from ${table} a where a.account_id = ? and a.livemode = ? and a.${col} = ?)`,
      [scope.accountId, scope.livemode, c],
    );
    const rows = await runPrepared(
      db,
      q
        .orderBy(keys.map((k) => ({ column: `${table}.${k}`, order: "desc" as const })))
        .limit(page.limit + 1)
        .select(`${table}.*`),
    );
    if (rows.length === 0 && !(await scopedTable(db, table, scope).where(col, c).first("id")))
      return { rows, cursorNotFound: true };
    return { rows };
  }
  const rows = await runPrepared(
    db,
    q
      .orderBy(keys.map((k) => ({ column: `${table}.${k}`, order: "desc" as const })))
      .limit(page.limit + 1)
      .select(`${table}.*`),
  );
  return { rows };
}

export function pageMap<T extends { id: string }>(
  result: { rows: unknown[]; cursorNotFound?: true },
  limit: number,
  map: (r: unknown) => T,
): Page<T> {
  return result.cursorNotFound ? unknownCursorPage() : toPage(result.rows.map(map), limit);
}

export const camel = (c: string) => c.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase());

/** Rows per INSERT statement of a bulk insert. */
export const INSERT_CHUNK = 2000;
