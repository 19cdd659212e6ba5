// Filings and intake batches on Knex.
import * as Effect from "effect/Effect";
import type { Knex } from "knex";
import type { Scope } from "../../../core/ports/store.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import {
  IdRow,
  ReceiptCheckRow,
  rowCountOf,
  rowsOf,
  decodeBatchRow,
  toBatch,
  BatchWarningsRow,
  warnedIds,
  toColumns,
  toFiling,
  compactFinding,
  expandAll,
  toMovedFiling,
  toReceiptRecord,
  TransmissionReceiptRow,
} from "../rows.ts";
import { duplicateKey as dupKey, inDuplicateGuard, type Filing } from "../../../core/domain/filing/filing.ts";
import type { BatchRepo, FilingPatch, FilingRepo, RecordIds } from "../../../core/ports/store.port.ts";
import type { FilingFilter } from "../../../core/domain/filing/filter.ts";
import type { FilingStatus } from "../../../core/domain/filing/status.ts";
import { irsWarningCount } from "../../../core/domain/iris/rules/index.ts";
import { COPY_MIN_ROWS, copyAvailable, copyInsertElseGuarded } from "../copy.ts";
import {
  type Db,
  run,
  scopedTable,
  pageOf,
  pageMap,
  INSERT_CHUNK,
  rowsByIdSql,
  inTransaction,
} from "./shared.ts";

type Col = readonly [string, string, (f: Filing) => unknown];
/**
 * What intake writes of a filing, by table (migration filing_states): `filing_forms`, written once, and
 * `filing_states`, the narrow row its lifecycle rewrites (the columns left out start null or 0). The view `filings`
 * joins them for reads.
 */
const FORM_COLS: readonly Col[] = [
  ["id", "uuid", (f) => f.id],
  ["short_id", "text", (f) => f.shortId],
  ["account_id", "uuid", (f) => f.accountId],
  ["livemode", "boolean", (f) => f.livemode],
  ["payer_id", "uuid", (f) => f.payerId],
  ["recipient_id", "uuid", (f) => f.recipientId],
  ["form", "text", (f) => f.form],
  ["tax_year", "int", (f) => f.taxYear],
  ["reference", "text", (f) => f.reference],
  ["batch_id", "text", (f) => f.batchId],
  ["corrects", "uuid", (f) => f.corrects],
  ["refile_of", "uuid", (f) => f.refileOf],
  ["json_form", "text", (f) => JSON.stringify(f.jsonForm)],
  ["sealed_tins", "text", (f) => JSON.stringify(f.sealedTins)],
  // Most filings have no warnings: null, not "[]", so the common row stays small.
  [
    "warnings",
    "text",
    (f) => (f.warnings.length > 0 ? JSON.stringify(f.warnings.map(compactFinding)) : null),
  ],
  // Issue 41: what pay reads of the warnings (migration filing_warnings); the count is the core's.
  ["irs_warnings", "int", (f) => (f.warnings.length > 0 ? irsWarningCount(f.warnings) : 0)],
  ["account_number", "text", (f) => f.accountNumber],
  ["recipient_tin_hash", "text", (f) => f.recipientTinHash],
  ["dup_key", "text", (f) => dupKey(f)],
  ["rules_checked", "text", (f) => f.rulesChecked ?? null],
  // The duplicate guard's part that the status decides (D11, `inDuplicateGuard`); the index adds `corrects is null`.
  ["live", "boolean", (f) => inDuplicateGuard(f.status)],
];
const STATE_COLS: readonly Col[] = [
  ["id", "uuid", (f) => f.id],
  ["account_id", "uuid", (f) => f.accountId],
  ["livemode", "boolean", (f) => f.livemode],
  ["created_at", "timestamptz", (f) => f.createdAt],
  ["status", "text", (f) => f.status],
  ["service", "text", (f) => f.service],
  ["physical_mail", "boolean", (f) => f.physicalMail],
  ["portal_access", "boolean", (f) => f.portalAccess],
  ["order_id", "text", (f) => f.orderId],
  ["superseded_by", "uuid", (f) => f.supersededBy],
  ["receipt_id", "text", (f) => f.receiptId],
  ["amount_charged_cents", "int", (f) => f.amountChargedCents],
  ["updated_at", "timestamptz", (f) => f.updatedAt],
];
const ALL_COLS: readonly Col[] = [
  ...FORM_COLS,
  ...STATE_COLS.filter(([c]) => !FORM_COLS.some(([d]) => d === c)),
];

// The rows travel as one JSON array parameter, read by json_to_recordset: JSON.stringify is native and the server
// parses it in C, where an array parameter per column costs the driver's per-element escaping in JavaScript
// (a third of intake's CPU in the API process, by profile). The JSON columns go in as nested JSON, not strings.
export const JSON_COLS = new Set(["json_form", "sealed_tins", "warnings"]);
/** The duplicate guard (D11): originals that are not voided or rejected (`live`), unique by their key. */
const FORM_CONFLICT = `on conflict (account_id, livemode, dup_key) where corrects is null and live do nothing
  returning id`;
const names = (cols: readonly Col[]) => cols.map((c) => c[0]);
const FORM_NAMES = names(FORM_COLS);
const STATE_NAMES = names(STATE_COLS);
/** Both rows of each filing in one statement: the state only of the forms the duplicate guard let in. */
export const FILING_INSERT = `with t as (
    select * from json_to_recordset(?::json) as t(${ALL_COLS.map((c) => `${c[0]} ${JSON_COLS.has(c[0]) ? "json" : c[1]}`).join(", ")})),
  ins as (insert into filing_forms (${FORM_NAMES.join(", ")}) select ${FORM_NAMES.join(", ")} from t ${FORM_CONFLICT})
  insert into filing_states (${STATE_NAMES.join(", ")}) select ${STATE_NAMES.map((c) => `t.${c}`).join(", ")}
  from t join ins on ins.id = t.id
  returning id`;

/** Filings by id (see rowsByIdSql). */
export const FILINGS_BY_ID = rowsByIdSql("filings");

/** Large batches on Postgres: COPY into a temp table (../copy.ts), then this statement with the same guard. */
const FORM_MOVE = (stage: string) =>
  `insert into filing_forms (${FORM_NAMES.join(", ")}) select ${FORM_NAMES.join(", ")} from ${stage} ${FORM_CONFLICT}`;
const STATE_MOVE = (stage: string) =>
  `insert into filing_states (${STATE_NAMES.join(", ")}) select ${STATE_NAMES.join(", ")} from ${stage}
  on conflict (id) do nothing returning id`;
const valuesOf = (cols: readonly Col[]) => (f: Filing) => cols.map((c) => c[2](f));
const formValues = valuesOf(FORM_COLS);
const stateValues = valuesOf(STATE_COLS);
/**
 * Ids a statement in the updates by id. At this size the planner drives from the ids by primary key (a nested
 * loop); at 20,000 and more it chose a hash join over a scan of every filing of every account, a gigabyte read per
 * statement at a million filings (issue 19's season: a receipt of 20,000 took 4.6 s).
 */
const CHUNK = 5000;
/**
 * `each` over `items`, CHUNK at a time. More than one chunk runs in one transaction (a savepoint inside the
 * caller's), so the update stays all-or-nothing as the single statement was.
 */
async function inChunks<T>(
  db: Db,
  items: readonly T[],
  each: (q: Db, part: readonly T[]) => Promise<void>,
): Promise<void> {
  if (items.length <= CHUNK) return each(db, items);
  await db.transaction(async (trx) => {
    for (let i = 0; i < items.length; i += CHUNK) await each(trx, items.slice(i, i + CHUNK));
  });
}

/**
 * How the guarded updates by id (updateInChunks) name their rows: the rows sent as `v`, the columns each row sets
 * of its own, and the parameters of a chunk.
 */
interface UpdateKeys<T> {
  readonly unnest: string;
  readonly sets: readonly string[];
  readonly bind: (part: readonly T[]) => unknown[];
}
/** By filing id. */
const BY_ID: UpdateKeys<string> = { unnest: "unnest(?::uuid[]) as v(id)", sets: [], bind: (part) => [part] };
/** By filing id, each filing also getting its own submission and record ids (assignRecords). */
const BY_RECORD: UpdateKeys<RecordIds> = {
  unnest: "unnest(?::uuid[], ?::int[], ?::int[]) as v(id, submission_id, record_id)",
  sets: ["submission_id = v.submission_id", "record_id = v.record_id"],
  bind: (part) => [part.map((r) => r.filingId), part.map((r) => r.submissionId), part.map((r) => r.recordId)],
};

/** The receipts of the listed transmissions (small: the transmissions of one page or read). */
const RECEIPTS_OF = `select transmission_id, receipt_id, created_at from transmission_receipts
  where account_id = ? and livemode = ? and transmission_id = any(?::text[])`;

/**
 * A filing between its transmission's receipt and its acknowledgement carries no receipt of its own: the receipt is
 * one row per transmission (migration transmission_receipts). Each such filing read gets it here, and the receipt's
 * time as its `updatedAt` when that is later. One query, and none when no filing read is waiting on a receipt (a
 * page of filings in a cart or acknowledged).
 */
async function withReceipts(db: Db, scope: Scope, filings: Filing[]): Promise<Filing[]> {
  const waiting = new Set<string>();
  for (const f of filings)
    if (f.receiptId === null && f.transmissionId !== null) waiting.add(f.transmissionId);
  if (waiting.size === 0) return filings;
  const rows = rowsOf(
    (await db.raw(RECEIPTS_OF, [scope.accountId, scope.livemode, [...waiting]] as Knex.RawBinding[])).rows,
  );
  if (rows.length === 0) return filings;
  const receipts = new Map(
    rows.map((row) => {
      const r = TransmissionReceiptRow.decode(row);
      return [r.transmission_id, r] as const;
    }),
  );
  return filings.map((f) => {
    const r = f.receiptId === null && f.transmissionId !== null ? receipts.get(f.transmissionId) : undefined;
    if (!r) return f;
    return {
      ...f,
      receiptId: r.receipt_id,
      updatedAt: r.created_at > f.updatedAt ? r.created_at : f.updatedAt,
    };
  });
}
const oneWithReceipt = async (db: Db, scope: Scope, f: Filing | undefined) =>
  f ? (await withReceipts(db, scope, [f]))[0] : undefined;

/**
 * recordReceipt's read, CHUNK filings a statement: each listed filing that is `submitted` in scope, and whether its
 * claim recorded another transmission or other ids (or it carries a receipt already), which only those filings are
 * rewritten for. One probe per id (see rowsByIdSql): as an `update … from` the planner read every `submitted`
 * filing of the account when the statistics were older than the claim. Scope and status are checked outside the
 * probe: inside it, with statistics that knew no `submitted` filing, the planner probed the status paging index
 * (account, livemode, status, …, id) and read every submitted filing for each id (a season's receipt ran for minutes).
 * Parameters: the transmission, the ids, submission ids and record ids, the account, livemode.
 */
export const RECEIPT_CHECK = `select v.id, v.submission_id, v.record_id, (f.transmission_id is distinct from ?
    or f.submission_id is distinct from v.submission_id or f.record_id is distinct from v.record_id
    or f.receipt_id is not null) as stale
  from unnest(?::uuid[], ?::int[], ?::int[]) as v(id, submission_id, record_id) cross join lateral (
    select account_id, livemode, status, transmission_id, submission_id, record_id, receipt_id from filing_states
    where id = v.id offset 0) f
  where f.account_id = ? and f.livemode = ? and f.status = 'submitted'`;
const RECEIPT_INSERT = `insert into transmission_receipts (account_id, livemode, transmission_id, receipt_id, created_at)
  values (?, ?, ?, ?, ?)
  on conflict (account_id, livemode, transmission_id) do update set receipt_id = excluded.receipt_id, created_at = excluded.created_at`;
/**
 * The filings of a receipt: those carrying it, then those whose transmission has it (disjoint on receipt_id). The
 * second part probes filing_states_awaiting_receipt by each transmission of the receipt (`offset 0`, scope checked
 * outside): as a join, statistics taken before the claim made the planner read every filing awaiting a receipt, of
 * every account, and filter them. Each filing's form and tax year come from its form row, by a probe per id.
 */
export const RECEIPT_RECORDS = `select s.id, s.submission_id, s.record_id, f.form, f.tax_year
    from filing_states s cross join lateral (select form, tax_year from filing_forms where id = s.id offset 0) f
    where s.account_id = ? and s.livemode = ? and s.receipt_id = ? and s.submission_id is not null
      and s.record_id is not null
  union all
  select s.id, s.submission_id, s.record_id, f.form, f.tax_year
    from transmission_receipts r cross join lateral (
      select id, account_id, livemode, submission_id, record_id from filing_states
      where transmission_id = r.transmission_id and transmission_id is not null and receipt_id is null offset 0) s
    cross join lateral (select form, tax_year from filing_forms where id = s.id offset 0) f
    where r.account_id = ? and r.livemode = ? and r.receipt_id = ?
      and s.account_id = r.account_id and s.livemode = r.livemode
      and s.submission_id is not null and s.record_id is not null`;

/** One filing as the JSON object FILING_INSERT reads. */
export function filingRecord(f: Filing): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [col, , get] of ALL_COLS) o[col] = JSON_COLS.has(col) ? JSON_FIELD[col]?.(f) : get(f);
  return o;
}
export const JSON_FIELD: Readonly<Record<string, (f: Filing) => unknown>> = {
  json_form: (f) => f.jsonForm,
  sealed_tins: (f) => f.sealedTins,
  warnings: (f) => (f.warnings.length > 0 ? f.warnings.map(compactFinding) : null),
};

/** A patch as `filing_states` columns (every FilingPatch field is a column of the state). */
function stateColumns(patch: FilingPatch): Record<string, unknown> {
  const cols = toColumns(patch);
  if (patch.ackErrors !== undefined)
    cols["ack_errors"] = patch.ackErrors === null ? null : JSON.stringify(patch.ackErrors);
  return cols;
}

/** The form's columns a read of a whole filing takes beside its state (the rest are the state's, or not read). */
const FORM_READ = FORM_NAMES.filter(
  (c) => !["id", "account_id", "livemode", "live", "irs_warnings"].includes(c),
);
/** What a guarded update returns of each moved filing: its id, the few form fields moveMany needs, or all of it. */
type Moved = "ids" | "form" | "filing";
const MOVED_OUT: Readonly<Record<Moved, string>> = {
  ids: "select id from moved",
  form: `select m.id, g.form, g.tax_year, g.corrects, g.recipient_id from moved m cross join lateral (
        select form, tax_year, corrects, recipient_id from filing_forms where id = m.id offset 0) g`,
  // The state as the update left it (`moved` returns the whole row) and the form, which no update changes: the
  // statement's own view of `filings` would still show the state before the update.
  filing: `select m.*, ${FORM_READ.map((c) => `g.${c}`).join(", ")} from moved m cross join lateral (
        select ${FORM_READ.join(", ")} from filing_forms where id = m.id offset 0) g`,
};
/**
 * An update of `filing_states` (its `returning` names each changed row's `id`, or the whole row for "filing") as one
 * statement with what follows it: a filing voided or rejected leaves the duplicate guard, and the moved filings are
 * returned as `out` says, each form read by a probe per id.
 */
function movedSql(update: string, status: FilingStatus | undefined, out: Moved): string {
  const guard =
    status !== undefined && !inDuplicateGuard(status)
      ? ", gone as (update filing_forms set live = false where id = any(array(select id from moved)))"
      : "";
  return `with moved as (${update})${guard} ${MOVED_OUT[out]}`;
}

export function filterFilings(q: Knex.QueryBuilder, filter: FilingFilter): void {
  if (filter.statuses && filter.statuses.length > 0) q.whereIn("filings.status", filter.statuses as string[]);
  if (filter.payerId) q.where("filings.payer_id", filter.payerId);
  if (filter.form) q.where("filings.form", filter.form);
  if (filter.taxYear) q.where("filings.tax_year", filter.taxYear);
  if (filter.batchId) q.where("filings.batch_id", filter.batchId);
  if (filter.orderId) q.where("filings.order_id", filter.orderId);
  if (filter.corrects) q.where("filings.corrects", filter.corrects);
}

export function filingRepo(db: Db, scope: Scope): FilingRepo {
  const byId = (q: Knex.QueryBuilder, id: string) =>
    isUuid(id) ? q.where("id", id) : q.where("short_id", id);
  /**
   * A guarded update of many filings by id, CHUNK ids a statement; the rows it changed, with `returning`. The ids
   * drive (a join from unnest by primary key) and the status guard is a join clause, as in markQueued below: as a
   * restriction (`status in (...)`) the planner walked the status index over every filing in that status and tested
   * each against the ids, so acknowledging 100,000 filings in chunks of 5,000 read 100,000 index entries and rows per
   * chunk (issue 19's season).
   */
  const updateInChunks = async <T>(
    on: Db,
    keys: UpdateKeys<T>,
    rows: readonly T[],
    from: readonly string[],
    patch: FilingPatch,
    returning: Exclude<Moved, "filing">,
  ): Promise<unknown[]> => {
    const cols = stateColumns(patch);
    const names = Object.keys(cols);
    if (names.length === 0 || rows.length === 0) return [];
    const sql = movedSql(
      `update filing_states f set ${[...names.map((c) => `"${c}" = ?`), ...keys.sets].join(", ")}
      from ${keys.unnest}, unnest(?::text[]) as m(expected)
      where f.id = v.id and f.account_id = ? and f.livemode = ? and f.status = m.expected
      returning f.id`,
      patch.status,
      returning,
    );
    const out: unknown[] = [];
    await inChunks(on, rows, async (q, part) => {
      const r = await q.raw(sql, [
        ...names.map((c) => cols[c]),
        ...keys.bind(part),
        from,
        scope.accountId,
        scope.livemode,
      ] as unknown as Knex.RawBinding[]);
      out.push(...rowsOf(r.rows));
    });
    return out;
  };
  return {
    insertMany: (rows) =>
      run(async () => {
        if (rows.length === 0) return new Set<string>();
        const out = new Set<string>();
        if (copyAvailable(db) && rows.length >= COPY_MIN_ROWS) {
          // Both COPYs in one transaction (the caller's when there is one): the states of the forms let in.
          await inTransaction(db, async (trx) => {
            const inserted = await copyInsertElseGuarded(
              trx,
              "filing_forms",
              FORM_NAMES,
              rows.map(formValues),
              (values) => values[0] as string,
              FORM_MOVE,
            );
            for (const row of inserted) out.add(IdRow.decode(row).id);
            const states = out.size === rows.length ? rows : rows.filter((f) => out.has(f.id));
            if (states.length > 0)
              await copyInsertElseGuarded(
                trx,
                "filing_states",
                STATE_NAMES,
                states.map(stateValues),
                (values) => values[0] as string,
                STATE_MOVE,
              );
          });
          return out;
        }
        // Originals go through the duplicate guard; corrections carry `corrects` and are outside the index.
        // In statements of INSERT_CHUNK rows: a FIRE import of 16,000 forms is then not one 25 MB JSON string (and its
        // copy in the driver's buffer) at once.
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const r = await db.raw(FILING_INSERT, [
            JSON.stringify(rows.slice(i, i + INSERT_CHUNK).map(filingRecord)),
          ]);
          for (const row of rowsOf(r.rows)) out.add(IdRow.decode(row).id);
        }
        return out;
      }),
    get: (id) =>
      run(async () => {
        const row: unknown = await byId(scopedTable(db, "filings", scope), id).first();
        return oneWithReceipt(db, scope, row ? toFiling(row) : undefined);
      }),
    list: (page, filter) =>
      run(async () => {
        const p = pageMap(
          await pageOf(db, "filings", scope, page, (q) => filterFilings(q, filter)),
          page.limit,
          toFiling,
        );
        return { ...p, data: await withReceipts(db, scope, [...p.data]) };
      }),
    listAll: (filter) =>
      run(async () => {
        const q = scopedTable(db, "filings", scope);
        filterFilings(q, filter);
        return withReceipts(
          db,
          scope,
          rowsOf(await q.orderBy("filings.id").select("filings.*")).map(toFiling),
        );
      }),
    getMany: (ids) =>
      run(async () => {
        if (ids.length === 0) return [];
        const rows = (
          await db.raw(FILINGS_BY_ID, [
            [...new Set(ids)],
            scope.accountId,
            scope.livemode,
          ] as Knex.RawBinding[])
        ).rows;
        return withReceipts(db, scope, rowsOf(rows).map(toFiling));
      }),
    update: (id, from, patch) =>
      run(async () => {
        const cols = stateColumns(patch);
        const names = Object.keys(cols);
        const [row] = rowsOf(
          (
            await db.raw(
              movedSql(
                `update filing_states set ${names.map((c) => `"${c}" = ?`).join(", ")}
                where id = ? and account_id = ? and livemode = ? and status = any(?::text[]) returning *`,
                patch.status,
                "filing",
              ),
              [...names.map((c) => cols[c]), id, scope.accountId, scope.livemode, from] as Knex.RawBinding[],
            )
          ).rows,
        );
        return oneWithReceipt(db, scope, row === undefined ? undefined : toFiling(row));
      }),
    updateMany: (ids, from, patch) =>
      run(async () =>
        (await updateInChunks(db, BY_ID, ids, from, patch, "ids")).map((r) => IdRow.decode(r).id),
      ),
    assignRecords: (records, from, patch) =>
      run(async () =>
        (await updateInChunks(db, BY_RECORD, records, from, patch, "ids")).map((r) => IdRow.decode(r).id),
      ),
    moveMany: (ids, from, patch) =>
      run(async () => (await updateInChunks(db, BY_ID, ids, from, patch, "form")).map(toMovedFiling)),
    // The guarded updates (updateInChunks, markQueued): the status guard is a join clause (`f.status = m.expected`,
    // the expected statuses unnested beside the rows sent), not a restriction on the table. As a restriction the
    // planner estimated it from statistics taken before the rows changed status (none `submitted` yet): it took the
    // guard for one row, scanned `filings` first and compared every row with every array element, and a 20,000-form
    // receipt ran for minutes on a table of 100,000 filings (issue 19's season). As a join clause the rows sent
    // drive, by primary key (or a hash join on a small table). recordReceipt reads by a probe per id (RECEIPT_CHECK)
    // and writes only the filings whose ids changed since their claim, with the receipt on the row; the others get
    // it from their transmission's row (RECEIPT_INSERT).
    recordReceipt: (receipt, records) =>
      run(async () => {
        if (records.length === 0) return 0;
        return db.transaction(async (trx) => {
          let n = 0;
          const stale: RecordIds[] = [];
          for (let i = 0; i < records.length; i += CHUNK) {
            const part = records.slice(i, i + CHUNK);
            const found = rowsOf(
              (
                await trx.raw(RECEIPT_CHECK, [
                  receipt.transmissionId,
                  part.map((x) => x.filingId),
                  part.map((x) => x.submissionId),
                  part.map((x) => x.recordId),
                  scope.accountId,
                  scope.livemode,
                ] as unknown as Knex.RawBinding[])
              ).rows,
            ).map((row) => ReceiptCheckRow.decode(row));
            n += found.length;
            for (const r of found)
              if (r.stale)
                stale.push({ filingId: r.id, submissionId: r.submission_id, recordId: r.record_id });
          }
          if (n === 0) return 0;
          // Rare (a transmission planned again, or a claim from before the receipt was kept per transmission): the
          // filing gets its ids and the receipt on its row.
          if (stale.length > 0)
            await updateInChunks(
              trx,
              BY_RECORD,
              stale,
              ["submitted"],
              {
                transmissionId: receipt.transmissionId,
                receiptId: receipt.receiptId,
                updatedAt: receipt.updatedAt,
              },
              "ids",
            );
          await trx.raw(RECEIPT_INSERT, [
            scope.accountId,
            scope.livemode,
            receipt.transmissionId,
            receipt.receiptId,
            receipt.updatedAt,
          ]);
          return n;
        });
      }),
    receiptRecords: (receiptId) =>
      run(async () =>
        rowsOf(
          (
            await db.raw(RECEIPT_RECORDS, [
              scope.accountId,
              scope.livemode,
              receiptId,
              scope.accountId,
              scope.livemode,
              receiptId,
            ])
          ).rows,
        ).map(toReceiptRecord),
      ),
    markQueued: (pay, orderId, charges, now) =>
      run(async () => {
        if (charges.length === 0) return 0;
        let n = 0;
        await inChunks(db, charges, async (q, part) => {
          const r = await q.raw(
            `update filing_states f set status = ?, order_id = ?, amount_charged_cents = c.amount, updated_at = ?
        from unnest(?::uuid[], ?::int[]) as c(id, amount), unnest(?::text[]) as m(expected)
        where f.id = c.id and f.account_id = ? and f.livemode = ? and f.status = m.expected`,
            [
              pay.to,
              orderId,
              now,
              part.map((c) => c.id),
              part.map((c) => c.amountChargedCents),
              pay.from,
              scope.accountId,
              scope.livemode,
            ] as unknown as Knex.RawBinding[],
          );
          n += rowCountOf(r);
        });
        return n;
      }),
    findFiledOriginal: (key) =>
      run(async () => {
        // By the duplicate guard's index (filing_forms: the key of a live original), then its state.
        const row: unknown = await scopedTable(db, "filings", scope)
          .whereIn(
            "id",
            db("filing_forms")
              .where({
                account_id: scope.accountId,
                livemode: scope.livemode,
                dup_key: dupKey(key),
                live: true,
              })
              .whereNull("corrects")
              .select("id"),
          )
          .whereIn("status", ["accepted", "accepted_with_errors"])
          .orderBy("created_at", "desc")
          .first();
        return oneWithReceipt(db, scope, row ? toFiling(row) : undefined);
      }),
  };
}

export function batchRepo(db: Db, scope: Scope): BatchRepo {
  return {
    insert: (b) =>
      run(() =>
        db("batches").insert({
          id: b.id,
          account_id: b.accountId,
          livemode: b.livemode,
          kind: b.kind,
          payer_id: b.payerId,
          reference: b.reference,
          created: b.created,
          failed: b.failed,
          // A saved row's warnings are stored once, on its filing (issue 41: they are most of a warned batch's
          // size); the row keeps a mark and `get` reads them back.
          rows: JSON.stringify(
            b.rows.map((r) => {
              if (r.id === null || r.warnings === undefined || r.warnings.length === 0) return r;
              const { warnings: _onTheFiling, ...rest } = r;
              return { ...rest, warned: true };
            }),
          ),
          created_at: b.createdAt,
        }),
      ).pipe(Effect.asVoid),
    get: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "batches", scope).where("id", id).first();
        if (!row) return undefined;
        const decoded = decodeBatchRow(row);
        const ids = warnedIds(decoded);
        const found: unknown[] =
          ids.length === 0
            ? []
            : await db("filing_forms")
                .where({ account_id: scope.accountId, livemode: scope.livemode })
                .whereIn("id", ids)
                .select("id", "warnings");
        const warnings = new Map(
          found.map((f) => {
            const w = BatchWarningsRow.decode(f);
            return [w.id, expandAll(w.warnings)] as const;
          }),
        );
        return toBatch(decoded, warnings);
      }),
  };
}
