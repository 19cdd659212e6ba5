import type * as Effect from "effect/Effect";

/**
 * The results of idempotent operations (issue 38): a use case writes its result here in the transaction that makes
 * its other writes, under the request's operation id (`IdempotentOperation`), and reads it first on a retry. Results
 * are JSON values; `kind` names the use case (a top-up, a pay), so two use cases never read each other's.
 */
export interface OperationRepo {
  readonly result: (operationId: string, kind: string) => Effect.Effect<unknown>;
  readonly record: (operationId: string, kind: string, result: unknown, now: string) => Effect.Effect<void>;
}
