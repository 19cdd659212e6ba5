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

/** The balance of an environment that has no balance row yet: nothing prepaid, no entries, no card. */
export const EMPTY_BALANCE: BalanceState = {
  balanceCents: 0,
  entryCount: 0,
  orderCount: 0,
  autoReplenish: { enabled: false, threshold_cents: 0, topup_cents: 0 },
  card: null,
  cardCustomer: null,
};

export interface LedgerEntryRow extends LedgerEntry {
  readonly id: string;
  readonly seq: number;
  readonly createdAt: string;
}
