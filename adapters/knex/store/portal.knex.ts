// The recipient portal's storage (issue 39) on the recipient's portal row (recipient_consents) and portal_activity.
// An attempt is counted in a transaction that locks the row (inserted first when new), so attempts made at once on
// several processes all count and no more than the rule's limit is ever checked in a window.
import * as Effect from "effect/Effect";
import type { PortalRepo } from "../../../core/ports/portal.port.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import { afterAttempt } from "../../../core/domain/statements/portal.ts";
import { rowsOf, toPortalAccess, toPortalActivity } from "../rows.ts";
import { type Db, pageMap, pageOf, run, scopedTable } from "./shared.ts";

const COLUMNS = [
  "recipient_id",
  "access_code",
  "portal_attempts",
  "portal_window_started_at",
  "portal_locked_until",
];

export function portalRepo(db: Db, scope: Scope): PortalRepo {
  const ensure = (trx: Db, recipientId: string) =>
    trx.raw(
      `insert into recipient_consents (account_id, livemode, recipient_id, status, at)
       values (?, ?, ?, 'none', null) on conflict (account_id, livemode, recipient_id) do nothing`,
      [scope.accountId, scope.livemode, recipientId],
    );
  const none = (recipientId: string) => ({ recipientId, accessCode: null, attempts: 0, lockedUntil: null });
  const strip = (a: ReturnType<typeof toPortalAccess>) => ({
    recipientId: a.recipientId,
    accessCode: a.accessCode,
    attempts: a.attempts,
    lockedUntil: a.lockedUntil,
  });
  return {
    accessCode: (recipientId, candidate) =>
      run(async () => {
        await ensure(db, recipientId);
        await scopedTable(db, "recipient_consents", scope)
          .where("recipient_id", recipientId)
          .whereNull("access_code")
          .update({ access_code: candidate });
        return toPortalAccess(
          await scopedTable(db, "recipient_consents", scope)
            .where("recipient_id", recipientId)
            .first(COLUMNS),
        ).accessCode as string;
      }),
    access: (recipientIds) =>
      run(async () => {
        const ids = [...new Set(recipientIds)].filter(isUuid);
        if (ids.length === 0) return [];
        const found = new Map(
          rowsOf(
            await scopedTable(db, "recipient_consents", scope).whereIn("recipient_id", ids).select(COLUMNS),
          )
            .map((r) => strip(toPortalAccess(r)))
            .map((a) => [a.recipientId, a] as const),
        );
        return ids.map((id) => found.get(id) ?? none(id));
      }),
    attempt: (recipientId, rule, now) =>
      run(() =>
        db.transaction(async (trx) => {
          await ensure(trx, recipientId);
          const row = toPortalAccess(
            await scopedTable(trx, "recipient_consents", scope)
              .where("recipient_id", recipientId)
              .forUpdate()
              .first(COLUMNS),
          );
          const { allowed, next } = afterAttempt(row, rule, now);
          if (!allowed && next === row)
            return { allowed: false, attempts: row.attempts, lockedUntil: row.lockedUntil };
          await scopedTable(trx, "recipient_consents", scope).where("recipient_id", recipientId).update({
            portal_attempts: next.attempts,
            portal_window_started_at: next.windowStartedAt,
            portal_locked_until: next.lockedUntil,
          });
          return { allowed, attempts: next.attempts, lockedUntil: next.lockedUntil };
        }),
      ),
    lock: (recipientId, until) =>
      run(() =>
        scopedTable(db, "recipient_consents", scope)
          .where("recipient_id", recipientId)
          .update({ portal_locked_until: until }),
      ).pipe(Effect.asVoid),
    reset: (recipientId) =>
      run(async () => {
        if (!isUuid(recipientId)) return false;
        const n = await scopedTable(db, "recipient_consents", scope)
          .where("recipient_id", recipientId)
          .andWhere((q) => q.where("portal_attempts", ">", 0).orWhereNotNull("portal_locked_until"))
          .update({ portal_attempts: 0, portal_window_started_at: null, portal_locked_until: null });
        return n > 0;
      }),
    record: (a) =>
      run(() =>
        db("portal_activity").insert({
          id: a.id,
          account_id: scope.accountId,
          livemode: scope.livemode,
          recipient_id: a.recipientId,
          action: a.action,
          filing_id: a.filingId,
          ip: a.ip,
          user_agent: a.userAgent,
          created_at: a.createdAt,
        }),
      ).pipe(Effect.asVoid),
    activity: (recipientId, page) =>
      run(async () =>
        pageMap(
          await pageOf(db, "portal_activity", scope, page, (q) => {
            if (isUuid(recipientId)) q.where("portal_activity.recipient_id", recipientId);
            else q.whereRaw("false");
          }),
          page.limit,
          toPortalActivity,
        ),
      ),
  };
}
