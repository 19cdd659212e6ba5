// W-9 requests (issue 40) on Knex: status changes by compare-and-set in one UPDATE, the signed W-9 as jsonb.
import * as Effect from "effect/Effect";
import type { W9Request } from "../../../core/domain/w9/request.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import type { W9Queue, W9RequestPatch, W9RequestRepo } from "../../../core/ports/w9-requests.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import { rowsOf, ScopedIdRow, toColumns, toW9Request } from "../rows.ts";
import { type Db, pageMap, pageOf, run, scopedTable } from "./shared.ts";

const columnsOf = (r: Partial<W9Request> | W9RequestPatch) => {
  const { signed, ...rest } = r;
  const cols = toColumns(rest);
  if (signed !== undefined) cols["signed"] = signed === null ? null : JSON.stringify(signed);
  return cols;
};

export function w9RequestRepo(db: Db, scope: Scope): W9RequestRepo {
  const table = () => scopedTable(db, "w9_requests", scope);
  return {
    insert: (r) =>
      run(() =>
        db("w9_requests").insert({ ...columnsOf(r), account_id: scope.accountId, livemode: scope.livemode }),
      ).pipe(Effect.asVoid),
    get: (id) =>
      run(async () => {
        const row: unknown = await table().where("id", id).first();
        return row ? toW9Request(row) : undefined;
      }),
    list: (page, filter) =>
      run(async () =>
        pageMap(
          await pageOf(db, "w9_requests", scope, page, (q) => {
            if (filter.status !== undefined) q.where("w9_requests.status", filter.status);
            if (filter.payerId !== undefined) {
              if (isUuid(filter.payerId)) q.where("w9_requests.payer_id", filter.payerId);
              else q.whereRaw("false");
            }
            if (filter.recipientId !== undefined) {
              if (isUuid(filter.recipientId)) q.where("w9_requests.recipient_id", filter.recipientId);
              else q.whereRaw("false");
            }
          }),
          page.limit,
          toW9Request,
        ),
      ),
    update: (id, from, patch) =>
      run(async () => {
        const [row] = rowsOf(
          await table()
            .where("id", id)
            .whereIn("status", [...from])
            .update(columnsOf(patch))
            .returning("*"),
        );
        return row === undefined ? undefined : toW9Request(row);
      }),
    byTinMatchRun: (runId) =>
      run(async () => rowsOf(await table().where("tin_match_run", runId).select("*")).map(toW9Request)),
    latestCompleted: (recipientIds) =>
      run(async () => {
        const ids = [...new Set(recipientIds)].filter(isUuid);
        if (ids.length === 0) return [];
        return rowsOf(
          await table()
            .whereIn("recipient_id", ids)
            .andWhere("status", "completed")
            .distinctOn("recipient_id")
            .orderBy([{ column: "recipient_id" }, { column: "completed_at", order: "desc" }])
            .select("*"),
        ).map(toW9Request);
      }),
  };
}

const refOf = (row: unknown) => {
  const r = ScopedIdRow.decode(row);
  return { accountId: r.account_id, livemode: r.livemode, id: r.id };
};

export function w9Queue(db: Db): W9Queue {
  return {
    byToken: (tokenHash) =>
      run(async () => {
        const row: unknown = await db("w9_requests")
          .where("token_hash", tokenHash)
          .first("account_id", "livemode", "id");
        return row ? refOf(row) : undefined;
      }),
    due: (now, limit) =>
      run(async () =>
        rowsOf(
          await db("w9_requests")
            .where("status", "sent")
            .andWhere("expires_at", "<=", now)
            .orderBy([{ column: "expires_at" }, { column: "id" }])
            .limit(limit)
            .select("account_id", "livemode", "id"),
        ).map(refOf),
      ),
  };
}
