import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import {
  DEFAULT_THROTTLE_POLICY,
  type ThrottleKind,
  type ThrottlePolicy,
  type ThrottleRule,
  type ThrottleState,
  type LockedUser,
} from "../domain/security/throttle.ts";

/** A throttled key; a user's key also names the user and its account, so the owner can list and lift its lock. */
export interface ThrottleSubject {
  readonly kind: ThrottleKind;
  readonly key: string;
  readonly user?: { readonly id: string; readonly accountId: string } | undefined;
}

/**
 * The failure counts of sign-ins and credential checks (issue 38), shared by every process: `recordFailure` reads,
 * applies `afterFailure` and writes as one atomic step (two processes failing at once both count). No secret is
 * stored: keys are user ids, hashes of e-mail addresses and client addresses.
 */
export class Throttles extends Context.Service<
  Throttles,
  {
    readonly state: (kind: ThrottleKind, key: string) => Effect.Effect<ThrottleState | undefined>;
    readonly recordFailure: (
      subject: ThrottleSubject,
      rule: ThrottleRule,
      now: Date,
    ) => Effect.Effect<ThrottleState>;
    readonly clear: (kind: ThrottleKind, key: string) => Effect.Effect<void>;
    /** The users of `accountId` locked at `now`, oldest lock first. */
    readonly lockouts: (accountId: string, now: Date) => Effect.Effect<readonly LockedUser[]>;
    /** Lifts a lock of a user of `accountId`; false when that user is not locked at `now`. */
    readonly unlock: (accountId: string, userId: string, now: Date) => Effect.Effect<boolean>;
  }
>()("core/Throttles") {}

/** The limits and windows the hosts configure (hosts/shared/config.ts); the documented defaults otherwise. */
export class ThrottleRules extends Context.Reference<ThrottlePolicy>("core/ThrottleRules", {
  defaultValue: () => DEFAULT_THROTTLE_POLICY,
}) {}
