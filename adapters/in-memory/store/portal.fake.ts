// The recipient portal's storage (issue 39) in memory, with the SQL adapter's rules: one access code per recipient
// (the first kept), attempts counted before the answer is checked, and the activity newest first.
import * as Effect from "effect/Effect";
import type { PortalRepo } from "../../../core/ports/portal.port.ts";
import { afterAttempt } from "../../../core/domain/statements/portal.ts";
import { type FakeScope, pageFrom, type PortalRow } from "./shared.ts";

export function fakePortal(c: FakeScope): PortalRepo {
  const { ref, scope } = c;
  const key = (recipientId: string) => JSON.stringify([scope.accountId, scope.livemode, recipientId]);
  const row = (recipientId: string): PortalRow =>
    ref.t.portal.get(key(recipientId)) ?? {
      ...scope,
      recipientId,
      accessCode: null,
      attempts: 0,
      windowStartedAt: null,
      lockedUntil: null,
    };
  const put = (r: PortalRow) => ref.t.portal.set(key(r.recipientId), r);
  return {
    accessCode: (recipientId, candidate) =>
      Effect.sync(() => {
        const r = row(recipientId);
        if (r.accessCode !== null) return r.accessCode;
        put({ ...r, accessCode: candidate });
        return candidate;
      }),
    access: (recipientIds) =>
      Effect.sync(() =>
        [...new Set(recipientIds)].map((id) => {
          const r = row(id);
          return {
            recipientId: id,
            accessCode: r.accessCode,
            attempts: r.attempts,
            lockedUntil: r.lockedUntil,
          };
        }),
      ),
    attempt: (recipientId, rule, now) =>
      Effect.sync(() => {
        const r = row(recipientId);
        const { allowed, next } = afterAttempt(r, rule, now);
        put({ ...r, ...next });
        return { allowed, attempts: next.attempts, lockedUntil: next.lockedUntil };
      }),
    lock: (recipientId, until) =>
      Effect.sync(() => {
        put({ ...row(recipientId), lockedUntil: until });
      }),
    reset: (recipientId) =>
      Effect.sync(() => {
        const r = ref.t.portal.get(key(recipientId));
        if (!r || (r.attempts === 0 && r.lockedUntil === null)) return false;
        put({ ...r, attempts: 0, windowStartedAt: null, lockedUntil: null });
        return true;
      }),
    record: (a) =>
      Effect.sync(() => {
        ref.t.portalActivity.set(a.id, { ...a, ...scope });
      }),
    activity: (recipientId, page) =>
      Effect.sync(() =>
        pageFrom(
          [...ref.t.portalActivity.values()]
            .filter(
              (a) =>
                a.accountId === scope.accountId &&
                a.livemode === scope.livemode &&
                a.recipientId === recipientId,
            )
            .map(({ accountId: _a, livemode: _l, ...a }) => a),
          page,
        ),
      ),
  };
}
