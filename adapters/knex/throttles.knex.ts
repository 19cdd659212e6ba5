// Throttles on the database (issue 38): one row per (kind, key), shared by every process. A failure is counted in
// a transaction that locks the key's row (inserted first when new) and writes what the core's rule makes of it,
// so failures counted at once on several processes all count and the rule lives in one place.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import type { Knex } from "knex";
import { afterFailure, type ThrottleState } from "../../core/domain/security/throttle.ts";
import { Throttles } from "../../core/ports/throttles.port.ts";
import { run } from "./store/shared.ts";
import { decodeOptional, LockedUserRow, rowsOf, ThrottleRow } from "./rows.ts";

const stateOf = (row: { failures: number; window_started_at: string; locked_until: string | null }) =>
  ({
    failures: row.failures,
    windowStartedAt: row.window_started_at,
    lockedUntil: row.locked_until,
  }) satisfies ThrottleState;

const COLUMNS = ["failures", "window_started_at", "locked_until"];

export function makeKnexThrottles(knex: Knex): Throttles["Service"] {
  return Throttles.of({
    state: (kind, key) =>
      run(async () => {
        const row = decodeOptional(
          ThrottleRow,
          await knex("auth_throttles").select(COLUMNS).where({ kind, key }).first(),
        );
        return row && stateOf(row);
      }),
    recordFailure: (subject, rule, now) =>
      run(() =>
        knex.transaction(async (trx) => {
          const { kind, key, user } = subject;
          await trx.raw(
            `insert into auth_throttles (kind, key, account_id, user_id, failures, window_started_at, locked_until, updated_at)
             values (?, ?, ?, ?, 0, ?, null, ?) on conflict (kind, key) do nothing`,
            [kind, key, user?.accountId ?? null, user?.id ?? null, now, now],
          );
          const row = ThrottleRow.decode(
            await trx("auth_throttles").select(COLUMNS).where({ kind, key }).forUpdate().first(),
          );
          const next = afterFailure(row.failures === 0 ? undefined : stateOf(row), rule, now);
          await trx("auth_throttles").where({ kind, key }).update({
            failures: next.failures,
            window_started_at: next.windowStartedAt,
            locked_until: next.lockedUntil,
            updated_at: now,
          });
          return next;
        }),
      ),
    clear: (kind, key) => run(() => knex("auth_throttles").where({ kind, key }).delete()).pipe(Effect.asVoid),
    lockouts: (accountId, now) =>
      run(async () =>
        rowsOf(
          await knex("auth_throttles")
            .select("user_id", "failures", "locked_until")
            .where({ kind: "sign_in_user", account_id: accountId })
            .whereNotNull("user_id")
            .andWhere("locked_until", ">", now)
            .orderBy([{ column: "locked_until" }, { column: "user_id" }]),
        ).map((r) => {
          const row = LockedUserRow.decode(r);
          return { userId: row.user_id, failures: row.failures, lockedUntil: row.locked_until };
        }),
      ),
    unlock: (accountId, userId, now) =>
      run(
        async () =>
          rowsOf(
            await knex("auth_throttles")
              .where({ kind: "sign_in_user", account_id: accountId, user_id: userId })
              .andWhere("locked_until", ">", now)
              .delete()
              .returning("user_id"),
          ).length > 0,
      ),
  });
}

export const layer = (knex: Knex) => Layer.succeed(Throttles, makeKnexThrottles(knex));
