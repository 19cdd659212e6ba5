import type * as Effect from "effect/Effect";
import type { Filing } from "../domain/filing/filing.ts";
import type { FilingMove, FilingStatus, MovedStatus } from "../domain/filing/status.ts";
import type { FilingFilter } from "../domain/filing/filter.ts";
import type { Batch } from "../domain/filing/batch.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface FilingRepo {
  /**
   * Inserts what it can and returns the ids inserted. A row that duplicates a live original (D11: same payer,
   * recipient TIN, form, tax year and account number, not voided or rejected) is skipped, also within one call.
   */
  readonly insertMany: (rows: readonly Filing[]) => Effect.Effect<ReadonlySet<string>>;
  /** By UUID or short id (`fil_…`). */
  readonly get: (id: string) => Effect.Effect<Filing | undefined>;
  readonly list: (page: PageQuery, filter: FilingFilter) => Effect.Effect<Page<Filing>>;
  readonly getMany: (ids: readonly string[]) => Effect.Effect<readonly Filing[]>;
  /** Every filing matching `filter`, by id, in one read (an order of 100,000 forms; paging it cost a sort per page). */
  readonly listAll: (filter: FilingFilter) => Effect.Effect<readonly Filing[]>;
  /** Sets fields of one filing when its status is one of `from`; returns the updated filing or undefined. */
  readonly update: (
    id: string,
    from: readonly FilingStatus[],
    patch: FilingPatch,
  ) => Effect.Effect<Filing | undefined>;
  /** One patch for every listed filing whose status is one of `from`, in one statement; returns the ids changed. */
  readonly updateMany: (
    ids: readonly string[],
    from: readonly FilingStatus[],
    patch: FilingPatch,
  ) => Effect.Effect<readonly string[]>;
  /**
   * `updateMany` returning what an acknowledgement's events need of each changed filing, so a receipt of 20,000
   * forms is moved without reading its forms first (issue 19).
   */
  readonly moveMany: (
    ids: readonly string[],
    from: readonly FilingStatus[],
    patch: FilingPatch,
  ) => Effect.Effect<readonly MovedFiling[]>;
  /**
   * Transmission's claim: `updateMany`, each filing also getting its own submission and record ids (known when the
   * transmission is planned, before it is sent); returns the ids changed.
   */
  readonly assignRecords: (
    records: readonly RecordIds[],
    from: readonly FilingStatus[],
    patch: FilingPatch,
  ) => Effect.Effect<readonly string[]>;
  /**
   * Transmission: each listed `submitted` filing gets the receipt, the transmission id and its own submission and
   * record ids; returns how many. Reads give the filing its receipt from then on. A filing whose claim already
   * recorded the same transmission and ids (`assignRecords`) need not be written again: adapters may keep the receipt
   * once per transmission (issue 19: a receipt of 20,000 forms rewrote 20,000 rows).
   */
  readonly recordReceipt: (
    receipt: { readonly receiptId: string; readonly transmissionId: string; readonly updatedAt: string },
    records: readonly RecordIds[],
  ) => Effect.Effect<number>;
  /** The records of a transmission: each filing under the receipt with its submission and record ids (acknowledgements). */
  readonly receiptRecords: (receiptId: string) => Effect.Effect<readonly ReceiptRecord[]>;
  /** Pay: every listed filing moves by `pay` (`move("pay")`: in_cart -> queued) with its order and charge; returns how many moved. */
  readonly markQueued: (
    pay: FilingMove,
    orderId: string,
    charges: readonly { readonly id: string; readonly amountChargedCents: number }[],
    now: string,
  ) => Effect.Effect<number>;
  /** The accepted original a correction refers to (D19: it must have been filed through the service). */
  readonly findFiledOriginal: (
    key: Pick<Filing, "payerId" | "recipientTinHash" | "form" | "taxYear" | "accountNumber">,
  ) => Effect.Effect<Filing | undefined>;
}

/** Where a filing sits in its IRS transmission. */
export interface RecordIds {
  readonly filingId: string;
  readonly submissionId: number;
  readonly recordId: number;
}

export type MovedFiling = Pick<Filing, "id" | "form" | "taxYear" | "corrects" | "recipientId">;

export interface ReceiptRecord {
  readonly filingId: string;
  readonly submissionId: number;
  readonly recordId: number;
  readonly form: string;
  readonly taxYear: number;
}

/** Fields a write may set. `status` only as a `MovedStatus`: the value of `nextStatus`/`move` (core/domain/filing/status.ts). */
export type FilingPatch = { readonly status?: MovedStatus } & Partial<
  Pick<
    Filing,
    | "service"
    | "physicalMail"
    | "portalAccess"
    | "orderId"
    | "amountChargedCents"
    | "receiptId"
    | "supersededBy"
    | "updatedAt"
    | "submittedAt"
    | "acknowledgedAt"
    | "voidedAt"
    | "ackErrors"
    | "amountRefundedCents"
    | "transmissionId"
    | "submissionId"
    | "recordId"
  >
>;

export interface BatchRepo {
  readonly insert: (batch: Batch) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<Batch | undefined>;
}
