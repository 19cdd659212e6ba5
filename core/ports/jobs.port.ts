import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";

export interface SendJobOptions {
  /**
   * Dedupe: while a job with this key is queued, waiting for a retry or running in the queue, another send with
   * the same key is dropped. Once that job has completed or failed for good, the key is free again.
   */
  readonly key?: string;
  /** Do not start before this many seconds from now. */
  readonly startAfterSeconds?: number;
  /** How many times a failing (or expired) job is tried again; overrides the adapter's default. */
  readonly retryLimit?: number;
}

/**
 * D22: background work (transmission, acknowledgements, TIN matching, webhook delivery) as durable jobs.
 * Once `send` has succeeded the job is never lost, but it may run more than once (a crash after the work and
 * before the job is marked done, an expiry, a retry), so every handler must be idempotent.
 * Workers are registered by hosts on the adapter (`JobRunner.work`), not through this port.
 */
export class Jobs extends Context.Service<
  Jobs,
  {
    readonly send: (
      queue: string,
      data: Readonly<Record<string, unknown>>,
      options?: SendJobOptions,
    ) => Effect.Effect<void>;
    /**
     * Many jobs of one queue at once (one write where the adapter can): each as `send` would queue it with only a
     * key, deduped by key against the queue and within the list.
     */
    readonly sendMany: (
      queue: string,
      jobs: readonly { readonly data: Readonly<Record<string, unknown>>; readonly key?: string }[],
    ) => Effect.Effect<void>;
  }
>()("core/Jobs") {}

/** What a handler learns about the job besides its data. `id` is stable across retries of the same job. */
export interface JobInfo {
  readonly id: string;
  readonly queue: string;
  /** 1 on the first run, 2 on the first retry (or the run after an expiry), ... */
  readonly attempt: number;
}

/**
 * Thrown by a handler whose work the far side asked to be tried again later (an IRS 503 with Retry-After): a
 * failed attempt like any other, whose retry waits at least `retryAfterSeconds`, or the adapter's retry delay when
 * that is longer.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "RetryLater";
  }
}

/**
 * Thrown by a handler whose job can never succeed (its payload does not decode): the job fails for good at once,
 * whatever retries it has left, and stays in the queue's table as failed (the dead letter an operator reads).
 */
export class DeadLetter extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeadLetter";
  }
}

/**
 * Resolves = done; throws DeadLetter = failed for good; throws anything else = try again after the retry delay (at least `retryAfterSeconds` for a RetryLater), until
 * the retry limit is used up.
 */
export type JobHandler = (data: Record<string, unknown>, job: JobInfo) => Promise<void>;

export interface WorkOptions {
  /** Jobs fetched per poll and run side by side; each one completes or fails on its own. Default 1. */
  readonly batchSize?: number;
  /** Independent polling loops for this queue in this process. Default 1. */
  readonly teamConcurrency?: number;
}

/** What hosts get from a jobs adapter: the port for the core, worker registration, and shutdown. */
export interface JobRunner {
  readonly service: Jobs["Service"];
  readonly work: (queue: string, handler: JobHandler, options?: WorkOptions) => Promise<void>;
  readonly stop: () => Promise<void>;
}
