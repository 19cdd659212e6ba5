// What the emulated IRS keeps per transmission it received. The sandbox keeps it in the service database (so
// acknowledgements survive a restart and every process sees them, D22); the standalone emulator in memory.
import type { ErrorInformation, SubmissionResult, TransmissionStatus } from "../../core/domain/iris/ack.ts";

export interface EmulatedTransmission {
  readonly receiptId: string;
  readonly utid: string;
  /** The manifest's TransmitterControlCd: status requests of other transmitters do not see it. */
  readonly tcc: string;
  /** ISO 8601. */
  readonly receivedAt: string;
  /** ISO 8601: until then the status answer is "Processing". */
  readonly ackAvailableAt: string;
  readonly status: TransmissionStatus;
  readonly errors: readonly ErrorInformation[];
  readonly submissions: readonly SubmissionResult[];
}

/** JSON rows by UTID and receipt id; first writer wins per UTID. */
export interface EmulatorStore {
  /** Keeps `t` unless one with the same UTID exists; returns the one kept and whether it is `t`. */
  readonly insertIfAbsent: (
    t: EmulatedTransmission,
  ) => Promise<{ readonly kept: EmulatedTransmission; readonly inserted: boolean }>;
  readonly byReceiptId: (receiptId: string) => Promise<EmulatedTransmission | undefined>;
  readonly byUtid: (utid: string) => Promise<EmulatedTransmission | undefined>;
}

export function inMemoryEmulatorStore(): EmulatorStore & {
  readonly all: () => readonly EmulatedTransmission[];
} {
  const byUtid = new Map<string, EmulatedTransmission>();
  const byReceipt = new Map<string, EmulatedTransmission>();
  return {
    all: () => [...byUtid.values()],
    insertIfAbsent: async (t) => {
      const kept = byUtid.get(t.utid);
      if (kept) return { kept, inserted: false };
      byUtid.set(t.utid, t);
      byReceipt.set(t.receiptId, t);
      return { kept: t, inserted: true };
    },
    byReceiptId: async (id) => byReceipt.get(id),
    byUtid: async (utid) => byUtid.get(utid),
  };
}
