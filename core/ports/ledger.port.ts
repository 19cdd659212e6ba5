import type * as Effect from "effect/Effect";
import type { BalanceState, LedgerEntryRow } from "../domain/ledger/balance.ts";
import type { LedgerKind } from "../domain/ledger/ledger.ts";
export type { BalanceState, LedgerEntryRow } from "../domain/ledger/balance.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface BalanceRepo {
  /** Locks the balance row for the rest of the transaction (creating it at zero first): ledger changes are serial. */
  readonly lock: () => Effect.Effect<BalanceState>;
  readonly get: () => Effect.Effect<BalanceState>;
  /** Appends entries (already chained from the locked state) and stores the new balance. */
  readonly append: (entries: readonly LedgerEntryRow[]) => Effect.Effect<void>;
  readonly update: (
    patch: Partial<Pick<BalanceState, "autoReplenish" | "card" | "cardCustomer" | "orderCount">>,
  ) => Effect.Effect<void>;
  readonly entries: (page: PageQuery) => Effect.Effect<Page<LedgerEntryRow>>;
  /**
   * The entry of this kind recorded with this reference, if any: an operator credit by its payment reference, a
   * top-up by its charge, an order's auto top-up by the order.
   */
  readonly entryByReference: (
    kind: LedgerKind,
    reference: string,
  ) => Effect.Effect<LedgerEntryRow | undefined>;
}
