import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";

export interface IdempotencyKeyRef {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly method: string;
  readonly path: string;
  readonly key: string;
}

export interface StoredResponse {
  readonly status: number;
  readonly body: string;
  readonly contentType: string;
}

export type ClaimResult =
  /** `operationId` names the operation the request is: kept across a crashed or failed attempt's retry. */
  | { readonly kind: "claimed"; readonly operationId: string }
  | { readonly kind: "replay"; readonly response: StoredResponse }
  | { readonly kind: "in_flight" }
  | { readonly kind: "mismatch" };

/** D30: a key is claimed before work starts; the finished response is stored for replay for 24 h. */
export class IdempotencyStore extends Context.Service<
  IdempotencyStore,
  {
    readonly claim: (
      ref: IdempotencyKeyRef,
      requestHash: string,
      now: Date,
      claimTtlMs: number,
      /** The operation id a first claim (or a claim of a record older than 24 h) gets. */
      newOperationId: string,
    ) => Effect.Effect<ClaimResult>;
    readonly complete: (ref: IdempotencyKeyRef, response: StoredResponse, now: Date) => Effect.Effect<void>;
    /**
     * Frees a claim whose request failed in a way worth retrying (a 5xx), so a retry can run at once. The record
     * stays, with its operation id: a retry with the same body is the same operation (whatever it did before it
     * failed, a charge made, is found again), one with another body is a new operation.
     */
    readonly release: (ref: IdempotencyKeyRef) => Effect.Effect<void>;
  }
>()("core/IdempotencyStore") {}

/**
 * The operation the current request is (issue 38), set by the host around a request with an Idempotency-Key: an
 * id that stays the same when the request is retried after a crash or a 5xx. A use case that moves money derives
 * its outside parties' idempotency keys from it and records its result under it (`ScopedStore.operations`) in its
 * own transaction, so the retry finds the result instead of running again. Undefined when the caller gave no key
 * (or the use case runs from the command line): the use case then makes fresh ids as before.
 */
export class IdempotentOperation extends Context.Reference<string | undefined>("core/IdempotentOperation", {
  defaultValue: () => undefined,
}) {}
