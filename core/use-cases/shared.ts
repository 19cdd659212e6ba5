// Small helpers shared by several use cases.
import { Effect } from "effect";
import type { Filing } from "../domain/filing/filing.ts";
import { appendEntries, type LedgerDraft } from "../domain/ledger/index.ts";
import type { Page } from "../domain/shared/paging.ts";
import type { BalanceState, FilingFilter, LedgerEntryRow, ScopedStore } from "../ports/store.port.ts";

/**
 * Ledger rows for drafts appended after the locked balance: chained amounts, consecutive sequence numbers, and
 * ids that sort by sequence (entries of one transaction share their timestamp).
 */
export function ledgerRows(balance: Pick<BalanceState, "balanceCents" | "entryCount">, drafts: readonly LedgerDraft[], randomId: () => string, now: string):
  { ok: true; rows: LedgerEntryRow[] } | { ok: false; message: string } {
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

/** Every filing matching `filter`, page by page, oldest id first. */
export const allFilings = Effect.fnUntraced(function* (repos: ScopedStore, filter: FilingFilter) {
  const all: Filing[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Filing> = yield* repos.filings.list({ limit: 500, startingAfter: cursor }, filter);
    all.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return all.sort((a, b) => (a.id < b.id ? -1 : 1));
});
