// TIN-match runs on Knex.
import { Effect } from "effect";
import type { Scope } from "../../../core/ports/store.port.ts";
import type { Row } from "../rows.ts";
import type { TinMatchRepo, TinMatchRun } from "../../../core/ports/store.port.ts";
import { type Db, run, scopedTable, pageOf, pageMap, isoOf, jsonOf } from "./shared.ts";

export function toRun(r: Row): TinMatchRun {
  return {
    id: String(r["id"]),
    status: r["status"] === "completed" ? "completed" : "processing",
    count: Number(r["count"]),
    entries: jsonOf(r["entries"]),
    results: r["results"] ? jsonOf(r["results"]) : null,
    createdAt: isoOf(r["created_at"]),
    completedAt: r["completed_at"] ? isoOf(r["completed_at"]) : null,
  };
}

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
        const row = (await scopedTable(db, "tin_match_runs", scope).where("id", id).first()) as
          | Row
          | undefined;
        return row ? toRun(row) : undefined;
      }),
    list: (page) =>
      run(async () => pageMap(await pageOf(db, "tin_match_runs", scope, page), page.limit, toRun)),
    complete: (id, results, now) =>
      run(
        async () =>
          (
            (await scopedTable(db, "tin_match_runs", scope)
              .where({ id, status: "processing" })
              .update({ status: "completed", results: JSON.stringify(results), completed_at: now })
              .returning("id")) as Row[]
          ).length === 1,
      ),
  };
}
