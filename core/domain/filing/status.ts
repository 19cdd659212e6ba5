// The filing lifecycle of SPEC "States and transitions" as one table. Everything that moves a filing goes
// through `nextStatus` or `move` (a FilingPatch takes only their MovedStatus), so a refused move is refused the
// same way everywhere.
export const FILING_STATUSES = [
  "ready_to_file",
  "in_cart",
  "queued",
  "submitted",
  "furnishing",
  "accepted",
  "accepted_with_errors",
  "rejected",
  "voided",
  "superseded",
] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

export const SERVICES = ["efile", "efile_print_mail", "print_mail"] as const;
export type Service = (typeof SERVICES)[number];
export const DEFAULT_SERVICE: Service = "efile_print_mail";

export type FilingTrigger =
  | "add_to_cart" // ready_to_file -> in_cart
  | "remove_from_cart" // in_cart -> ready_to_file (compatible addition: DELETE /v1/cart/items/{id})
  | "pay" // in_cart -> queued, once the charge cleared
  | "transmit" // queued -> submitted, e-file services only
  | "furnish" // queued -> furnishing, print_mail only
  | "ack_accepted" // submitted -> accepted
  | "ack_accepted_with_errors"
  | "ack_rejected" // submitted -> rejected
  | "void" // before transmission -> voided (D18)
  | "untransmittable" // submitted -> voided when the IRS channel refused the transmission (SPEC: "A charged form
  // that cannot be transmitted returns its money to the prepaid balance"); it was never transmitted
  | "supersede"; // accepted* -> superseded, when its correction is accepted (D19)

interface Rule {
  readonly from: readonly FilingStatus[];
  readonly to: FilingStatus;
  readonly services?: readonly Service[];
}

export const TRANSITIONS: Readonly<Record<FilingTrigger, Rule>> = {
  add_to_cart: { from: ["ready_to_file"], to: "in_cart" },
  remove_from_cart: { from: ["in_cart"], to: "ready_to_file" },
  pay: { from: ["in_cart"], to: "queued" },
  transmit: { from: ["queued"], to: "submitted", services: ["efile", "efile_print_mail"] },
  furnish: { from: ["queued"], to: "furnishing", services: ["print_mail"] },
  ack_accepted: { from: ["submitted"], to: "accepted" },
  ack_accepted_with_errors: { from: ["submitted"], to: "accepted_with_errors" },
  ack_rejected: { from: ["submitted"], to: "rejected" },
  void: { from: ["ready_to_file", "in_cart", "queued"], to: "voided" },
  untransmittable: { from: ["submitted"], to: "voided" },
  supersede: { from: ["accepted", "accepted_with_errors"], to: "superseded" },
};

/** Event types emitted by a transition, recorded in the outbox with the change (webhooks issue). */
export type FilingEventType = "filing.accepted" | "filing.rejected";
const EMITS: Partial<Record<FilingTrigger, FilingEventType>> = {
  ack_accepted: "filing.accepted",
  ack_accepted_with_errors: "filing.accepted", // D28: sent as filing.accepted with its status and errors
  ack_rejected: "filing.rejected",
};

declare const guarded: unique symbol;
/**
 * A status reached through `TRANSITIONS`. A filing patch (core/ports/filings.port.ts) takes only this type, so a
 * write of a status literal does not compile: every status change goes through `nextStatus` or `move`.
 */
export type MovedStatus = FilingStatus & { readonly [guarded]: true };

/** A trigger's rule as the arguments of a guarded write: `repo.update(id, m.from, { status: m.to, ... })`. */
export interface FilingMove {
  readonly trigger: FilingTrigger;
  readonly from: readonly FilingStatus[];
  readonly to: MovedStatus;
}

/** The rule of `trigger` (for writes that select the filings by status in the store, whatever their service). */
export function move(trigger: FilingTrigger): FilingMove {
  const rule = TRANSITIONS[trigger];
  return { trigger, from: rule.from, to: rule.to as MovedStatus };
}

/** The event a trigger's move emits (for moves written by `move`, whose filings are not read first). */
export function moveEvent(trigger: FilingTrigger): FilingEventType | null {
  return EMITS[trigger] ?? null;
}

export interface Refusal {
  readonly refused: true;
  readonly from: FilingStatus;
  readonly trigger: FilingTrigger;
  readonly reason: string;
}
export interface Moved {
  readonly refused: false;
  readonly to: MovedStatus;
  readonly event: FilingEventType | null;
}

export function nextStatus(from: FilingStatus, trigger: FilingTrigger, service: Service): Moved | Refusal {
  const rule = TRANSITIONS[trigger];
  if (!rule.from.includes(from)) {
    return {
      refused: true,
      from,
      trigger,
      reason: `a filing in status ${from} cannot ${trigger.replace(/_/g, " ")}`,
    };
  }
  if (rule.services && !rule.services.includes(service)) {
    return { refused: true, from, trigger, reason: `${trigger} does not apply to service ${service}` };
  }
  return { refused: false, to: rule.to as MovedStatus, event: EMITS[trigger] ?? null };
}

export function isTerminal(status: FilingStatus): boolean {
  return (Object.values(TRANSITIONS) as Rule[]).every((r) => !r.from.includes(status));
}

export function isService(value: unknown): value is Service {
  return typeof value === "string" && (SERVICES as readonly string[]).includes(value);
}

export function isFilingStatus(value: unknown): value is FilingStatus {
  return typeof value === "string" && (FILING_STATUSES as readonly string[]).includes(value);
}
