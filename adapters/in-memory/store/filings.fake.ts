import * as Effect from "effect/Effect";
import type { Filing } from "../../../core/domain/filing/filing.ts";
import { duplicateKey as dupKey, isLiveOriginal } from "../../../core/domain/filing/filing.ts";
import type * as Ports from "../../../core/ports/store.port.ts";
import { pageFrom, type FakeScope } from "./shared.ts";
import type { FilingFilter } from "../../../core/domain/filing/filter.ts";

export function fakeFilings(c: FakeScope): Ports.FilingRepo {
  const { ref, mine } = c;
  /**
   * The guarded write of the bulk moves: each listed filing of the scope whose status is one of `from` gets its patch.
   * Returns the filings as they were before it.
   */
  const moveEach = <T>(
    items: readonly T[],
    idOf: (item: T) => string,
    from: readonly string[],
    patchOf: (item: T) => Partial<Filing>,
  ): Filing[] => {
    const changed: Filing[] = [];
    for (const item of items) {
      const f = ref.t.filings.get(idOf(item));
      if (!f || !mine(f) || !from.includes(f.status)) continue;
      ref.t.filings.set(f.id, { ...f, ...patchOf(item) });
      changed.push(f);
    }
    return changed;
  };
  const asId = (id: string) => id;
  const recordFiling = (r: Ports.RecordIds) => r.filingId;
  return {
    insertMany: (rows) =>
      Effect.sync(() => {
        const taken = new Set(
          [...ref.t.filings.values()].filter((f) => mine(f) && isLiveOriginal(f)).map(dupKey),
        );
        const inserted = new Set<string>();
        for (const f of rows) {
          if (isLiveOriginal(f)) {
            if (taken.has(dupKey(f))) continue;
            taken.add(dupKey(f));
          }
          ref.t.filings.set(f.id, f);
          inserted.add(f.id);
        }
        return inserted;
      }),
    get: (id) =>
      Effect.sync(() =>
        [...ref.t.filings.values()].find((f) => mine(f) && (f.id === id || f.shortId === id)),
      ),
    list: (page, filter) =>
      Effect.sync(() => {
        const all = [...ref.t.filings.values()].filter(mine);
        return pageFrom(
          all.filter((f) => filingMatches(f, filter)),
          page,
          (r, c) => r.id === c || r.shortId === c,
          undefined,
          all,
        );
      }),
    listAll: (filter) =>
      Effect.sync(() =>
        [...ref.t.filings.values()]
          .filter((f) => mine(f) && filingMatches(f, filter))
          .sort((a, b) => (a.id < b.id ? -1 : 1)),
      ),
    findFiledOriginal: (key) =>
      Effect.sync(
        () =>
          [...ref.t.filings.values()]
            .filter(
              (f) =>
                mine(f) &&
                f.corrects === null &&
                (f.status === "accepted" || f.status === "accepted_with_errors") &&
                dupKey(f) === dupKey(key),
            )
            .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0],
      ),
    getMany: (ids) =>
      Effect.sync(() =>
        ids.map((id) => ref.t.filings.get(id)).filter((f): f is Filing => f !== undefined && mine(f)),
      ),
    update: (id, from, patch) =>
      Effect.sync(() => {
        const f = ref.t.filings.get(id);
        if (!f || !mine(f) || !from.includes(f.status)) return undefined;
        const next = { ...f, ...patch };
        ref.t.filings.set(id, next);
        return next;
      }),
    updateMany: (ids, from, patch) =>
      Effect.sync(() => moveEach(ids, asId, from, () => patch).map((f) => f.id)),
    moveMany: (ids, from, patch) =>
      Effect.sync(() =>
        moveEach(ids, asId, from, () => patch).map((f) => ({
          id: f.id,
          form: f.form,
          taxYear: f.taxYear,
          corrects: f.corrects,
          recipientId: f.recipientId,
        })),
      ),
    assignRecords: (records, from, patch) =>
      Effect.sync(() =>
        moveEach(records, recordFiling, from, (r) => ({
          ...patch,
          submissionId: r.submissionId,
          recordId: r.recordId,
        })).map((f) => f.id),
      ),
    recordReceipt: (receipt, records) =>
      Effect.sync(
        () =>
          moveEach(records, recordFiling, ["submitted"], (r) => ({
            ...receipt,
            submissionId: r.submissionId,
            recordId: r.recordId,
          })).length,
      ),
    receiptRecords: (receiptId) =>
      Effect.sync(() =>
        [...ref.t.filings.values()]
          .filter(
            (f) => mine(f) && f.receiptId === receiptId && f.submissionId !== null && f.recordId !== null,
          )
          .map((f) => ({
            filingId: f.id,
            submissionId: f.submissionId ?? 0,
            recordId: f.recordId ?? 0,
            form: f.form,
            taxYear: f.taxYear,
          })),
      ),
    markQueued: (pay, orderId, charges, now) =>
      Effect.sync(() => {
        let moved = 0;
        for (const c of charges) {
          const f = ref.t.filings.get(c.id);
          if (!f || !mine(f) || !pay.from.includes(f.status)) continue;
          ref.t.filings.set(c.id, {
            ...f,
            status: pay.to,
            orderId,
            amountChargedCents: c.amountChargedCents,
            updatedAt: now,
          });
          moved++;
        }
        return moved;
      }),
  };
}

export function fakeBatches(c: FakeScope): Ports.BatchRepo {
  const { ref, mine } = c;
  return {
    insert: (b) =>
      Effect.sync(() => {
        ref.t.batches.set(b.id, b);
      }),
    get: (id) =>
      Effect.sync(() => {
        const b = ref.t.batches.get(id);
        return b && mine(b) ? b : undefined;
      }),
  };
}

function filingMatches(f: Filing, filter: FilingFilter): boolean {
  return (
    (!filter.statuses?.length || filter.statuses.includes(f.status)) &&
    (!filter.payerId || f.payerId === filter.payerId) &&
    (!filter.form || f.form === filter.form) &&
    (!filter.taxYear || f.taxYear === filter.taxYear) &&
    (!filter.batchId || f.batchId === filter.batchId) &&
    (!filter.orderId || f.orderId === filter.orderId) &&
    (!filter.corrects || f.corrects === filter.corrects)
  );
}
