import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { Efw2Format, Efw2Submitter } from "../domain/efw2/index.ts";

/** Where an EFW2 file is: waiting for the operator, uploaded (the SSA's WFID known), or the SSA's outcome. */
export type SsaFileStatus = "pending" | "submitted" | "accepted" | "rejected";

/** One wage file in the operator queue: an order's W-2s (or W-2cs) of one tax year, every employer of the order. */
export interface SsaFile {
  readonly id: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly orderId: string;
  readonly taxYear: number;
  readonly format: Efw2Format;
  readonly filingIds: readonly string[];
  readonly employers: number;
  /** The file, as uploaded to SSA Business Services Online (ASCII, CR LF records). */
  readonly content: string;
  readonly status: SsaFileStatus;
  /** The SSA's wage file identifier, given at upload. */
  readonly wfid: string | null;
  readonly message: string | null;
  readonly createdAt: string;
  readonly submittedAt: string | null;
  readonly decidedAt: string | null;
}

/**
 * The way to the Social Security Administration. The SSA has no submission API: files are uploaded by a registered
 * submitter through Business Services Online, so production puts each EFW2 file in a durable operator queue and
 * the operator records the upload and the SSA's outcome (`npm run cli -- ssa ...`). The sandbox takes the same
 * queue and answers by itself.
 */
export class SsaTransmitter extends Context.Service<
  SsaTransmitter,
  {
    /** The submitter written in RA / RCA (EIN and BSO user id from the configuration); undefined when not configured. */
    readonly submitter: (livemode: boolean) => Efw2Submitter | undefined;
    /** Why an environment cannot file W-2s now, naming what is missing; null when it can. */
    readonly missingConfiguration: (livemode: boolean) => string | null;
    /** Queues a file; a file with the same id already queued is kept (and returned) as it is. */
    readonly enqueue: (file: SsaFile) => Effect.Effect<SsaFile>;
    readonly get: (id: string) => Effect.Effect<SsaFile | undefined>;
    readonly byWfid: (livemode: boolean, wfid: string) => Effect.Effect<SsaFile | undefined>;
    /** Files in a status, oldest first (both environments unless `livemode` is given). */
    readonly list: (filter: {
      readonly status?: SsaFileStatus;
      readonly livemode?: boolean;
    }) => Effect.Effect<readonly SsaFile[]>;
    /** Moves a file from one of `from` to a new status; undefined when it was not in one of them. */
    readonly update: (
      id: string,
      from: readonly SsaFileStatus[],
      patch: Partial<Pick<SsaFile, "status" | "wfid" | "message" | "submittedAt" | "decidedAt">>,
    ) => Effect.Effect<SsaFile | undefined>;
  }
>()("core/SsaTransmitter") {}
