// Recipient statements, their deliveries and e-delivery consent (issue 39), with the SQL adapter's rules: one
// statement per filing, one delivery per key, a plan recorded only at the epoch it saw.
import * as Effect from "effect/Effect";
import type {
  ConsentRecord,
  StatementDeliveryRecord,
  StatementQueue,
  StatementRecord,
  StatementRepo,
} from "../../../core/ports/statements.port.ts";
import { type FakeScope, pageFrom, type Tables } from "./shared.ts";

export function fakeStatements(c: FakeScope): StatementRepo {
  const { ref, scope } = c;
  const key = (filingId: string) => JSON.stringify([scope.accountId, scope.livemode, filingId]);
  const mine = (r: { accountId: string; livemode: boolean }) =>
    r.accountId === scope.accountId && r.livemode === scope.livemode;
  const strip = <T extends { accountId: string; livemode: boolean }>({
    accountId: _a,
    livemode: _l,
    ...rest
  }: T): Omit<T, "accountId" | "livemode"> => rest;
  const put = (s: StatementRecord) => ref.t.statements.set(key(s.filingId), { ...s, ...scope });
  const none = (recipientId: string): ConsentRecord => ({ recipientId, status: "none", at: null });
  const consentOf = (recipientId: string): ConsentRecord => {
    const found = ref.t.consents.get(key(recipientId));
    return found ? strip(found) : none(recipientId);
  };
  const delivery = (id: string) => {
    const d = ref.t.statementDeliveries.get(id);
    return d && mine(d) ? d : undefined;
  };
  return {
    open: (rows, now) =>
      Effect.sync(() => {
        const opened: string[] = [];
        for (const r of rows) {
          if (ref.t.statements.has(key(r.filingId))) continue;
          put({
            filingId: r.filingId,
            recipientId: r.recipientId,
            epoch: 1,
            plannedEpoch: 0,
            furnished: false,
            notFurnished: null,
            mailRefundedCents: 0,
            createdAt: now,
            updatedAt: now,
          });
          opened.push(r.filingId);
        }
        return opened;
      }),
    get: (filingId) =>
      Effect.sync(() => {
        const s = ref.t.statements.get(key(filingId));
        return s ? strip(s) : undefined;
      }),
    getMany: (filingIds) =>
      Effect.sync(() =>
        [...new Set(filingIds)].flatMap((id) => {
          const s = ref.t.statements.get(key(id));
          return s ? [strip(s)] : [];
        }),
      ),
    planned: (plans, updatedAt) =>
      Effect.sync(() =>
        plans.flatMap((p) => {
          const s = ref.t.statements.get(key(p.filingId));
          if (!s || s.epoch !== p.epoch) return [];
          put({
            ...strip(s),
            furnished: p.furnished,
            notFurnished: p.notFurnished,
            updatedAt,
            plannedEpoch: p.epoch,
          });
          return [p.filingId];
        }),
      ),
    touch: (filingIds, now) =>
      Effect.sync(() => {
        for (const id of new Set(filingIds)) {
          const s = ref.t.statements.get(key(id));
          if (s) put({ ...strip(s), epoch: s.epoch + 1, updatedAt: now });
        }
      }),
    touchRecipient: (recipientId, now) =>
      Effect.sync(() => {
        // Replacing the value of a key while iterating a Map visits each entry once.
        for (const s of ref.t.statements.values())
          if (mine(s) && s.recipientId === recipientId)
            put({ ...strip(s), epoch: s.epoch + 1, updatedAt: now });
      }),
    markMailRefunded: (filingId, cents, now) =>
      Effect.sync(() => {
        const s = ref.t.statements.get(key(filingId));
        if (!s || s.mailRefundedCents !== 0) return false;
        put({ ...strip(s), mailRefundedCents: cents, updatedAt: now });
        return true;
      }),
    deliveries: (filingIds) =>
      Effect.sync(() => {
        const ids = new Set(filingIds);
        return [...ref.t.statementDeliveries.values()]
          .filter((d) => mine(d) && ids.has(d.filingId))
          .sort((a, b) =>
            a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
          )
          .map(strip);
      }),
    insertDeliveries: (rows) =>
      Effect.sync(() => {
        const inserted: string[] = [];
        const keys = new Set([...ref.t.statementDeliveries.values()].filter(mine).map((d) => d.key));
        for (const d of rows) {
          if (keys.has(d.key) || ref.t.statementDeliveries.has(d.id)) continue;
          keys.add(d.key);
          ref.t.statementDeliveries.set(d.id, { ...d, ...scope });
          inserted.push(d.id);
        }
        return inserted;
      }),
    getDelivery: (id) =>
      Effect.sync(() => {
        const d = delivery(id);
        return d ? strip(d) : undefined;
      }),
    updateDelivery: (id, from, patch) =>
      Effect.sync(() => {
        const d = delivery(id);
        if (!d || !from.includes(d.status)) return undefined;
        const { event, ...fields } = patch;
        const next: StatementDeliveryRecord = {
          ...strip(d),
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
          events: event ? [...d.events, event] : d.events,
        };
        ref.t.statementDeliveries.set(id, { ...next, ...scope });
        return next;
      }),
    listDeliveries: (page, filter) =>
      Effect.sync(() => {
        const all = [...ref.t.statementDeliveries.values()].filter(mine).map(strip);
        const rows = all.filter(
          (d) =>
            (filter.status === undefined || d.status === filter.status) &&
            (filter.filingId === undefined || d.filingId === filter.filingId),
        );
        return pageFrom(rows, page, undefined, undefined, all);
      }),
    consent: (recipientId) => Effect.sync(() => consentOf(recipientId)),
    setConsent: (recipientId, status, at) =>
      Effect.sync(() => {
        ref.t.consents.set(key(recipientId), { recipientId, status, at, ...scope });
      }),
    consents: (recipientIds) => Effect.sync(() => [...new Set(recipientIds)].map(consentOf)),
    byRecipient: (recipientId) =>
      Effect.sync(() =>
        [...ref.t.statements.values()]
          .filter((s) => mine(s) && s.recipientId === recipientId)
          .sort((a, b) =>
            a.createdAt === b.createdAt
              ? a.filingId < b.filingId
                ? 1
                : -1
              : a.createdAt < b.createdAt
                ? 1
                : -1,
          )
          .map(strip),
      ),
    markViewed: (filingId) =>
      Effect.sync(() => {
        if (!ref.t.statements.has(key(filingId)) || ref.t.viewed.has(key(filingId))) return false;
        ref.t.viewed.add(key(filingId));
        return true;
      }),
  };
}

export function fakeStatementQueue(ref: { t: Tables }): StatementQueue {
  return {
    pending: (limit) =>
      Effect.sync(() =>
        [...ref.t.statements.values()]
          .filter((s) => s.plannedEpoch < s.epoch)
          .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0))
          .slice(0, limit)
          .map((s) => ({ accountId: s.accountId, livemode: s.livemode, filingId: s.filingId })),
      ),
    stalled: (before, limit) =>
      Effect.sync(() =>
        [...ref.t.statementDeliveries.values()]
          .filter((d) => d.status === "queued" && d.vendorId === null && d.updatedAt < before)
          .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1))
          .slice(0, limit)
          .map((d) => ({ accountId: d.accountId, livemode: d.livemode, deliveryId: d.id })),
      ),
    byDeliveryId: (deliveryId) =>
      Effect.sync(() => {
        const d = ref.t.statementDeliveries.get(deliveryId);
        return d ? { accountId: d.accountId, livemode: d.livemode, deliveryId: d.id } : undefined;
      }),
    byVendorId: (vendorId) =>
      Effect.sync(() => {
        for (const d of ref.t.statementDeliveries.values())
          if (d.vendorId === vendorId)
            return { accountId: d.accountId, livemode: d.livemode, deliveryId: d.id };
        return undefined;
      }),
    byAccessCode: (code) =>
      Effect.sync(() => {
        for (const p of ref.t.portal.values())
          if (p.accessCode === code)
            return { accountId: p.accountId, livemode: p.livemode, recipientId: p.recipientId };
        return undefined;
      }),
  };
}
