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

/** POST /v1/balance/topups: the top-up charged to the card and the ledger entry it wrote. */
export function topupView(id: string, amountCents: number, chargeId: string, entry: LedgerEntryRow) {
  return {
    object: "balance_topup",
    id,
    amount_cents: amountCents,
    currency: "usd",
    balance_after_cents: entry.balance_after_cents,
    charge: chargeId,
    entry: entryView(entry),
  };
}

/** The card on file as the API shows it: brand and last four digits, nothing else. */
export function paymentMethodView(card: Pick<NonNullable<BalanceState["card"]>, "brand" | "last4">) {
  return { object: "payment_method", brand: card.brand, last4: card.last4 };
}
