// Issue 40 item 4: the storage of B-notices (notice history). A notice is inserted once per natural key (recipient,
// account, tax year, CP2100 date): a re-uploaded CP2100 finds its notices instead of making and mailing new ones.
// Status changes are compare-and-set (`update` with the statuses it may leave from), so a job retried after a crash,
// a W-9 signed while the letter is sent, or two validations at once each end with one winner.
import type * as Effect from "effect/Effect";
import type { BNotice, BNoticeStatus } from "../domain/w9/b-notice-record.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type BNoticePatch = Partial<
  Omit<Mutable<BNotice>, "id" | "payerId" | "recipientId" | "createdAt" | "uploadId" | "kind">
> & { readonly updatedAt: string };

export interface BNoticeFilter {
  readonly recipientId?: string;
  readonly payerId?: string;
  readonly uploadId?: string;
  readonly status?: BNoticeStatus;
}

export interface BNoticeRepo {
  /** False (nothing inserted) when a notice of the same natural key exists (b-notice-record.ts bNoticeKey). */
  readonly insert: (n: BNotice) => Effect.Effect<boolean>;
  readonly get: (id: string) => Effect.Effect<BNotice | undefined>;
  /** Newest first, paged like every list. */
  readonly list: (page: PageQuery, filter: BNoticeFilter) => Effect.Effect<Page<BNotice>>;
  /** Every notice of these recipients, oldest first (the history a first/second decision and the flag read). */
  readonly ofRecipients: (recipientIds: readonly string[]) => Effect.Effect<readonly BNotice[]>;
  /** Applies `patch` when the notice's status is one of `from`: the updated notice, or undefined. */
  readonly update: (
    id: string,
    from: readonly BNoticeStatus[],
    patch: BNoticePatch,
  ) => Effect.Effect<BNotice | undefined>;
  /**
   * Marks an open notice's backup withholding required as of `at`, once: the updated notice, or undefined when it
   * was cleared or already marked (two sweeps at once: one marks it and sends the event).
   */
  readonly markWithholdingRequired: (id: string, at: string) => Effect.Effect<BNotice | undefined>;
}

export interface BNoticeRef {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly id: string;
}

export interface BNoticeQueue {
  /** Notices still `queued` created before `before` (their send job was lost), oldest first. */
  readonly stalled: (before: string, limit: number) => Effect.Effect<readonly BNoticeRef[]>;
  /** Open notices whose withhold-by date is on or before `today` and not marked required yet. */
  readonly withholdingDue: (today: string, limit: number) => Effect.Effect<readonly BNoticeRef[]>;
}
