// Recipient statements, their deliveries and e-delivery consent (issue 39).
import * as Effect from "effect/Effect";
import type {
  ConsentRecord,
  StatementDeliveryRecord,
  StatementQueue,
  StatementRepo,
} from "../../../core/ports/statements.port.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import {
  PortalRefRow,
  rowsOf,
  StatementRefRow,
  toConsent,
  toStatement,
  toStatementDelivery,
} from "../rows.ts";
import { type Db, INSERT_CHUNK, pageMap, pageOf, run, scopedTable } from "./shared.ts";

const uuids = (ids: readonly string[]) => [...new Set(ids)].filter(isUuid);

const deliveryColumns = (scope: Scope, d: StatementDeliveryRecord) => ({
  id: d.id,
  account_id: scope.accountId,
  livemode: scope.livemode,
  filing_id: d.filingId,
  recipient_id: d.recipientId,
  channel: d.channel,
  kind: d.kind,
  key: d.key,
  status: d.status,
  vendor_id: d.vendorId,
  to_email: d.toEmail,
  failure_reason: d.failureReason,
  expected_delivery_date: d.expectedDeliveryDate,
  events: JSON.stringify(d.events),
  created_at: d.createdAt,
  updated_at: d.updatedAt,
});

export function statementRepo(db: Db, scope: Scope): StatementRepo {
  const none = (recipientId: string): ConsentRecord => ({ recipientId, status: "none", at: null });
  return {
    open: (rows, now) =>
      run(async () => {
        const opened: string[] = [];
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const chunk = rows.slice(i, i + INSERT_CHUNK).map((r) => ({
            account_id: scope.accountId,
            livemode: scope.livemode,
            filing_id: r.filingId,
            recipient_id: r.recipientId,
            created_at: now,
            updated_at: now,
          }));
          const ids = rowsOf(
            await db("statements").insert(chunk).onConflict().ignore().returning("filing_id"),
          );
          for (const r of ids) opened.push(String((r as { filing_id: unknown }).filing_id));
        }
        return opened;
      }),
    get: (filingId) =>
      run(async () => {
        if (!isUuid(filingId)) return undefined;
        const row: unknown = await scopedTable(db, "statements", scope).where("filing_id", filingId).first();
        return row === undefined ? undefined : toStatement(row);
      }),
    getMany: (filingIds) =>
      run(async () => {
        const ids = uuids(filingIds);
        if (ids.length === 0) return [];
        return rowsOf(await scopedTable(db, "statements", scope).whereIn("filing_id", ids)).map(toStatement);
      }),
    planned: (plans, updatedAt) =>
      run(async () => {
        const recorded: string[] = [];
        const valid = plans.filter((p) => isUuid(p.filingId));
        for (let i = 0; i < valid.length; i += INSERT_CHUNK) {
          const chunk = valid.slice(i, i + INSERT_CHUNK);
          const result = await db.raw(
            `update statements s set planned_epoch = v.epoch, furnished = v.furnished,
              not_furnished = v.not_furnished, updated_at = ?
            from unnest(?::uuid[], ?::int[], ?::boolean[], ?::text[]) as v(filing_id, epoch, furnished, not_furnished)
            where s.account_id = ? and s.livemode = ? and s.filing_id = v.filing_id and s.epoch = v.epoch
            returning s.filing_id`,
            [
              updatedAt,
              chunk.map((p) => p.filingId),
              chunk.map((p) => p.epoch),
              chunk.map((p) => p.furnished),
              // null elements go as SQL NULLs (Knex's binding type knows no nullable arrays).
              chunk.map((p) => p.notFurnished) as string[],
              scope.accountId,
              scope.livemode,
            ],
          );
          for (const r of rowsOf(result.rows)) recorded.push(String((r as { filing_id: unknown }).filing_id));
        }
        return recorded;
      }),
    touch: (filingIds, now) =>
      run(async () => {
        const ids = uuids(filingIds);
        if (ids.length === 0) return;
        await scopedTable(db, "statements", scope)
          .whereIn("filing_id", ids)
          .update({ epoch: db.raw("epoch + 1"), updated_at: now });
      }),
    touchRecipient: (recipientId, now) =>
      run(async () => {
        if (!isUuid(recipientId)) return;
        await scopedTable(db, "statements", scope)
          .where("recipient_id", recipientId)
          .update({ epoch: db.raw("epoch + 1"), updated_at: now });
      }),
    markMailRefunded: (filingId, cents, now) =>
      run(async () => {
        const n = await scopedTable(db, "statements", scope)
          .where({ filing_id: filingId, mail_refunded_cents: 0 })
          .update({ mail_refunded_cents: cents, updated_at: now });
        return n > 0;
      }),
    deliveries: (filingIds) =>
      run(async () => {
        const ids = uuids(filingIds);
        if (ids.length === 0) return [];
        return rowsOf(
          await scopedTable(db, "statement_deliveries", scope)
            .whereIn("filing_id", ids)
            .orderBy([{ column: "created_at" }, { column: "id" }]),
        ).map(toStatementDelivery);
      }),
    insertDeliveries: (rows) =>
      run(async () => {
        const inserted: string[] = [];
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const chunk = rows.slice(i, i + INSERT_CHUNK).map((d) => deliveryColumns(scope, d));
          for (const r of rowsOf(
            await db("statement_deliveries").insert(chunk).onConflict().ignore().returning("id"),
          ))
            inserted.push(String((r as { id: unknown }).id));
        }
        return inserted;
      }),
    getDelivery: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "statement_deliveries", scope).where("id", id).first();
        return row === undefined ? undefined : toStatementDelivery(row);
      }),
    updateDelivery: (id, from, patch) =>
      run(async () => {
        const cols: Record<string, unknown> = { updated_at: patch.updatedAt };
        if (patch.status !== undefined) cols["status"] = patch.status;
        if (patch.vendorId !== undefined) cols["vendor_id"] = patch.vendorId;
        if (patch.failureReason !== undefined) cols["failure_reason"] = patch.failureReason;
        if (patch.expectedDeliveryDate !== undefined)
          cols["expected_delivery_date"] = patch.expectedDeliveryDate;
        if (patch.event !== undefined)
          cols["events"] = db.raw("events || ?::jsonb", [JSON.stringify([patch.event])]);
        const rows = rowsOf(
          await scopedTable(db, "statement_deliveries", scope)
            .where("id", id)
            .whereIn("status", [...from])
            .update(cols)
            .returning("*"),
        );
        return rows[0] === undefined ? undefined : toStatementDelivery(rows[0]);
      }),
    listDeliveries: (page, filter) =>
      run(async () =>
        pageMap(
          await pageOf(db, "statement_deliveries", scope, page, (q) => {
            if (filter.status !== undefined) q.where("statement_deliveries.status", filter.status);
            if (filter.filingId !== undefined) {
              if (isUuid(filter.filingId)) q.where("statement_deliveries.filing_id", filter.filingId);
              else q.whereRaw("false");
            }
          }),
          page.limit,
          toStatementDelivery,
        ),
      ),
    consent: (recipientId) =>
      run(async () => {
        if (!isUuid(recipientId)) return none(recipientId);
        const row: unknown = await scopedTable(db, "recipient_consents", scope)
          .where("recipient_id", recipientId)
          .first();
        return row === undefined ? none(recipientId) : toConsent(row);
      }),
    setConsent: (recipientId, status, at) =>
      run(() =>
        db("recipient_consents")
          .insert({
            account_id: scope.accountId,
            livemode: scope.livemode,
            recipient_id: recipientId,
            status,
            at,
          })
          .onConflict(["account_id", "livemode", "recipient_id"])
          .merge(["status", "at"]),
      ).pipe(Effect.asVoid),
    consents: (recipientIds) =>
      run(async () => {
        const ids = uuids(recipientIds);
        if (ids.length === 0) return [];
        const found = new Map(
          rowsOf(await scopedTable(db, "recipient_consents", scope).whereIn("recipient_id", ids))
            .map(toConsent)
            .map((c) => [c.recipientId, c] as const),
        );
        return ids.map((id) => found.get(id) ?? none(id));
      }),
    byRecipient: (recipientId) =>
      run(async () =>
        isUuid(recipientId)
          ? rowsOf(
              await scopedTable(db, "statements", scope)
                .where("recipient_id", recipientId)
                .orderBy([
                  { column: "created_at", order: "desc" },
                  { column: "filing_id", order: "desc" },
                ]),
            ).map(toStatement)
          : [],
      ),
    markViewed: (filingId, now) =>
      run(async () => {
        if (!isUuid(filingId)) return false;
        const n = await scopedTable(db, "statements", scope)
          .where("filing_id", filingId)
          .whereNull("viewed_at")
          .update({ viewed_at: now });
        return n > 0;
      }),
  };
}

const ref = (row: unknown) => {
  const r = StatementRefRow.decode(row);
  return { accountId: r.account_id, livemode: r.livemode, id: r.id };
};

export function statementQueue(db: Db): StatementQueue {
  return {
    pending: (limit) =>
      run(async () =>
        rowsOf(
          await db("statements")
            .whereRaw("planned_epoch < epoch")
            .orderBy("updated_at")
            .limit(limit)
            .select("account_id", "livemode", { id: "filing_id" }),
        )
          .map(ref)
          .map((r) => ({ accountId: r.accountId, livemode: r.livemode, filingId: r.id })),
      ),
    stalled: (before, limit) =>
      run(async () =>
        rowsOf(
          await db("statement_deliveries")
            .where("status", "queued")
            .whereNull("vendor_id")
            .andWhere("updated_at", "<", before)
            .orderBy("updated_at")
            .limit(limit)
            .select("account_id", "livemode", "id"),
        )
          .map(ref)
          .map((r) => ({ accountId: r.accountId, livemode: r.livemode, deliveryId: r.id })),
      ),
    byDeliveryId: (deliveryId) => deliveryWhere("id", deliveryId),
    byVendorId: (vendorId) => deliveryWhere("vendor_id", vendorId),
    byAccessCode: (code) =>
      run(async () => {
        const row: unknown = await db("recipient_consents")
          .where("access_code", code)
          .first("account_id", "livemode", "recipient_id");
        if (row === undefined) return undefined;
        const r = PortalRefRow.decode(row);
        return { accountId: r.account_id, livemode: r.livemode, recipientId: r.recipient_id };
      }),
  };

  /** The one delivery whose `column` is `value`, in whichever environment it is. */
  function deliveryWhere(column: "id" | "vendor_id", value: string) {
    return Effect.map(
      run(async () => {
        const row: unknown = await db("statement_deliveries")
          .where(column, value)
          .first("account_id", "livemode", "id");
        return row;
      }),
      (row) => {
        if (row === undefined) return undefined;
        const r = ref(row);
        return { accountId: r.accountId, livemode: r.livemode, deliveryId: r.id };
      },
    );
  }
}
