// The worker's safety nets, one use case each, run on a timer by the host: the durable rows are the record, the
// timer only drives them. Each returns its follow-up jobs and log lines as data (JobOutcome); `runSweep` queues the
// follow-ups. A crash between a commit and its job's send (or a lost retry job) is repaired here.
import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { done, type FollowUp, type JobOutcome, type LogLine } from "../../domain/jobs/outcome.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Store } from "../../ports/store.port.ts";
import {
  deliverFreshMany,
  deliverWebhook,
  fanOutEvents,
  type DeliveryJob,
  type FreshDelivery,
} from "../webhooks/deliveries.ts";
import { deliveryRetry, enqueueAll } from "./jobs.ts";
import { TIN_MATCH_QUEUE, TRANSMIT_QUEUE } from "./queues.ts";
import { reconcileCharges } from "../money/reconcile-charges.ts";
import { sweepStatements } from "../statements/statements.ts";
import { expireW9Requests } from "../parties/w9-requests.ts";
import { bNoticeSends, sweepBNotices } from "../parties/b-notices.ts";

export interface SweepSettings {
  /** A paid order (or statement delivery) waiting this long for its job lost it (Tuning.dispatchSweepAfterMs). */
  readonly stalledAfterMs: number;
  /** The sandbox's TIN-match delay: a run waits at least five of them before the sweep queues it again. */
  readonly sandboxTinMatchDelayMs: number;
  readonly webhookRetryScale: number;
  readonly chargeReconcile: { readonly lookbackMs: number; readonly graceMs: number };
}

/** A webhook delivery overdue by this much lost its attempt (a crash, or a lost retry job). */
const OVERDUE_DELIVERY_MS = 60_000;
/** Concurrent first attempts of re-attempted deliveries. */
const REATTEMPTS_IN_FLIGHT = 64;

const messageOf = <E>(exit: Exit.Exit<unknown, E>) => {
  if (Exit.isSuccess(exit)) return "";
  const e = Cause.squash(exit.cause);
  return e instanceof Error ? e.message : String(e);
};

/**
 * Attempts deliveries: the fan-out's fresh ones together (deliverFreshMany: their outcomes written at once; if that
 * fails they stay pending and due, and the dispatch sweep attempts them again), the others one by one, many at a
 * time. Returns the retry jobs of those still pending and an error line for each attempt that failed.
 */
export const attemptDeliveries = Effect.fn("attemptDeliveries")(function* (
  items: readonly (DeliveryJob | FreshDelivery)[],
  retryScale: number,
) {
  const fresh = items.filter((d): d is FreshDelivery => "delivery" in d);
  const again = items.filter((d) => !("delivery" in d));
  const enqueue: FollowUp[] = [];
  const log: LogLine[] = [];
  const first =
    fresh.length === 0
      ? Effect.void
      : Effect.gen(function* () {
          const exit = yield* Effect.exit(deliverFreshMany(fresh, retryScale));
          if (Exit.isFailure(exit)) {
            log.push({
              level: "error",
              message: "webhook attempts failed",
              fields: { deliveries: fresh.length, error: messageOf(exit) },
            });
            return;
          }
          for (const r of exit.value)
            if (r.status === "pending" && r.retryInSeconds !== null)
              enqueue.push(deliveryRetry(r, r.deliveryId, r.retryInSeconds));
        });
  const rest = Effect.forEach(
    again,
    (d) =>
      Effect.gen(function* () {
        const exit = yield* Effect.exit(deliverWebhook(d, d.deliveryId, retryScale));
        if (Exit.isFailure(exit))
          log.push({
            level: "error",
            message: "webhook attempt failed",
            fields: { delivery: d.deliveryId, error: messageOf(exit) },
          });
        else if (exit.value.status === "pending" && exit.value.retryInSeconds !== null)
          enqueue.push(deliveryRetry(d, d.deliveryId, exit.value.retryInSeconds));
      }),
    { concurrency: REATTEMPTS_IN_FLIGHT, discard: true },
  );
  yield* Effect.all([first, rest], { concurrency: 2, discard: true });
  return done(enqueue, log);
});

/**
 * The dispatch sweep: paid orders whose transmit job was never sent, TIN-match runs whose job was lost, and webhook
 * deliveries overdue by a minute (attempted again here).
 */
export const dispatchSweep = Effect.fn("dispatchSweep")(function* (settings: SweepSettings) {
  const store = yield* Store;
  const now = (yield* Clock).now().getTime();
  const before = new Date(now - settings.stalledAfterMs).toISOString();
  const orders = yield* store.dispatchQueue.pending(before, 100);
  const tinBefore = new Date(
    now - Math.max(settings.stalledAfterMs, settings.sandboxTinMatchDelayMs * 5),
  ).toISOString();
  const runs = yield* store.tinMatchQueue.pending(tinBefore, 100);
  const overdue = yield* store.outbox.dueDeliveries(new Date(now - OVERDUE_DELIVERY_MS).toISOString(), 200);
  const attempted = yield* attemptDeliveries(
    overdue.map((d) => ({ accountId: d.accountId, livemode: d.livemode, deliveryId: d.id })),
    settings.webhookRetryScale,
  );
  return done(
    [
      ...orders.map((d) => ({
        queue: TRANSMIT_QUEUE,
        data: { accountId: d.accountId, livemode: d.livemode, orderId: d.orderId },
        key: d.orderId,
      })),
      ...runs.map((r) => ({
        queue: TIN_MATCH_QUEUE,
        data: { accountId: r.accountId, livemode: r.livemode, runId: r.id },
        key: r.id,
      })),
      ...attempted.enqueue,
    ],
    attempted.log,
  );
});

/**
 * The outbox: events written with their change are fanned out to their endpoints and attempted at once, 500 events
 * a round until none is left; each round's retry jobs are queued before the next round.
 */
export const fanOutSweep = Effect.fn("fanOutSweep")(function* (settings: SweepSettings) {
  const log: LogLine[] = [];
  for (;;) {
    const deliveries = yield* fanOutEvents(500);
    if (deliveries.length === 0) break;
    const attempted = yield* attemptDeliveries(deliveries, settings.webhookRetryScale);
    yield* enqueueAll(attempted.enqueue);
    log.push(...attempted.log);
  }
  return done([], log);
});

/** Recipient statements: plans what changed and queues again the deliveries stalled since before the threshold. */
export const statementsSweep = Effect.fn("statementsSweep")(function* (settings: SweepSettings) {
  const now = (yield* Clock).now().getTime();
  const r = yield* sweepStatements({ stalledBefore: new Date(now - settings.stalledAfterMs).toISOString() });
  return done(
    [],
    r.planned > 0 || r.requeued > 0
      ? [{ level: "info", message: "statements planned", fields: { ...r } }]
      : [],
  );
});

/** W-9 requests past their expiry are expired, with `w9_request.expired` (issue 40). */
export const w9ExpirySweep = Effect.fn("w9ExpirySweep")(function* (_settings: SweepSettings) {
  const expired = yield* expireW9Requests();
  return done(
    [],
    expired > 0 ? [{ level: "info", message: "W-9 requests expired", fields: { expired } }] : [],
  );
});

/**
 * B-notices (issue 40 item 4): queued notices whose send job was lost are queued again; open notices past their
 * withhold-by date make their recipient's backup withholding `required`.
 */
export const bNoticeSweep = Effect.fn("bNoticeSweep")(function* (settings: SweepSettings) {
  const now = (yield* Clock).now().getTime();
  const r = yield* sweepBNotices(new Date(now - settings.stalledAfterMs).toISOString());
  return done(
    r.stalled.flatMap((n) => bNoticeSends(n, [n])),
    r.required > 0 || r.stalled.length > 0
      ? [
          {
            level: "info",
            message: "B-notices swept",
            fields: { requeued: r.stalled.length, required: r.required },
          },
        ]
      : [],
  );
});

/**
 * Card charges whose payment a crash kept from being recorded are refunded (money/reconcile-charges.ts), in each
 * environment. The processor is the durable record: each run lists its charges again, and refunds are idempotent.
 */
export const reconcileSweep = Effect.fn("reconcileSweep")(function* (settings: SweepSettings) {
  const log: LogLine[] = [];
  for (const livemode of [true, false]) {
    const exit = yield* Effect.exit(reconcileCharges({ livemode, ...settings.chargeReconcile }));
    if (Exit.isFailure(exit)) {
      log.push({
        level: "error",
        message: "charge reconciliation failed; the next run tries again",
        fields: { livemode, error: messageOf(exit) },
      });
      continue;
    }
    for (const c of exit.value.refunded)
      log.push({
        level: "warn",
        message: "card charge refunded: its payment was never recorded",
        fields: {
          charge: c.chargeId,
          account: c.accountId,
          livemode,
          amount_cents: c.amountCents,
          idempotency_key: c.idempotencyKey,
        },
      });
    for (const f of exit.value.failed)
      log.push({
        level: "error",
        message: "refund of an unrecorded card charge failed; the next run tries again",
        fields: { charge: f.charge.chargeId, account: f.charge.accountId, livemode, error: f.message },
      });
  }
  return done([], log);
});

/** A sweep and its follow-ups queued: what the host's timer runs. */
export const runSweep = <E, R>(
  sweep: (settings: SweepSettings) => Effect.Effect<JobOutcome, E, R>,
  settings: SweepSettings,
) => Effect.tap(sweep(settings), (o) => enqueueAll(o.enqueue));
