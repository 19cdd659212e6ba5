// Wire views of the owner's lock-outs (GET /v1/security/lockouts, DELETE /v1/security/lockouts/{id}, issue 38):
// the one home of these shapes. A lock-out is named by its user's id: a user has at most one.
import { listView } from "../shared/views.ts";
import type { LockedUser } from "./throttle.ts";

export function lockoutView(l: LockedUser, email: string | null) {
  return {
    object: "lockout",
    id: l.userId,
    user: { id: l.userId, email },
    failures: l.failures,
    locked_until: l.lockedUntil,
  };
}

export const lockoutListView = (locks: readonly { lock: LockedUser; email: string | null }[]) =>
  listView(locks.map(({ lock, email }) => lockoutView(lock, email)));

/** A lock-out just lifted, at `liftedAt`. */
export function liftedLockoutView(l: LockedUser, email: string | null, liftedAt: string) {
  return { ...lockoutView(l, email), lifted: true, lifted_at: liftedAt };
}
