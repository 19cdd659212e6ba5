// The results of idempotent operations (issue 38), written in the operation's own transaction.
import * as Effect from "effect/Effect";
import type * as Ports from "../../../core/ports/store.port.ts";
import { OperationResultRow } from "../rows.ts";
import { type Db, run, scopedTable } from "./shared.ts";

export function operationRepo(db: Db, scope: Ports.Scope): Ports.OperationRepo {
  return {
    result: (operationId, kind) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "operation_results", scope)
          .where({ operation_id: operationId, kind })
          .first("result");
        return row === undefined ? undefined : (JSON.parse(OperationResultRow.decode(row).result) as unknown);
      }),
    record: (operationId, kind, result, now) =>
      run(() =>
        db("operation_results").insert({
          account_id: scope.accountId,
          livemode: scope.livemode,
          operation_id: operationId,
          kind,
          result: JSON.stringify(result),
          created_at: now,
        }),
      ).pipe(Effect.asVoid),
  };
}
