// In-memory Jobs with the pg-boss adapter's rules (dedupe key, retries with backoff, startAfter, RetryLater), for domain
// tests without a database. Nothing runs by itself: time comes from the clock passed in, and `drain()` runs
// every job that is due at that time (including retries that become due while draining, and jobs sent by handlers).
import { AsyncLocalStorage } from "node:async_hooks";
import * as Effect from "effect/Effect";
import {
  DeadLetter,
  Jobs,
  RetryLater,
  type JobHandler,
  type JobRunner,
  type SendJobOptions,
} from "../../core/ports/jobs.port.ts";

export type FakeJobState = "created" | "retry" | "active" | "completed" | "failed";

export interface FakeJob {
  readonly id: string;
  readonly queue: string;
  readonly data: Record<string, unknown>;
  readonly key: string | null;
  readonly state: FakeJobState;
  /** Handler runs so far. */
  readonly attempts: number;
  readonly retryLimit: number;
  readonly startAfter: Date;
  readonly error: string | null;
}

export interface FakeJobsOptions {
  readonly clock: { readonly now: () => Date };
  /** As in the pg-boss adapter; the fake's backoff has no jitter: delay x 2^(n-1) exactly. */
  readonly defaults?: {
    readonly retryLimit: number;
    readonly retryDelay: number;
    readonly retryBackoff: boolean;
  };
}

export interface FakeJobs extends JobRunner {
  /**
   * Runs every job due now, one at a time, until none is due; resolves to the number of handler runs.
   * Concurrent calls share one drain.
   */
  readonly drain: () => Promise<number>;
  /** A snapshot of every job sent, oldest first. */
  readonly jobs: (queue?: string) => readonly FakeJob[];
}

interface Row {
  id: string;
  queue: string;
  data: Record<string, unknown>;
  key: string | null;
  state: FakeJobState;
  attempts: number;
  retryLimit: number;
  startAfter: number;
  error: string | null;
}

const MAX_RUNS_PER_DRAIN = 100_000;

export function makeFakeJobs(options: FakeJobsOptions): FakeJobs {
  const defaults = options.defaults ?? { retryLimit: 2, retryDelay: 0, retryBackoff: false };
  const now = () => options.clock.now().getTime();
  const rows: Row[] = [];
  const handlers = new Map<string, JobHandler[]>();
  let nextId = 1;
  let stopped = false;
  let draining: Promise<number> | null = null;
  const inHandler = new AsyncLocalStorage<true>();

  const retryDelayMs = (retriesSoFar: number): number => {
    if (!defaults.retryBackoff) return defaults.retryDelay * 1000;
    return ((Math.max(defaults.retryDelay, 1) * 2 ** Math.min(16, retriesSoFar + 1)) / 2) * 1000;
  };

  const sendOne = (queue: string, data: Readonly<Record<string, unknown>>, opts?: SendJobOptions) => {
    const key = opts?.key ?? null;
    if (key !== null && rows.some((r) => r.queue === queue && r.key === key && isOpen(r.state))) return;
    rows.push({
      id: `job_${nextId++}`,
      queue,
      data: structuredClone({ ...data }),
      key,
      state: "created",
      attempts: 0,
      retryLimit: opts?.retryLimit ?? defaults.retryLimit,
      startAfter: now() + Math.max(0, opts?.startAfterSeconds ?? 0) * 1000,
      error: null,
    });
  };
  const service = Jobs.of({
    send: (queue, data, opts) => Effect.sync(() => sendOne(queue, data, opts)),
    sendMany: (queue, jobs) =>
      Effect.sync(() => {
        for (const j of jobs) sendOne(queue, j.data, j.key === undefined ? {} : { key: j.key });
      }),
  });

  const runOne = async (row: Row, handler: JobHandler) => {
    row.state = "active";
    row.attempts += 1;
    try {
      await inHandler.run(true, () =>
        handler(structuredClone(row.data), { id: row.id, queue: row.queue, attempt: row.attempts }),
      );
      row.state = "completed";
    } catch (e) {
      row.error = e instanceof Error ? e.message : String(e);
      const retriesSoFar = row.attempts - 1;
      if (retriesSoFar < row.retryLimit && !(e instanceof DeadLetter)) {
        row.state = "retry";
        const asked = e instanceof RetryLater ? Math.max(0, e.retryAfterSeconds) * 1000 : 0;
        row.startAfter = now() + Math.max(retryDelayMs(retriesSoFar), asked);
      } else {
        row.state = "failed";
      }
    }
  };

  const drainOnce = async (): Promise<number> => {
    let runs = 0;
    for (;;) {
      if (stopped) return runs;
      const t = now();
      const row = rows.find(
        (r) => (r.state === "created" || r.state === "retry") && r.startAfter <= t && handlers.has(r.queue),
      );
      if (!row) return runs;
      if (++runs > MAX_RUNS_PER_DRAIN)
        throw new Error("jobs fake: drain() did not settle (a handler keeps sending jobs?)");
      const list = handlers.get(row.queue) as JobHandler[];
      const handler = list[row.attempts % list.length] as JobHandler;
      await runOne(row, handler);
    }
  };

  return {
    service,
    work: async (queue, handler) => {
      if (stopped) throw new Error("jobs fake: work() after stop()");
      handlers.set(queue, [...(handlers.get(queue) ?? []), handler]);
    },
    stop: async () => {
      stopped = true;
      await draining;
    },
    drain: () => {
      // From inside a handler, drain() returns at once: the drain running it picks up whatever the handler sent.
      if (inHandler.getStore()) return Promise.resolve(0);
      draining ??= drainOnce().finally(() => {
        draining = null;
      });
      return draining;
    },
    jobs: (queue) =>
      rows
        .filter((r) => queue === undefined || r.queue === queue)
        .map((r) => ({ ...r, data: structuredClone(r.data), startAfter: new Date(r.startAfter) })),
  };
}

function isOpen(state: FakeJobState): boolean {
  return state === "created" || state === "retry" || state === "active";
}
