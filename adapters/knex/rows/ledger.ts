// Rows of the prepaid balance and its ledger.
import { LEDGER_KINDS } from "../../../core/domain/ledger/ledger.ts";
import {
  EMPTY_BALANCE,
  type BalanceState,
  type LedgerEntryRow,
} from "../../../core/domain/ledger/balance.ts";
import {
  Bool,
  literals,
  Null,
  NullableText,
  Num,
  oneOf,
  rowCodec,
  struct,
  Text,
  Timestamp,
} from "./columns.ts";

const BALANCE = {
  balance_cents: Num,
  entry_count: Num,
  order_count: Num,
  auto_enabled: Bool,
  auto_threshold_cents: Num,
  auto_topup_cents: Num,
  card_customer: NullableText,
} as const;
/** A card is stored whole (token, brand, last 4) or not at all. */
export const BalanceRow = rowCodec(
  "balances",
  oneOf(
    struct({ ...BALANCE, card_token: Text, card_brand: Text, card_last4: Text }),
    struct({ ...BALANCE, card_token: Null, card_brand: Null, card_last4: Null }),
  ),
);

/** The balance of a row, or the empty balance of an environment that has none yet. */
export function toBalance(row: unknown): BalanceState {
  if (row === undefined) return EMPTY_BALANCE;
  const r = BalanceRow.decode(row);
  return {
    balanceCents: r.balance_cents,
    entryCount: r.entry_count,
    orderCount: r.order_count,
    autoReplenish: {
      enabled: r.auto_enabled,
      threshold_cents: r.auto_threshold_cents,
      topup_cents: r.auto_topup_cents,
    },
    card: r.card_token === null ? null : { token: r.card_token, brand: r.card_brand, last4: r.card_last4 },
    cardCustomer: r.card_customer ? r.card_customer : null,
  };
}

export const LedgerRow = rowCodec(
  "ledger_entries",
  struct({
    id: Text,
    seq: Num,
    kind: literals(LEDGER_KINDS),
    amount_cents: Num,
    balance_after_cents: Num,
    reference: NullableText,
    description: NullableText,
    created_at: Timestamp,
  }),
);
export function toEntry(row: unknown): LedgerEntryRow {
  const r = LedgerRow.decode(row);
  return {
    id: r.id,
    seq: r.seq,
    kind: r.kind,
    amount_cents: r.amount_cents,
    balance_after_cents: r.balance_after_cents,
    reference: r.reference ?? undefined,
    description: r.description ?? undefined,
    createdAt: r.created_at,
  };
}
