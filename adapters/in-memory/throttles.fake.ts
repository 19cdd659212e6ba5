// In-memory Throttles with the rule the SQL adapter applies (core/domain/security/throttle.ts), one map per process.
import * as Effect from "effect/Effect";
import {
  afterFailure,
  isLocked,
  type LockedUser,
  type ThrottleState,
} from "../../core/domain/security/throttle.ts";
import { Throttles } from "../../core/ports/throttles.port.ts";

interface Entry {
  state: ThrottleState;
  user: { readonly id: string; readonly accountId: string } | undefined;
}

export function makeFakeThrottles(): Throttles["Service"] {
  const entries = new Map<string, Entry>();
  const id = (kind: string, key: string) => `${kind}\u0000${key}`;
  const lockedUsers = (accountId: string, now: Date) =>
    [...entries.entries()].filter(
      ([k, e]) =>
        k.startsWith("sign_in_user\u0000") && e.user?.accountId === accountId && isLocked(e.state, now),
    );
  return Throttles.of({
    state: (kind, key) => Effect.sync(() => entries.get(id(kind, key))?.state),
    recordFailure: (subject, rule, now) =>
      Effect.sync(() => {
        const k = id(subject.kind, subject.key);
        const state = afterFailure(entries.get(k)?.state, rule, now);
        entries.set(k, { state, user: subject.user ?? entries.get(k)?.user });
        return state;
      }),
    clear: (kind, key) =>
      Effect.sync(() => {
        entries.delete(id(kind, key));
      }),
    lockouts: (accountId, now) =>
      Effect.sync(() =>
        lockedUsers(accountId, now)
          .map(
            ([, e]): LockedUser => ({
              userId: (e.user as { id: string }).id,
              failures: e.state.failures,
              lockedUntil: e.state.lockedUntil as string,
            }),
          )
          .sort((a, b) => a.lockedUntil.localeCompare(b.lockedUntil) || a.userId.localeCompare(b.userId)),
      ),
    unlock: (accountId, userId, now) =>
      Effect.sync(() => {
        const found = lockedUsers(accountId, now).filter(([, e]) => e.user?.id === userId);
        for (const [k] of found) entries.delete(k);
        return found.length > 0;
      }),
  });
}
