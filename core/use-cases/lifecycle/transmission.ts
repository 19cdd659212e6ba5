// Transmission (SPEC "States and transitions", D18-D22): a paid order's filings go to the IRS as one IRIS
// transmission per tax year and kind, holding one submission per payer and form with many records. Print-only
// filings are furnished without the IRS. Every step is safe to repeat after a crash:
//   1. claim and plan: queued -> submitted (a void can no longer win), each filing with the id (UTID) of the
//      transmission planned for it, in one transaction;
//   2. transmit the claimed filings that have no receipt yet: a retried job resumes a transmission whose UTID is
//      stored (asks the IRS by UTID, sends only on Not Found);
//   3. record receipt, submission and record ids.
// Acknowledgements then move each filing to accepted, accepted_with_errors or rejected, with its event, and
// supersede the original of an accepted correction.
import * as Effect from "effect/Effect";
import type { Filing } from "../../domain/filing/filing.ts";
import { planOrder, refundDraft, resumeByUtid, type OrderPlan } from "../../domain/filing/plan-order.ts";
import { move } from "../../domain/filing/status.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import {
  filingToTransmit,
  payerInput,
  planTransmissions,
  recordKey,
  type CorrectionOf,
  type FilingToTransmit,
  type TransmissionInput,
  type TransmissionPlan,
} from "../../domain/iris/index.ts";
import type { LedgerDraft } from "../../domain/ledger/index.ts";
import { allFilings, ledgerRows } from "../shared.ts";
import { applyOutcomes } from "./apply-outcomes.ts";
import { openStatements } from "../statements/statements.ts";
import { applySsaReceipts, queueSsaFiles } from "./ssa-filing.ts";
import { Tin } from "../../domain/shared/tin.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { IrsTransmitter, type AcknowledgementRequest } from "../../ports/irs-transmitter.port.ts";
import { getFormDefinition } from "../../domain/forms/index.ts";
import { Store, type RecordIds, type Scope, type ScopedStore } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

/** Transmissions of one order sent at once (issue 19: a 100,000-form order is five of them). */
const TRANSMISSIONS_IN_FLIGHT = 3;
const UNTRANSMITTABLE = move("untransmittable");
const TRANSMIT = move("transmit");
const IRS_RECEIPT = /^[1-9][0-9]{3}-[0-9]{11}-[0-9a-zA-Z]{9}$/;

export interface TransmitResult {
  /** Receipts this run obtained. */
  readonly receipts: readonly string[];
  /** Every receipt of the order still waiting for its acknowledgement, this run's and any earlier run's. */
  readonly awaitingAck: readonly string[];
  readonly furnished: number;
  readonly refunded: number;
}

export interface TransmitOptions {
  /**
   * Run as soon as each receipt is recorded (the transmission job queues its acknowledgement poll then, so the first
   * transmissions of a large order are acknowledged while the rest are still sent; issue 19). Its failure is
   * ignored: every receipt is also in the result's `awaitingAck`.
   */
  readonly onReceipt?: (receiptId: string) => Effect.Effect<void, unknown>;
}

/** A transmission to send: resumed (claimed and perhaps sent by an earlier run), or else to be claimed first. */
interface Work {
  readonly transmissionId: string;
  readonly plan: TransmissionPlan;
  readonly resume: boolean;
}

/** Each filing of a planned transmission with its submission and record ids. */
const recordIdsOf = (plan: TransmissionPlan): RecordIds[] =>
  plan.submissions.flatMap((s) =>
    s.records.map((r) => ({ filingId: r.filingId, submissionId: s.submissionId, recordId: r.recordId })),
  );

type Tx = ScopedStore;

/** The planned moves without the IRS; a print-only form's Copy B is available once furnishing (D21, issue 39). */
const applyMoves = Effect.fn("transmitOrder.furnish")(function* (
  tx: Tx,
  plan: OrderPlan,
  all: readonly Filing[],
  nowIso: string,
) {
  let furnished = 0;
  for (const { to, from, ids } of plan.moves) {
    const moved = yield* tx.filings.updateMany(ids, [from], { status: to, updatedAt: nowIso });
    if (to !== "furnishing") continue;
    furnished += moved.length;
    const recipientOf = new Map(all.map((f) => [f.id, f.recipientId] as const));
    yield* openStatements(
      tx,
      moved.flatMap((id) => {
        const recipientId = recipientOf.get(id);
        return recipientId === undefined ? [] : [{ id, recipientId }];
      }),
      nowIso,
    );
  }
  return furnished;
});

/** The payers of `filings` and their TINs, opened. */
const loadPayers = Effect.fn("transmitOrder.payers")(function* (tx: Tx, filings: readonly Filing[]) {
  const vault = yield* TinVault;
  const payers = new Map(
    (yield* tx.payers.getMany([...new Set(filings.map((f) => f.payerId))])).map((p) => [p.id, p] as const),
  );
  const payerTins = new Map<string, Tin>();
  for (const id of payers.keys()) {
    const ct = yield* tx.payers.tinCiphertext(id);
    if (ct) payerTins.set(id, vault.open(ct));
  }
  return { payers, payerTins };
});

/** What each IRIS form transmits as (with its TINs opened and the original it corrects), or that it cannot be. */
const toTransmit = Effect.fn("transmitOrder.build")(function* (
  tx: Tx,
  pending: readonly Filing[],
  payers: ReadonlyMap<string, Payer>,
  payerTins: ReadonlyMap<string, Tin>,
) {
  const vault = yield* TinVault;
  const originals = new Map(
    (yield* tx.filings.getMany([...new Set(pending.flatMap((f) => (f.corrects ? [f.corrects] : [])))])).map(
      (f) => [f.id, f] as const,
    ),
  );
  const toSend: FilingToTransmit[] = [];
  const unsendable: Filing[] = [];
  for (const f of pending) {
    const payer = payers.get(f.payerId);
    const payerTin = payerTins.get(f.payerId);
    const tins: Record<string, Tin> = {};
    for (const [path, ct] of Object.entries(f.sealedTins)) tins[path] = vault.open(ct);
    const original = f.corrects ? originals.get(f.corrects) : undefined;
    const corrected: CorrectionOf | undefined =
      original?.receiptId && original.submissionId !== null && original.recordId !== null
        ? { receiptId: original.receiptId, submissionId: original.submissionId, recordId: original.recordId }
        : undefined;
    const t =
      payer && payerTin && (!f.corrects || corrected)
        ? filingToTransmit(f, payerInput(payer, payerTin), tins, corrected)
        : undefined;
    if (t) toSend.push(t);
    else unsendable.push(f);
  }
  return { toSend, unsendable };
});

/**
 * 1. Plan in one transaction over one read of the order (issue 19: a 100,000-form order is read once): print-only
 *    forms are furnished, and the e-file forms are planned into transmissions (resumed by UTID, or fresh under new
 *    ids). Each fresh transmission's forms are claimed in a transaction of their own just before it is sent
 *    (claimPlan), so every transmission's id is stored before it is sent, and the first one goes out while the next
 *    ones are claimed. What is not planned (W-2 forms for the SSA, forms that cannot be sent) is claimed here.
 */
const claimOrder = Effect.fn("transmitOrder.claim")(function* (
  scope: Scope,
  orderId: string,
  nowIso: string,
) {
  const tx = yield* Repos(scope);
  const ids = yield* Ids;
  const all = yield* allFilings(tx, { orderId });
  const plan = planOrder(all, orderId, nowIso);
  const furnished = yield* applyMoves(tx, plan, all, nowIso);
  const { payers, payerTins } = yield* loadPayers(tx, [...plan.iris, ...plan.ssa]);
  const { toSend, unsendable } = yield* toTransmit(tx, plan.iris, payers, payerTins);
  const pendingById = new Map(plan.iris.map((f) => [f.id, f] as const));
  const { resumed, fresh } = resumeByUtid(
    toSend,
    (id) => pendingById.get(id)?.transmissionId ?? null,
    orderId,
  );
  const work: Work[] = [];
  for (const [transmissionId, group] of resumed)
    for (const p of planTransmissions(group)) work.push({ transmissionId, plan: p, resume: true });
  for (const p of planTransmissions(fresh)) work.push({ transmissionId: ids.uuid(), plan: p, resume: false });
  const lost = new Set<string>();
  const planned = new Set(fresh.map((t) => t.filingId));
  const unplanned = plan.claiming.filter((f) => !planned.has(f.id)).map((f) => f.id);
  if (unplanned.length > 0) {
    const moved = new Set(
      yield* tx.filings.updateMany(unplanned, TRANSMIT.from, {
        status: TRANSMIT.to,
        submittedAt: nowIso,
        updatedAt: nowIso,
        transmissionId: orderId,
      }),
    );
    // A void that won the filing between the read and this statement: it is not transmitted.
    for (const id of unplanned) if (!moved.has(id)) lost.add(id);
  }
  const kept = (f: Filing) => !lost.has(f.id);
  return {
    furnished,
    work,
    earlierReceipts: plan.earlierReceipts,
    pendingById,
    claimingIds: new Set(plan.claiming.map((f) => f.id)),
    freshById: new Map(fresh.map((t) => [t.filingId, t] as const)),
    payers,
    payerTins,
    ssaClaimed: plan.ssa.filter(kept),
    unsendable: unsendable.filter(kept),
  };
});

type Claim = Effect.Success<ReturnType<typeof claimOrder>>;

/**
 * A planned transmission's claim, in a transaction of its own: its forms become submitted with its id and their
 * submission and record ids (forms an earlier run claimed under the order's id get them too), so that its receipt
 * need not rewrite them. Returns what to send: the plan, or, when a void took some of its forms since the read,
 * the rest planned again under new ids.
 */
const claimPlan = Effect.fn("transmitOrder.claimPlan")(function* (
  scope: Scope,
  claim: Claim,
  transmissionId: string,
  plan: TransmissionPlan,
  nowIso: string,
) {
  const tx = yield* Repos(scope);
  const ids = yield* Ids;
  const records = recordIdsOf(plan);
  const lost = new Set<string>();
  for (const [part, from, patch] of [
    [
      records.filter((r) => claim.claimingIds.has(r.filingId)),
      TRANSMIT.from,
      { status: TRANSMIT.to, submittedAt: nowIso, updatedAt: nowIso, transmissionId },
    ],
    [
      records.filter((r) => !claim.claimingIds.has(r.filingId)),
      ["submitted"],
      { updatedAt: nowIso, transmissionId },
    ],
  ] as const) {
    if (part.length === 0) continue;
    const moved = new Set(yield* tx.filings.assignRecords(part, from, patch));
    for (const r of part) if (!moved.has(r.filingId)) lost.add(r.filingId);
  }
  if (lost.size === 0) return [{ transmissionId, plan }];
  const rest = records.flatMap((r) => {
    const t = lost.has(r.filingId) ? undefined : claim.freshById.get(r.filingId);
    return t ? [t] : [];
  });
  const again: { transmissionId: string; plan: TransmissionPlan }[] = [];
  for (const p of planTransmissions(rest)) {
    const id = ids.uuid();
    yield* tx.filings.assignRecords(recordIdsOf(p), ["submitted"], { transmissionId: id, updatedAt: nowIso });
    again.push({ transmissionId: id, plan: p });
  }
  return again;
});

/** Voids each unsendable form and refunds its charge to the balance, in one transaction; returns how many. */
const refundUnsendable = Effect.fn("transmitOrder.refund")(function* (
  scope: Scope,
  unsendable: readonly Filing[],
  nowIso: string,
) {
  const tx = yield* Repos(scope);
  const ids = yield* Ids;
  let n = 0;
  const balance = yield* tx.balance.lock();
  const drafts: LedgerDraft[] = [];
  for (const f of unsendable) {
    const v = yield* tx.filings.update(f.id, UNTRANSMITTABLE.from, {
      status: UNTRANSMITTABLE.to,
      voidedAt: nowIso,
      amountRefundedCents: f.amountChargedCents,
      updatedAt: nowIso,
    });
    if (!v) continue;
    n++;
    const draft = refundDraft(f);
    if (draft) drafts.push(draft);
  }
  const rows = ledgerRows(balance, drafts, () => ids.short("", 10), nowIso);
  if (rows.ok) yield* tx.balance.append(rows.rows);
  return n;
});

/**
 * Transmits a paid order: claims and plans (claimOrder), queues the SSA's forms, sends each transmission (claimed
 * just before, resumed by UTID when an earlier run may have sent it) and records its receipt, and refunds what
 * cannot be sent.
 */
export const transmitOrder = Effect.fn("transmitOrder")(function* (
  scope: Scope,
  orderId: string,
  options: TransmitOptions = {},
) {
  const irs = yield* IrsTransmitter;
  const now = (yield* Clock).now();
  const nowIso = now.toISOString();
  const repos = (yield* Store).scoped(scope);
  const claim = yield* withTransaction(claimOrder(scope, orderId, nowIso));
  const unsendable = [...claim.unsendable];
  const receipts: string[] = [];
  if (claim.ssaClaimed.length > 0) {
    const queued = yield* queueSsaFiles(scope, orderId, claim.ssaClaimed, claim.payers, claim.payerTins);
    receipts.push(...queued.receipts);
    unsendable.push(...queued.unsendable);
  }

  const send = (transmissionId: string, plan: TransmissionPlan, resume: boolean) =>
    Effect.gen(function* () {
      const input: TransmissionInput = {
        transmissionId,
        taxYear: plan.taxYear,
        submissions: plan.submissions,
      };
      const sent = yield* Effect.result(irs.transmit(input, now, { livemode: scope.livemode, resume }));
      if (sent._tag === "Failure") {
        if (sent.failure._tag === "IrsUnavailable") return yield* Effect.fail(sent.failure);
        for (const s of plan.submissions)
          for (const r of s.records) {
            const f = claim.pendingById.get(r.filingId);
            if (f) unsendable.push(f);
          }
        return;
      }
      const receiptId = sent.success.receiptId;
      receipts.push(receiptId);
      yield* repos.filings.recordReceipt({ receiptId, transmissionId, updatedAt: nowIso }, recordIdsOf(plan));
      if (options.onReceipt) yield* Effect.ignore(options.onReceipt(receiptId));
    });

  // A large order's transmissions (bounded in size by planTransmissions) are claimed and go to the IRS a few at a
  // time: each waits on the IRS's intake far more than it computes. Each one's receipt is recorded as soon as it
  // comes back, so a run that stops half way resumes only the rest (a transmission claimed and not sent is resumed:
  // the IRS is asked for its UTID first; one not claimed yet is still queued and is planned again).
  yield* Effect.forEach(
    claim.work,
    (w) =>
      Effect.gen(function* () {
        const sends = w.resume
          ? [w]
          : yield* withTransaction(claimPlan(scope, claim, w.transmissionId, w.plan, nowIso));
        for (const s of sends) yield* send(s.transmissionId, s.plan, w.resume);
      }),
    { concurrency: TRANSMISSIONS_IN_FLIGHT, discard: true },
  );

  // A charged form that cannot be transmitted goes back to the payer: voided, its charge refunded to the balance.
  const refunded =
    unsendable.length > 0 ? yield* withTransaction(refundUnsendable(scope, unsendable, nowIso)) : 0;
  return {
    receipts,
    awaitingAck: [...new Set([...claim.earlierReceipts, ...receipts])],
    furnished: claim.furnished,
    refunded,
  } satisfies TransmitResult;
});

/**
 * Asks the IRS about several receipts of one environment together (IRIS answers up to 100 per request) and applies
 * each acknowledgement that is ready. Returns the receipts still processing and those the IRS does not know.
 */
export const applyAcknowledgements = Effect.fn("applyAcknowledgements")(function* (
  scope: Scope,
  receiptIds: readonly string[],
) {
  const store = yield* Store;
  const irs = yield* IrsTransmitter;
  const repos = store.scoped(scope);
  const now = (yield* Clock).now();
  const requests: AcknowledgementRequest[] = [];
  // IRS receipt ids have their own shape; anything else is an SSA wage file identifier (WFID).
  const ssaReceipts = [...new Set(receiptIds)].filter((r) => !IRS_RECEIPT.test(r));
  const ssa =
    ssaReceipts.length > 0
      ? yield* applySsaReceipts(scope, ssaReceipts)
      : { applied: 0, notFound: [] as string[] };
  for (const receiptId of new Set(receiptIds)) {
    if (!IRS_RECEIPT.test(receiptId)) continue;
    const records = new Map<string, string>();
    const formTypeCd = new Map<string, string>();
    for (const r of yield* repos.filings.receiptRecords(receiptId)) {
      records.set(recordKey(r.submissionId, r.recordId), r.filingId);
      if (!formTypeCd.has(String(r.submissionId))) {
        const cd = getFormDefinition(r.form, r.taxYear)?.formTypeCd;
        if (cd) formTypeCd.set(String(r.submissionId), cd);
      }
    }
    requests.push({ receiptId, records, formTypeCdOf: (id) => formTypeCd.get(id) });
  }
  const acks =
    requests.length > 0 ? yield* irs.acknowledgements(requests, now, { livemode: scope.livemode }) : [];
  const pending: string[] = [];
  const notFound: string[] = [...ssa.notFound];
  let applied = ssa.applied;
  for (const [i, ack] of acks.entries()) {
    const receiptId = requests[i]?.receiptId ?? "";
    if (ack.status === "processing") pending.push(receiptId);
    else if (ack.status === "not_found") notFound.push(receiptId);
    else applied += yield* applyOutcomes(scope, receiptId, ack.records, now.toISOString());
  }
  return { pending, notFound, applied };
});

/** Applies the acknowledgement of one receipt; "processing" means ask again later. */
export const applyAcknowledgement = Effect.fn("applyAcknowledgement")(function* (
  scope: Scope,
  receiptId: string,
) {
  const r = yield* applyAcknowledgements(scope, [receiptId]);
  if (r.pending.length > 0) return { status: "processing" as const, applied: 0 };
  if (r.notFound.length > 0) return { status: "not_found" as const, applied: 0 };
  return { status: "done" as const, applied: r.applied };
});
