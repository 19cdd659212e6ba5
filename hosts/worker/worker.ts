// The background worker: durable jobs for transmission and acknowledgements (D22), plus a sweep that finds paid
// orders whose transmit job was never sent (a process that died between commit and send). Every handler is
// idempotent: a job retried after a crash never transmits a filing twice or refunds twice.
import * as Effect from "effect/Effect";
import { applyAcknowledgements, transmitOrder } from "../../core/use-cases/transmission.use-case.ts";
import {
  ACK_QUEUE,
  DELIVER_QUEUE,
  SEND_STATEMENT_QUEUE,
  TIN_MATCH_QUEUE,
  TRANSMIT_QUEUE,
} from "../../core/use-cases/queues.ts";
import { runSendStatement, sweepStatements } from "../../core/use-cases/statements.use-case.ts";
import { ServiceUnavailable } from "../../core/domain/shared/errors.ts";
import {
  deliverFresh,
  deliverFreshMany,
  deliverWebhook,
  fanOutEvents,
  type DeliveryJob,
  type FreshDelivery,
} from "../../core/use-cases/deliveries.use-case.ts";
import { completeTinMatch } from "../../core/use-cases/tin-match.use-case.ts";
import { expireW9Requests } from "../../core/use-cases/w9-requests.use-case.ts";
import { reconcileCharges } from "../../core/use-cases/reconcile-charges.use-case.ts";
import { Store } from "../../core/ports/store.port.ts";
import { RetryLater, type JobRunner } from "../../core/ports/jobs.port.ts";
import { IrsUnavailable } from "../../core/ports/irs-transmitter.port.ts";
import type { AppRuntime } from "../shared/runtime.ts";
import { tuningOf, type Config } from "../shared/config.ts";
import type { Logger } from "../shared/logger.ts";

interface ScopeData {
  accountId: string;
  livemode: boolean;
}

function scopeOf(data: Record<string, unknown>): ScopeData {
  return { accountId: String(data["accountId"]), livemode: data["livemode"] === true };
}

/** The receipts of an acknowledgement job (`receiptId` in jobs queued before receipts were polled together). */
function receiptsOf(data: Record<string, unknown>): string[] {
  const list = Array.isArray(data["receipts"]) ? data["receipts"].map(String) : [];
  return typeof data["receiptId"] === "string" ? [...list, data["receiptId"]] : list;
}

/** The longest Retry-After a job waits for; the IRS asking for longer is asked again after this. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/**
 * The error a job fails with: an IRS that answered 503 or 429 with a Retry-After longer than the client waits
 * (IrsUnavailable.retryAfterMs) is tried again no earlier than that (RetryLater), not on the queue's backoff.
 */
export function jobFailure(e: unknown): unknown {
  // A mail house or mail server that is down, or not configured, says how long to wait.
  if (e instanceof ServiceUnavailable && e.retryAfterSeconds !== undefined && e.retryAfterSeconds > 0)
    return new RetryLater(e.message, Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(e.retryAfterSeconds)));
  if (!(e instanceof IrsUnavailable) || e.retryAfterMs === undefined || e.retryAfterMs <= 0) return e;
  return new RetryLater(e.message, Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(e.retryAfterMs / 1000)));
}

const retryAfterOf = (e: unknown) => (e instanceof RetryLater ? e.retryAfterSeconds : undefined);

/** How many polls a receipt the IRS does not know yet gets before it is reported and left. */
const NOT_FOUND_POLLS = 10;

export async function startWorker(deps: {
  runtime: AppRuntime;
  jobs: JobRunner;
  config: Config;
  logger: Logger;
}): Promise<{ stop: () => Promise<void> }> {
  const { runtime, jobs, config, logger } = deps;
  const send = (
    queue: string,
    data: Record<string, unknown>,
    options: { key?: string; startAfterSeconds?: number },
  ) => runtime.runPromise(jobs.service.send(queue, data, options));

  // Acknowledgements are asked for several receipts at once (IRIS takes up to 100 per request): one job per
  // order's receipts, polled again after the environment's interval while the IRS is still processing.
  const pollSeconds = (livemode: boolean) =>
    Math.max(
      1,
      Math.ceil(livemode ? (config.iris?.pollIntervalMs ?? 300_000) / 1000 : config.sandboxAckDelayMs / 1000),
    );
  const firstPollSeconds = (livemode: boolean) =>
    livemode ? pollSeconds(true) : Math.ceil(config.sandboxAckDelayMs / 1000);
  const sendAck = (
    scope: ScopeData,
    receipts: readonly string[],
    poll: number,
    notFoundPolls: Record<string, number>,
    startAfterSeconds: number,
  ) =>
    send(
      ACK_QUEUE,
      { ...scope, receipts, poll, notFoundPolls },
      { key: `ack:${[...receipts].sort().join(",")}:${String(poll)}`, startAfterSeconds },
    );

  await jobs.work(
    TRANSMIT_QUEUE,
    async (data) => {
      const scope = scopeOf(data);
      const orderId = String(data["orderId"]);
      // Each receipt's acknowledgement is polled as soon as it is recorded; the rest (an earlier run's receipts,
      // the SSA's) in one job at the end.
      const polled = new Set<string>();
      const onReceipt = (receiptId: string) =>
        Effect.tryPromise(async () => {
          await sendAck(scope, [receiptId], 0, {}, firstPollSeconds(scope.livemode));
          polled.add(receiptId);
        });
      const result = await runtime
        .runPromise(transmitOrder(scope, orderId, { onReceipt }))
        .catch((e: unknown) => {
          const failure = jobFailure(e);
          logger.warn("transmission not finished; the job will be retried", {
            order: orderId,
            livemode: scope.livemode,
            error: e instanceof Error ? e.message : String(e),
            retry_after_seconds: retryAfterOf(failure),
          });
          throw failure;
        });
      const rest = result.awaitingAck.filter((r) => !polled.has(r));
      if (rest.length > 0) await sendAck(scope, rest, 0, {}, firstPollSeconds(scope.livemode));
      await runtime.runPromise(
        Effect.flatMap(Effect.service(Store), (s) => s.dispatchQueue.markDone(orderId)),
      );
      logger.info("order transmitted", {
        order: orderId,
        receipts: result.receipts.length,
        furnished: result.furnished,
        refunded: result.refunded,
      });
    },
    { batchSize: 2 },
  );

  await jobs.work(
    ACK_QUEUE,
    async (data) => {
      const scope = scopeOf(data);
      const receipts = receiptsOf(data);
      const poll = typeof data["poll"] === "number" ? data["poll"] : 0;
      const notFoundPolls = (
        typeof data["notFoundPolls"] === "object" && data["notFoundPolls"] !== null
          ? data["notFoundPolls"]
          : {}
      ) as Record<string, number>;
      const r = await runtime.runPromise(applyAcknowledgements(scope, receipts)).catch((e: unknown) => {
        const failure = jobFailure(e);
        logger.warn("acknowledgements not read; the job will be retried", {
          receipts,
          livemode: scope.livemode,
          error: e instanceof Error ? e.message : String(e),
          retry_after_seconds: retryAfterOf(failure),
        });
        throw failure;
      });
      const unknown: Record<string, number> = {};
      for (const receipt of r.notFound) {
        const n = (notFoundPolls[receipt] ?? 0) + 1;
        if (n >= NOT_FOUND_POLLS)
          logger.error("the IRS does not know a receipt; its filings stay submitted", { receipt, polls: n });
        else unknown[receipt] = n;
      }
      const again = [...r.pending, ...Object.keys(unknown)];
      if (again.length > 0) await sendAck(scope, again, poll + 1, unknown, pollSeconds(scope.livemode));
      logger.info("acknowledgements polled", {
        receipts: receipts.length,
        applied: r.applied,
        processing: r.pending.length,
        not_found: r.notFound.length,
      });
    },
    { batchSize: 4 },
  );

  await jobs.work(
    TIN_MATCH_QUEUE,
    async (data) => {
      const r = await runtime
        .runPromise(completeTinMatch(scopeOf(data), String(data["runId"])))
        .catch((e: unknown) => {
          throw jobFailure(e);
        });
      // Over the IRS's daily allowance: the run waits in the queue (it stays `processing`).
      if (typeof r === "object")
        await send(TIN_MATCH_QUEUE, data, {
          key: `${String(data["runId"])}:deferred:${Math.floor(Date.now() / 3_600_000)}`,
          startAfterSeconds: r.deferredSeconds,
        });
    },
    { batchSize: 2 },
  );

  // Recipient statements (issue 39): one job per letter, notice or invitation, under its delivery's key; a vendor
  // that is down (or answers 429) is tried again after its Retry-After.
  await jobs.work(
    SEND_STATEMENT_QUEUE,
    async (data) => {
      const r = await runtime.runPromise(runSendStatement(data)).catch((e: unknown) => {
        const failure = jobFailure(e);
        logger.warn("statement delivery not sent; the job will be retried", {
          delivery: String(data["deliveryId"]),
          livemode: data["livemode"] === true,
          error: e instanceof Error ? e.message : String(e),
          retry_after_seconds: retryAfterOf(failure),
        });
        throw failure;
      });
      if (r.kind === "invalid")
        logger.error("statement job dropped: its payload does not decode", { reason: r.reason });
      else if (r.kind === "done")
        logger.info("statement delivery sent", { delivery: String(data["deliveryId"]), status: r.status });
    },
    { batchSize: tuningOf(config).statementSendConcurrency },
  );

  let planning = false;
  const planStatementsNow = async () => {
    if (planning) return;
    planning = true;
    try {
      const stalledBefore = new Date(Date.now() - tuningOf(config).dispatchSweepAfterMs).toISOString();
      const r = await runtime.runPromise(sweepStatements({ stalledBefore }));
      if (r.planned > 0 || r.requeued > 0) logger.info("statements planned", r);
    } catch (e) {
      logger.error("statement sweep failed", { error: e instanceof Error ? e.message : String(e) });
    } finally {
      planning = false;
    }
  };
  const statementTimer = setInterval(
    () => void planStatementsNow(),
    Math.min(1000, tuningOf(config).dispatchSweepEveryMs),
  );
  statementTimer.unref();

  // W-9 requests (issue 40): open requests past their expiry become expired, on the runtime's clock.
  let expiring = false;
  const expireW9Now = async () => {
    if (expiring) return;
    expiring = true;
    try {
      const expired = await runtime.runPromise(expireW9Requests());
      if (expired > 0) logger.info("W-9 requests expired", { expired });
    } catch (e) {
      logger.error("W-9 expiry sweep failed", { error: e instanceof Error ? e.message : String(e) });
    } finally {
      expiring = false;
    }
  };
  const w9Timer = setInterval(
    () => void expireW9Now(),
    Math.min(60_000, tuningOf(config).dispatchSweepEveryMs),
  );
  w9Timer.unref();

  // One attempt; a retry is a durable job due at the next time of D27's schedule.
  const attempt = async (scope: ScopeData, deliveryId: string, fresh?: FreshDelivery) => {
    const r = await runtime.runPromise(
      fresh
        ? deliverFresh(fresh, config.webhookRetryScale)
        : deliverWebhook(scope, deliveryId, config.webhookRetryScale),
    );
    if (r.status === "pending" && r.retryInSeconds !== null) {
      await send(
        DELIVER_QUEUE,
        { ...scope, deliveryId },
        { key: `${deliveryId}:retry`, startAfterSeconds: Math.ceil(r.retryInSeconds) },
      );
    }
  };
  await jobs.work(
    DELIVER_QUEUE,
    async (data) => {
      await attempt(scopeOf(data), String(data["deliveryId"]));
    },
    { batchSize: 16, teamConcurrency: 2 },
  );

  /**
   * First attempts (and overdue ones) run here, many at a time; the delivery rows are durable, so a crash only
   * delays them. A delivery the fan-out just created carries its rows, so its attempt reads nothing again.
   */
  const attemptAll = async (items: readonly (DeliveryJob | FreshDelivery)[]) => {
    // Fresh deliveries: sent 64 at a time, their outcomes written together (deliverFreshMany). If that fails, the
    // deliveries stay pending and due, and the sweep attempts them again.
    const fresh = items.filter((d): d is FreshDelivery => "delivery" in d);
    const firstAttempts =
      fresh.length === 0
        ? Promise.resolve()
        : (async () => {
            try {
              for (const r of await runtime.runPromise(deliverFreshMany(fresh, config.webhookRetryScale))) {
                if (r.status === "pending" && r.retryInSeconds !== null) {
                  await send(
                    DELIVER_QUEUE,
                    { accountId: r.accountId, livemode: r.livemode, deliveryId: r.deliveryId },
                    { key: `${r.deliveryId}:retry`, startAfterSeconds: Math.ceil(r.retryInSeconds) },
                  );
                }
              }
            } catch (e) {
              logger.error("webhook attempts failed", {
                deliveries: fresh.length,
                error: e instanceof Error ? e.message : String(e),
              });
            }
          })();
    const again = items.filter((d) => !("delivery" in d));
    let next = 0;
    await Promise.all([
      firstAttempts,
      ...Array.from({ length: Math.min(64, again.length) }, async () => {
        for (let i = next++; i < again.length; i = next++) {
          const d = again[i] as DeliveryJob;
          try {
            await attempt({ accountId: d.accountId, livemode: d.livemode }, d.deliveryId);
          } catch (e) {
            logger.error("webhook attempt failed", {
              delivery: d.deliveryId,
              error: e instanceof Error ? e.message : String(e),
            });
          }
        }
      }),
    ]);
  };

  // The outbox: events written with their change are fanned out to endpoints within a fraction of a second.
  let fanning = false;
  const fanOut = async () => {
    if (fanning) return;
    fanning = true;
    try {
      for (;;) {
        const deliveries = await runtime.runPromise(fanOutEvents(500));
        if (deliveries.length === 0) break;
        await attemptAll(deliveries);
      }
    } catch (e) {
      logger.error("event fan-out failed", { error: e instanceof Error ? e.message : String(e) });
    } finally {
      fanning = false;
    }
  };
  const fanTimer = setInterval(() => void fanOut(), config.outboxPollMs);
  fanTimer.unref();

  const sweep = async () => {
    try {
      const before = new Date(Date.now() - tuningOf(config).dispatchSweepAfterMs).toISOString();
      const pending = await runtime.runPromise(
        Effect.flatMap(Effect.service(Store), (s) => s.dispatchQueue.pending(before, 100)),
      );
      for (const d of pending)
        await send(
          TRANSMIT_QUEUE,
          { accountId: d.accountId, livemode: d.livemode, orderId: d.orderId },
          { key: d.orderId },
        );
      const tinBefore = new Date(
        Date.now() - Math.max(tuningOf(config).dispatchSweepAfterMs, config.sandboxTinMatchDelayMs * 5),
      ).toISOString();
      const runs = await runtime.runPromise(
        Effect.flatMap(Effect.service(Store), (s) => s.tinMatchQueue.pending(tinBefore, 100)),
      );
      for (const r of runs)
        await send(
          TIN_MATCH_QUEUE,
          { accountId: r.accountId, livemode: r.livemode, runId: r.id },
          { key: r.id },
        );
      // Deliveries overdue by a minute lost their attempt (a crash, or a lost retry job): attempt them again.
      const overdue = await runtime.runPromise(
        Effect.flatMap(Effect.service(Store), (s) =>
          s.outbox.dueDeliveries(new Date(Date.now() - 60_000).toISOString(), 200),
        ),
      );
      await attemptAll(
        overdue.map((d) => ({ accountId: d.accountId, livemode: d.livemode, deliveryId: d.id })),
      );
    } catch (e) {
      logger.error("dispatch sweep failed", { error: e instanceof Error ? e.message : String(e) });
    }
  };
  // The sweep only re-sends jobs for rows already durable in the database; the interval just drives it.
  const timer = setInterval(() => void sweep(), tuningOf(config).dispatchSweepEveryMs);
  timer.unref();

  // Card charges whose payment a crash kept from being recorded are refunded (core/use-cases/reconcile-charges).
  // The processor is the durable record here: each run lists its charges again, and refunds are idempotent there.
  let reconciling = false;
  const reconcile = async () => {
    if (reconciling) return;
    reconciling = true;
    const tuning = tuningOf(config);
    try {
      for (const livemode of [true, false]) {
        try {
          const result = await runtime.runPromise(
            reconcileCharges({
              livemode,
              lookbackMs: tuning.chargeReconcileLookbackMs,
              graceMs: tuning.chargeReconcileGraceMs,
            }),
          );
          for (const c of result.refunded)
            logger.warn("card charge refunded: its payment was never recorded", {
              charge: c.chargeId,
              account: c.accountId,
              livemode,
              amount_cents: c.amountCents,
              idempotency_key: c.idempotencyKey,
            });
          for (const f of result.failed)
            logger.error("refund of an unrecorded card charge failed; the next run tries again", {
              charge: f.charge.chargeId,
              account: f.charge.accountId,
              livemode,
              error: f.message,
            });
        } catch (e) {
          logger.error("charge reconciliation failed; the next run tries again", {
            livemode,
            error: e instanceof Error ? e.message : String(e),
          });
        }
      }
    } finally {
      reconciling = false;
    }
  };
  const reconcileTimer = setInterval(() => void reconcile(), tuningOf(config).chargeReconcileEveryMs);
  reconcileTimer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearInterval(reconcileTimer);
      clearInterval(fanTimer);
      clearInterval(statementTimer);
      clearInterval(w9Timer);
      await jobs.stop();
    },
  };
}
