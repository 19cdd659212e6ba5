import type { Effect } from "effect";
import type { AutoReplenish, LedgerEntry } from "../domain/ledger/index.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface BalanceState {
  readonly balanceCents: number;
  readonly entryCount: number;
  readonly orderCount: number;
  readonly autoReplenish: AutoReplenish;
  readonly card: { readonly token: string; readonly brand: string; readonly last4: string } | null;
  /** The account's customer at the card processor (a Stripe customer id); kept when the card changes. */
  readonly cardCustomer: string | null;
}

export interface LedgerEntryRow extends LedgerEntry {
  readonly id: string;
  readonly seq: number;
  readonly createdAt: string;
}

export interface BalanceRepo {
  /** Locks the balance row for the rest of the transaction (creating it at zero first): ledger changes are serial. */
  readonly lock: () => Effect.Effect<BalanceState>;
  readonly get: () => Effect.Effect<BalanceState>;
  /** Appends entries (already chained from the locked state) and stores the new balance. */
  readonly append: (entries: readonly LedgerEntryRow[]) => Effect.Effect<void>;
  readonly update: (patch: Partial<Pick<BalanceState, "autoReplenish" | "card" | "cardCustomer" | "orderCount">>) => Effect.Effect<void>;
  readonly entries: (page: PageQuery) => Effect.Effect<Page<LedgerEntryRow>>;
  /** The operator credit (`credit` entry) recorded with this payment reference, if any. */
  readonly creditByReference: (reference: string) => Effect.Effect<LedgerEntryRow | undefined>;
}
