import { Context, type Effect } from "effect";
import type { Tin } from "../domain/shared/tin.ts";

export type TinMatchOutcome = "match" | "mismatch" | "not_issued";

/** IRS TIN matching (Pub 2108-A); the production path respects 999 interactive matches per 24 h by queueing. */
export class TinMatcher extends Context.Service<TinMatcher, {
  readonly match: (entries: readonly { readonly name: string; readonly tin: Tin }[]) => Effect.Effect<readonly TinMatchOutcome[]>;
}>()("core/TinMatcher") {}
