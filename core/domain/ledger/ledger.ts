// Prepaid balance ledger (SPEC "Balance", DECISIONS D14, D15). Pure functions; storage appends what they return.
//
// Invariants:
// - Append-only. The first entry starts from 0; each entry's balance_after_cents equals the previous entry's
//   balance_after_cents plus its amount_cents. The balance is never negative.
// - Amounts are non-zero safe integers of cents. Sign by kind:
//     topup, auto_topup, refund   > 0   (money in)
//     credit                      > 0   (money paid outside the service, by wire or invoice, credited by the operator)
//     mail_refund                 > 0   (issue 39: a statement's PrintAndMail, when nothing could be mailed)
//     filing                      < 0   (draw for an order)
//     adjustment                  either sign, not 0 (operator correction; a negative one cannot overdraw)
//
// Auto-replenish and payment (planPayment), decided where D14/D15 are silent:
// 1. The order total is drawn from the prepaid balance first: fromBalance = min(balance, total). The remainder
//    (total - fromBalance) is charged to the card on file. With no card and a remainder > 0 the result is
//    `payment_required` and nothing is drawn.
// 2. Auto-replenish fires AFTER the draw (D15: "when a draw leaves the balance below the threshold"): when it is
//    enabled, a card is on file, a draw actually happened (fromBalance > 0) and the balance left after it is
//    strictly below threshold_cents, exactly one top-up of topup_cents is planned. One, not a loop until the
//    threshold is reached, so a single payment never causes an unbounded number of card charges; the next draw
//    tops up again if the balance is still low. A payment paid entirely by card (no draw) does not top up.
// 3. The auto top-up is a separate card charge from the order's remainder and is best-effort: the caller charges
//    fromCardCents first (a decline is 402 and nothing is filed), records the order's `filing` entry
//    (-fromBalance, skipped when 0), and only then charges autoTopupCents and appends an `auto_topup` entry.
//    A declined auto top-up does not undo the order; nothing is appended for it.
// 4. A total of 0 (for example only waived re-files) needs neither balance nor card.

export const LEDGER_KINDS = [
  "topup",
  "auto_topup",
  "filing",
  "refund",
  "adjustment",
  "credit",
  "mail_refund",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerDraft {
  readonly kind: LedgerKind;
  /** Negative for draws. */
  readonly amount_cents: number;
  /** Order id, filing id, card charge id... */
  readonly reference?: string;
  readonly description?: string;
}

export interface LedgerEntry extends LedgerDraft {
  readonly balance_after_cents: number;
}

export type LedgerError = "insufficient_funds" | "invalid_amount";

export type AppendResult =
  | { readonly ok: true; readonly entry: LedgerEntry }
  | { readonly ok: false; readonly error: LedgerError; readonly message: string };

export function isLedgerKind(value: unknown): value is LedgerKind {
  return typeof value === "string" && (LEDGER_KINDS as readonly string[]).includes(value);
}

/** Returns null when the amount's sign fits the kind, else a reason. */
function signProblem(kind: LedgerKind, amount: number): string | null {
  switch (kind) {
    case "topup":
    case "auto_topup":
    case "refund":
    case "mail_refund":
    case "credit":
      return amount > 0 ? null : `a ${kind} must be a positive amount`;
    case "filing":
      return amount < 0 ? null : "a filing draw must be a negative amount";
    case "adjustment":
      return amount !== 0 ? null : "an adjustment must not be zero";
  }
}

/** Computes the next entry from the current balance, or refuses it. Nothing is mutated. */
export function appendEntry(previousBalanceCents: number, draft: LedgerDraft): AppendResult {
  if (!Number.isSafeInteger(previousBalanceCents) || previousBalanceCents < 0) {
    return {
      ok: false,
      error: "invalid_amount",
      message: "the previous balance must be a non-negative integer of cents",
    };
  }
  if (!isLedgerKind(draft.kind)) {
    return { ok: false, error: "invalid_amount", message: `unknown ledger entry kind ${String(draft.kind)}` };
  }
  if (!Number.isSafeInteger(draft.amount_cents)) {
    return { ok: false, error: "invalid_amount", message: "amount_cents must be an integer number of cents" };
  }
  const problem = signProblem(draft.kind, draft.amount_cents);
  if (problem !== null) return { ok: false, error: "invalid_amount", message: problem };
  const after = previousBalanceCents + draft.amount_cents;
  if (!Number.isSafeInteger(after)) {
    return { ok: false, error: "invalid_amount", message: "the resulting balance is out of range" };
  }
  if (after < 0) {
    return {
      ok: false,
      error: "insufficient_funds",
      message: `the balance of ${previousBalanceCents} cents cannot cover ${-draft.amount_cents} cents`,
    };
  }
  const entry: LedgerEntry = {
    kind: draft.kind,
    amount_cents: draft.amount_cents,
    balance_after_cents: after,
    ...(draft.reference !== undefined ? { reference: draft.reference } : {}),
    ...(draft.description !== undefined ? { description: draft.description } : {}),
  };
  return { ok: true, entry };
}

export type AppendManyResult =
  | { readonly ok: true; readonly entries: readonly LedgerEntry[]; readonly balance_after_cents: number }
  | { readonly ok: false; readonly index: number; readonly error: LedgerError; readonly message: string };

/**
 * All-or-nothing: appends every draft in order from `previousBalanceCents`, or refuses the lot (with the index
 * of the first refused draft) so that the caller appends nothing. Used by pay (draw + auto top-up) and refunds.
 */
export function appendEntries(
  previousBalanceCents: number,
  drafts: readonly LedgerDraft[],
): AppendManyResult {
  const entries: LedgerEntry[] = [];
  let balance = previousBalanceCents;
  for (let i = 0; i < drafts.length; i++) {
    const r = appendEntry(balance, drafts[i] as LedgerDraft);
    if (!r.ok) return { ok: false, index: i, error: r.error, message: r.message };
    entries.push(r.entry);
    balance = r.entry.balance_after_cents;
  }
  return { ok: true, entries, balance_after_cents: balance };
}

/** The current balance of a ledger (0 when empty). Assumes a verified chain. */
export function balanceOf(entries: readonly Pick<LedgerEntry, "balance_after_cents">[]): number {
  return entries.length === 0 ? 0 : (entries[entries.length - 1] as LedgerEntry).balance_after_cents;
}

/**
 * Checks the chain invariant over entries in append order (oldest first): each balance_after_cents equals the
 * previous one plus amount_cents (the first from `openingBalanceCents`, 0 for a whole ledger; pass the balance
 * before the first entry to check a slice), every balance is a non-negative integer, every amount a non-zero
 * integer whose sign fits its kind. Returns the index of the first broken entry, or null when the chain holds.
 */
export function verifyChain(
  entries: readonly Pick<LedgerEntry, "kind" | "amount_cents" | "balance_after_cents">[],
  openingBalanceCents = 0,
): number | null {
  let balance = openingBalanceCents;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as LedgerEntry;
    const r = appendEntry(balance, e);
    if (!r.ok || r.entry.balance_after_cents !== e.balance_after_cents) return i;
    balance = e.balance_after_cents;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------

export interface AutoReplenish {
  readonly enabled: boolean;
  readonly threshold_cents: number;
  readonly topup_cents: number;
}

export interface PaymentInput {
  readonly balanceCents: number;
  readonly totalCents: number;
  readonly autoReplenish: AutoReplenish | null;
  readonly hasCard: boolean;
}

export interface PaymentPlan {
  readonly ok: true;
  /** Drawn from the prepaid balance: append a `filing` entry of -fromBalanceCents when > 0. */
  readonly fromBalanceCents: number;
  /** Charged to the card on file for the order; a decline is 402 and nothing is filed. */
  readonly fromCardCents: number;
  /** Best-effort auto top-up charged to the card after the order's charge; append an `auto_topup` entry. */
  readonly autoTopupCents: number;
  /** Balance once the draw and a successful auto top-up are recorded. */
  readonly balanceAfterCents: number;
}

export type PaymentPlanResult =
  | PaymentPlan
  | { readonly ok: false; readonly error: "payment_required" | "invalid_amount"; readonly message: string };

/** Splits an order total between the prepaid balance and the card, and plans auto-replenish (see top of file). */
export function planPayment(input: PaymentInput): PaymentPlanResult {
  const { balanceCents, totalCents, autoReplenish, hasCard } = input;
  if (!Number.isSafeInteger(balanceCents) || balanceCents < 0) {
    return { ok: false, error: "invalid_amount", message: "balanceCents must be a non-negative integer" };
  }
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    return { ok: false, error: "invalid_amount", message: "totalCents must be a non-negative integer" };
  }
  const fromBalanceCents = Math.min(balanceCents, totalCents);
  const fromCardCents = totalCents - fromBalanceCents;
  if (fromCardCents > 0 && !hasCard) {
    return {
      ok: false,
      error: "payment_required",
      message: `the prepaid balance (${balanceCents} cents) does not cover the order (${totalCents} cents) and there is no card on file`,
    };
  }
  const afterDraw = balanceCents - fromBalanceCents;
  let autoTopupCents = 0;
  if (
    autoReplenish !== null &&
    autoReplenish.enabled &&
    hasCard &&
    fromBalanceCents > 0 &&
    Number.isSafeInteger(autoReplenish.topup_cents) &&
    autoReplenish.topup_cents > 0 &&
    afterDraw < autoReplenish.threshold_cents
  ) {
    autoTopupCents = autoReplenish.topup_cents;
  }
  return {
    ok: true,
    fromBalanceCents,
    fromCardCents,
    autoTopupCents,
    balanceAfterCents: afterDraw + autoTopupCents,
  };
}

/**
 * The ledger drafts for a planned payment, in append order: the order's `filing` draw (when something is drawn)
 * and the `auto_topup` (when planned). Pass `includeAutoTopup: false` when the auto top-up charge was declined.
 */
export function paymentDrafts(
  plan: PaymentPlan,
  orderReference: string,
  options: { readonly includeAutoTopup?: boolean; readonly orderLabel?: string } = {},
): LedgerDraft[] {
  const drafts: LedgerDraft[] = [];
  if (plan.fromBalanceCents > 0) {
    drafts.push({
      kind: "filing",
      amount_cents: -plan.fromBalanceCents,
      reference: orderReference,
      description: `Order ${options.orderLabel ?? orderReference}`,
    });
  }
  if (plan.autoTopupCents > 0 && options.includeAutoTopup !== false) {
    drafts.push({
      kind: "auto_topup",
      amount_cents: plan.autoTopupCents,
      reference: orderReference,
      description: "Auto-replenish after a draw left the balance below the threshold",
    });
  }
  return drafts;
}
