// Payers, recipients and extensions on Knex.
import { COPY_MIN_ROWS, copyAvailable, copyInsertElseGuarded } from "../copy.ts";
import * as Effect from "effect/Effect";
import type { Knex } from "knex";
import { type PayerRepo, type RecipientRepo, type Scope } from "../../../core/ports/store.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import {
  coalescedLookup,
  isTransaction,
  lookupKey,
  singleProcessRowCache,
  type CoalescedLookup,
} from "../hot-query.ts";
import {
  decodeOptional,
  IdRow,
  PayerKeyRow,
  rowsOf,
  TinCiphertextRow,
  TinHashRow,
  toColumns,
  toExtension,
  toPayer,
  toRecipient,
  toRecipientWithTinHash,
} from "../rows.ts";
import type { ExtensionRepo } from "../../../core/ports/store.port.ts";
import { type Db, run, scopedTable, pageOf, pageMap, camel, INSERT_CHUNK, rowsByIdSql } from "./shared.ts";

// The payer read by id is the hottest read of the API: concurrent ones share one query (see coalescedLookup).
export const PAYER_GET: CoalescedLookup = {
  name: "payer_get",
  singleSql: "select * from payers where id = $1 and account_id = $2 and livemode = $3",
  batchSql: `select p.* from unnest($1::uuid[], $2::uuid[], $3::boolean[]) as k(id, account_id, livemode)
    join payers p on p.id = k.id and p.account_id = k.account_id and p.livemode = k.livemode`,
  rowKey: (row) => {
    const r = PayerKeyRow.decode(row);
    return lookupKey([r.id, r.account_id, r.livemode]);
  },
};

export function payerRepo(db: Db, scope: Scope): PayerRepo {
  const getPayer = coalescedLookup(db, PAYER_GET);
  // On the embedded database a payer read by id is served from memory after the first read (see singleProcessRowCache).
  const cache = singleProcessRowCache(db, "payers");
  const readCache = isTransaction(db) ? null : cache;
  const cacheKey = (id: string) => lookupKey([id, scope.accountId, scope.livemode]);
  return {
    insert: (row) =>
      run(() => {
        cache?.invalidate(cacheKey(row.id));
        return db("payers").insert(toColumns(row));
      }).pipe(Effect.asVoid),
    get: (id) =>
      run(async () => {
        const key = readCache ? cacheKey(id) : "";
        const hit = readCache?.get(key);
        if (hit) return toPayer(hit);
        const generation = readCache?.generation() ?? 0;
        const row = await getPayer([id, scope.accountId, scope.livemode]);
        if (row && readCache) readCache.set(key, row, generation);
        return row ? toPayer(row) : undefined;
      }),
    update: (id, patch) =>
      run(async () => {
        cache?.invalidate(cacheKey(id));
        const rows = rowsOf(
          await scopedTable(db, "payers", scope).where("id", id).update(toColumns(patch)).returning("*"),
        );
        return rows[0] ? toPayer(rows[0]) : undefined;
      }),
    list: (page) => run(async () => pageMap(await pageOf(db, "payers", scope, page), page.limit, toPayer)),
    getMany: (ids) =>
      run(async () =>
        ids.length === 0
          ? []
          : rowsOf(await scopedTable(db, "payers", scope).whereIn("id", [...ids])).map(toPayer),
      ),
    tinCiphertext: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "payers", scope).where("id", id).first("tin_ciphertext");
        return decodeOptional(TinCiphertextRow, row)?.tin_ciphertext;
      }),
    tinHash: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "payers", scope).where("id", id).first("tin_hash");
        return decodeOptional(TinHashRow, row)?.tin_hash;
      }),
  };
}

/** Recipients by id (see rowsByIdSql). */
export const RECIPIENTS_BY_ID = rowsByIdSql("recipients");

/**
 * A payer's recipients with one of the TIN hashes (intake's match, D8): one index probe per hash
 * (recipients_one_per_tin). As `tin_hash = any(...)` the planner may instead read every recipient of the payer and
 * filter them against the array (it did when the table's statistics were older than a bulk intake's rows): linear in
 * the payer's recipients for each batch, 13 ms at 23,000 of them against 5 ms this way. `offset 0` keeps the
 * subquery a probe per hash. Parameters: the hashes (no repeats), the account, livemode, the payer.
 */
export const RECIPIENTS_BY_TIN = `select r.* from unnest(?::text[]) as k(tin_hash) cross join lateral (
    select * from recipients where account_id = ? and livemode = ? and payer_id = ? and tin_hash = k.tin_hash
    offset 0) r order by r.created_at asc`;

export function recipientRepo(db: Db, scope: Scope): RecipientRepo {
  const byId = (q: Knex.QueryBuilder, id: string) =>
    isUuid(id) ? q.where("id", id) : q.where("short_id", id);
  return {
    insert: (row) =>
      run(async () => {
        const rows = rowsOf(
          await db("recipients").insert(toColumns(row)).onConflict().ignore().returning("id"),
        );
        return rows.length === 1;
      }),
    get: (id) =>
      run(async () => {
        const row: unknown = await byId(scopedTable(db, "recipients", scope), id).first();
        return row ? toRecipient(row) : undefined;
      }),
    update: (id, patch) =>
      run(async () => {
        const rows = rowsOf(
          await byId(scopedTable(db, "recipients", scope), id)
            .update(toColumns(patch))
            .returning("*"),
        );
        return rows[0] ? toRecipient(rows[0]) : undefined;
      }),
    list: (page, filter) =>
      run(async () =>
        pageMap(
          await pageOf(db, "recipients", scope, page, (q) => {
            if (filter.payerId) q.where("recipients.payer_id", filter.payerId);
          }),
          page.limit,
          toRecipient,
        ),
      ),
    findByTin: (payerId, tinHash, tinType) =>
      run(async () => {
        const q = scopedTable(db, "recipients", scope).where({ payer_id: payerId, tin_hash: tinHash });
        if (tinType) q.where("tin_type", tinType);
        const row: unknown = await q.orderBy("created_at", "asc").first();
        return row ? toRecipient(row) : undefined;
      }),
    hasFilings: (id) =>
      run(async () => {
        const row = await scopedTable(db, "filings", scope).where("recipient_id", id).first("id");
        return row !== undefined;
      }),
    getMany: (ids) =>
      run(async () => {
        if (ids.length === 0) return [];
        const r = await db.raw(RECIPIENTS_BY_ID, [[...new Set(ids)], scope.accountId, scope.livemode]);
        return rowsOf(r.rows).map(toRecipient);
      }),
    tinCiphertext: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "recipients", scope)
          .where("id", id)
          .first("tin_ciphertext");
        return decodeOptional(TinCiphertextRow, row)?.tin_ciphertext;
      }),
    findManyByTin: (payerId, hashes) =>
      run(async () => {
        if (hashes.length === 0) return [];
        const r = await db.raw(RECIPIENTS_BY_TIN, [
          [...new Set(hashes)],
          scope.accountId,
          scope.livemode,
          payerId,
        ]);
        return rowsOf(r.rows).map(toRecipientWithTinHash);
      }),
    insertMany: (rows) =>
      run(async () => {
        if (rows.length === 0) return new Set<string>();
        // One JSON array parameter, as for filings (FILING_INSERT).
        const inserted = new Set<string>();
        if (copyAvailable(db) && rows.length >= COPY_MIN_ROWS) {
          const values = rows.map((r) => {
            const fields: Record<string, unknown> = { ...r };
            return RECIPIENT_COLS.map(([, , field]) => fields[field] ?? null);
          });
          const names = RECIPIENT_COLS.map((c) => c[0]);
          for (const x of await copyInsertElseGuarded(
            db,
            "recipients",
            names,
            values,
            (v) => v[0] as string,
            (stage) =>
              `insert into recipients (${names.join(", ")}) select ${names.join(", ")} from ${stage} on conflict do nothing returning id`,
          ))
            inserted.add(IdRow.decode(x).id);
          return inserted;
        }
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const records = rows.slice(i, i + INSERT_CHUNK).map((r) => {
            const fields: Record<string, unknown> = { ...r };
            const o: Record<string, unknown> = {};
            for (const [col, , field] of RECIPIENT_COLS) o[col] = fields[field] ?? null;
            return o;
          });
          const r = await db.raw(RECIPIENT_INSERT, [JSON.stringify(records)]);
          for (const x of rowsOf(r.rows)) inserted.add(IdRow.decode(x).id);
        }
        return inserted;
      }),
  };
}

export const RECIPIENT_COLS: ReadonlyArray<readonly [string, string, string]> = (
  [
    ["id", "uuid"],
    ["short_id", "text"],
    ["account_id", "uuid"],
    ["livemode", "boolean"],
    ["payer_id", "uuid"],
    ["name", "text"],
    ["tin_ciphertext", "text"],
    ["tin_hash", "text"],
    ["tin_last4", "text"],
    ["tin_type", "text"],
    ["address_line1", "text"],
    ["address_line2", "text"],
    ["city", "text"],
    ["state", "text"],
    ["postal_code", "text"],
    ["country", "text"],
    ["email", "text"],
    ["delivery_method", "text"],
    ["account_number", "text"],
    ["created_at", "timestamptz"],
    ["updated_at", "timestamptz"],
  ] as const
).map(([col, type]) => [col, type, camel(col)] as const);

export const RECIPIENT_INSERT = `insert into recipients (${RECIPIENT_COLS.map((c) => c[0]).join(", ")})
  select ${RECIPIENT_COLS.map((c) => c[0]).join(", ")} from json_to_recordset(?::json) as t(${RECIPIENT_COLS.map((c) => `${c[0]} ${c[1]}`).join(", ")})
  on conflict do nothing returning id`;

export function extensionRepo(db: Db, scope: Scope): ExtensionRepo {
  return {
    insert: (e, formsKey) =>
      run(async () => {
        const rows = rowsOf(
          await db("extensions")
            .insert({
              id: e.id,
              account_id: scope.accountId,
              livemode: scope.livemode,
              payer_id: e.payerId,
              tax_year: e.taxYear,
              forms: JSON.stringify(e.forms),
              forms_key: formsKey,
              reasons: JSON.stringify(e.reasons),
              status: e.status,
              receipt_id: e.receiptId,
              created_at: e.createdAt,
            })
            .onConflict()
            .ignore()
            .returning("id"),
        );
        return rows.length === 1;
      }),
    find: (payerId, taxYear, formsKey) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "extensions", scope)
          .where({ payer_id: payerId, tax_year: taxYear, forms_key: formsKey })
          .first();
        return row ? toExtension(row) : undefined;
      }),
    get: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "extensions", scope).where("id", id).first();
        return row ? toExtension(row) : undefined;
      }),
    list: (page, payerId) =>
      run(async () =>
        pageMap(
          await pageOf(db, "extensions", scope, page, (q) => {
            if (payerId !== undefined) q.where("extensions.payer_id", payerId);
          }),
          page.limit,
          toExtension,
        ),
      ),
  };
}
