// The stored balance of an account's environment and its ledger rows.
import type { AutoReplenish, LedgerEntry } from "./index.ts";

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
