// The decisions of a paid order's transmission job (SPEC "States and transitions", D18-D22), pure: given the order's
// filings as read, what each one gets. The use case (core/use-cases/lifecycle/transmission.ts) loads, plans with
// these, and applies the plan in its transactions.
import { getFormDefinition } from "../forms/index.ts";
import type { FilingToTransmit } from "../iris/transmission.ts";
import type { LedgerDraft } from "../ledger/index.ts";
import type { Filing } from "./filing.ts";
import { move, nextStatus, type FilingStatus, type MovedStatus } from "./status.ts";

const TRANSMIT = move("transmit");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrderPlan {
  /** Filings moved without the IRS (print-only forms furnished, ...), by target and source status. */
  readonly moves: readonly {
    readonly to: MovedStatus;
    readonly from: FilingStatus;
    readonly ids: readonly string[];
  }[];
  /** Queued e-file forms this run claims (queued -> submitted). */
  readonly claiming: readonly Filing[];
  /** W-2 family forms claimed (now or earlier) without a receipt: they go to the SSA. */
  readonly ssa: readonly Filing[];
  /** Forms claimed (now or earlier) without a receipt that go to IRIS. */
  readonly iris: readonly Filing[];
  /** Receipts an earlier run obtained whose acknowledgement may never have been asked for. */
  readonly earlierReceipts: readonly string[];
}

/** W-2 family forms go to the SSA (an EFW2 file in the operator queue), everything else to IRIS. */
export const filedWithSsa = (f: Filing) => getFormDefinition(f.form, f.taxYear)?.filedWith === "SSA";

/**
 * Claim and furnish: each filing of the order by its status and service. A queued e-file form is claimed (as the
 * order's submitted form, `now`); a form an earlier run claimed is resumed; a print-only form is furnished; any other
 * status is left.
 */
export function planOrder(filings: readonly Filing[], orderId: string, now: string): OrderPlan {
  const moves = new Map<MovedStatus, { from: FilingStatus; ids: string[] }>();
  const claiming: Filing[] = [];
  const earlier: Filing[] = [];
  for (const f of filings) {
    const m = nextStatus(f.status, f.service === "print_mail" ? "furnish" : "transmit", f.service);
    if (m.refused) {
      // Claimed by an earlier run of this job, not transmitted yet (or not recorded).
      if (f.status === "submitted") earlier.push(f);
      continue;
    }
    if (m.to === TRANSMIT.to) {
      claiming.push(f);
      continue;
    }
    const group = moves.get(m.to);
    if (group) group.ids.push(f.id);
    else moves.set(m.to, { from: f.status, ids: [f.id] });
  }
  const submitted = [
    ...earlier,
    ...claiming.map((f) => ({
      ...f,
      status: "submitted" as const,
      submittedAt: now,
      transmissionId: orderId,
    })),
  ];
  return {
    moves: [...moves].map(([to, g]) => ({ to, from: g.from, ids: g.ids })),
    claiming,
    ssa: submitted.filter((f) => f.receiptId === null && filedWithSsa(f)),
    iris: submitted.filter((f) => f.receiptId === null && !filedWithSsa(f)),
    earlierReceipts: submitted.flatMap((f) => (f.receiptId === null ? [] : [f.receiptId])),
  };
}

/**
 * Resume by UTID: a transmission's id is stored on its filings before it is sent, so filings that carry one (not the
 * order's id) and no receipt were perhaps sent by an earlier attempt that lost the reply or died. They are grouped by
 * that id, to be planned again (same order, so the same submission and record ids) and resumed: the IRS is asked by
 * UTID first. The rest are fresh, planned under new ids.
 */
export function resumeByUtid(
  toSend: readonly FilingToTransmit[],
  transmissionIdOf: (filingId: string) => string | null,
  orderId: string,
): {
  readonly resumed: ReadonlyMap<string, readonly FilingToTransmit[]>;
  readonly fresh: readonly FilingToTransmit[];
} {
  const resumed = new Map<string, FilingToTransmit[]>();
  const fresh: FilingToTransmit[] = [];
  for (const t of toSend) {
    const tid = transmissionIdOf(t.filingId);
    if (tid !== null && tid !== orderId && UUID.test(tid)) {
      const group = resumed.get(tid);
      if (group) group.push(t);
      else resumed.set(tid, [t]);
    } else fresh.push(t);
  }
  return { resumed, fresh };
}

/** A charged form that cannot be transmitted goes back to the payer: the balance's refund of its charge. */
export function refundDraft(f: Filing): LedgerDraft | null {
  if (f.amountChargedCents <= 0) return null;
  return {
    kind: "refund",
    amount_cents: f.amountChargedCents,
    reference: f.id,
    description: `Refund: filing ${f.shortId} could not be transmitted`,
  };
}
