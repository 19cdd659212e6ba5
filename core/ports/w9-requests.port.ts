// Issue 40: the storage of W-9 requests. A request changes status only by compare-and-set (`update` with the
// statuses it may leave from), so a link completed twice at once, or a cancel racing the payee's signature, ends
// with one winner. The queue finds a link's request across accounts (by the token's hash) and the open requests
// past their expiry for the worker's sweep.
import type * as Effect from "effect/Effect";
import type { Page, PageQuery } from "../domain/shared/paging.ts";
import type { W9Request, W9RequestStatus } from "../domain/w9/request.ts";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type W9RequestPatch = Partial<
  Omit<Mutable<W9Request>, "id" | "payerId" | "createdAt" | "email" | "name" | "reference">
> & { readonly updatedAt: string };

export interface W9RequestFilter {
  readonly status?: W9RequestStatus;
  readonly recipientId?: string;
  readonly payerId?: string;
}

export interface W9RequestRepo {
  readonly insert: (r: W9Request) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<W9Request | undefined>;
  /** Newest first, paged like every list; the filter is applied in the query. */
  readonly list: (page: PageQuery, filter: W9RequestFilter) => Effect.Effect<Page<W9Request>>;
  /** Applies `patch` when the request's status is one of `from`: the updated request, or undefined. */
  readonly update: (
    id: string,
    from: readonly W9RequestStatus[],
    patch: W9RequestPatch,
  ) => Effect.Effect<W9Request | undefined>;
  /** The requests whose completion started this TIN-match run. */
  readonly byTinMatchRun: (runId: string) => Effect.Effect<readonly W9Request[]>;
  /** The latest completed request of each of these recipients (the recipient's view shows its TIN match). */
  readonly latestCompleted: (recipientIds: readonly string[]) => Effect.Effect<readonly W9Request[]>;
}

export interface W9Ref {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly id: string;
}

export interface W9Queue {
  /** The request whose current link has this token hash. */
  readonly byToken: (tokenHash: string) => Effect.Effect<W9Ref | undefined>;
  /** Requests still `sent` whose expiry is at or before `now`, earliest expiry first. */
  readonly due: (now: string, limit: number) => Effect.Effect<readonly W9Ref[]>;
}
