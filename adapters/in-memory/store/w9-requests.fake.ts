// W-9 requests (issue 40) in memory, with the SQL adapter's rules: compare-and-set on the status, newest first,
// a link found by its token's hash across accounts, the open requests past their expiry earliest first.
import * as Effect from "effect/Effect";
import type { W9Request } from "../../../core/domain/w9/request.ts";
import type { W9Queue, W9RequestRepo } from "../../../core/ports/w9-requests.port.ts";
import { type FakeScope, pageFrom, type Tables } from "./shared.ts";

type Row = W9Request & { accountId: string; livemode: boolean };
const strip = ({ accountId: _a, livemode: _l, ...r }: Row): W9Request => r;

export function fakeW9Requests(c: FakeScope): W9RequestRepo {
  const { ref, scope, mine } = c;
  const rows = () => [...ref.t.w9Requests.values()].filter(mine);
  return {
    insert: (r) =>
      Effect.sync(() => {
        ref.t.w9Requests.set(r.id, { ...r, ...scope });
      }),
    get: (id) =>
      Effect.sync(() => {
        const r = ref.t.w9Requests.get(id);
        return r && mine(r) ? strip(r) : undefined;
      }),
    list: (page, filter) =>
      Effect.sync(() => {
        const all = rows();
        const matching = all.filter(
          (r) =>
            (filter.status === undefined || r.status === filter.status) &&
            (filter.recipientId === undefined || r.recipientId === filter.recipientId) &&
            (filter.payerId === undefined || r.payerId === filter.payerId),
        );
        const p = pageFrom(matching, page, undefined, undefined, all);
        return { ...p, data: p.data.map(strip) };
      }),
    update: (id, from, patch) =>
      Effect.sync(() => {
        const r = ref.t.w9Requests.get(id);
        if (!r || !mine(r) || !from.includes(r.status)) return undefined;
        const next: Row = { ...r, ...patch };
        ref.t.w9Requests.set(id, next);
        return strip(next);
      }),
    byTinMatchRun: (runId) =>
      Effect.sync(() =>
        rows()
          .filter((r) => r.tinMatchRun === runId)
          .map(strip),
      ),
    latestCompleted: (recipientIds) =>
      Effect.sync(() => {
        const latest = new Map<string, Row>();
        for (const r of rows())
          if (r.status === "completed" && r.recipientId !== null && recipientIds.includes(r.recipientId)) {
            const seen = latest.get(r.recipientId);
            if (!seen || (seen.completedAt ?? "") < (r.completedAt ?? "")) latest.set(r.recipientId, r);
          }
        return [...latest.values()].map(strip);
      }),
  };
}

export function fakeW9Queue(ref: { t: Tables }): W9Queue {
  return {
    byToken: (tokenHash) =>
      Effect.sync(() => {
        for (const r of ref.t.w9Requests.values())
          if (r.tokenHash === tokenHash) return { accountId: r.accountId, livemode: r.livemode, id: r.id };
        return undefined;
      }),
    due: (now, limit) =>
      Effect.sync(() =>
        [...ref.t.w9Requests.values()]
          .filter((r) => r.status === "sent" && r.expiresAt <= now)
          .sort((a, b) =>
            a.expiresAt === b.expiresAt ? (a.id < b.id ? -1 : 1) : a.expiresAt < b.expiresAt ? -1 : 1,
          )
          .slice(0, limit)
          .map((r) => ({ accountId: r.accountId, livemode: r.livemode, id: r.id })),
      ),
  };
}
