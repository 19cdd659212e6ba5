// B-notices (issue 40 item 4) on Knex: one row per natural key (a unique index; the insert does nothing on a
// conflict), status changes by compare-and-set in one UPDATE.
import { OPEN_B_NOTICE_STATUSES } from "../../../core/domain/w9/b-notice-record.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import type { BNoticeQueue, BNoticeRepo } from "../../../core/ports/b-notices.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import { rowsOf, ScopedIdRow, toBNotice, toColumns } from "../rows.ts";
import { type Db, pageMap, pageOf, run, scopedTable } from "./shared.ts";

export function bNoticeRepo(db: Db, scope: Scope): BNoticeRepo {
  const table = () => scopedTable(db, "b_notices", scope);
  return {
    insert: (n) =>
      run(async () => {
        const inserted = rowsOf(
          await db("b_notices")
            .insert({ ...toColumns(n), account_id: scope.accountId, livemode: scope.livemode })
            .onConflict()
            .ignore()
            .returning("id"),
        );
        return inserted.length === 1;
      }),
    get: (id) =>
      run(async () => {
        const row: unknown = await table().where("id", id).first();
        return row ? toBNotice(row) : undefined;
      }),
    list: (page, filter) =>
      run(async () =>
        pageMap(
          await pageOf(db, "b_notices", scope, page, (q) => {
            if (filter.status !== undefined) q.where("b_notices.status", filter.status);
            if (filter.uploadId !== undefined) q.where("b_notices.upload_id", filter.uploadId);
            for (const [col, v] of [
              ["payer_id", filter.payerId],
              ["recipient_id", filter.recipientId],
            ] as const)
              if (v !== undefined) {
                if (isUuid(v)) q.where(`b_notices.${col}`, v);
                else q.whereRaw("false");
              }
          }),
          page.limit,
          toBNotice,
        ),
      ),
    ofRecipients: (recipientIds) =>
      run(async () => {
        const ids = [...new Set(recipientIds)].filter(isUuid);
        if (ids.length === 0) return [];
        return rowsOf(
          await table()
            .whereIn("recipient_id", ids)
            .orderBy([{ column: "created_at" }, { column: "id" }])
            .select("*"),
        ).map(toBNotice);
      }),
    update: (id, from, patch) =>
      run(async () => {
        const [row] = rowsOf(
          await table()
            .where("id", id)
            .whereIn("status", [...from])
            .update(toColumns(patch))
            .returning("*"),
        );
        return row === undefined ? undefined : toBNotice(row);
      }),
    markWithholdingRequired: (id, at) =>
      run(async () => {
        const [row] = rowsOf(
          await table()
            .where("id", id)
            .whereIn("status", [...OPEN_B_NOTICE_STATUSES])
            .whereNull("withholding_required_at")
            .update({ withholding_required_at: at, updated_at: at })
            .returning("*"),
        );
        return row === undefined ? undefined : toBNotice(row);
      }),
  };
}

const refOf = (row: unknown) => {
  const r = ScopedIdRow.decode(row);
  return { accountId: r.account_id, livemode: r.livemode, id: r.id };
};

export function bNoticeQueue(db: Db): BNoticeQueue {
  return {
    stalled: (before, limit) =>
      run(async () =>
        rowsOf(
          await db("b_notices")
            .where("status", "queued")
            .andWhere("created_at", "<", before)
            .orderBy([{ column: "created_at" }, { column: "id" }])
            .limit(limit)
            .select("account_id", "livemode", "id"),
        ).map(refOf),
      ),
    withholdingDue: (today, limit) =>
      run(async () =>
        rowsOf(
          await db("b_notices")
            .whereIn("status", [...OPEN_B_NOTICE_STATUSES])
            .whereNull("withholding_required_at")
            .andWhere("withhold_by", "<=", today)
            .orderBy([{ column: "withhold_by" }, { column: "id" }])
            .limit(limit)
            .select("account_id", "livemode", "id"),
        ).map(refOf),
      ),
  };
}
