import * as Context from "effect/Context";
import * as Data from "effect/Data";
import type * as Effect from "effect/Effect";
import type { AckOutcome } from "../domain/iris/ack.ts";
import type { TransmitterProfile } from "../domain/iris/rules/model.ts";
import type { TransmissionInput, TransmissionProblem } from "../domain/iris/transmission.ts";

/** The IRS (or the way to it) did not answer; nothing is known to have changed. Retry later. */
export class IrsUnavailable extends Data.TaggedError("IrsUnavailable")<{
  message: string;
  retryAfterMs?: number;
}> {}

/**
 * The transmission cannot be sent as it is (it does not build, or the IRS refused it on intake without a
 * receipt). Retrying the same input fails the same way: the filings go back to the payer (SPEC: "A charged form
 * that cannot be transmitted returns its money to the prepaid balance"). Problems never contain a TIN.
 */
export class TransmissionRefused extends Data.TaggedError("TransmissionRefused")<{
  message: string;
  problems: readonly TransmissionProblem[];
}> {}

export interface TransmitReceipt {
  /** IRS receipt id, `[1-9][0-9]{3}-[0-9]{11}-[0-9a-zA-Z]{9}`. */
  readonly receiptId: string;
  /** When the IRS took the transmission (the first time, for a retried one). */
  readonly submittedAt: Date;
}

/** Processing; not found (the IRS does not know the receipt); or done, one outcome per filing (AckOutcome). */
export type Acknowledgement = AckOutcome;

/** One receipt to ask about, with its records: recordKey(submissionId, recordId) -> filing id. */
export interface AcknowledgementRequest {
  readonly receiptId: string;
  readonly records: ReadonlyMap<string, string>;
  /** FormTypeCd per submission id, for per-form rule texts. */
  readonly formTypeCdOf?: (submissionId: string) => string | undefined;
}

export interface TransmitOptions {
  readonly livemode: boolean;
  /**
   * An earlier attempt stored this transmission's id and may have sent it (its reply was lost, or the process
   * died): the IRS is asked by UniqueTransmissionId first, and the transmission is sent only when it answers
   * Not Found. The same filings are never transmitted twice.
   */
  readonly resume?: boolean;
}

/**
 * Files information returns with the IRS (IRIS A2A), per environment: production with the IRS, the sandbox with
 * the emulated IRS. The transmitter's own identity (TCC, software id, TestCd) is the adapter's configuration; the
 * core hands over what is filed, built with `planTransmissions`.
 */
export class IrsTransmitter extends Context.Service<
  IrsTransmitter,
  {
    /** Sends one transmission; returns the IRS receipt id. */
    readonly transmit: (
      t: TransmissionInput,
      now: Date,
      options: TransmitOptions,
    ) => Effect.Effect<TransmitReceipt, IrsUnavailable | TransmissionRefused>;
    /** The acknowledgements of several receipts (asked together), in request order: "processing" until ready. */
    readonly acknowledgements: (
      requests: readonly AcknowledgementRequest[],
      now: Date,
      options: { readonly livemode: boolean },
    ) => Effect.Effect<readonly Acknowledgement[], IrsUnavailable>;
    /** Why an environment cannot file now (production without a complete IRIS configuration), naming what is missing; null when it can. */
    readonly missingConfiguration: (livemode: boolean) => string | null;
    /**
     * What the environment's transmitter writes in the manifest (TestCd, the software id per tax year), so intake
     * and pay can check the IRS rules about it (SHAREDIRFORM021, SMF027, TMFST020) before anything is charged;
     * undefined for an environment that cannot file (its pay is refused anyway).
     */
    readonly profile: (livemode: boolean) => TransmitterProfile | undefined;
  }
>()("core/IrsTransmitter") {}
