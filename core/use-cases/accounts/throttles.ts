// Issue 38: failed sign-ins are throttled per user and per client address, failed bearer credential checks per
// address; past a limit the key is refused with 429 and Retry-After until its window passes
// (core/domain/security/throttle.ts). A user's lock is the account's to see and lift (GET /v1/security/lockouts,
// DELETE /v1/security/lockouts/{id}, and `users lockouts` / `users unlock` on the command line).
import * as Effect from "effect/Effect";
import {
  isLocked,
  retryAfterSeconds,
  ruleOf,
  type ThrottleKind,
  type ThrottleState,
} from "../../domain/security/throttle.ts";
import { liftedLockoutView, lockoutListView } from "../../domain/security/views.ts";
import { NotFound, RateLimited } from "../../domain/shared/errors.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Store } from "../../ports/store.port.ts";
import { ThrottleRules, Throttles, type ThrottleSubject } from "../../ports/throttles.port.ts";

const wait = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

const MESSAGES: Record<ThrottleKind, (seconds: number) => string> = {
  sign_in_user: (s) =>
    `Too many failed sign-ins for this e-mail address. Try again in ${wait(s)}, or ask the account owner to lift the lock.`,
  sign_in_address: (s) => `Too many failed sign-ins from this network address. Try again in ${wait(s)}.`,
  credential_address: (s) =>
    `Too many requests with an invalid credential from this address; retry after ${s} s with a valid API key or access token.`,
};

/** The 429 of a key locked at `now`, or null. */
function refusal(kind: ThrottleKind, state: ThrottleState | undefined, now: Date): RateLimited | null {
  if (!isLocked(state, now)) return null;
  const seconds = retryAfterSeconds(state, now);
  return new RateLimited({ retryAfterSeconds: seconds, message: MESSAGES[kind](seconds) });
}

/** Counts one failure of `subject`; the 429 when it is (now) locked. */
const countFailure = Effect.fnUntraced(function* (subject: ThrottleSubject) {
  const now = (yield* Clock).now();
  const rule = ruleOf(yield* ThrottleRules, subject.kind);
  return refusal(subject.kind, yield* (yield* Throttles).recordFailure(subject, rule, now), now);
});

/** Whether a sign-in from `address` (and, when given, as the user keyed `userKey`) is refused before it is checked. */
export const signInRefusal = Effect.fn("signInRefusal")(function* (address: string, userKey: string | null) {
  const throttles = yield* Throttles;
  const now = (yield* Clock).now();
  const byAddress = refusal("sign_in_address", yield* throttles.state("sign_in_address", address), now);
  if (byAddress || userKey === null) return byAddress;
  return refusal("sign_in_user", yield* throttles.state("sign_in_user", userKey), now);
});

/**
 * A failed sign-in, counted for its address and its user (`user`: the user's key, and the user itself when the
 * address names one); the 429 when either is now locked, the user's first.
 */
export const signInFailed = Effect.fn("signInFailed")(function* (
  address: string,
  user: { readonly key: string; readonly user?: { readonly id: string; readonly accountId: string } } | null,
) {
  const byAddress = yield* countFailure({ kind: "sign_in_address", key: address });
  const byUser = user === null ? null : yield* countFailure({ kind: "sign_in_user", ...user });
  return byUser ?? byAddress;
});

/** A sign-in that succeeded forgets its user's failures; its address's stay (they may be other users'). */
export const signInSucceeded = Effect.fn("signInSucceeded")(function* (userKey: string) {
  yield* (yield* Throttles).clear("sign_in_user", userKey);
});

/** A bearer credential that matched nothing, counted for its address; the 429 once the address is locked. */
export const credentialFailed = Effect.fn("credentialFailed")(function* (address: string) {
  return yield* countFailure({ kind: "credential_address", key: address });
});

/** The account's users locked now, with their e-mail addresses. */
const lockedUsers = Effect.fnUntraced(function* (accountId: string, now: Date) {
  if (!isUuid(accountId)) return [];
  const store = yield* Store;
  const locks = yield* (yield* Throttles).lockouts(accountId, now);
  return yield* Effect.forEach(locks, (lock) =>
    Effect.map(store.users.get(lock.userId), (user) => ({
      lock,
      email: user?.accountId === accountId ? user.email : null,
    })),
  );
});

export const listLockouts = Effect.fnUntraced(function* (accountId: string) {
  return lockoutListView(yield* lockedUsers(accountId, (yield* Clock).now()));
});

export const liftLockout = Effect.fn("liftLockout")(function* (accountId: string, userId: string) {
  const now = (yield* Clock).now();
  const found = !isUuid(userId)
    ? undefined
    : (yield* lockedUsers(accountId, now)).find((l) => l.lock.userId === userId);
  const notFound = new NotFound({ message: `No user ${userId} of this account is locked out.` });
  if (!found) return yield* notFound;
  if (!(yield* (yield* Throttles).unlock(accountId, userId, now))) return yield* notFound;
  return liftedLockoutView(found.lock, found.email, now.toISOString());
});
