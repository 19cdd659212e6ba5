// TIN-match runs on Knex.
import * as Effect from "effect/Effect";
import type { Scope } from "../../../core/ports/store.port.ts";
import { rowsOf, toRun } from "../rows.ts";
import type { TinMatchRepo } from "../../../core/ports/store.port.ts";
import { type Db, run, scopedTable, pageOf, pageMap } from "./shared.ts";

export function tinMatchRepo(db: Db, scope: Scope): TinMatchRepo {
  return {
    insert: (run0) =>
      run(() =>
        db("tin_match_runs").insert({
          id: run0.id,
          account_id: scope.accountId,
          livemode: scope.livemode,
          status: run0.status,
          count: run0.count,
          entries: JSON.stringify(run0.entries),
          results: null,
          created_at: run0.createdAt,
        }),
      ).pipe(Effect.asVoid),
    get: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "tin_match_runs", scope).where("id", id).first();
        return row ? toRun(row) : undefined;
      }),
    list: (page) =>
      run(async () => pageMap(await pageOf(db, "tin_match_runs", scope, page), page.limit, toRun)),
    complete: (id, results, now) =>
      run(
        async () =>
          rowsOf(
            await scopedTable(db, "tin_match_runs", scope)
              .where({ id, status: "processing" })
              .update({ status: "completed", results: JSON.stringify(results), completed_at: now })
              .returning("id"),
          ).length === 1,
      ),
  };
}
