// The jobs of the durable queues (D22), one use case a queue: each takes its decoded payload and returns what
// follows as data (JobOutcome: the jobs to queue, a retry the far side asked to wait for, its log lines). `runJob`
// is the queue's edge: it decodes the payload with its queue's schema (one that does not decode is a dead letter,
// never run), runs the job, and queues its follow-ups through the Jobs port. Hosts only register the queues.
import * as Effect from "effect/Effect";
import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import {
  afterAckPoll,
  done,
  firstPollSeconds,
  MAX_RETRY_AFTER_SECONDS,
  pollAgainSeconds,
  retryAfterSeconds,
  type AckPolling,
  type FollowUp,
  type JobOutcome,
  type LogLine,
} from "../../domain/jobs/outcome.ts";
import { ServiceUnavailable } from "../../domain/shared/errors.ts";
import type { Scope } from "../../domain/shared/scope.ts";
import { Clock } from "../../ports/clock.port.ts";
import { IrsUnavailable } from "../../ports/irs-transmitter.port.ts";
import { DeadLetter, Jobs, RetryLater } from "../../ports/jobs.port.ts";
import { Store } from "../../ports/store.port.ts";
import { deliverWebhook } from "../webhooks/deliveries.ts";
import {
  ACK_QUEUE,
  AckPayload,
  B_NOTICE_QUEUE,
  BNoticePayload,
  DELIVER_QUEUE,
  DeliverPayload,
  SEND_STATEMENT_QUEUE,
  SendStatementPayload,
  TIN_MATCH_QUEUE,
  TinMatchPayload,
  TRANSMIT_QUEUE,
  TransmitPayload,
} from "./queues.ts";
import { cancelLetter, sendDelivery } from "../statements/statements.ts";
import { completeTinMatch } from "../parties/tin-match.ts";
import { sendBNotice } from "../parties/b-notices.ts";
import { applyAcknowledgements, transmitOrder } from "./transmission.ts";

export { MAX_RETRY_AFTER_SECONDS };

/** What the jobs take from the host's configuration. */
export interface JobSettings {
  readonly ackPolling: AckPolling;
  /** Scales D27's webhook retry schedule (tests run it in milliseconds). */
  readonly webhookRetryScale: number;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The Retry-After (seconds) a failure carries: an IRS, mail house or mail server that is down says how long. */
export function retryAfterOf(e: unknown): number {
  if (e instanceof ServiceUnavailable) return retryAfterSeconds(e.retryAfterSeconds);
  if (e instanceof IrsUnavailable)
    return e.retryAfterMs === undefined ? 0 : retryAfterSeconds(e.retryAfterMs / 1000);
  return 0;
}

/**
 * The error a job fails with: a failure with a Retry-After becomes RetryLater (tried again no earlier than that, not
 * on the queue's backoff); anything else is left as it is.
 */
export function jobFailure(e: unknown): unknown {
  const seconds = retryAfterOf(e);
  return seconds > 0 ? new RetryLater(message(e), seconds) : e;
}

/**
 * What the job adapter is told of an outcome: nothing (done), DeadLetter (failed for good), RetryLater (tried again
 * after the far side's wait) or an Error (tried again on the queue's backoff).
 */
export function failureOf(o: JobOutcome): Error | undefined {
  if (o.deadLetter !== undefined) return new DeadLetter(o.deadLetter);
  if (o.retryAfter === undefined) return undefined;
  if (o.retryAfter.seconds > 0) return new RetryLater(o.retryAfter.reason, o.retryAfter.seconds);
  return new Error(o.retryAfter.reason);
}

/** A job that did not finish: tried again (after the Retry-After, if any), with a warning when `warn` is given. */
const retry = (e: unknown, warn?: { message: string; fields: Record<string, unknown> }): JobOutcome => {
  const seconds = retryAfterOf(e);
  const log: LogLine[] = warn
    ? [
        {
          level: "warn",
          message: warn.message,
          fields: {
            ...warn.fields,
            error: message(e),
            retry_after_seconds: seconds > 0 ? seconds : undefined,
          },
        },
      ]
    : [];
  return { enqueue: [], retryAfter: { seconds, reason: message(e) }, log };
};

/** The acknowledgement poll of `receipts`, keyed by them and the poll's number (one job per poll). */
export const ackFollowUp = (
  scope: Scope,
  receipts: readonly string[],
  poll: number,
  notFoundPolls: Readonly<Record<string, number>>,
  startAfterSeconds: number,
): FollowUp => ({
  queue: ACK_QUEUE,
  data: { accountId: scope.accountId, livemode: scope.livemode, receipts, poll, notFoundPolls },
  key: `ack:${[...receipts].sort().join(",")}:${String(poll)}`,
  startAfterSeconds,
});

const sendWith = (jobs: Jobs["Service"], f: FollowUp) =>
  jobs.send(f.queue, f.data, {
    ...(f.key === undefined ? {} : { key: f.key }),
    ...(f.startAfterSeconds === undefined ? {} : { startAfterSeconds: f.startAfterSeconds }),
  });
const send = (f: FollowUp) => Effect.flatMap(Jobs, (jobs) => sendWith(jobs, f));

/** Queues follow-ups through the Jobs port, in order. */
export const enqueueAll = (followUps: readonly FollowUp[]) =>
  Effect.forEach(followUps, send, { discard: true });

/**
 * The transmission job: transmits the order; each receipt's acknowledgement poll is queued as soon as the receipt is
 * recorded (the first transmissions of a large order are acknowledged while the rest are still sent; issue 19), the
 * rest (an earlier run's receipts, the SSA's) are the outcome's follow-ups. The order leaves the dispatch queue.
 */
export const transmitJob = Effect.fn("transmitJob")(function* (p: TransmitPayload, settings: JobSettings) {
  const scope = { accountId: p.accountId, livemode: p.livemode };
  const first = firstPollSeconds(settings.ackPolling, scope.livemode);
  const polled = new Set<string>();
  const jobs = yield* Jobs;
  const onReceipt = (receiptId: string) =>
    Effect.map(sendWith(jobs, ackFollowUp(scope, [receiptId], 0, {}, first)), () => {
      polled.add(receiptId);
    });
  const sent = yield* Effect.result(transmitOrder(scope, p.orderId, { onReceipt }));
  if (Result.isFailure(sent))
    return retry(sent.failure, {
      message: "transmission not finished; the job will be retried",
      fields: { order: p.orderId, livemode: scope.livemode },
    });
  const r = sent.success;
  const rest = r.awaitingAck.filter((id) => !polled.has(id));
  yield* (yield* Store).dispatchQueue.markDone(p.orderId);
  return done(rest.length > 0 ? [ackFollowUp(scope, rest, 0, {}, first)] : [], [
    {
      level: "info",
      message: "order transmitted",
      fields: { order: p.orderId, receipts: r.receipts.length, furnished: r.furnished, refunded: r.refunded },
    },
  ]);
});

/**
 * The acknowledgement job: reads the acknowledgements of several receipts at once (IRIS takes up to 100 a request),
 * polls again after the environment's interval those still processing, and those the IRS does not know yet until
 * NOT_FOUND_POLLS polls (then they are reported and left: their filings stay submitted).
 */
export const acknowledgementJob = Effect.fn("acknowledgementJob")(function* (
  p: AckPayload,
  settings: JobSettings,
) {
  const scope = { accountId: p.accountId, livemode: p.livemode };
  const receipts = [...(p.receipts ?? []), ...(p.receiptId === undefined ? [] : [p.receiptId])];
  const read = yield* Effect.result(applyAcknowledgements(scope, receipts));
  if (Result.isFailure(read))
    return retry(read.failure, {
      message: "acknowledgements not read; the job will be retried",
      fields: { receipts, livemode: scope.livemode },
    });
  const r = read.success;
  const plan = afterAckPoll(r, p.notFoundPolls ?? {});
  const log: LogLine[] = plan.givenUp.map((g) => ({
    level: "error",
    message: "the IRS does not know a receipt; its filings stay submitted",
    fields: { receipt: g.receipt, polls: g.polls },
  }));
  log.push({
    level: "info",
    message: "acknowledgements polled",
    fields: {
      receipts: receipts.length,
      applied: r.applied,
      processing: r.pending.length,
      not_found: r.notFound.length,
    },
  });
  const again =
    plan.again.length > 0
      ? [
          ackFollowUp(
            scope,
            plan.again,
            (p.poll ?? 0) + 1,
            plan.notFoundPolls,
            pollAgainSeconds(settings.ackPolling, scope.livemode),
          ),
        ]
      : [];
  return done(again, log);
});

/** The TIN-match job: over the IRS's daily allowance, the run waits in the queue (it stays `processing`). */
export const tinMatchJob = Effect.fn("tinMatchJob")(function* (p: TinMatchPayload) {
  const r = yield* Effect.result(completeTinMatch({ accountId: p.accountId, livemode: p.livemode }, p.runId));
  if (Result.isFailure(r)) return retry(r.failure);
  if (typeof r.success !== "object") return done();
  const hour = Math.floor((yield* Clock).now().getTime() / 3_600_000);
  return done([
    {
      queue: TIN_MATCH_QUEUE,
      data: { accountId: p.accountId, livemode: p.livemode, runId: p.runId },
      key: `${p.runId}:deferred:${String(hour)}`,
      startAfterSeconds: r.success.deferredSeconds,
    },
  ]);
});

/** One recipient statement delivery (issue 39); a vendor that is down is tried again after its Retry-After. */
export const sendStatementJob = Effect.fn("sendStatementJob")(function* (p: SendStatementPayload) {
  const scope = { accountId: p.accountId, livemode: p.livemode };
  const r = yield* Effect.result(
    p.cancel === true ? cancelLetter(scope, p.deliveryId) : sendDelivery(scope, p.deliveryId),
  );
  if (Result.isFailure(r))
    return retry(r.failure, {
      message: "statement delivery not sent; the job will be retried",
      fields: { delivery: p.deliveryId, livemode: p.livemode },
    });
  if (r.success.kind !== "done") return done();
  return done(
    [],
    [
      {
        level: "info",
        message: "statement delivery sent",
        fields: { delivery: p.deliveryId, status: r.success.status },
      },
    ],
  );
});

/** One B-notice's letter and e-mailed link (issue 40 item 4); a mail house that is down is tried again. */
export const bNoticeJob = Effect.fn("bNoticeJob")(function* (p: BNoticePayload) {
  const r = yield* Effect.result(sendBNotice({ accountId: p.accountId, livemode: p.livemode }, p.noticeId));
  if (Result.isFailure(r))
    return retry(r.failure, {
      message: "B-notice not sent; the job will be retried",
      fields: { b_notice: p.noticeId, livemode: p.livemode },
    });
  if (r.success.kind !== "done") return done();
  return done(
    [],
    [{ level: "info", message: "B-notice sent", fields: { b_notice: p.noticeId, status: r.success.status } }],
  );
});

/** A webhook delivery's retry job keyed by the delivery, due at the next time of D27's schedule. */
export const deliveryRetry = (scope: Scope, deliveryId: string, retryInSeconds: number): FollowUp => ({
  queue: DELIVER_QUEUE,
  data: { accountId: scope.accountId, livemode: scope.livemode, deliveryId },
  key: `${deliveryId}:retry`,
  startAfterSeconds: Math.ceil(retryInSeconds),
});

/** One attempt of a webhook delivery; a retry is a durable job due at the next time of D27's schedule. */
export const deliverJob = Effect.fn("deliverJob")(function* (p: DeliverPayload, settings: JobSettings) {
  const scope = { accountId: p.accountId, livemode: p.livemode };
  const r = yield* deliverWebhook(scope, p.deliveryId, settings.webhookRetryScale);
  return done(
    r.status === "pending" && r.retryInSeconds !== null
      ? [deliveryRetry(scope, p.deliveryId, r.retryInSeconds)]
      : [],
  );
});

/** One queue: the schema its payloads decode with and the job that runs them. */
interface Queue<P> {
  readonly payload: Schema.Decoder<P>;
  readonly run: (payload: P, settings: JobSettings) => Effect.Effect<JobOutcome, unknown, JobServices>;
}

type JobServices =
  | Effect.Services<ReturnType<typeof transmitJob>>
  | Effect.Services<ReturnType<typeof acknowledgementJob>>
  | Effect.Services<ReturnType<typeof tinMatchJob>>
  | Effect.Services<ReturnType<typeof sendStatementJob>>
  | Effect.Services<ReturnType<typeof deliverJob>>
  | Effect.Services<ReturnType<typeof bNoticeJob>>
  | Jobs;

const queue = <P>(q: Queue<P>): Queue<unknown> => q as Queue<unknown>;

/** Every queue's payload schema and job. */
export const QUEUES: Readonly<Record<string, Queue<unknown>>> = {
  [TRANSMIT_QUEUE]: queue({ payload: TransmitPayload, run: transmitJob }),
  [ACK_QUEUE]: queue({ payload: AckPayload, run: acknowledgementJob }),
  [TIN_MATCH_QUEUE]: queue({ payload: TinMatchPayload, run: (p) => tinMatchJob(p) }),
  [SEND_STATEMENT_QUEUE]: queue({ payload: SendStatementPayload, run: (p) => sendStatementJob(p) }),
  [DELIVER_QUEUE]: queue({ payload: DeliverPayload, run: deliverJob }),
  [B_NOTICE_QUEUE]: queue({ payload: BNoticePayload, run: (p) => bNoticeJob(p) }),
};

/**
 * The queue's edge: decodes `data` with `queueName`'s schema and runs its job, then queues the job's follow-ups.
 * A payload that does not decode (or an unknown queue) is a dead letter with an error line; it never runs.
 */
export const runJob = Effect.fn("runJob")(function* (
  queueName: string,
  data: unknown,
  settings: JobSettings,
) {
  const q = QUEUES[queueName];
  if (!q) return deadLetter(queueName, `no job for queue ${queueName}`);
  const decoded = Schema.decodeUnknownResult(q.payload)(data);
  if (Result.isFailure(decoded)) return deadLetter(queueName, String(decoded.failure));
  const outcome = yield* q.run(decoded.success, settings);
  yield* enqueueAll(outcome.enqueue);
  return outcome;
});

function deadLetter(queueName: string, reason: string): JobOutcome {
  return {
    enqueue: [],
    deadLetter: reason,
    log: [
      {
        level: "error",
        message: "job dropped: its payload does not decode",
        fields: { queue: queueName, reason },
      },
    ],
  };
}
