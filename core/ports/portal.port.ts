// Issue 39: the recipient portal's storage. Each recipient has one portal row (with its e-delivery consent): the
// access code printed on its letters, and the count of its sign-in attempts with the lock they lead to. The
// activity is the payer's audit trail of everything the recipient did in the portal, with time and address.
import type * as Effect from "effect/Effect";
import type { Page, PageQuery } from "../domain/shared/paging.ts";
import type { ThrottleRule } from "../domain/security/throttle.ts";
import type { PortalAction } from "../domain/statements/portal.ts";

export interface PortalAccess {
  readonly recipientId: string;
  readonly accessCode: string | null;
  /** Sign-in attempts counted in the current window. */
  readonly attempts: number;
  readonly lockedUntil: string | null;
}

export interface PortalActivity {
  readonly id: string;
  readonly recipientId: string;
  readonly action: PortalAction;
  readonly filingId: string | null;
  readonly ip: string;
  readonly userAgent: string | null;
  readonly createdAt: string;
}

/** Where the portal finds a recipient from a letter's access code (across accounts: the code is unique). */
export interface PortalRef {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly recipientId: string;
}

export interface PortalRepo {
  /** The recipient's access code: `candidate` the first time, the code kept since after. */
  readonly accessCode: (recipientId: string, candidate: string) => Effect.Effect<string>;
  readonly access: (recipientIds: readonly string[]) => Effect.Effect<readonly PortalAccess[]>;
  /**
   * Counts one sign-in attempt before the answer is checked, as one atomic step: `allowed` is false (and nothing
   * is counted) while the recipient is locked; the attempt over `rule.limit` in a window locks it for a window.
   */
  readonly attempt: (
    recipientId: string,
    rule: ThrottleRule,
    now: Date,
  ) => Effect.Effect<{
    readonly allowed: boolean;
    readonly attempts: number;
    readonly lockedUntil: string | null;
  }>;
  /** Locks the recipient until `until` (the last allowed attempt failed). */
  readonly lock: (recipientId: string, until: string) => Effect.Effect<void>;
  /** A sign-in succeeded, or the payer lifted the lock: the count starts again. False when nothing was counted. */
  readonly reset: (recipientId: string) => Effect.Effect<boolean>;
  readonly record: (activity: PortalActivity) => Effect.Effect<void>;
  /** Newest first, paged like every list. */
  readonly activity: (recipientId: string, page: PageQuery) => Effect.Effect<Page<PortalActivity>>;
}
