// Wire views (SPEC field names) of the prepaid balance and its ledger entries: the one home of these shapes.
import type { BalanceState, LedgerEntryRow } from "./balance.ts";

export function entryView(e: LedgerEntryRow) {
  return {
    object: "balance_entry",
    id: e.id,
    kind: e.kind,
    amount_cents: e.amount_cents,
    balance_after_cents: e.balance_after_cents,
    reference: e.reference ?? null,
    description: e.description ?? null,
    created_at: e.createdAt,
  };
}

export function balanceView(b: BalanceState, recent: readonly LedgerEntryRow[]) {
  return {
    object: "balance",
    available_cents: b.balanceCents,
    currency: "usd",
    auto_replenish: b.autoReplenish,
    payment_method: b.card ? { brand: b.card.brand, last4: b.card.last4 } : null,
    recent: recent.map(entryView),
  };
}
