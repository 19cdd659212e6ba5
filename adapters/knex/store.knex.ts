// The Store port on Knex (Postgres or PGlite). Scoping by account and environment (D2) happens here, in
// `scopedTable`, for every query of a scoped repository.
import { Effect, Exit, Layer } from "effect";
import type { Knex } from "knex";
import type { Page, PageQuery } from "../../core/domain/shared/paging.ts";
import { toPage, unknownCursorPage } from "../../core/domain/shared/paging.ts";
import {
  Store, type AccountRepo, type ApiKeyRepo, type PayerRepo, type RecipientRepo, type Scope, type ScopedStore,
} from "../../core/ports/store.port.ts";
import { isUuid } from "../../core/domain/shared/validation.ts";
import { coalescedLookup, lookupKey, runPrepared, singleProcessRowCache, type CoalescedLookup } from "./hot-query.ts";
import { plainSecretBox, type SecretBox } from "../system/system.ts";
import { roleOf, toAccount, toBatch, toColumns, toFiling, toPayer, toRecipient, type Row } from "./rows.ts";
import { duplicateKey as dupKey, type Filing } from "../../core/domain/filing/filing.ts";
import type {
  BalanceRepo, BalanceState, BatchRepo, Cart, CartItem, CartRepo, DispatchRepo, EventRepo, FilingRepo, LedgerEntryRow, Order, OrderRepo, StoredEvent,
} from "../../core/ports/store.port.ts";
import type { LedgerKind } from "../../core/domain/ledger/index.ts";
import type { CartFiling, CartItemGroup } from "../../core/domain/cart/cart.ts";
import type { FilingFilter } from "../../core/domain/filing/filter.ts";
import type { Extension } from "../../core/domain/extensions/extension.ts";
import type { ExtensionRepo, SandboxRepo, TinMatchRepo, TinMatchRun, WebhookDelivery, WebhookEndpoint, WebhookRepo } from "../../core/ports/store.port.ts";
import type { Service } from "../../core/domain/filing/status.ts";
import { knexOAuthApps, knexOAuthGrants, knexUsers } from "./oauth.knex.ts";

type Db = Knex | Knex.Transaction;

/** Storage failures are defects: they surface as 500 api_error with a request id. */
export const run = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.orDie(Effect.tryPromise(f));

function scopedTable(db: Db, table: string, scope: Scope): Knex.QueryBuilder {
  return db(table).where(`${table}.account_id`, scope.accountId).andWhere(`${table}.livemode`, scope.livemode);
}

/** How a table's list pages: which columns a cursor may name, and its order (newest first). */
interface Listing { readonly uuidId: boolean; readonly shortId?: true; readonly bySeq?: true }
const LISTINGS: Readonly<Record<string, Listing>> = {
  payers: { uuidId: true }, recipients: { uuidId: true, shortId: true }, filings: { uuidId: true, shortId: true },
  webhook_endpoints: { uuidId: true },
  // The ledger lists in its own order, so balance_after_cents reads as a chain even for entries of one instant.
  ledger_entries: { uuidId: false, bySeq: true },
  orders: { uuidId: false }, events: { uuidId: false }, extensions: { uuidId: false },
  webhook_deliveries: { uuidId: false }, tin_match_runs: { uuidId: false },
};

/**
 * D34: newest first, stable on (created_at, id) (the ledger on seq); the cursor is the id (or short id) of the
 * last item of the previous page. A cursor naming no item of the table in this scope gives `cursorNotFound`.
 */
export async function pageOf(db: Db, table: string, scope: Scope, page: PageQuery, filter?: (q: Knex.QueryBuilder) => void): Promise<{ rows: Row[]; cursorNotFound?: true }> {
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
    q.whereRaw(`(${keys.map((k) => `${table}.${k}`).join(", ")}) < (select ${keys.map((k) => `a.${k}`).join(", ")} from ${table} a where a.account_id = ? and a.livemode = ? and a.${col} = ?)`,
      [scope.accountId, scope.livemode, c]);
    const rows = await runPrepared(db, q.orderBy(keys.map((k) => ({ column: `${table}.${k}`, order: "desc" as const }))).limit(page.limit + 1).select(`${table}.*`));
    if (rows.length === 0 && !(await scopedTable(db, table, scope).where(col, c).first("id"))) return { rows, cursorNotFound: true };
    return { rows };
  }
  const rows = await runPrepared(db, q.orderBy(keys.map((k) => ({ column: `${table}.${k}`, order: "desc" as const }))).limit(page.limit + 1).select(`${table}.*`));
  return { rows };
}

function pageMap<T extends { id: string }>(result: { rows: Row[]; cursorNotFound?: true }, limit: number, map: (r: Row) => T): Page<T> {
  return result.cursorNotFound ? unknownCursorPage() : toPage(result.rows.map(map), limit);
}

// The payer read by id is the hottest read of the API: concurrent ones share one query (see coalescedLookup).
const PAYER_GET: CoalescedLookup = {
  name: "payer_get",
  singleSql: "select * from payers where id = $1 and account_id = $2 and livemode = $3",
  batchSql: `select p.* from unnest($1::uuid[], $2::uuid[], $3::boolean[]) as k(id, account_id, livemode)
    join payers p on p.id = k.id and p.account_id = k.account_id and p.livemode = k.livemode`,
  rowKey: (r) => lookupKey([r["id"], r["account_id"], r["livemode"]]),
};

function payerRepo(db: Db, scope: Scope): PayerRepo {
  const getPayer = coalescedLookup(db, PAYER_GET);
  // On the embedded database a payer read by id is served from memory after the first read (see singleProcessRowCache).
  const cache = singleProcessRowCache(db, "payers");
  const readCache = (db as Knex.Transaction).isTransaction ? null : cache;
  const cacheKey = (id: string) => lookupKey([id, scope.accountId, scope.livemode]);
  return {
    insert: (row) => run(() => { cache?.invalidate(cacheKey(row.id)); return db("payers").insert(toColumns(row)); }).pipe(Effect.asVoid),
    get: (id) => run(async () => {
      const key = readCache ? cacheKey(id) : "";
      const hit = readCache?.get(key);
      if (hit) return toPayer(hit);
      const generation = readCache?.generation() ?? 0;
      const row = await getPayer([id, scope.accountId, scope.livemode]);
      if (row && readCache) readCache.set(key, row, generation);
      return row ? toPayer(row) : undefined;
    }),
    update: (id, patch) => run(async () => {
      cache?.invalidate(cacheKey(id));
      const rows = (await scopedTable(db, "payers", scope).where("id", id).update(toColumns(patch)).returning("*")) as Row[];
      return rows[0] ? toPayer(rows[0]) : undefined;
    }),
    list: (page) => run(async () => pageMap(await pageOf(db, "payers", scope, page), page.limit, toPayer)),
    getMany: (ids) => run(async () => (ids.length === 0 ? [] : ((await scopedTable(db, "payers", scope).whereIn("id", ids as string[])) as Row[]).map(toPayer))),
    tinCiphertext: (id) => run(async () => {
      const row = (await scopedTable(db, "payers", scope).where("id", id).first("tin_ciphertext")) as Row | undefined;
      return row ? String(row["tin_ciphertext"]) : undefined;
    }),
    tinHash: (id) => run(async () => {
      const row = (await scopedTable(db, "payers", scope).where("id", id).first("tin_hash")) as Row | undefined;
      return row ? String(row["tin_hash"]) : undefined;
    }),
  };
}

function recipientRepo(db: Db, scope: Scope): RecipientRepo {
  const byId = (q: Knex.QueryBuilder, id: string) => (isUuid(id) ? q.where("id", id) : q.where("short_id", id));
  return {
    insert: (row) => run(async () => {
      const rows = (await db("recipients").insert(toColumns(row)).onConflict().ignore().returning("id")) as Row[];
      return rows.length === 1;
    }),
    get: (id) => run(async () => {
      const row = (await byId(scopedTable(db, "recipients", scope), id).first()) as Row | undefined;
      return row ? toRecipient(row) : undefined;
    }),
    update: (id, patch) => run(async () => {
      const rows = (await byId(scopedTable(db, "recipients", scope), id).update(toColumns(patch)).returning("*")) as Row[];
      return rows[0] ? toRecipient(rows[0]) : undefined;
    }),
    list: (page, filter) => run(async () => pageMap(await pageOf(db, "recipients", scope, page, (q) => {
      if (filter.payerId) q.where("recipients.payer_id", filter.payerId);
    }), page.limit, toRecipient)),
    findByTin: (payerId, tinHash, tinType) => run(async () => {
      const q = scopedTable(db, "recipients", scope).where({ payer_id: payerId, tin_hash: tinHash });
      if (tinType) q.where("tin_type", tinType);
      const row = (await q.orderBy("created_at", "asc").first()) as Row | undefined;
      return row ? toRecipient(row) : undefined;
    }),
    hasFilings: (id) => run(async () => {
      const row = await scopedTable(db, "filings", scope).where("recipient_id", id).first("id");
      return row !== undefined;
    }),
    getMany: (ids) => run(async () => {
      if (ids.length === 0) return [];
      const rows = (await db.raw("select * from recipients where account_id = ? and livemode = ? and id = any(?::uuid[])", [scope.accountId, scope.livemode, ids as string[]] as unknown as Knex.RawBinding[])).rows as Row[];
      return rows.map(toRecipient);
    }),
    tinCiphertext: (id) => run(async () => {
      const row = (await scopedTable(db, "recipients", scope).where("id", id).first("tin_ciphertext")) as Row | undefined;
      return row ? String(row["tin_ciphertext"]) : undefined;
    }),
    findManyByTin: (payerId, hashes) => run(async () => {
      if (hashes.length === 0) return [];
      const rows = (await db.raw(
        `select * from recipients where account_id = ? and livemode = ? and payer_id = ? and tin_hash = any(?::text[]) order by created_at asc`,
        [scope.accountId, scope.livemode, payerId, hashes as string[]])).rows as Row[];
      return rows.map((r) => ({ ...toRecipient(r), tinHash: String(r["tin_hash"]) }));
    }),
    insertMany: (rows) => run(async () => {
      if (rows.length === 0) return new Set<string>();
      // One JSON array parameter, as for filings (FILING_INSERT).
      const inserted = new Set<string>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const records = rows.slice(i, i + INSERT_CHUNK).map((r) => {
          const o: Record<string, unknown> = {};
          for (const [col, , field] of RECIPIENT_COLS) o[col] = (r as unknown as Record<string, unknown>)[field] ?? null;
          return o;
        });
        const r = await db.raw(RECIPIENT_INSERT, [JSON.stringify(records)]);
        for (const x of r.rows as Row[]) inserted.add(String(x["id"]));
      }
      return inserted;
    }),
  };
}


const camel = (c: string) => c.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase());

const RECIPIENT_COLS: ReadonlyArray<readonly [string, string, string]> = ([
  ["id", "uuid"], ["short_id", "text"], ["account_id", "uuid"], ["livemode", "boolean"], ["payer_id", "uuid"], ["name", "text"],
  ["tin_ciphertext", "text"], ["tin_hash", "text"], ["tin_last4", "text"], ["tin_type", "text"], ["address_line1", "text"],
  ["address_line2", "text"], ["city", "text"], ["state", "text"], ["postal_code", "text"], ["country", "text"], ["email", "text"],
  ["delivery_method", "text"], ["account_number", "text"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"],
] as const).map(([col, type]) => [col, type, camel(col)] as const);

const RECIPIENT_INSERT = `insert into recipients (${RECIPIENT_COLS.map((c) => c[0]).join(", ")})
  select ${RECIPIENT_COLS.map((c) => c[0]).join(", ")} from json_to_recordset(?::json) as t(${RECIPIENT_COLS.map((c) => `${c[0]} ${c[1]}`).join(", ")})
  on conflict do nothing returning id`;

/** Rows per INSERT statement of a bulk insert. */
const INSERT_CHUNK = 2000;

const FILING_COLS: ReadonlyArray<readonly [string, string, (f: Filing) => unknown]> = [
  ["id", "uuid", (f) => f.id], ["short_id", "text", (f) => f.shortId], ["account_id", "uuid", (f) => f.accountId],
  ["livemode", "boolean", (f) => f.livemode], ["payer_id", "uuid", (f) => f.payerId], ["recipient_id", "uuid", (f) => f.recipientId],
  ["form", "text", (f) => f.form], ["tax_year", "int", (f) => f.taxYear], ["status", "text", (f) => f.status],
  ["service", "text", (f) => f.service], ["physical_mail", "boolean", (f) => f.physicalMail], ["portal_access", "boolean", (f) => f.portalAccess],
  ["reference", "text", (f) => f.reference], ["batch_id", "text", (f) => f.batchId], ["order_id", "text", (f) => f.orderId],
  ["corrects", "uuid", (f) => f.corrects], ["superseded_by", "uuid", (f) => f.supersededBy], ["refile_of", "uuid", (f) => f.refileOf],
  ["receipt_id", "text", (f) => f.receiptId], ["amount_charged_cents", "int", (f) => f.amountChargedCents],
  ["json_form", "text", (f) => JSON.stringify(f.jsonForm)], ["sealed_tins", "text", (f) => JSON.stringify(f.sealedTins)],
  // Most filings have no warnings: null, not "[]", so the common row stays small.
  ["warnings", "text", (f) => (f.warnings.length > 0 ? JSON.stringify(f.warnings) : null)],
  ["account_number", "text", (f) => f.accountNumber],
  ["recipient_tin_hash", "text", (f) => f.recipientTinHash], ["dup_key", "text", (f) => dupKey(f)],
  ["created_at", "timestamptz", (f) => f.createdAt], ["updated_at", "timestamptz", (f) => f.updatedAt],
];

// The rows travel as one JSON array parameter, read by json_to_recordset: JSON.stringify is native and the server
// parses it in C, where an array parameter per column costs the driver's per-element escaping in JavaScript
// (a third of intake's CPU in the API process, by profile). The JSON columns go in as nested JSON, not strings.
const JSON_COLS = new Set(["json_form", "sealed_tins", "warnings"]);
const FILING_INSERT = `insert into filings (${FILING_COLS.map((c) => c[0]).join(", ")})
  select ${FILING_COLS.map((c) => c[0]).join(", ")}
  from json_to_recordset(?::json) as t(${FILING_COLS.map((c) => `${c[0]} ${JSON_COLS.has(c[0]) ? "json" : c[1]}`).join(", ")})
  on conflict (account_id, livemode, dup_key) where corrects is null and status not in ('voided', 'rejected') do nothing
  returning id`;

/** One filing as the JSON object FILING_INSERT reads. */
function filingRecord(f: Filing): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [col, , get] of FILING_COLS) o[col] = JSON_COLS.has(col) ? JSON_FIELD[col]?.(f) : get(f);
  return o;
}
const JSON_FIELD: Readonly<Record<string, (f: Filing) => unknown>> = {
  json_form: (f) => f.jsonForm, sealed_tins: (f) => f.sealedTins, warnings: (f) => (f.warnings.length > 0 ? f.warnings : null),
};

function filterFilings(q: Knex.QueryBuilder, filter: FilingFilter): void {
  if (filter.statuses && filter.statuses.length > 0) q.whereIn("filings.status", filter.statuses as string[]);
  if (filter.payerId) q.where("filings.payer_id", filter.payerId);
  if (filter.form) q.where("filings.form", filter.form);
  if (filter.taxYear) q.where("filings.tax_year", filter.taxYear);
  if (filter.batchId) q.where("filings.batch_id", filter.batchId);
  if (filter.orderId) q.where("filings.order_id", filter.orderId);
  if (filter.corrects) q.where("filings.corrects", filter.corrects);
}

function filingRepo(db: Db, scope: Scope): FilingRepo {
  const byId = (q: Knex.QueryBuilder, id: string) => (isUuid(id) ? q.where("id", id) : q.where("short_id", id));
  return {
    insertMany: (rows) => run(async () => {
      if (rows.length === 0) return new Set<string>();
      const out = new Set<string>();
      // Originals go through the duplicate guard; corrections carry `corrects` and are outside the index.
      // In statements of INSERT_CHUNK rows: a FIRE import of 16,000 forms is then not one 25 MB JSON string (and its
      // copy in the driver's buffer) at once.
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const r = await db.raw(FILING_INSERT, [JSON.stringify(rows.slice(i, i + INSERT_CHUNK).map(filingRecord))]);
        for (const row of r.rows as Row[]) out.add(String(row["id"]));
      }
      return out;
    }),
    get: (id) => run(async () => {
      const row = (await byId(scopedTable(db, "filings", scope), id).first()) as Row | undefined;
      return row ? toFiling(row) : undefined;
    }),
    list: (page, filter) => run(async () => pageMap(await pageOf(db, "filings", scope, page, (q) => filterFilings(q, filter)), page.limit, toFiling)),
    listAll: (filter) => run(async () => {
      const q = scopedTable(db, "filings", scope);
      filterFilings(q, filter);
      return ((await q.orderBy("filings.id").select("filings.*")) as Row[]).map(toFiling);
    }),
    getMany: (ids) => run(async () => {
      if (ids.length === 0) return [];
      const rows = (await db.raw("select * from filings where account_id = ? and livemode = ? and id = any(?::uuid[])", [scope.accountId, scope.livemode, ids as string[]] as unknown as Knex.RawBinding[])).rows as Row[];
      return rows.map(toFiling);
    }),
    update: (id, from, patch) => run(async () => {
      const cols = toColumns(patch);
      if (patch.ackErrors !== undefined) cols["ack_errors"] = patch.ackErrors === null ? null : JSON.stringify(patch.ackErrors);
      const rows = (await scopedTable(db, "filings", scope).where("id", id).whereIn("status", from as string[])
        .update(cols).returning("*")) as Row[];
      return rows[0] ? toFiling(rows[0]) : undefined;
    }),
    updateMany: (ids, from, patch) => run(async () => {
      const cols = toColumns(patch);
      if (patch.ackErrors !== undefined) cols["ack_errors"] = patch.ackErrors === null ? null : JSON.stringify(patch.ackErrors);
      const changed: string[] = [];
      for (let i = 0; i < ids.length; i += 5000) {
        const rows = (await scopedTable(db, "filings", scope).whereRaw("id = any(?::uuid[])", [ids.slice(i, i + 5000)] as unknown as Knex.RawBinding[])
          .whereIn("status", from as string[]).update(cols).returning("id")) as Row[];
        for (const r of rows) changed.push(String(r["id"]));
      }
      return changed;
    }),
    recordReceipt: (receipt, records) => run(async () => {
      if (records.length === 0) return 0;
      const r = await db.raw(`update filings f set receipt_id = ?, transmission_id = ?, submission_id = v.submission_id, record_id = v.record_id, updated_at = ?
        from unnest(?::uuid[], ?::int[], ?::int[]) as v(id, submission_id, record_id)
        where f.id = v.id and f.account_id = ? and f.livemode = ? and f.status = 'submitted'`,
      [receipt.receiptId, receipt.transmissionId, receipt.updatedAt, records.map((x) => x.filingId), records.map((x) => x.submissionId), records.map((x) => x.recordId),
        scope.accountId, scope.livemode] as unknown as Knex.RawBinding[]);
      return Number((r as { rowCount?: number }).rowCount ?? 0);
    }),
    receiptRecords: (receiptId) => run(async () => ((await scopedTable(db, "filings", scope).where("receipt_id", receiptId).whereNotNull("submission_id").whereNotNull("record_id")
      .select("id", "submission_id", "record_id", "form", "tax_year")) as Row[])
      .map((r) => ({ filingId: String(r["id"]), submissionId: Number(r["submission_id"]), recordId: Number(r["record_id"]), form: String(r["form"]), taxYear: Number(r["tax_year"]) }))),
    markQueued: (pay, orderId, charges, now) => run(async () => {
      if (charges.length === 0) return 0;
      const r = await db.raw(`update filings f set status = ?, order_id = ?, amount_charged_cents = c.amount, updated_at = ?
        from unnest(?::uuid[], ?::int[]) as c(id, amount)
        where f.id = c.id and f.account_id = ? and f.livemode = ? and f.status = any(?::text[])`,
      [pay.to, orderId, now, charges.map((c) => c.id), charges.map((c) => c.amountChargedCents), scope.accountId, scope.livemode, pay.from] as unknown as Knex.RawBinding[]);
      return Number((r as { rowCount?: number }).rowCount ?? 0);
    }),
    findFiledOriginal: (key) => run(async () => {
      const row = (await scopedTable(db, "filings", scope).where({ dup_key: dupKey(key) }).whereNull("corrects")
        .whereIn("status", ["accepted", "accepted_with_errors"]).orderBy("created_at", "desc").first()) as Row | undefined;
      return row ? toFiling(row) : undefined;
    }),
  };
}

function batchRepo(db: Db, scope: Scope): BatchRepo {
  return {
    insert: (b) => run(() => db("batches").insert({
      id: b.id, account_id: b.accountId, livemode: b.livemode, kind: b.kind, payer_id: b.payerId, reference: b.reference,
      created: b.created, failed: b.failed, rows: JSON.stringify(b.rows), created_at: b.createdAt,
    })).pipe(Effect.asVoid),
    get: (id) => run(async () => {
      const row = (await scopedTable(db, "batches", scope).where("id", id).first()) as Row | undefined;
      return row ? toBatch(row) : undefined;
    }),
  };
}

function cartRepo(db: Db, scope: Scope): CartRepo {
  return {
    openCart: (newId, now) => run(async () => {
      // FOR SHARE waits for a pay holding the cart; if that pay commits, the row no longer matches and a new cart opens.
      for (let attempt = 0; attempt < 5; attempt++) {
        const open = await db.raw("select id from carts where account_id = ? and livemode = ? and status = 'open' for share", [scope.accountId, scope.livemode]);
        const row = (open.rows as Row[])[0];
        if (row) return { id: String(row["id"]) };
        await db.raw(`insert into carts (id, account_id, livemode, status, created_at) values (?, ?, ?, 'open', ?)
          on conflict (account_id, livemode) where status = 'open' do nothing`, [newId, scope.accountId, scope.livemode, now]);
      }
      throw new Error("could not open a cart: it was paid repeatedly while opening");
    }),
    holdOpen: () => run(async () => {
      const r = await db.raw("select * from carts where account_id = ? and livemode = ? and status = 'open' for share", [scope.accountId, scope.livemode]);
      const row = (r.rows as Row[])[0];
      return row ? toCart(row) : undefined;
    }),
    hold: (id) => run(async () => {
      const r = await db.raw("select * from carts where id = ? and account_id = ? and livemode = ? for share", [id, scope.accountId, scope.livemode]);
      const row = (r.rows as Row[])[0];
      return row ? toCart(row) : undefined;
    }),
    current: () => run(async () => {
      const row = (await scopedTable(db, "carts", scope).where("status", "open").first()) as Row | undefined;
      return row ? toCart(row) : undefined;
    }),
    latestPaid: () => run(async () => {
      const row = (await scopedTable(db, "carts", scope).where("status", "paid").orderBy("created_at", "desc").first()) as Row | undefined;
      return row ? toCart(row) : undefined;
    }),
    get: (id) => run(async () => {
      const row = (await scopedTable(db, "carts", scope).where("id", id).first()) as Row | undefined;
      return row ? toCart(row) : undefined;
    }),
    lockForPay: (id) => run(async () => {
      // Pays of one cart exclude each other without waiting (the loser answers 409 request_in_progress); a pay
      // waits for the short transactions that hold the cart row (adds, removals, voids), up to the lock timeout.
      const taken = await db.raw("select pg_try_advisory_xact_lock(hashtext(?)) as ok", [`pay:${id}`]);
      if ((taken.rows as Row[])[0]?.["ok"] !== true) return "busy" as const;
      try {
        await db.raw("set local lock_timeout = '15s'");
        const r = await db.raw("select * from carts where id = ? and account_id = ? and livemode = ? for update", [id, scope.accountId, scope.livemode]);
        const row = (r.rows as Row[])[0];
        return row ? toCart(row) : undefined;
      } catch (e) {
        if ((e as { code?: string }).code === "55P03") return "busy" as const;
        throw e;
      }
    }),
    items: (cartId) => run(async () => ((await scopedTable(db, "cart_items", scope).where("cart_id", cartId).orderBy([{ column: "created_at" }, { column: "id" }])) as Row[]).map(toCartItem)),
    // One join reading the few filing columns pricing needs (the form contents stay in the table).
    itemsWithFilings: (cartId) => run(async () => {
      const rows = (await db.raw(`select ci.*, f.id as f_id, f.form as f_form, f.tax_year as f_tax_year, f.reference as f_reference,
          f.corrects as f_corrects, f.refile_of as f_refile_of
        from cart_items ci left join filings f on f.id = ci.filing_id and f.account_id = ci.account_id and f.livemode = ci.livemode
        where ci.account_id = ? and ci.livemode = ? and ci.cart_id = ? order by ci.created_at, ci.id`, [scope.accountId, scope.livemode, cartId])).rows as Row[];
      const filings = new Map<string, CartFiling>();
      for (const r of rows) {
        if (r["f_id"] === null || r["f_id"] === undefined) continue;
        const id = String(r["f_id"]);
        filings.set(id, {
          id, form: String(r["f_form"]), taxYear: Number(r["f_tax_year"]), reference: r["f_reference"] === null ? null : String(r["f_reference"]),
          corrects: r["f_corrects"] === null ? null : String(r["f_corrects"]), refileOf: r["f_refile_of"] === null ? null : String(r["f_refile_of"]),
        });
      }
      return { items: rows.map(toCartItem), filings };
    }),
    itemGroups: (cartId) => run(async () => ((await db.raw(`select ci.service, ci.physical_mail, ci.portal_access,
        case when f.corrects is not null then 'correction' when f.refile_of is not null then 'refile' else 'original' end as kind, count(*)::int as n
      from cart_items ci left join filings f on f.id = ci.filing_id and f.account_id = ci.account_id and f.livemode = ci.livemode
      where ci.account_id = ? and ci.livemode = ? and ci.cart_id = ? group by 1, 2, 3, 4`, [scope.accountId, scope.livemode, cartId])).rows as Row[])
      .map((r) => ({
        service: r["service"] as Service, physicalMail: r["physical_mail"] === null ? null : Boolean(r["physical_mail"]),
        portalAccess: r["portal_access"] === null ? null : Boolean(r["portal_access"]), kind: r["kind"] as CartItemGroup["kind"], count: Number(r["n"]),
      }))),
    itemByFiling: (filingId) => run(async () => {
      const row = (await scopedTable(db, "cart_items", scope).where("filing_id", filingId).first()) as Row | undefined;
      return row ? toCartItem(row) : undefined;
    }),
    removeItem: (id) => run(async () => {
      const rows = (await scopedTable(db, "cart_items", scope).where("id", id).delete().returning("*")) as Row[];
      return rows[0] ? toCartItem(rows[0]) : undefined;
    }),
    markPaid: (id, orderId) => run(() => scopedTable(db, "carts", scope).where("id", id).update({ status: "paid", order_id: orderId })).pipe(Effect.asVoid),
    insertItems: (items) => run(async () => {
      if (items.length === 0) return;
      await db.raw(`insert into cart_items (id, account_id, livemode, cart_id, filing_id, service, physical_mail, portal_access, created_at)
        select id, ?::uuid, ?::boolean, cart_id, filing_id, service, physical_mail, portal_access, created_at
        from unnest(?::text[], ?::text[], ?::uuid[], ?::text[], ?::boolean[], ?::boolean[], ?::timestamptz[])
          as t(id, cart_id, filing_id, service, physical_mail, portal_access, created_at)`,
      [scope.accountId, scope.livemode, items.map((i) => i.id), items.map((i) => i.cartId), items.map((i) => i.filingId),
        items.map((i) => i.service), items.map((i) => i.physicalMail), items.map((i) => i.portalAccess), items.map((i) => i.createdAt)] as unknown as Knex.RawBinding[]);
    }),
  };
}

function toCart(r: Row): Cart {
  return { id: String(r["id"]), status: r["status"] === "paid" ? "paid" : "open", orderId: r["order_id"] ? String(r["order_id"]) : null, createdAt: String(r["created_at"] instanceof Date ? (r["created_at"] as Date).toISOString() : r["created_at"]) };
}

function toCartItem(r: Row): CartItem {
  return {
    id: String(r["id"]), cartId: String(r["cart_id"]), filingId: String(r["filing_id"]), service: r["service"] as Service,
    physicalMail: r["physical_mail"] === null ? null : Boolean(r["physical_mail"]), portalAccess: r["portal_access"] === null ? null : Boolean(r["portal_access"]),
    createdAt: r["created_at"] instanceof Date ? (r["created_at"] as Date).toISOString() : String(r["created_at"]),
  };
}

const isoOf = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const jsonOf = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

function toBalance(r: Row | undefined): BalanceState {
  if (!r) return { balanceCents: 0, entryCount: 0, orderCount: 0, autoReplenish: { enabled: false, threshold_cents: 0, topup_cents: 0 }, card: null, cardCustomer: null };
  return {
    balanceCents: Number(r["balance_cents"]), entryCount: Number(r["entry_count"]), orderCount: Number(r["order_count"]),
    autoReplenish: { enabled: Boolean(r["auto_enabled"]), threshold_cents: Number(r["auto_threshold_cents"]), topup_cents: Number(r["auto_topup_cents"]) },
    card: r["card_token"] ? { token: String(r["card_token"]), brand: String(r["card_brand"]), last4: String(r["card_last4"]) } : null,
    cardCustomer: r["card_customer"] ? String(r["card_customer"]) : null,
  };
}

function toEntry(r: Row): LedgerEntryRow {
  return {
    id: String(r["id"]), seq: Number(r["seq"]), kind: r["kind"] as LedgerKind, amount_cents: Number(r["amount_cents"]),
    balance_after_cents: Number(r["balance_after_cents"]), reference: r["reference"] === null ? undefined : String(r["reference"]),
    description: r["description"] === null ? undefined : String(r["description"]), createdAt: isoOf(r["created_at"]),
  };
}

function toOrder(r: Row): Order {
  return {
    id: String(r["id"]), number: String(r["number"]), cartId: String(r["cart_id"]), paymentStatus: "paid", forms: Number(r["forms"]),
    chargeLines: jsonOf(r["charge_lines"]), pricingSegments: jsonOf(r["pricing_segments"]), grandTotalCents: Number(r["grand_total_cents"]),
    fromBalanceCents: Number(r["from_balance_cents"]), fromCardCents: Number(r["from_card_cents"]),
    cardChargeId: r["card_charge_id"] === null ? null : String(r["card_charge_id"]), receipt: jsonOf(r["receipt"]), createdAt: isoOf(r["created_at"]),
  };
}

function balanceRepo(db: Db, scope: Scope): BalanceRepo {
  const key = { account_id: scope.accountId, livemode: scope.livemode };
  return {
    lock: () => run(async () => {
      await db.raw("insert into balances (account_id, livemode, updated_at) values (?, ?, now()) on conflict do nothing", [scope.accountId, scope.livemode]);
      const r = await db.raw("select * from balances where account_id = ? and livemode = ? for update", [scope.accountId, scope.livemode]);
      return toBalance((r.rows as Row[])[0]);
    }),
    get: () => run(async () => toBalance((await db("balances").where(key).first()) as Row | undefined)),
    append: (entries) => run(async () => {
      const last = entries[entries.length - 1];
      if (!last) return;
      await db("ledger_entries").insert(entries.map((e) => ({
        id: e.id, ...key, seq: e.seq, kind: e.kind, amount_cents: e.amount_cents, balance_after_cents: e.balance_after_cents,
        reference: e.reference ?? null, description: e.description ?? null, created_at: e.createdAt,
      })));
      await db("balances").where(key).update({ balance_cents: last.balance_after_cents, entry_count: last.seq, updated_at: last.createdAt });
    }),
    update: (patch) => run(async () => {
      await db.raw("insert into balances (account_id, livemode, updated_at) values (?, ?, now()) on conflict do nothing", [scope.accountId, scope.livemode]);
      const cols: Row = { updated_at: new Date() };
      if (patch.autoReplenish) Object.assign(cols, { auto_enabled: patch.autoReplenish.enabled, auto_threshold_cents: patch.autoReplenish.threshold_cents, auto_topup_cents: patch.autoReplenish.topup_cents });
      if (patch.card !== undefined) Object.assign(cols, { card_token: patch.card?.token ?? null, card_brand: patch.card?.brand ?? null, card_last4: patch.card?.last4 ?? null });
      if (patch.cardCustomer !== undefined) cols["card_customer"] = patch.cardCustomer;
      if (patch.orderCount !== undefined) cols["order_count"] = patch.orderCount;
      await db("balances").where(key).update(cols);
    }),
    entries: (page) => run(async () => pageMap(await pageOf(db, "ledger_entries", scope, page), page.limit, toEntry)),
    creditByReference: (reference) => run(async () => {
      const r = (await db("ledger_entries").where({ ...key, kind: "credit", reference }).first()) as Row | undefined;
      return r ? toEntry(r) : undefined;
    }),
  };
}

function orderRepo(db: Db, scope: Scope): OrderRepo {
  return {
    insert: (o) => run(() => db("orders").insert({
      id: o.id, account_id: scope.accountId, livemode: scope.livemode, number: o.number, cart_id: o.cartId, payment_status: o.paymentStatus,
      forms: o.forms, charge_lines: JSON.stringify(o.chargeLines), pricing_segments: JSON.stringify(o.pricingSegments),
      grand_total_cents: o.grandTotalCents, from_balance_cents: o.fromBalanceCents, from_card_cents: o.fromCardCents,
      card_charge_id: o.cardChargeId, receipt: JSON.stringify(o.receipt), created_at: o.createdAt,
    })).pipe(Effect.asVoid),
    get: (id) => run(async () => {
      const row = (await scopedTable(db, "orders", scope).where("id", id).first()) as Row | undefined;
      return row ? toOrder(row) : undefined;
    }),
    byCart: (cartId) => run(async () => {
      const row = (await scopedTable(db, "orders", scope).where("cart_id", cartId).first()) as Row | undefined;
      return row ? toOrder(row) : undefined;
    }),
    list: (page) => run(async () => pageMap(await pageOf(db, "orders", scope, page), page.limit, toOrder)),
  };
}

function eventRepo(db: Db, scope: Scope): EventRepo {
  const toEventRow = (e: StoredEvent) => ({ id: e.id, account_id: scope.accountId, livemode: scope.livemode, type: e.type, data: JSON.stringify(e.data), created_at: e.createdAt });
  const toEvent = (r: Row): StoredEvent => ({ id: String(r["id"]), type: String(r["type"]), data: jsonOf(r["data"]), createdAt: isoOf(r["created_at"]) });
  return {
    insert: (e) => run(() => db("events").insert(toEventRow(e))).pipe(Effect.asVoid),
    insertMany: (events) => run(async () => {
      for (let i = 0; i < events.length; i += 1000) await db("events").insert(events.slice(i, i + 1000).map(toEventRow));
    }),
    list: (page) => run(async () => pageMap(await pageOf(db, "events", scope, page), page.limit, toEvent)),
    get: (id) => run(async () => {
      const row = (await scopedTable(db, "events", scope).where("id", id).first()) as Row | undefined;
      return row ? toEvent(row) : undefined;
    }),
  };
}

function dispatchRepo(db: Db, scope: Scope): DispatchRepo {
  return {
    enqueue: (orderId, now) => run(() => db("dispatches").insert({ order_id: orderId, account_id: scope.accountId, livemode: scope.livemode, state: "pending", created_at: now }).onConflict().ignore()).pipe(Effect.asVoid),
  };
}

function toExtension(r: Row): Extension {
  return {
    id: String(r["id"]), payerId: String(r["payer_id"]), taxYear: Number(r["tax_year"]), forms: jsonOf(r["forms"]), reasons: jsonOf(r["reasons"]),
    status: "accepted", receiptId: String(r["receipt_id"]), livemode: Boolean(r["livemode"]), createdAt: isoOf(r["created_at"]),
  };
}

function extensionRepo(db: Db, scope: Scope): ExtensionRepo {
  return {
    insert: (e, formsKey) => run(async () => {
      const rows = (await db("extensions").insert({
        id: e.id, account_id: scope.accountId, livemode: scope.livemode, payer_id: e.payerId, tax_year: e.taxYear, forms: JSON.stringify(e.forms),
        forms_key: formsKey, reasons: JSON.stringify(e.reasons), status: e.status, receipt_id: e.receiptId, created_at: e.createdAt,
      }).onConflict().ignore().returning("id")) as Row[];
      return rows.length === 1;
    }),
    find: (payerId, taxYear, formsKey) => run(async () => {
      const row = (await scopedTable(db, "extensions", scope).where({ payer_id: payerId, tax_year: taxYear, forms_key: formsKey }).first()) as Row | undefined;
      return row ? toExtension(row) : undefined;
    }),
    get: (id) => run(async () => {
      const row = (await scopedTable(db, "extensions", scope).where("id", id).first()) as Row | undefined;
      return row ? toExtension(row) : undefined;
    }),
    list: (page, payerId) => run(async () => pageMap(await pageOf(db, "extensions", scope, page, (q) => { if (payerId !== undefined) q.where("extensions.payer_id", payerId); }), page.limit, toExtension)),
  };
}

function sandboxRepo(db: Db, scope: Scope): SandboxRepo {
  return {
    reset: (now, startingBalance, entryId) => run(async () => {
      const where = { account_id: scope.accountId, livemode: scope.livemode };
      const cleared = Number(((await db("filings").where(where).count({ n: "*" })) as Row[])[0]?.["n"] ?? 0);
      for (const table of ["cart_items", "filings", "carts", "orders", "batches", "dispatches", "ledger_entries"]) await db(table).where(where).delete();
      await db.raw("insert into balances (account_id, livemode, updated_at) values (?, ?, ?) on conflict do nothing", [scope.accountId, scope.livemode, now]);
      await db("balances").where(where).update({ balance_cents: startingBalance, entry_count: 1, order_count: 0, updated_at: now });
      await db("ledger_entries").insert({ id: entryId, ...where, seq: 1, kind: "adjustment", amount_cents: startingBalance, balance_after_cents: startingBalance, description: "Sandbox reset", created_at: now });
      return cleared;
    }),
  };
}

function toEndpointWith(r: Row, box: SecretBox): WebhookEndpoint {
  return {
    id: String(r["id"]), url: String(r["url"]), events: jsonOf(r["events"]), status: r["status"] === "disabled" ? "disabled" : "active",
    secret: box.open(String(r["secret"])), previousSecret: r["previous_secret"] ? box.open(String(r["previous_secret"])) : null,
    rotatedAt: r["rotated_at"] ? isoOf(r["rotated_at"]) : null, livemode: Boolean(r["livemode"]), createdAt: isoOf(r["created_at"]), updatedAt: isoOf(r["updated_at"]),
  };
}

function toDelivery(r: Row): WebhookDelivery {
  const t = (k: string) => (r[k] ? isoOf(r[k]) : null);
  return {
    id: String(r["id"]), endpointId: String(r["endpoint_id"]), eventId: String(r["event_id"]), eventType: String(r["event_type"]),
    status: r["status"] as WebhookDelivery["status"], attempts: Number(r["attempts"]), lastStatusCode: r["last_status_code"] === null ? null : Number(r["last_status_code"]),
    lastError: r["last_error"] === null ? null : String(r["last_error"]), nextAttemptAt: t("next_attempt_at"), lastAttemptAt: t("last_attempt_at"), createdAt: isoOf(r["created_at"]),
  };
}

function webhookRepo(db: Db, scope: Scope, box: SecretBox): WebhookRepo {
  const toEndpoint = (r: Row) => toEndpointWith(r, box);
  return {
    insert: (e) => run(() => db("webhook_endpoints").insert({
      id: e.id, account_id: scope.accountId, livemode: scope.livemode, url: e.url, events: JSON.stringify(e.events), status: e.status,
      secret: box.seal(e.secret), previous_secret: e.previousSecret === null ? null : box.seal(e.previousSecret), rotated_at: e.rotatedAt, created_at: e.createdAt, updated_at: e.updatedAt,
    })).pipe(Effect.asVoid),
    get: (id) => run(async () => {
      if (!isUuid(id)) return undefined;
      const row = (await scopedTable(db, "webhook_endpoints", scope).where("id", id).first()) as Row | undefined;
      return row ? toEndpoint(row) : undefined;
    }),
    list: (page) => run(async () => pageMap(await pageOf(db, "webhook_endpoints", scope, page), page.limit, toEndpoint)),
    update: (id, patch) => run(async () => {
      if (!isUuid(id)) return undefined;
      const cols = toColumns(patch);
      if (patch.events) cols["events"] = JSON.stringify(patch.events);
      if (patch.secret !== undefined) cols["secret"] = box.seal(patch.secret);
      if (patch.previousSecret !== undefined) cols["previous_secret"] = patch.previousSecret === null ? null : box.seal(patch.previousSecret);
      const rows = (await scopedTable(db, "webhook_endpoints", scope).where("id", id).update(cols).returning("*")) as Row[];
      return rows[0] ? toEndpoint(rows[0]) : undefined;
    }),
    remove: (id) => run(async () => (isUuid(id) ? ((await scopedTable(db, "webhook_endpoints", scope).where("id", id).delete().returning("id")) as Row[]).length > 0 : false)),
    deliveries: (endpointId, page) => run(async () => pageMap(await pageOf(db, "webhook_deliveries", scope, page, (q) => { q.where("webhook_deliveries.endpoint_id", endpointId); }), page.limit, toDelivery)),
    active: () => run(async () => ((await scopedTable(db, "webhook_endpoints", scope).where("status", "active")) as Row[]).map(toEndpoint)),
    insertDeliveries: (rows) => run(async () => {
      if (rows.length === 0) return [];
      const inserted = (await db("webhook_deliveries").insert(rows.map((d) => ({
        id: d.id, account_id: scope.accountId, livemode: scope.livemode, endpoint_id: d.endpointId, event_id: d.eventId, event_type: d.eventType,
        status: d.status, attempts: d.attempts, next_attempt_at: d.nextAttemptAt, created_at: d.createdAt,
      }))).onConflict(["endpoint_id", "event_id"]).ignore().returning("id")) as Row[];
      return inserted.map((r) => String(r["id"]));
    }),
    getDelivery: (id) => run(async () => {
      const row = (await scopedTable(db, "webhook_deliveries", scope).where("id", id).first()) as Row | undefined;
      return row ? toDelivery(row) : undefined;
    }),
    recordAttempt: (id, p) => run(() => scopedTable(db, "webhook_deliveries", scope).where("id", id).update({
      status: p.status, attempts: p.attempts, last_status_code: p.lastStatusCode, last_error: p.lastError, next_attempt_at: p.nextAttemptAt, last_attempt_at: p.lastAttemptAt,
    })).pipe(Effect.asVoid),
  };
}

function toRun(r: Row): TinMatchRun {
  return {
    id: String(r["id"]), status: r["status"] === "completed" ? "completed" : "processing", count: Number(r["count"]), entries: jsonOf(r["entries"]),
    results: r["results"] ? jsonOf(r["results"]) : null, createdAt: isoOf(r["created_at"]), completedAt: r["completed_at"] ? isoOf(r["completed_at"]) : null,
  };
}

function tinMatchRepo(db: Db, scope: Scope): TinMatchRepo {
  return {
    insert: (run0) => run(() => db("tin_match_runs").insert({
      id: run0.id, account_id: scope.accountId, livemode: scope.livemode, status: run0.status, count: run0.count,
      entries: JSON.stringify(run0.entries), results: null, created_at: run0.createdAt,
    })).pipe(Effect.asVoid),
    get: (id) => run(async () => {
      const row = (await scopedTable(db, "tin_match_runs", scope).where("id", id).first()) as Row | undefined;
      return row ? toRun(row) : undefined;
    }),
    list: (page) => run(async () => pageMap(await pageOf(db, "tin_match_runs", scope, page), page.limit, toRun)),
    complete: (id, results, now) => run(async () => ((await scopedTable(db, "tin_match_runs", scope).where({ id, status: "processing" })
      .update({ status: "completed", results: JSON.stringify(results), completed_at: now }).returning("id")) as Row[]).length === 1),
  };
}

/** Repositories are built on first use: a request that reads one payer builds one repository, not all of them. */
class KnexScopedStore implements ScopedStore {
  constructor(private readonly db: Db, readonly scope: Scope, private readonly box: SecretBox) {}
  #payers?: ReturnType<typeof payerRepo>;
  get payers() { return (this.#payers ??= payerRepo(this.db, this.scope)); }
  #recipients?: ReturnType<typeof recipientRepo>;
  get recipients() { return (this.#recipients ??= recipientRepo(this.db, this.scope)); }
  #filings?: ReturnType<typeof filingRepo>;
  get filings() { return (this.#filings ??= filingRepo(this.db, this.scope)); }
  #batches?: ReturnType<typeof batchRepo>;
  get batches() { return (this.#batches ??= batchRepo(this.db, this.scope)); }
  #carts?: ReturnType<typeof cartRepo>;
  get carts() { return (this.#carts ??= cartRepo(this.db, this.scope)); }
  #balance?: ReturnType<typeof balanceRepo>;
  get balance() { return (this.#balance ??= balanceRepo(this.db, this.scope)); }
  #orders?: ReturnType<typeof orderRepo>;
  get orders() { return (this.#orders ??= orderRepo(this.db, this.scope)); }
  #events?: ReturnType<typeof eventRepo>;
  get events() { return (this.#events ??= eventRepo(this.db, this.scope)); }
  #dispatches?: ReturnType<typeof dispatchRepo>;
  get dispatches() { return (this.#dispatches ??= dispatchRepo(this.db, this.scope)); }
  #extensions?: ReturnType<typeof extensionRepo>;
  get extensions() { return (this.#extensions ??= extensionRepo(this.db, this.scope)); }
  #sandbox?: ReturnType<typeof sandboxRepo>;
  get sandbox() { return (this.#sandbox ??= sandboxRepo(this.db, this.scope)); }
  #webhooks?: ReturnType<typeof webhookRepo>;
  get webhooks() { return (this.#webhooks ??= webhookRepo(this.db, this.scope, this.box)); }
  #tinMatches?: ReturnType<typeof tinMatchRepo>;
  get tinMatches() { return (this.#tinMatches ??= tinMatchRepo(this.db, this.scope)); }
}

export function scopedRepos(db: Db, scope: Scope, box: SecretBox = plainSecretBox): ScopedStore {
  return new KnexScopedStore(db, scope, box);
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

/** `secrets` encrypts webhook signing secrets at rest (the service passes one built from its configured key). */
export function makeKnexStore(knex: Knex, options: { readonly secrets?: SecretBox } = {}): Store["Service"] {
  const box = options.secrets ?? plainSecretBox;
  const scopedCache = new Map<string, ScopedStore>();
  const transaction = <A, E, R = never>(scope: Scope, body: (tx: ScopedStore) => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(Effect.context<R>(), (services) => Effect.flatten(Effect.promise(async (signal) => {
      try {
        const value = await knex.transaction(async (trx) => {
          // The caller's services and interruption reach the body: an interrupted caller rolls the transaction back.
          const exit = await Effect.runPromiseExitWith(services)(body(scopedRepos(trx, scope, box)), { signal });
          if (Exit.isFailure(exit)) throw new Rollback(exit);
          return exit.value;
        });
        return Effect.succeed(value) as Effect.Effect<A, E>;
      } catch (e) {
        if (e instanceof Rollback) return (e as Rollback<E>).exit as Effect.Effect<A, E>;
        return Effect.die(e);
      }
    })));
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
    transaction,
    accounts: accountRepo(knex),
    apiKeys: apiKeyRepo(knex),
    oauthApps: knexOAuthApps(knex),
    users: knexUsers(knex),
    oauth: knexOAuthGrants(knex),
    outbox: {
      pending: (limit) => run(async () => ((await knex("events").whereNull("fanned_out_at").orderBy("created_at").limit(limit)) as Row[]).map((r) => ({
        id: String(r["id"]), type: String(r["type"]), data: jsonOf<Record<string, unknown>>(r["data"]), createdAt: isoOf(r["created_at"]),
        accountId: String(r["account_id"]), livemode: Boolean(r["livemode"]),
      }))),
      markFannedOut: (ids, now) => run(() => knex("events").whereIn("id", ids as string[]).update({ fanned_out_at: now })).pipe(Effect.asVoid),
      dueDeliveries: (before, limit) => run(async () => ((await knex("webhook_deliveries").where("status", "pending").andWhere("next_attempt_at", "<", before).orderBy("next_attempt_at").limit(limit)) as Row[])
        .map((r) => ({ id: String(r["id"]), accountId: String(r["account_id"]), livemode: Boolean(r["livemode"]) }))),
    },
    dispatchQueue: {
      pending: (before, limit) => run(async () => ((await knex("dispatches").where("state", "pending").andWhere("created_at", "<", before).orderBy("created_at").limit(limit)) as Row[])
        .map((r) => ({ orderId: String(r["order_id"]), accountId: String(r["account_id"]), livemode: Boolean(r["livemode"]) }))),
      markDone: (orderId) => run(() => knex("dispatches").where("order_id", orderId).update({ state: "done" })).pipe(Effect.asVoid),
    },
    tinMatchQueue: {
      liveMatchesSince: (since) => run(async () => Number(((await knex("tin_match_runs").where({ livemode: true, status: "completed" }).andWhere("completed_at", ">=", since).sum({ n: "count" })) as Row[])[0]?.["n"] ?? 0)),
      pairSends: (keys, since) => run(async () => {
        const out = new Map<string, { count: number; last: string | null }>();
        if (keys.length === 0) return out;
        const rows = (await knex("tin_match_sends").select("pair_key", "outcome").whereIn("pair_key", [...keys]).andWhere("sent_at", ">=", since).orderBy("sent_at").orderBy("id")) as Row[];
        for (const r of rows) {
          const key = String(r["pair_key"]);
          const seen = out.get(key) ?? { count: 0, last: null };
          out.set(key, { count: seen.count + 1, last: r["outcome"] === null || r["outcome"] === undefined ? seen.last : String(r["outcome"]) });
        }
        return out;
      }),
      recordPairSends: (keys, sentAt) => run(async () => {
        if (keys.length > 0) await knex.batchInsert("tin_match_sends", keys.map((pair_key) => ({ pair_key, sent_at: sentAt, outcome: null })), 1000);
      }),
      setPairOutcomes: (outcomes, sentAt) => run(async () => {
        for (const o of outcomes) await knex("tin_match_sends").where({ pair_key: o.key, sent_at: sentAt }).whereNull("outcome").update({ outcome: o.outcome });
      }),
      pending: (before, limit) => run(async () => ((await knex("tin_match_runs").where("status", "processing").andWhere("created_at", "<", before).orderBy("created_at").limit(limit)) as Row[])
        .map((r) => ({ id: String(r["id"]), accountId: String(r["account_id"]), livemode: Boolean(r["livemode"]) }))),
    },
  });
}

export const layer = (knex: Knex) => Layer.succeed(Store, makeKnexStore(knex));
