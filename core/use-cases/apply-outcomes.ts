// Applies an acknowledgement (the IRS's, or the SSA's outcome of a wage file): each filing of the receipt moves from
// submitted to accepted, accepted_with_errors or rejected with its event, in one transaction; an accepted correction
// supersedes its original (D19).
import { Effect } from "effect";
import type { AckError, Filing } from "../domain/filing/filing.ts";
import { move, nextStatus, type FilingEventType, type FilingStatus, type MovedStatus } from "../domain/filing/status.ts";
import type { RecordOutcome } from "../domain/iris/ack.ts";
import { Ids } from "../ports/ids.port.ts";
import { Store, type Scope, type StoredEvent } from "../ports/store.port.ts";

const SUPERSEDE = move("supersede");

/** Moves each filing of a receipt to its acknowledged status, with its event, in one transaction. */
export const applyOutcomes = Effect.fnUntraced(function* (scope: Scope, receiptId: string, records: readonly RecordOutcome[], now: string) {
  const store = yield* Store;
  const ids = yield* Ids;
  const applied = yield* store.transaction(scope, (tx) => Effect.gen(function* () {
    const byId = new Map((yield* tx.filings.getMany(records.map((r) => r.filingId))).map((f) => [f.id, f] as const));
    // Filings with the same outcome (status and errors; most often "accepted", none) move in one statement.
    const groups = new Map<string, { from: FilingStatus; to: MovedStatus; errors: AckError[]; moves: { f: Filing; event: FilingEventType | null }[] }>();
    const seen = new Set<string>();
    for (const outcome of records) {
      const f = byId.get(outcome.filingId);
      if (!f || seen.has(f.id)) continue;
      seen.add(f.id);
      const trigger = outcome.status === "accepted" ? "ack_accepted" : outcome.status === "accepted_with_errors" ? "ack_accepted_with_errors" : "ack_rejected";
      const move = nextStatus(f.status, trigger, f.service);
      if (move.refused) continue;
      const errors = outcome.errors.map((e) => ({ code: e.code, severity: e.severity, xpath: e.xpath ?? "", message: e.message }));
      const key = `${move.to}\n${JSON.stringify(errors)}`;
      const group = groups.get(key) ?? { from: f.status, to: move.to, errors, moves: [] };
      group.moves.push({ f, event: move.event ?? null });
      groups.set(key, group);
    }
    let n = 0;
    const events: StoredEvent[] = [];
    for (const { from, to, errors, moves } of groups.values()) {
      const changed = new Set(yield* tx.filings.updateMany(moves.map((m) => m.f.id), [from], { status: to, acknowledgedAt: now, ackErrors: errors, updatedAt: now }));
      for (const { f, event } of moves) {
        if (!changed.has(f.id)) continue;
        n++;
        if (event) events.push({ id: ids.short("evt_"), type: event, createdAt: now, data: { id: f.id, form: f.form, tax_year: f.taxYear, status: to, receipt_id: receiptId, errors } });
        // D19: the original becomes superseded when its correction is accepted.
        if (f.corrects && to !== "rejected") {
          yield* tx.filings.update(f.corrects, SUPERSEDE.from, { status: SUPERSEDE.to, supersededBy: f.id, updatedAt: now });
        }
      }
    }
    yield* tx.events.insertMany(events);
    return n;
  }));
  return applied;
});
