// Issue 39: the recipient statements of filings and their deliveries (letters, e-mailed notices, consent
// invitations). A statement row is opened in the transaction that makes its filing's Copy B available (D21); it
// carries an epoch that every change touching its plan bumps (a delivery's status, the recipient's address or
// consent) and the epoch its last plan saw, so "needs planning" is durable: a worker that dies mid-plan leaves
// the row pending, and the next sweep plans it again. Deliveries are keyed by the rule's idempotency keys
// (core/domain/statements/delivery.ts): one row per key, ever.
import type * as Effect from "effect/Effect";
import type { Page, PageQuery } from "../domain/shared/paging.ts";
import type { PortalRef } from "./portal.port.ts";
import type {
  Channel,
  ConsentStatus,
  EmailStatus,
  MailStatus,
  NotFurnishedReason,
} from "../domain/statements/delivery.ts";

export interface StatementRecord {
  readonly filingId: string;
  readonly recipientId: string;
  readonly epoch: number;
  readonly plannedEpoch: number;
  readonly furnished: boolean;
  readonly notFurnished: NotFurnishedReason | null;
  /** The PrintAndMail refunded to the prepaid balance (a `mail_refund` entry) when nothing could be mailed. */
  readonly mailRefundedCents: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type DeliveryKind = "letter" | "notice" | "invitation";

export interface DeliveryEvent {
  readonly status: string;
  readonly at: string;
}

export interface StatementDeliveryRecord {
  readonly id: string;
  readonly filingId: string;
  readonly recipientId: string;
  readonly channel: Channel;
  readonly kind: DeliveryKind;
  /** The rule's idempotency key: the vendor's key too. */
  readonly key: string;
  readonly status: MailStatus | EmailStatus;
  /** Lob's letter id, or the e-mail's message id; stored before the reply is trusted. */
  readonly vendorId: string | null;
  /** Where an e-mail went (never shown with a TIN). */
  readonly toEmail: string | null;
  readonly failureReason: string | null;
  readonly expectedDeliveryDate: string | null;
  readonly events: readonly DeliveryEvent[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type DeliveryPatch = Partial<
  Pick<StatementDeliveryRecord, "status" | "vendorId" | "failureReason" | "expectedDeliveryDate">
> & { readonly updatedAt: string; readonly event?: DeliveryEvent };

export interface ConsentRecord {
  readonly recipientId: string;
  readonly status: ConsentStatus;
  readonly at: string | null;
}

export interface StatementRepo {
  /** Opens the statements of these filings (once each; an open one is left as it is). Returns the ids opened. */
  readonly open: (
    rows: readonly { readonly filingId: string; readonly recipientId: string }[],
    now: string,
  ) => Effect.Effect<readonly string[]>;
  readonly get: (filingId: string) => Effect.Effect<StatementRecord | undefined>;
  readonly getMany: (filingIds: readonly string[]) => Effect.Effect<readonly StatementRecord[]>;
  /**
   * Records plans, each made at its `epoch` (one write): the filing ids recorded; a statement changed since its
   * plan read it is left out (nothing written for it).
   */
  readonly planned: (
    plans: readonly Pick<StatementRecord, "filingId" | "epoch" | "furnished" | "notFurnished">[],
    updatedAt: string,
  ) => Effect.Effect<readonly string[]>;
  /** Bumps the epoch of these statements: they are planned again. */
  readonly touch: (filingIds: readonly string[], now: string) => Effect.Effect<void>;
  /** Bumps the epoch of every statement of this recipient (a new address, e-mail or consent). */
  readonly touchRecipient: (recipientId: string, now: string) => Effect.Effect<void>;
  /** Records a mail refund once: false when this statement's was already recorded. */
  readonly markMailRefunded: (filingId: string, cents: number, now: string) => Effect.Effect<boolean>;
  readonly deliveries: (filingIds: readonly string[]) => Effect.Effect<readonly StatementDeliveryRecord[]>;
  /** Inserts deliveries; one per key ever. Returns the ids inserted. */
  readonly insertDeliveries: (rows: readonly StatementDeliveryRecord[]) => Effect.Effect<readonly string[]>;
  readonly getDelivery: (id: string) => Effect.Effect<StatementDeliveryRecord | undefined>;
  /** Applies a patch (appending its event) when the delivery's status is one of `from`; undefined otherwise. */
  readonly updateDelivery: (
    id: string,
    from: readonly string[],
    patch: DeliveryPatch,
  ) => Effect.Effect<StatementDeliveryRecord | undefined>;
  /** Newest first, paged like every list. */
  readonly listDeliveries: (
    page: PageQuery,
    filter: { readonly status?: string; readonly filingId?: string },
  ) => Effect.Effect<Page<StatementDeliveryRecord>>;
  readonly consent: (recipientId: string) => Effect.Effect<ConsentRecord>;
  /** Records the recipient's e-delivery consent (given or withdrawn) as of `at`. */
  readonly setConsent: (
    recipientId: string,
    status: Exclude<ConsentRecord["status"], "none">,
    at: string,
  ) => Effect.Effect<void>;
  readonly consents: (recipientIds: readonly string[]) => Effect.Effect<readonly ConsentRecord[]>;
  /** Every statement of this recipient, newest first. */
  readonly byRecipient: (recipientId: string) => Effect.Effect<readonly StatementRecord[]>;
  /** Marks the statement viewed in the portal: true the first time only. */
  readonly markViewed: (filingId: string, now: string) => Effect.Effect<boolean>;
}

export interface StatementRef {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly filingId: string;
}

export interface DeliveryRef {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly deliveryId: string;
}

/** Across accounts: what the worker's sweep and the vendor's webhooks find. */
export interface StatementQueue {
  /** Statements whose epoch is past their last plan, oldest change first. */
  readonly pending: (limit: number) => Effect.Effect<readonly StatementRef[]>;
  /** Deliveries still `queued` with no vendor id, last changed before `before` (their send job was lost). */
  readonly stalled: (before: string, limit: number) => Effect.Effect<readonly DeliveryRef[]>;
  /** The delivery of a vendor's letter id. */
  readonly byVendorId: (vendorId: string) => Effect.Effect<DeliveryRef | undefined>;
  /** The delivery of this id, in whichever environment it is (a vendor's event that names it). */
  readonly byDeliveryId: (deliveryId: string) => Effect.Effect<DeliveryRef | undefined>;
  /** The recipient whose letters carry this (normalised) portal access code. */
  readonly byAccessCode: (code: string) => Effect.Effect<PortalRef | undefined>;
}
