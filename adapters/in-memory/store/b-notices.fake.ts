// B-notices (issue 40 item 4) in memory, with the SQL adapter's rules: one notice per natural key, compare-and-set
// on the status, newest first, a recipient's history oldest first, the stalled and withholding-due notices.
import * as Effect from "effect/Effect";
import { bNoticeKey, OPEN_B_NOTICE_STATUSES, type BNotice } from "../../../core/domain/w9/b-notice-record.ts";
import type { BNoticeQueue, BNoticeRepo } from "../../../core/ports/b-notices.port.ts";
import { type FakeScope, oldestFirst, pageFrom, type Tables } from "./shared.ts";

type Row = BNotice & { accountId: string; livemode: boolean };
const strip = ({ accountId: _a, livemode: _l, ...r }: Row): BNotice => r;

export function fakeBNotices(c: FakeScope): BNoticeRepo {
  const { ref, scope, mine } = c;
  const rows = () => [...ref.t.bNotices.values()].filter(mine);
  return {
    insert: (n) =>
      Effect.sync(() => {
        const key = bNoticeKey(n);
        if (rows().some((r) => bNoticeKey(r) === key) || ref.t.bNotices.has(n.id)) return false;
        ref.t.bNotices.set(n.id, { ...n, ...scope });
        return true;
      }),
    get: (id) =>
      Effect.sync(() => {
        const r = ref.t.bNotices.get(id);
        return r && mine(r) ? strip(r) : undefined;
      }),
    list: (page, filter) =>
      Effect.sync(() => {
        const all = rows();
        const matching = all.filter(
          (r) =>
            (filter.recipientId === undefined || r.recipientId === filter.recipientId) &&
            (filter.payerId === undefined || r.payerId === filter.payerId) &&
            (filter.uploadId === undefined || r.uploadId === filter.uploadId) &&
            (filter.status === undefined || r.status === filter.status),
        );
        const p = pageFrom(matching, page, undefined, undefined, all);
        return { ...p, data: p.data.map(strip) };
      }),
    ofRecipients: (recipientIds) =>
      Effect.sync(() =>
        rows()
          .filter((r) => recipientIds.includes(r.recipientId))
          .sort(oldestFirst)
          .map(strip),
      ),
    update: (id, from, patch) =>
      Effect.sync(() => {
        const r = ref.t.bNotices.get(id);
        if (!r || !mine(r) || !from.includes(r.status)) return undefined;
        const next: Row = { ...r, ...patch };
        ref.t.bNotices.set(id, next);
        return strip(next);
      }),
    markWithholdingRequired: (id, at) =>
      Effect.sync(() => {
        const r = ref.t.bNotices.get(id);
        if (!r || !mine(r) || !OPEN_B_NOTICE_STATUSES.includes(r.status) || r.withholdingRequiredAt !== null)
          return undefined;
        const next: Row = { ...r, withholdingRequiredAt: at, updatedAt: at };
        ref.t.bNotices.set(id, next);
        return strip(next);
      }),
  };
}

const refOf = (r: Row) => ({ accountId: r.accountId, livemode: r.livemode, id: r.id });

export function fakeBNoticeQueue(ref: { t: Tables }): BNoticeQueue {
  return {
    stalled: (before, limit) =>
      Effect.sync(() =>
        [...ref.t.bNotices.values()]
          .filter((r) => r.status === "queued" && r.createdAt < before)
          .sort(oldestFirst)
          .slice(0, limit)
          .map(refOf),
      ),
    withholdingDue: (today, limit) =>
      Effect.sync(() =>
        [...ref.t.bNotices.values()]
          .filter(
            (r) =>
              OPEN_B_NOTICE_STATUSES.includes(r.status) &&
              r.withholdingRequiredAt === null &&
              r.withholdBy <= today,
          )
          .sort((a, b) =>
            a.withholdBy === b.withholdBy ? (a.id < b.id ? -1 : 1) : a.withholdBy < b.withholdBy ? -1 : 1,
          )
          .slice(0, limit)
          .map(refOf),
      ),
  };
}
