import type * as Effect from "effect/Effect";
import type { TinMatchResult, TinMatchRun } from "../domain/parties/tin-match-run.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface TinMatchRepo {
  readonly insert: (run: TinMatchRun) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<TinMatchRun | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<TinMatchRun>>;
  /** Completes a processing run; false when it was already completed (a retried job). */
  readonly complete: (id: string, results: readonly TinMatchResult[], now: string) => Effect.Effect<boolean>;
}

/** TIN match runs across accounts: the worker's safety net and the IRS's daily allowance (one IRS user id). */
export interface TinMatchQueue {
  /** Runs still processing that were created before `createdBefore`. */
  readonly pending: (
    createdBefore: string,
    limit: number,
  ) => Effect.Effect<
    readonly { readonly id: string; readonly accountId: string; readonly livemode: boolean }[]
  >;
  /** Names matched in production runs completed since `since`. */
  readonly liveMatchesSince: (since: string) => Effect.Effect<number>;
  /** Production requests per TIN-and-name key sent since `since`: how many, and the latest answer (null before one came). */
  readonly pairSends: (
    keys: readonly string[],
    since: string,
  ) => Effect.Effect<ReadonlyMap<string, { readonly count: number; readonly last: string | null }>>;
  /** Counts requests before they are sent; their outcomes are set once the IRS answered. */
  readonly recordPairSends: (keys: readonly string[], sentAt: string) => Effect.Effect<void>;
  readonly setPairOutcomes: (
    outcomes: readonly { readonly key: string; readonly outcome: string }[],
    sentAt: string,
  ) => Effect.Effect<void>;
}
