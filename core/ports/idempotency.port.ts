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
  | { readonly kind: "claimed" }
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
    ) => Effect.Effect<ClaimResult>;
    readonly complete: (ref: IdempotencyKeyRef, response: StoredResponse, now: Date) => Effect.Effect<void>;
    /** Drops a claim whose request failed in a way worth retrying (a 5xx), so a retry can run. */
    readonly release: (ref: IdempotencyKeyRef) => Effect.Effect<void>;
  }
>()("core/IdempotencyStore") {}
