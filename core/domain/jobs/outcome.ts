// What a job (or a sweep) leaves for the queue to do once it has run: the jobs it queues next, whether it asks to be
// tried again later (the far side's Retry-After), and the log lines it reports. Data only: the queue's edge applies it
// (core/use-cases/lifecycle/jobs.ts), so a job never calls back into the host that runs it.

/** A job to queue: as `Jobs.send` takes it. */
export interface FollowUp {
  readonly queue: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly key?: string;
  readonly startAfterSeconds?: number;
}

export interface LogLine {
  readonly level: "info" | "warn" | "error";
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface JobOutcome {
  readonly enqueue: readonly FollowUp[];
  /**
   * The job did not finish and is tried again: no earlier than `seconds` from now when the far side said how long
   * to wait (an IRS or mail house answering 503/429 with Retry-After), else (`seconds` 0) on the queue's backoff.
   */
  readonly retryAfter?: { readonly seconds: number; readonly reason: string };
  /** The payload can never run (it does not decode): the job fails for good, without a retry. */
  readonly deadLetter?: string;
  readonly log: readonly LogLine[];
}

export const done = (enqueue: readonly FollowUp[] = [], log: readonly LogLine[] = []): JobOutcome => ({
  enqueue,
  log,
});

/** The longest Retry-After a job waits for; the far side asking for longer is asked again after this. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** A Retry-After in seconds (fractions rounded up), capped at MAX_RETRY_AFTER_SECONDS; 0 when none was given. */
export function retryAfterSeconds(seconds: number | undefined): number {
  if (seconds === undefined || !(seconds > 0)) return 0;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(seconds));
}

/** How many polls a receipt the IRS does not know yet gets before it is reported and left. */
export const NOT_FOUND_POLLS = 10;

export interface AckPollPlan {
  /** Receipts to poll again: those still processing, and those not found fewer than NOT_FOUND_POLLS times. */
  readonly again: readonly string[];
  /** Not-found count of each receipt polled again for that reason (the next poll's payload). */
  readonly notFoundPolls: Readonly<Record<string, number>>;
  /** Receipts not found NOT_FOUND_POLLS times: reported and left (their filings stay submitted). */
  readonly givenUp: readonly { readonly receipt: string; readonly polls: number }[];
}

/** The poll-again / give-up rule of an acknowledgement poll. */
export function afterAckPoll(
  result: { readonly pending: readonly string[]; readonly notFound: readonly string[] },
  notFoundPolls: Readonly<Record<string, number>>,
  limit = NOT_FOUND_POLLS,
): AckPollPlan {
  const unknown: Record<string, number> = {};
  const givenUp: { receipt: string; polls: number }[] = [];
  for (const receipt of result.notFound) {
    const n = (notFoundPolls[receipt] ?? 0) + 1;
    if (n >= limit) givenUp.push({ receipt, polls: n });
    else unknown[receipt] = n;
  }
  return { again: [...result.pending, ...Object.keys(unknown)], notFoundPolls: unknown, givenUp };
}

/** When acknowledgements are asked for: the environment's interval (live) or the sandbox's delay, in seconds. */
export interface AckPolling {
  /** IRIS_POLL_INTERVAL_MS of the live environment, when configured (else 5 minutes). */
  readonly livePollIntervalMs?: number | undefined;
  readonly sandboxAckDelayMs: number;
}

/** Seconds between two polls of the same receipts (at least 1). */
export function pollAgainSeconds(p: AckPolling, livemode: boolean): number {
  const ms = livemode ? (p.livePollIntervalMs ?? 300_000) : p.sandboxAckDelayMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

/** Seconds before a new receipt's first poll (the sandbox answers after its delay, which may be 0). */
export function firstPollSeconds(p: AckPolling, livemode: boolean): number {
  return livemode ? pollAgainSeconds(p, true) : Math.ceil(p.sandboxAckDelayMs / 1000);
}
