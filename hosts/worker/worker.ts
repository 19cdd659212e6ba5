// The background worker: durable jobs for transmission and acknowledgements (D22), plus a sweep that finds paid
// orders whose transmit job was never sent (a process that died between commit and send). Every handler is
// idempotent: a job retried after a crash never transmits a filing twice or refunds twice.
import { Effect } from "effect";
import { applyAcknowledgement, pendingReceipts, transmitOrder } from "../../core/use-cases/transmission.use-case.ts";
import { ACK_QUEUE, TRANSMIT_QUEUE } from "../../core/use-cases/queues.ts";
import { Store } from "../../core/ports/store.port.ts";
import type { JobRunner } from "../../core/ports/jobs.port.ts";
import type { AppRuntime } from "../shared/runtime.ts";
import type { Config } from "../shared/config.ts";
import type { Logger } from "../shared/logger.ts";

const SWEEP_EVERY_MS = Number(process.env["DISPATCH_SWEEP_EVERY_MS"] ?? 5_000);
// A paid order whose job is not running this long after payment is (re)sent; DISPATCH_SWEEP_AFTER_MS for tests.
const SWEEP_AFTER_MS = Number(process.env["DISPATCH_SWEEP_AFTER_MS"] ?? 10_000);

interface ScopeData { accountId: string; livemode: boolean }

function scopeOf(data: Record<string, unknown>): ScopeData {
  return { accountId: String(data["accountId"]), livemode: data["livemode"] === true };
}

export async function startWorker(deps: { runtime: AppRuntime; jobs: JobRunner; config: Config; logger: Logger }): Promise<{ stop: () => Promise<void> }> {
  const { runtime, jobs, config, logger } = deps;
  const send = (queue: string, data: Record<string, unknown>, options: { key?: string; startAfterSeconds?: number }) =>
    runtime.runPromise(jobs.service.send(queue, data, options));

  await jobs.work(TRANSMIT_QUEUE, async (data) => {
    const scope = scopeOf(data);
    const orderId = String(data["orderId"]);
    const result = await runtime.runPromise(transmitOrder(scope, orderId));
    for (const receiptId of await runtime.runPromise(pendingReceipts(scope, orderId))) {
      await send(ACK_QUEUE, { ...scope, receiptId }, { key: receiptId, startAfterSeconds: Math.ceil(config.sandboxAckDelayMs / 1000) });
    }
    await runtime.runPromise(Effect.flatMap(Effect.service(Store), (s) => s.dispatchQueue.markDone(orderId)));
    logger.info("order transmitted", { order: orderId, receipts: result.receipts.length, furnished: result.furnished, refunded: result.refunded });
  }, { batchSize: 2 });

  await jobs.work(ACK_QUEUE, async (data) => {
    const scope = scopeOf(data);
    const receiptId = String(data["receiptId"]);
    const r = await runtime.runPromise(applyAcknowledgement(scope, receiptId));
    // Not ready yet: failing the job lets pg-boss retry it later (with backoff).
    if (r.status === "processing") throw new Error(`acknowledgement for ${receiptId} is not ready yet`);
    logger.info("acknowledgement applied", { receipt: receiptId, status: r.status, filings: r.applied });
  }, { batchSize: 4 });

  const sweep = async () => {
    try {
      const before = new Date(Date.now() - SWEEP_AFTER_MS).toISOString();
      const pending = await runtime.runPromise(Effect.flatMap(Effect.service(Store), (s) => s.dispatchQueue.pending(before, 100)));
      for (const d of pending) await send(TRANSMIT_QUEUE, { accountId: d.accountId, livemode: d.livemode, orderId: d.orderId }, { key: d.orderId });
    } catch (e) {
      logger.error("dispatch sweep failed", { error: e instanceof Error ? e.message : String(e) });
    }
  };
  // The sweep only re-sends jobs for rows already durable in the database; the interval just drives it.
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return { stop: async () => { clearInterval(timer); await jobs.stop(); } };
}
