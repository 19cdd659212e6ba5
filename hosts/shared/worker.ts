// The background worker (D22): a table of the durable queues, each run by its core use case (the queue's edge,
// runJob, decodes the payload, runs the job and queues what follows), and a table of the safety-net sweeps the
// timers drive. Every job is idempotent: one retried after a crash never transmits a filing twice or refunds twice.
// Both hosts that run jobs start them through this one table: `npm run worker` (hosts/worker/main.ts) and the
// API's embedded worker (hosts/api/main.ts); neither imports the other.
import {
  ACK_QUEUE,
  B_NOTICE_QUEUE,
  DELIVER_QUEUE,
  SEND_STATEMENT_QUEUE,
  TIN_MATCH_QUEUE,
  TRANSMIT_QUEUE,
} from "../../core/use-cases/lifecycle/queues.ts";
import type { JobSettings } from "../../core/use-cases/lifecycle/jobs.ts";
import {
  bNoticeSweep,
  dispatchSweep,
  fanOutSweep,
  reconcileSweep,
  statementsSweep,
  w9ExpirySweep,
  type SweepSettings,
} from "../../core/use-cases/lifecycle/sweeps.ts";
import type { AppRuntime } from "./runtime.ts";
import { tuningOf, type Config, type Tuning } from "./config.ts";
import type { Logger } from "./logger.ts";
import { every, jobHandler, type JobRunner, type Sweep } from "./worker-edge.ts";

export { jobFailure, MAX_RETRY_AFTER_SECONDS } from "../../core/use-cases/lifecycle/jobs.ts";

/**
 * Queue -> jobs fetched per poll (run side by side) and polling loops; the expiry of a queue whose honest runs are
 * long (a large order's transmission) is in `jobExpiryByQueue` (hosts/shared/runtime.ts), where the jobs are opened.
 */
export const WORKER_QUEUES: readonly {
  readonly queue: string;
  readonly batchSize: (t: Tuning) => number;
  readonly teamConcurrency?: number;
}[] = [
  { queue: TRANSMIT_QUEUE, batchSize: () => 2 },
  { queue: ACK_QUEUE, batchSize: () => 4 },
  { queue: TIN_MATCH_QUEUE, batchSize: () => 2 },
  { queue: SEND_STATEMENT_QUEUE, batchSize: (t) => t.statementSendConcurrency },
  { queue: DELIVER_QUEUE, batchSize: () => 16, teamConcurrency: 2 },
  { queue: B_NOTICE_QUEUE, batchSize: (t) => t.statementSendConcurrency },
];

/** Sweep -> how often it runs. */
const SWEEPS: readonly { name: string; sweep: Sweep; everyMs: (t: Tuning, c: Config) => number }[] = [
  { name: "dispatch sweep", sweep: dispatchSweep, everyMs: (t) => t.dispatchSweepEveryMs },
  { name: "event fan-out", sweep: fanOutSweep, everyMs: (_t, c) => c.outboxPollMs },
  { name: "statement sweep", sweep: statementsSweep, everyMs: (t) => Math.min(1000, t.dispatchSweepEveryMs) },
  { name: "W-9 expiry", sweep: w9ExpirySweep, everyMs: (t) => Math.min(60_000, t.dispatchSweepEveryMs) },
  { name: "B-notices", sweep: bNoticeSweep, everyMs: (t) => Math.min(60_000, t.dispatchSweepEveryMs) },
  { name: "charge reconciliation", sweep: reconcileSweep, everyMs: (t) => t.chargeReconcileEveryMs },
];

function settingsOf(config: Config): JobSettings & SweepSettings {
  const tuning = tuningOf(config);
  return {
    ackPolling: {
      livePollIntervalMs: config.iris?.pollIntervalMs,
      sandboxAckDelayMs: config.sandboxAckDelayMs,
    },
    webhookRetryScale: config.webhookRetryScale,
    stalledAfterMs: tuning.dispatchSweepAfterMs,
    sandboxTinMatchDelayMs: config.sandboxTinMatchDelayMs,
    chargeReconcile: { lookbackMs: tuning.chargeReconcileLookbackMs, graceMs: tuning.chargeReconcileGraceMs },
  };
}

export async function startWorker(deps: {
  runtime: AppRuntime;
  jobs: JobRunner;
  config: Config;
  logger: Logger;
}): Promise<{ stop: () => Promise<void> }> {
  const { runtime, jobs, config, logger } = deps;
  const settings = settingsOf(config);
  for (const q of WORKER_QUEUES)
    await jobs.work(q.queue, jobHandler(runtime, logger, q.queue, settings), {
      batchSize: q.batchSize(tuningOf(config)),
      ...(q.teamConcurrency === undefined ? {} : { teamConcurrency: q.teamConcurrency }),
    });
  const stops = SWEEPS.map((s) =>
    every(runtime, logger, s.name, s.everyMs(tuningOf(config), config), s.sweep, settings),
  );
  return {
    stop: async () => {
      for (const stop of stops) stop();
      await jobs.stop();
    },
  };
}
