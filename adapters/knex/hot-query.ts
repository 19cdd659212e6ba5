// Hot-path reads as named (server-side prepared) statements on Postgres: parse and plan once per
// connection instead of once per request. PGlite goes through Knex, which serialises its one connection.
// Rows come back undecoded (`unknown`): callers decode them with the row codec of their shape (rows/columns.ts,
// a decoder generated at module load, the schema only to report a refusal), which keeps these reads lean.
import { createHash } from "node:crypto";
import type { Knex } from "knex";

interface PgConnection {
  query(q: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}
interface KnexClientInternals {
  config: { client?: unknown; rowCache?: boolean };
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<void>;
}

/** Knex does not type its client's internals: this is the part of them used here. */
const clientOf = (db: Knex | Knex.Transaction) => db.client as unknown as KnexClientInternals;
/** Whether `db` is a transaction (else the pool). */
export const isTransaction = (db: Knex | Knex.Transaction): db is Knex.Transaction =>
  "isTransaction" in db && db.isTransaction === true;

function isPostgresPool(db: Knex | Knex.Transaction): boolean {
  return clientOf(db).config.client === "pg" && !isTransaction(db);
}

async function preparedQuery(
  db: Knex | Knex.Transaction,
  name: string,
  sql: string,
  values: readonly unknown[],
): Promise<unknown[]> {
  const client = clientOf(db);
  const conn = await client.acquireConnection();
  try {
    return (await conn.query({ name, text: sql, values })).rows;
  } finally {
    await client.releaseConnection(conn);
  }
}

/**
 * Runs a built Knex query; on the Postgres pool as a named prepared statement, named by a hash of its SQL text, so
 * each shape of a list query (its filters, with or without a cursor) is planned once per connection: on a table
 * of a million filings planning a page cost as much as running it. Elsewhere (a transaction, PGlite) as usual.
 */
export async function runPrepared(db: Knex | Knex.Transaction, q: Knex.QueryBuilder): Promise<unknown[]> {
  if (!isPostgresPool(db)) return await q;
  const native = q.toSQL().toNative();
  const name = `q_${createHash("sha1").update(native.sql).digest("hex").slice(0, 20)}`;
  return preparedQuery(db, name, native.sql, native.bindings);
}

export function hotQuery(db: Knex | Knex.Transaction, name: string, sql: string) {
  const knexSql = sql.replace(/\$\d+/g, "?");
  const isPg = isPostgresPool(db);
  return async (values: unknown[]): Promise<unknown[]> => {
    // Knex types bindings as RawBinding; these are the statement's parameters, passed on as given.
    if (!isPg) return (await db.raw(knexSql, values as Knex.RawBinding[])).rows;
    return preparedQuery(db, name, sql, values);
  };
}

/**
 * A point read whose concurrent calls share one query (Postgres pool only).
 *
 * Lookups made in the same turn of the event loop are sent together, at the end of that turn, as one
 * prepared statement over arrays of keys (each distinct key once), so a burst of N reads costs one round trip and
 * one plan execution instead of N, and N reads of one row read it once. Each read still starts after its caller
 * asked, so it sees every write committed before the call (no cache, nothing stale). Elsewhere (a transaction,
 * PGlite) each call runs `singleSql` on its own.
 */
export interface CoalescedLookup {
  readonly name: string;
  /** One statement taking one array parameter per key column; it must return the key columns of each row. */
  readonly batchSql: string;
  /** The statement for a single key (used outside the Postgres pool), with one parameter per key column. */
  readonly singleSql: string;
  /** The key of a returned row: `lookupKey` of its key columns, in the order of the parameters. */
  readonly rowKey: (row: unknown) => string;
}

interface Pending {
  values: unknown[];
  key: string;
  resolve: (row: unknown) => void;
  reject: (e: unknown) => void;
}

const MAX_BATCH = 500;
const batchers = new WeakMap<object, Map<string, (values: unknown[]) => Promise<unknown>>>();

/** The key of one lookup's values; lower-cased, as uuid columns compare case-insensitively and come back lower-case. */
export const lookupKey = (values: readonly unknown[]) => values.map(String).join("|").toLowerCase();

export function coalescedLookup(
  db: Knex | Knex.Transaction,
  spec: CoalescedLookup,
): (values: unknown[]) => Promise<unknown> {
  if (!isPostgresPool(db)) {
    const single = hotQuery(db, spec.name, spec.singleSql);
    return async (values) => (await single(values))[0];
  }
  let perDb = batchers.get(db);
  if (!perDb) {
    perDb = new Map();
    batchers.set(db, perDb);
  }
  const existing = perDb.get(spec.name);
  if (existing) return existing;

  // The lookups waiting for the next flush, by key: concurrent reads of the same row (a client reading one payer in
  // a burst, or intake batches of one payer) are sent once and share its row.
  let queue = new Map<string, Pending[]>();
  let scheduled = false;
  const send = (batch: Pending[][]) => {
    const columns = batch[0]?.[0]?.values.map((_, i) => batch.map((same) => same[0]?.values[i])) ?? [];
    preparedQuery(db, spec.name, spec.batchSql, columns).then(
      (rows) => {
        const byKey = new Map(rows.map((r) => [spec.rowKey(r), r]));
        for (const same of batch) for (const p of same) p.resolve(byKey.get(p.key));
      },
      (e: unknown) => {
        for (const same of batch) for (const p of same) p.reject(e);
      },
    );
  };
  const flush = () => {
    scheduled = false;
    const keys = [...queue.values()];
    queue = new Map();
    for (let i = 0; i < keys.length; i += MAX_BATCH) send(keys.slice(i, i + MAX_BATCH));
  };
  const lookup = (values: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const key = lookupKey(values);
      const pending: Pending = { values, key, resolve, reject };
      const same = queue.get(key);
      if (same) same.push(pending);
      else queue.set(key, [pending]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  perDb.set(spec.name, lookup);
  return lookup;
}

/**
 * Rows kept in memory on the embedded database (PGlite) only, where this process is the only one that can
 * write (the data folder is locked to it and Knex runs every statement over its one connection), so
 * invalidating on this process's own writes is exact: nothing else can change a cached row. On Postgres other
 * processes write too, so there is no such cache there (the coalesced lookups above are used instead).
 *
 * `invalidate` bumps a generation: a read that started before a write does not store what it read.
 * Reads inside a transaction do not use it; writes inside one invalidate at once (before the commit, which is
 * safe because no other statement can run on the one connection until the transaction ends).
 */
export interface RowCache {
  readonly get: (key: string) => unknown;
  readonly generation: () => number;
  /** Stores a row read when the generation was `generation`, unless a write happened since. */
  readonly set: (key: string, row: unknown, generation: number) => void;
  readonly invalidate: (key: string) => void;
}

const rowCaches = new WeakMap<object, Map<string, RowCache>>();
const ROW_CACHE_MAX = 10_000;

/** The cache named `name` of this database when it is PGlite, else null. Shared by the root Knex and its transactions. */
export function singleProcessRowCache(db: Knex | Knex.Transaction, name: string): RowCache | null {
  const client = clientOf(db);
  if (client.config.client === "pg" || client.config.rowCache === false) return null;
  let perDb = rowCaches.get(client.config);
  if (!perDb) {
    perDb = new Map();
    rowCaches.set(client.config, perDb);
  }
  const existing = perDb.get(name);
  if (existing) return existing;
  const rows = new Map<string, unknown>();
  let generation = 0;
  const cache: RowCache = {
    get: (key) => rows.get(key),
    generation: () => generation,
    set: (key, row, gen) => {
      if (gen !== generation) return;
      if (rows.size >= ROW_CACHE_MAX) rows.clear();
      rows.set(key, row);
    },
    invalidate: (key) => {
      generation++;
      rows.delete(key);
    },
  };
  perDb.set(name, cache);
  return cache;
}
