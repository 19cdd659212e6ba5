// Applies an acknowledgement (the IRS's, or the SSA's outcome of a wage file): each filing of the receipt moves from
// submitted to accepted, accepted_with_errors or rejected with its event, in one transaction; an accepted correction
// supersedes its original (D19).
import * as Effect from "effect/Effect";
import type { AckError } from "../../domain/filing/filing.ts";
import { move, moveEvent, type FilingMove } from "../../domain/filing/status.ts";
import type { RecordOutcome } from "../../domain/iris/ack.ts";
import { Ids } from "../../ports/ids.port.ts";
import type { Scope, StoredEvent } from "../../ports/store.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";
import { openStatements } from "../statements/statements.ts";

const SUPERSEDE = move("supersede");

/**
 * Moves each filing of a receipt to its acknowledged status, with its event, in one transaction. The filings are
 * not read first: each outcome's move (acknowledgement moves apply to every service) is one guarded statement per
 * outcome that returns what the events need (issue 19: a receipt of 20,000 forms).
 */
export const applyOutcomes = Effect.fn("applyOutcomes")(function* (
  scope: Scope,
  receiptId: string,
  records: readonly RecordOutcome[],
  now: string,
) {
  const ids = yield* Ids;
  const applied = yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      // Filings with the same outcome (status and errors; most often "accepted", none) move in one statement.
      const groups = new Map<string, { move: FilingMove; errors: AckError[]; ids: string[] }>();
      const seen = new Set<string>();
      for (const outcome of records) {
        if (seen.has(outcome.filingId)) continue;
        seen.add(outcome.filingId);
        const trigger =
          outcome.status === "accepted"
            ? "ack_accepted"
            : outcome.status === "accepted_with_errors"
              ? "ack_accepted_with_errors"
              : "ack_rejected";
        const errors = outcome.errors.map((e) => ({
          code: e.code,
          severity: e.severity,
          xpath: e.xpath ?? "",
          message: e.message,
        }));
        const key = `${trigger}\n${JSON.stringify(errors)}`;
        const group = groups.get(key) ?? { move: move(trigger), errors, ids: [] };
        group.ids.push(outcome.filingId);
        groups.set(key, group);
      }
      let n = 0;
      const events: StoredEvent[] = [];
      // Issue 39: Copy B is available from here (D21), so the recipient's statement opens with the move.
      const furnishable: { id: string; recipientId: string }[] = [];
      for (const { move: m, errors, ids: filingIds } of groups.values()) {
        const type = moveEvent(m.trigger);
        // The receipt goes onto each row the move rewrites anyway: until now it may have been its transmission's.
        for (const f of yield* tx.filings.moveMany(filingIds, m.from, {
          status: m.to,
          receiptId,
          acknowledgedAt: now,
          ackErrors: errors,
          updatedAt: now,
        })) {
          n++;
          if (m.to !== "rejected") furnishable.push({ id: f.id, recipientId: f.recipientId });
          if (type)
            events.push({
              id: ids.short("evt_"),
              type,
              createdAt: now,
              data: {
                id: f.id,
                form: f.form,
                tax_year: f.taxYear,
                status: m.to,
                receipt_id: receiptId,
                errors,
              },
            });
          // D19: the original becomes superseded when its correction is accepted.
          if (f.corrects && m.to !== "rejected") {
            yield* tx.filings.update(f.corrects, SUPERSEDE.from, {
              status: SUPERSEDE.to,
              supersededBy: f.id,
              updatedAt: now,
            });
          }
        }
      }
      yield* tx.events.insertMany(events);
      yield* openStatements(tx, furnishable, now);
      return n;
    }),
  );
  return applied;
});
