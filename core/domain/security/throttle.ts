// Throttles of failed sign-ins and failed credential checks (issue 38): a key (a user, an address) counts its
// failures in a window that starts at its first failure; the failure that reaches the limit locks the key for one
// whole window from then. While locked the key is refused outright, and what else fails then neither counts nor
// extends the lock, so a key makes at most `limit` attempts a window. An owner may lift a user's lock early.

/** What a throttle counts: sign-ins per user, sign-ins per address, bearer credential checks per address. */
export type ThrottleKind = "sign_in_user" | "sign_in_address" | "credential_address";
export const THROTTLE_KINDS: readonly ThrottleKind[] = [
  "sign_in_user",
  "sign_in_address",
  "credential_address",
];

export interface ThrottleRule {
  /** Failures within one window that lock the key. */
  readonly limit: number;
  readonly windowSeconds: number;
}

/** The three throttles' rules: SIGN_IN_FAILURES_PER_USER and the others of the README's configuration table. */
export interface ThrottlePolicy {
  readonly signInPerUser: ThrottleRule;
  readonly signInPerAddress: ThrottleRule;
  readonly credentialPerAddress: ThrottleRule;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  signInPerUser: { limit: 10, windowSeconds: 900 },
  signInPerAddress: { limit: 50, windowSeconds: 900 },
  credentialPerAddress: { limit: 100, windowSeconds: 300 },
};

export const ruleOf = (policy: ThrottlePolicy, kind: ThrottleKind): ThrottleRule =>
  kind === "sign_in_user"
    ? policy.signInPerUser
    : kind === "sign_in_address"
      ? policy.signInPerAddress
      : policy.credentialPerAddress;

/** One key's count. Times are ISO 8601. */
export interface ThrottleState {
  readonly failures: number;
  readonly windowStartedAt: string;
  readonly lockedUntil: string | null;
}

const plus = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

export const isLocked = (state: ThrottleState | undefined, now: Date): boolean =>
  state?.lockedUntil != null && Date.parse(state.lockedUntil) > now.getTime();

/** The state after one more failure at `now` (`undefined`: the key has none yet). */
export function afterFailure(state: ThrottleState | undefined, rule: ThrottleRule, now: Date): ThrottleState {
  if (state && isLocked(state, now)) return state;
  const windowOver =
    !state ||
    state.lockedUntil !== null ||
    Date.parse(state.windowStartedAt) + rule.windowSeconds * 1000 <= now.getTime();
  const failures = windowOver ? 1 : state.failures + 1;
  return {
    failures,
    windowStartedAt: windowOver ? now.toISOString() : state.windowStartedAt,
    lockedUntil: failures >= rule.limit ? plus(now, rule.windowSeconds) : null,
  };
}

/** Whole seconds until a locked key is let in again (at least 1), for Retry-After; 0 when it is not locked. */
export function retryAfterSeconds(state: ThrottleState | undefined, now: Date): number {
  if (!state || !isLocked(state, now)) return 0;
  return Math.max(1, Math.ceil((Date.parse(state.lockedUntil as string) - now.getTime()) / 1000));
}

/** A user's lock as stored: the user, the failures counted and when the lock ends. */
export interface LockedUser {
  readonly userId: string;
  readonly failures: number;
  readonly lockedUntil: string;
}
