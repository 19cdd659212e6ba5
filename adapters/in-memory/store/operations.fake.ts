import * as Effect from "effect/Effect";
import type * as Ports from "../../../core/ports/store.port.ts";
import { type FakeScope } from "./shared.ts";

export function fakeOperations(c: FakeScope): Ports.OperationRepo {
  const { ref, scope } = c;
  const key = (operationId: string, kind: string) =>
    JSON.stringify([scope.accountId, scope.livemode, operationId, kind]);
  return {
    result: (operationId, kind) =>
      Effect.sync(() => {
        const text = ref.t.operations.get(key(operationId, kind));
        return text === undefined ? undefined : (JSON.parse(text) as unknown);
      }),
    record: (operationId, kind, result) =>
      Effect.sync(() => {
        const k = key(operationId, kind);
        // The primary key of the SQL table: a second record of one operation is a defect there too.
        if (ref.t.operations.has(k))
          throw new Error(`operation ${operationId} (${kind}) is already recorded`);
        ref.t.operations.set(k, JSON.stringify(result));
      }),
  };
}
