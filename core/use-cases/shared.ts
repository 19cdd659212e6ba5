// Small helpers shared by several use cases.
import * as Effect from "effect/Effect";
import { appendEntries, type LedgerDraft } from "../domain/ledger/index.ts";
import type { BalanceState, FilingFilter, LedgerEntryRow, Scope, ScopedStore } from "../ports/store.port.ts";

/**
 * Ledger rows for drafts appended after the locked balance: chained amounts, consecutive sequence numbers, and
 * ids that sort by sequence (entries of one transaction share their timestamp).
 */
export function ledgerRows(
  balance: Pick<BalanceState, "balanceCents" | "entryCount">,
  drafts: readonly LedgerDraft[],
  randomId: () => string,
  now: string,
): { ok: true; rows: LedgerEntryRow[] } | { ok: false; message: string } {
  const chain = appendEntries(balance.balanceCents, drafts);
  if (!chain.ok) return { ok: false, message: chain.message };
  return {
    ok: true,
    rows: chain.entries.map((e, k) => {
      const seq = balance.entryCount + k + 1;
      return { ...e, id: ledgerEntryId(seq, randomId()), seq, createdAt: now };
    }),
  };
}

export function ledgerEntryId(seq: number, random: string): string {
  return `led_${String(seq).padStart(10, "0")}${random}`;
}

/** Every filing matching `filter`, by id (one read). */
export const allFilings = Effect.fn("allFilings")(function* (repos: ScopedStore, filter: FilingFilter) {
  return yield* repos.filings.listAll(filter);
});

/** Items of several environments grouped by their scope (account and environment), in first-seen order. */
export function groupByScope<T>(
  items: readonly T[],
  scopeOf: (item: T) => Scope,
): { readonly scope: Scope; readonly items: T[] }[] {
  const groups = new Map<string, { scope: Scope; items: T[] }>();
  for (const item of items) {
    const scope = scopeOf(item);
    const k = `${scope.accountId}|${String(scope.livemode)}`;
    const group = groups.get(k);
    if (group) group.items.push(item);
    else groups.set(k, { scope: { accountId: scope.accountId, livemode: scope.livemode }, items: [item] });
  }
  return [...groups.values()];
}
