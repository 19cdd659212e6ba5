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
import type { Filing } from "../domain/filing/filing.ts";
import { move, nextStatus, type FilingStatus, type MovedStatus } from "../domain/filing/status.ts";
import {
  filingToTransmit,
  payerInput,
  planTransmissions,
  recordKey,
  type CorrectionOf,
  type FilingToTransmit,
  type TransmissionInput,
  type TransmissionPlan,
} from "../domain/iris/index.ts";
import type { LedgerDraft } from "../domain/ledger/index.ts";
import { allFilings, ledgerRows } from "./shared.ts";
import { applyOutcomes } from "./apply-outcomes.ts";
import { openStatements } from "./statements.use-case.ts";
import { applySsaReceipts, queueSsaFiles } from "./ssa-filing.use-case.ts";
import { Tin } from "../domain/shared/tin.ts";
import { Clock } from "../ports/clock.port.ts";
import { Ids } from "../ports/ids.port.ts";
import { IrsTransmitter, type AcknowledgementRequest } from "../ports/irs-transmitter.port.ts";
import { getFormDefinition } from "../domain/forms/index.ts";
import { Store, type RecordIds, type Scope } from "../ports/store.port.ts";
import { TinVault } from "../ports/tin-vault.port.ts";
import { Repos, withTransaction } from "../ports/unit-of-work.port.ts";

/** Transmissions of one order sent at once (issue 19: a 100,000-form order is five of them). */
const TRANSMISSIONS_IN_FLIGHT = 3;
const UNTRANSMITTABLE = move("untransmittable");
const TRANSMIT = move("transmit");
const IRS_RECEIPT = /^[1-9][0-9]{3}-[0-9]{11}-[0-9a-zA-Z]{9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
   * Called as soon as each receipt is recorded (the worker queues its acknowledgement poll then, so the first
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

export const transmitOrder = Effect.fnUntraced(function* (
  scope: Scope,
  orderId: string,
  options: TransmitOptions = {},
) {
  const store = yield* Store;
  const vault = yield* TinVault;
  const irs = yield* IrsTransmitter;
  const ids = yield* Ids;
  const now = (yield* Clock).now();
  const nowIso = now.toISOString();
  const repos = store.scoped(scope);

  // W-2 family forms go to the SSA (an EFW2 file in the operator queue), everything else to IRIS.
  const toSsa = (f: Filing) => getFormDefinition(f.form, f.taxYear)?.filedWith === "SSA";

  // 1. Plan in one transaction over one read of the order (issue 19: a 100,000-form order is read once): print-only
  //    forms are furnished, and the e-file forms are planned into transmissions. Each transmission's forms are
  //    claimed (submitted, with its id, the UTID, and their submission and record ids) in a transaction of their own
  //    just before it is sent (3, below), so every transmission's id is stored before it is sent, and the first
  //    transmission goes out while the next ones are claimed instead of after the whole order is rewritten.
  const claim = yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const all = yield* allFilings(tx, { orderId });
      const byTarget = new Map<MovedStatus, { from: FilingStatus; ids: string[] }>();
      const claiming: Filing[] = [];
      const earlier: Filing[] = [];
      for (const f of all) {
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
        const group = byTarget.get(m.to);
        if (group) group.ids.push(f.id);
        else byTarget.set(m.to, { from: f.status, ids: [f.id] });
      }
      let furnished = 0;
      for (const [to, { from, ids }] of byTarget) {
        const moved = yield* tx.filings.updateMany(ids, [from], { status: to, updatedAt: nowIso });
        if (to === "furnishing") {
          furnished += moved.length;
          // Issue 39: a print-only form's Copy B is available once furnishing (D21): its statement opens here.
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
      }

      // 2. What is claimed (now or by an earlier run) and has no receipt yet, ready to transmit.
      const submitted = [
        ...earlier,
        ...claiming.map((f) => ({
          ...f,
          status: "submitted" as const,
          submittedAt: nowIso,
          transmissionId: orderId,
        })),
      ];
      const ssaClaimed = submitted.filter((f) => f.receiptId === null && toSsa(f));
      const pending = submitted.filter((f) => f.receiptId === null && !toSsa(f));
      // Receipts from an earlier run of this job (one that died before sending their acknowledgement jobs).
      const earlierReceipts = submitted.flatMap((f) => (f.receiptId === null ? [] : [f.receiptId]));
      const payers = new Map(
        (yield* tx.payers.getMany([...new Set([...pending, ...ssaClaimed].map((f) => f.payerId))])).map(
          (p) => [p.id, p] as const,
        ),
      );
      const payerTins = new Map<string, Tin>();
      for (const id of payers.keys()) {
        const ct = yield* tx.payers.tinCiphertext(id);
        if (ct) payerTins.set(id, vault.open(ct));
      }
      const originals = new Map(
        (yield* tx.filings.getMany([
          ...new Set(pending.flatMap((f) => (f.corrects ? [f.corrects] : []))),
        ])).map((f) => [f.id, f] as const),
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
            ? {
                receiptId: original.receiptId,
                submissionId: original.submissionId,
                recordId: original.recordId,
              }
            : undefined;
        const t =
          payer && payerTin && (!f.corrects || corrected)
            ? filingToTransmit(f, payerInput(payer, payerTin), tins, corrected)
            : undefined;
        if (t) toSend.push(t);
        else unsendable.push(f);
      }
      // A transmission's id (its UTID) is stored on its filings before it is sent. Filings that carry one and no
      // receipt were (perhaps) sent by an earlier attempt that lost the reply or died: the same filings are planned
      // again (same order, so the same submission and record ids) and resumed, which asks the IRS by UTID first and
      // sends only when the IRS answers Not Found. Filings claimed but never planned carry the order id.
      const attempted = new Map<string, FilingToTransmit[]>();
      const fresh: FilingToTransmit[] = [];
      const pendingById = new Map(pending.map((f) => [f.id, f] as const));
      for (const t of toSend) {
        const tid = pendingById.get(t.filingId)?.transmissionId ?? null;
        if (tid !== null && tid !== orderId && UUID.test(tid)) {
          const group = attempted.get(tid);
          if (group) group.push(t);
          else attempted.set(tid, [t]);
        } else {
          fresh.push(t);
        }
      }
      const work: Work[] = [];
      for (const [transmissionId, group] of attempted) {
        for (const plan of planTransmissions(group)) work.push({ transmissionId, plan, resume: true });
      }
      for (const plan of planTransmissions(fresh))
        work.push({ transmissionId: ids.uuid(), plan, resume: false });
      // Claimed here: what is not planned (W-2 forms for the SSA, forms that cannot be sent), under the order's id.
      const lost = new Set<string>();
      const planned = new Set(fresh.map((t) => t.filingId));
      const unplanned = claiming.filter((f) => !planned.has(f.id)).map((f) => f.id);
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
        earlierReceipts,
        pendingById,
        claimingIds: new Set(claiming.map((f) => f.id)),
        freshById: new Map(fresh.map((t) => [t.filingId, t] as const)),
        payers,
        payerTins,
        ssaClaimed: ssaClaimed.filter(kept),
        unsendable: unsendable.filter(kept),
      };
    }),
  );
  const {
    furnished,
    work,
    earlierReceipts,
    pendingById,
    claimingIds,
    freshById,
    payers,
    payerTins,
    ssaClaimed,
  } = claim;
  const unsendable = [...claim.unsendable];

  const receipts: string[] = [];
  if (ssaClaimed.length > 0) {
    const queued = yield* queueSsaFiles(scope, orderId, ssaClaimed, payers, payerTins);
    receipts.push(...queued.receipts);
    unsendable.push(...queued.unsendable);
  }
  /**
   * A planned transmission's claim, in a transaction of its own: its forms become submitted with its id and their
   * submission and record ids (forms an earlier run claimed under the order's id get them too), so that its receipt
   * need not rewrite them. Returns what to send: the plan, or, when a void took some of its forms since the read,
   * the rest planned again under new ids.
   */
  const claimPlan = (transmissionId: string, plan: TransmissionPlan) =>
    withTransaction(
      Effect.gen(function* () {
        const tx = yield* Repos(scope);
        const records = recordIdsOf(plan);
        const lost = new Set<string>();
        for (const [part, from, patch] of [
          [
            records.filter((r) => claimingIds.has(r.filingId)),
            TRANSMIT.from,
            { status: TRANSMIT.to, submittedAt: nowIso, updatedAt: nowIso, transmissionId },
          ],
          [
            records.filter((r) => !claimingIds.has(r.filingId)),
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
          const t = lost.has(r.filingId) ? undefined : freshById.get(r.filingId);
          return t ? [t] : [];
        });
        const again: { transmissionId: string; plan: TransmissionPlan }[] = [];
        for (const p of planTransmissions(rest)) {
          const id = ids.uuid();
          yield* tx.filings.assignRecords(recordIdsOf(p), ["submitted"], {
            transmissionId: id,
            updatedAt: nowIso,
          });
          again.push({ transmissionId: id, plan: p });
        }
        return again;
      }),
    );

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
            const f = pendingById.get(r.filingId);
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
    work,
    (w) =>
      Effect.gen(function* () {
        const sends = w.resume ? [w] : yield* claimPlan(w.transmissionId, w.plan);
        for (const s of sends) yield* send(s.transmissionId, s.plan, w.resume);
      }),
    { concurrency: TRANSMISSIONS_IN_FLIGHT, discard: true },
  );

  // A charged form that cannot be transmitted goes back to the payer: voided, its charge refunded to the balance.
  let refunded = 0;
  if (unsendable.length > 0) {
    refunded = yield* withTransaction(
      Effect.gen(function* () {
        const tx = yield* Repos(scope);
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
          if (f.amountChargedCents > 0)
            drafts.push({
              kind: "refund",
              amount_cents: f.amountChargedCents,
              reference: f.id,
              description: `Refund: filing ${f.shortId} could not be transmitted`,
            });
        }
        const rows = ledgerRows(balance, drafts, () => ids.short("", 10), nowIso);
        if (rows.ok) yield* tx.balance.append(rows.rows);
        return n;
      }),
    );
  }
  return {
    receipts,
    awaitingAck: [...new Set([...earlierReceipts, ...receipts])],
    furnished,
    refunded,
  } satisfies TransmitResult;
});

/**
 * Asks the IRS about several receipts of one environment together (IRIS answers up to 100 per request) and applies
 * each acknowledgement that is ready. Returns the receipts still processing and those the IRS does not know.
 */
export const applyAcknowledgements = Effect.fnUntraced(function* (
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
export const applyAcknowledgement = Effect.fnUntraced(function* (scope: Scope, receiptId: string) {
  const r = yield* applyAcknowledgements(scope, [receiptId]);
  if (r.pending.length > 0) return { status: "processing" as const, applied: 0 };
  if (r.notFound.length > 0) return { status: "not_found" as const, applied: 0 };
  return { status: "done" as const, applied: r.applied };
});
