// Fault hooks for crash tests (issue 38), off unless FAULT_INJECT is set: the process SIGKILLs itself at a chosen
// step of a request whose Idempotency-Key starts with FAULT_INJECT_KEY_PREFIX, so a test can crash it exactly
// between two steps instead of by timing luck.
// - after_charge: once the card processor has charged for the request, before its transaction commits.
// - after_commit: once the request's operation has committed, before its answer is stored for replay.
// Never set them in production: a matching request kills the process, which is their whole purpose.
import * as Effect from "effect/Effect";
import { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { IdempotentOperation } from "../../core/ports/idempotency.port.ts";

export type FaultPoint = "after_charge" | "after_commit";

export interface FaultInjection {
  readonly at: FaultPoint;
  /** Requests whose Idempotency-Key starts with this are the ones the fault hits. */
  readonly keyPrefix: string;
}

/** The operations of requests the after_charge fault hits (a charge sees its operation, not the request's key). */
const armed = new Set<string>();

export function crashNow(): never {
  process.kill(process.pid, "SIGKILL");
  // SIGKILL is not caught; the process is gone before this line, which only satisfies the type.
  throw new Error("SIGKILL did not end the process");
}

/** Whether the fault hits this request; an after_charge fault is armed for the request's operation. */
export function faultHits(fault: FaultInjection | undefined, key: string, operationId: string): boolean {
  if (!fault || !key.startsWith(fault.keyPrefix)) return false;
  if (fault.at === "after_charge") armed.add(operationId);
  return fault.at === "after_commit";
}

/** The card processor with the after_charge fault: a charge for an armed operation kills the process once made. */
export function withChargeFault(
  processor: CardProcessor["Service"],
  fault: FaultInjection | undefined,
): CardProcessor["Service"] {
  if (fault?.at !== "after_charge") return processor;
  return CardProcessor.of({
    ...processor,
    charge: (input) =>
      Effect.tap(processor.charge(input), () =>
        Effect.flatMap(Effect.service(IdempotentOperation), (operation) =>
          operation !== undefined && armed.has(operation) ? Effect.sync(crashNow) : Effect.void,
        ),
      ),
  });
}
