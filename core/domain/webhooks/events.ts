// Event types, endpoint subscriptions, the event envelope (SPEC "Events", D28) and the delivery retry policy (D27).
import { InvalidRequest } from "../shared/errors.ts";

export const EVENT_TYPES = [
  "filing.accepted",
  "filing.rejected",
  "tin_match.completed",
  "cart.paid",
  "statement.mailed",
  "statement.delivered",
  "statement.returned",
  "statement.undeliverable",
  "statement.emailed",
  "statement.viewed",
  "statement.not_furnished",
  "statement.mail_refunded",
  "recipient.consent_given",
  "recipient.consent_withdrawn",
  "w9_request.completed",
  "w9_request.expired",
  "b_notice.created",
  "b_notice.mailed",
  "recipient.backup_withholding_required",
  "recipient.backup_withholding_cleared",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const ALL_EVENTS = "*";
/** What an endpoint subscribes to: some event types, or `["*"]` for all (including types added later). */
export type EndpointEvents = readonly EventType[] | readonly [typeof ALL_EVENTS];

const KNOWN: ReadonlySet<string> = new Set(EVENT_TYPES);

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && KNOWN.has(value);
}

export type EventsCheck =
  | { readonly ok: true; readonly value: EndpointEvents }
  | { readonly ok: false; readonly error: InvalidRequest; readonly value: unknown };

/**
 * An endpoint's `events` (422 `invalid_request` naming the offending entry otherwise): a non-empty array of
 * known event types, or exactly `["*"]`. Repeated types are kept once, in first-seen order.
 */
export function validateEndpointEvents(input: unknown, param = "events"): EventsCheck {
  const bad = (value: unknown, at: string, message: string): EventsCheck => ({
    ok: false,
    value,
    error: new InvalidRequest({ param: at, message }),
  });
  if (!Array.isArray(input)) return bad(input, param, `${param} must be an array of event types, or ["*"].`);
  if (input.length === 0) return bad(input, param, `${param} must not be empty.`);
  const out: EventType[] = [];
  for (const [i, value] of (input as unknown[]).entries()) {
    const at = `${param}.${i}`;
    if (value === ALL_EVENTS) {
      if (input.length !== 1)
        return bad(value, at, `"*" subscribes to every event and must be the only entry of ${param}.`);
      return { ok: true, value: [ALL_EVENTS] };
    }
    if (!isEventType(value)) {
      const shown =
        typeof value === "string" ? JSON.stringify(value) : `a ${value === null ? "null" : typeof value}`;
      return bad(
        value,
        at,
        `${at} is ${shown}, which is not a known event type; use one of ${EVENT_TYPES.join(", ")}, or "*".`,
      );
    }
    if (!out.includes(value)) out.push(value);
  }
  return { ok: true, value: out };
}

/** Whether an endpoint subscribed to `endpointEvents` receives an event of `type`. */
export function matches(endpointEvents: readonly string[], type: string): boolean {
  return endpointEvents.includes(ALL_EVENTS) || endpointEvents.includes(type);
}

// ---- Envelope -----------------------------------------------------------------------------------------------

/** D28 payloads. Inner rows are described by the resources they come from; receivers ignore unknown fields. */
export interface FilingEventData {
  readonly id: string;
  readonly form: string;
  readonly tax_year: number;
  readonly status: string;
  readonly receipt_id: string | null;
  readonly errors: readonly unknown[];
}
export interface TinMatchCompletedData {
  readonly id: string;
  readonly status: string;
  readonly count: number;
  readonly results: readonly unknown[];
}
export interface CartPaidData {
  readonly cart: string;
  readonly order: string;
  readonly amount_charged: number;
  readonly currency: string;
  readonly filed: number;
  readonly failed: number;
}
/** Issue 39: a recipient statement's delivery moved (mailed, delivered, returned, undeliverable, e-mailed). */
export interface StatementEventData {
  /** The filing whose statement this is. */
  readonly filing: string;
  readonly recipient: string;
  readonly delivery: string | null;
  readonly channel: "mail" | "email" | null;
  readonly status: string;
  readonly failure_reason: string | null;
  /** statement.not_furnished: why no channel of the service can furnish the recipient. */
  readonly not_furnished_reason?: string;
  /** statement.mail_refunded: the PrintAndMail refunded to the prepaid balance. */
  readonly amount_cents?: number;
}
export interface ConsentEventData {
  readonly recipient: string;
  readonly status: "given" | "withdrawn";
  readonly at: string;
  /** The filings whose statements the consent covers (the recipient's statements so far). */
  readonly filings: readonly string[];
}
/** Issue 40: a W-9 request was signed by the payee, or expired unanswered. Never the TIN: its type and last four. */
export interface W9RequestEventData {
  readonly id: string;
  readonly payer: string;
  readonly recipient: string | null;
  readonly reference: string | null;
  readonly status: string;
  readonly tin_type: "ssn" | "ein" | null;
  readonly tin_last4: string | null;
  /** The TIN-match run the completed W-9 started. */
  readonly tin_match_run: string | null;
  readonly completed_at: string | null;
  readonly expired_at: string | null;
}
export interface EventDataByType {
  readonly "filing.accepted": FilingEventData;
  readonly "filing.rejected": FilingEventData;
  readonly "tin_match.completed": TinMatchCompletedData;
  readonly "cart.paid": CartPaidData;
  readonly "statement.mailed": StatementEventData;
  readonly "statement.delivered": StatementEventData;
  readonly "statement.returned": StatementEventData;
  readonly "statement.undeliverable": StatementEventData;
  readonly "statement.emailed": StatementEventData;
  readonly "statement.viewed": StatementEventData;
  readonly "statement.not_furnished": StatementEventData;
  readonly "statement.mail_refunded": StatementEventData;
  readonly "recipient.consent_given": ConsentEventData;
  readonly "recipient.consent_withdrawn": ConsentEventData;
  readonly "w9_request.completed": W9RequestEventData;
  readonly "w9_request.expired": W9RequestEventData;
  readonly "b_notice.created": BNoticeEventData;
  readonly "b_notice.mailed": BNoticeEventData;
  readonly "recipient.backup_withholding_required": BNoticeEventData;
  readonly "recipient.backup_withholding_cleared": BNoticeEventData;
}

/** Issue 40 item 4: the data of the b_notice.* and recipient.backup_withholding_* events (no TIN, no address). */
export interface BNoticeEventData {
  readonly id: string;
  readonly recipient: string;
  readonly payer: string;
  readonly kind: "first" | "second";
  readonly status: string;
  readonly tax_year: number;
  readonly send_by: string;
  readonly withhold_by: string;
  readonly cleared_by: string | null;
}

export interface WebhookEvent<T extends EventType = EventType> {
  readonly id: string;
  readonly type: T;
  /** Unix seconds. */
  readonly created: number;
  readonly data: EventDataByType[T];
}

/** The envelope `{ id, type, created, data }`; `id` (`evt_…`) and `createdAt` come from the caller. */
export function buildEvent<T extends EventType>(input: {
  readonly id: string;
  readonly type: T;
  readonly createdAt: Date;
  readonly data: EventDataByType[T];
}): WebhookEvent<T> {
  return {
    id: input.id,
    type: input.type,
    created: Math.floor(input.createdAt.getTime() / 1000),
    data: input.data,
  };
}

// ---- Retry schedule (D27, Svix's) ---------------------------------------------------------------------------

/** Delay before each attempt, counted from the previous one: 8 attempts over about 27.6 hours. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;
/** A Retry-After longer than this is capped, so one answer cannot park a delivery for days. */
export const MAX_RETRY_AFTER_MS = 10 * 3_600_000;
/** D27: success is a 2xx within this time. */
export const DELIVERY_TIMEOUT_MS = 15_000;

export interface RetryPolicy {
  /** Multiplies every delay, Retry-After included (tests use e.g. 0.001). Default 1. */
  readonly scale?: number;
  /** Each delay varies by up to this fraction either way, so retries of many deliveries spread out. Default 0.1. */
  readonly jitter?: number;
  readonly scheduleMs?: readonly number[];
}

/**
 * Milliseconds to wait before the next attempt when `attemptsMade` attempts were made so far (0: the first
 * attempt, which goes at once), or null when the schedule is exhausted. `random01` is in [0, 1).
 */
export function nextAttemptDelayMs(
  attemptsMade: number,
  random01: number,
  policy: RetryPolicy = {},
): number | null {
  const schedule = policy.scheduleMs ?? RETRY_SCHEDULE_MS;
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0)
    throw new RangeError("attemptsMade must be a whole number >= 0");
  const base = schedule[attemptsMade];
  if (base === undefined) return null;
  const jitter = policy.jitter ?? 0.1;
  const r = Math.min(Math.max(random01, 0), 1);
  return Math.max(0, Math.round(base * (policy.scale ?? 1) * (1 + jitter * (2 * r - 1))));
}

// ---- Delivery outcome ---------------------------------------------------------------------------------------

/** What the sender observed: `status` 0 means no HTTP response (timeout, refused, DNS, TLS, blocked target). */
export interface SendResult {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly error: string | null;
}

export type DeliveryOutcome =
  | { readonly kind: "succeeded" }
  /** 410 Gone: the receiver asks us to stop; the endpoint is disabled. */
  | { readonly kind: "disable"; readonly error: string }
  | { readonly kind: "retry"; readonly error: string; readonly retryAfterMs: number | null };

/** `Retry-After` as delay-seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // Every HTTP-date format (RFC 9110 5.6.7) starts with the weekday; anything else is not one.
  if (!/^[A-Za-z]{3,9}[, ]/.test(v)) return null;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

export function classifyDelivery(result: SendResult, now: Date): DeliveryOutcome {
  const { status } = result;
  if (status >= 200 && status <= 299) return { kind: "succeeded" };
  const error = status === 0 ? (result.error ?? "no response") : `HTTP ${status}`;
  if (status === 410) return { kind: "disable", error };
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(result.retryAfter, now) : null;
  return { kind: "retry", error, retryAfterMs };
}

export type DeliveryPlan =
  | { readonly status: "succeeded" }
  | { readonly status: "failed"; readonly error: string; readonly disableEndpoint: boolean }
  | { readonly status: "pending"; readonly error: string; readonly nextAttemptAt: Date };

/**
 * What follows an attempt: done, given up (schedule exhausted or 410), or the time of the next attempt. A
 * Retry-After on 429/503 postpones the next attempt to at least that long (capped at MAX_RETRY_AFTER_MS),
 * never earlier than the schedule.
 */
export function planAfterAttempt(input: {
  /** Attempts made, including the one whose result this is. */
  readonly attemptsMade: number;
  readonly result: SendResult;
  readonly now: Date;
  readonly random01: number;
  readonly policy?: RetryPolicy;
}): DeliveryPlan {
  const outcome = classifyDelivery(input.result, input.now);
  if (outcome.kind === "succeeded") return { status: "succeeded" };
  if (outcome.kind === "disable") return { status: "failed", error: outcome.error, disableEndpoint: true };
  const delay = nextAttemptDelayMs(input.attemptsMade, input.random01, input.policy);
  if (delay === null) return { status: "failed", error: outcome.error, disableEndpoint: false };
  const scale = input.policy?.scale ?? 1;
  const honoured =
    outcome.retryAfterMs === null ? 0 : Math.min(outcome.retryAfterMs, MAX_RETRY_AFTER_MS) * scale;
  return {
    status: "pending",
    error: outcome.error,
    nextAttemptAt: new Date(input.now.getTime() + Math.max(delay, honoured)),
  };
}
