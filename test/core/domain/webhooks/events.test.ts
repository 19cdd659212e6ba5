import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  EVENT_TYPES,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  RETRY_SCHEDULE_MS,
  buildEvent,
  classifyDelivery,
  isEventType,
  matches,
  nextAttemptDelayMs,
  parseRetryAfter,
  planAfterAttempt,
  validateEndpointEvents,
} from "../../../../core/domain/webhooks/index.ts";

const now = new Date("2026-07-01T12:00:00Z");
const S = 1000,
  MIN = 60 * S,
  H = 60 * MIN;

test("event types", () => {
  assert.equal([...EVENT_TYPES].slice(0, 4), [
    "filing.accepted",
    "filing.rejected",
    "tin_match.completed",
    "cart.paid",
  ]);
  // Issue 39: the recipient statement's events.
  for (const t of [
    "statement.mailed",
    "statement.returned",
    "statement.not_furnished",
    "recipient.consent_given",
  ])
    assert.ok(isEventType(t), t);
  for (const t of EVENT_TYPES) assert.ok(isEventType(t));
  for (const t of ["*", "filing.voided", "", "FILING.ACCEPTED", 1, null])
    assert.not.ok(isEventType(t), String(t));
});

test("endpoint events: valid lists", () => {
  assert.equal(validateEndpointEvents(["*"]), { ok: true, value: ["*"] });
  assert.equal(validateEndpointEvents(["cart.paid"]), { ok: true, value: ["cart.paid"] });
  assert.equal(validateEndpointEvents(["filing.accepted", "filing.rejected", "filing.accepted"]), {
    ok: true,
    value: ["filing.accepted", "filing.rejected"],
  });
});

test("endpoint events: 422 naming the offending value", () => {
  const cases: Array<[unknown, string, unknown, RegExp]> = [
    [undefined, "events", undefined, /array/],
    ["*", "events", "*", /array/],
    [{}, "events", {}, /array/],
    [[], "events", [], /empty/],
    [
      ["filing.accepted", "filing.voided"],
      "events.1",
      "filing.voided",
      /"filing\.voided".*not a known event type/,
    ],
    [["cart.paid", 7], "events.1", 7, /a number/],
    [[null], "events.0", null, /a null/],
    [["*", "cart.paid"], "events.0", "*", /only entry/],
    [["cart.paid", "*"], "events.1", "*", /only entry/],
  ];
  for (const [input, param, value, message] of cases) {
    const r = validateEndpointEvents(input);
    assert.is(r.ok, false, JSON.stringify(input));
    if (r.ok) continue;
    assert.is(r.error._tag, "InvalidRequest");
    assert.is(r.error.param, param);
    assert.equal(r.value, value);
    assert.match(r.error.message, message);
  }
});

test("matches", () => {
  assert.ok(matches(["*"], "cart.paid"));
  assert.ok(matches(["*"], "some.future_event"));
  assert.ok(matches(["cart.paid", "filing.accepted"], "filing.accepted"));
  assert.not.ok(matches(["cart.paid"], "filing.accepted"));
  assert.not.ok(matches([], "cart.paid"));
});

test("envelope: { id, type, created (unix seconds), data }", () => {
  const data = {
    id: "f1",
    form: "1099-NEC",
    tax_year: 2025,
    status: "accepted",
    receipt_id: "R-1",
    errors: [],
  };
  const e = buildEvent({
    id: "evt_1",
    type: "filing.accepted",
    createdAt: new Date("2026-07-01T12:00:00.999Z"),
    data,
  });
  assert.equal(e, { id: "evt_1", type: "filing.accepted", created: 1_782_907_200, data });
  assert.equal(Object.keys(JSON.parse(JSON.stringify(e)) as object), ["id", "type", "created", "data"]);
});

test("retry schedule (D27): 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then null", () => {
  assert.equal([...RETRY_SCHEDULE_MS], [0, 5 * S, 5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H]);
  assert.is(MAX_ATTEMPTS, 8);
  const noJitter = RETRY_SCHEDULE_MS.map((_, i) => nextAttemptDelayMs(i, 0.5));
  assert.equal(noJitter, [...RETRY_SCHEDULE_MS]);
  assert.is(nextAttemptDelayMs(8, 0.5), null);
  assert.is(nextAttemptDelayMs(20, 0.5), null);
  assert.throws(() => nextAttemptDelayMs(-1, 0.5));
  // Jitter: within ±10 %, both ends reachable.
  assert.is(nextAttemptDelayMs(1, 0), 4500);
  assert.is(nextAttemptDelayMs(1, 0.999999), 5500);
  assert.is(nextAttemptDelayMs(0, 0), 0);
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 7 }),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      (n, r) => {
        const d = nextAttemptDelayMs(n, r) as number;
        const base = RETRY_SCHEDULE_MS[n] as number;
        assert.ok(d >= Math.floor(base * 0.9) && d <= Math.ceil(base * 1.1), `${n} ${r} ${d}`);
      },
    ),
  );
});

test("retry schedule is scalable and replaceable for tests", () => {
  assert.equal(
    RETRY_SCHEDULE_MS.map((_, i) => nextAttemptDelayMs(i, 0.5, { scale: 0.001 })),
    [0, 5, 300, 1800, 7200, 18000, 36000, 36000],
  );
  assert.equal(
    [0, 1, 2, 3].map((i) => nextAttemptDelayMs(i, 0, { scheduleMs: [0, 10, 20], jitter: 0 })),
    [0, 10, 20, null],
  );
});

test("Retry-After: delay-seconds or HTTP date", () => {
  assert.is(parseRetryAfter("120", now), 120_000);
  assert.is(parseRetryAfter(" 0 ", now), 0);
  assert.is(parseRetryAfter("Wed, 01 Jul 2026 12:05:00 GMT", now), 5 * MIN);
  assert.is(parseRetryAfter("Wednesday, 01-Jul-26 12:00:30 GMT", now), 30 * S);
  assert.is(parseRetryAfter("Wed Jul  1 12:01:00 2026", now) !== null, true);
  assert.is(parseRetryAfter("Tue, 30 Jun 2026 12:00:00 GMT", now), 0);
  for (const bad of [null, "", "-5", "1.5", "soon", "2026-07-01T12:05:00Z"])
    assert.is(parseRetryAfter(bad, now), null, String(bad));
});

test("outcome classifier: 2xx success, 410 disables, 429/503 honour Retry-After, the rest retry", () => {
  const r = (status: number, retryAfter: string | null = null, error: string | null = null) =>
    classifyDelivery({ status, retryAfter, error }, now);
  for (const s of [200, 201, 202, 204, 299]) assert.equal(r(s), { kind: "succeeded" });
  assert.equal(r(410), { kind: "disable", error: "HTTP 410" });
  assert.equal(r(429, "30"), { kind: "retry", error: "HTTP 429", retryAfterMs: 30_000 });
  assert.equal(r(503, "Wed, 01 Jul 2026 12:01:00 GMT"), {
    kind: "retry",
    error: "HTTP 503",
    retryAfterMs: 60_000,
  });
  assert.equal(r(500, "30"), { kind: "retry", error: "HTTP 500", retryAfterMs: null });
  assert.equal(r(429), { kind: "retry", error: "HTTP 429", retryAfterMs: null });
  for (const s of [100, 301, 302, 400, 401, 404, 500, 502, 504]) assert.is(r(s).kind, "retry", String(s));
  assert.equal(r(0, null, "ECONNREFUSED"), { kind: "retry", error: "ECONNREFUSED", retryAfterMs: null });
});

test("plan after an attempt", () => {
  const ok = { status: 200, retryAfter: null, error: null };
  const fail = { status: 500, retryAfter: null, error: null };
  assert.equal(planAfterAttempt({ attemptsMade: 1, result: ok, now, random01: 0.5 }), {
    status: "succeeded",
  });
  assert.equal(planAfterAttempt({ attemptsMade: 1, result: fail, now, random01: 0.5 }), {
    status: "pending",
    error: "HTTP 500",
    nextAttemptAt: new Date(now.getTime() + 5 * S),
  });
  assert.equal(planAfterAttempt({ attemptsMade: 7, result: fail, now, random01: 0.5 }), {
    status: "pending",
    error: "HTTP 500",
    nextAttemptAt: new Date(now.getTime() + 10 * H),
  });
  assert.equal(planAfterAttempt({ attemptsMade: 8, result: fail, now, random01: 0.5 }), {
    status: "failed",
    error: "HTTP 500",
    disableEndpoint: false,
  });
  assert.equal(
    planAfterAttempt({
      attemptsMade: 2,
      result: { status: 410, retryAfter: null, error: null },
      now,
      random01: 0.5,
    }),
    { status: "failed", error: "HTTP 410", disableEndpoint: true },
  );
  // Retry-After longer than the schedule postpones; shorter never brings the attempt forward; huge values are capped.
  const limited = (retryAfter: string, attemptsMade = 1) =>
    planAfterAttempt({ attemptsMade, result: { status: 429, retryAfter, error: null }, now, random01: 0.5 });
  assert.equal(limited("60"), {
    status: "pending",
    error: "HTTP 429",
    nextAttemptAt: new Date(now.getTime() + 60 * S),
  });
  assert.equal(limited("1", 2), {
    status: "pending",
    error: "HTTP 429",
    nextAttemptAt: new Date(now.getTime() + 5 * MIN),
  });
  assert.equal(limited("99999999"), {
    status: "pending",
    error: "HTTP 429",
    nextAttemptAt: new Date(now.getTime() + MAX_RETRY_AFTER_MS),
  });
  // Scaled for tests, Retry-After included.
  assert.equal(
    planAfterAttempt({
      attemptsMade: 1,
      result: { status: 503, retryAfter: "60", error: null },
      now,
      random01: 0.5,
      policy: { scale: 0.001 },
    }),
    { status: "pending", error: "HTTP 503", nextAttemptAt: new Date(now.getTime() + 60) },
  );
  // Transport failure after the last attempt.
  assert.equal(
    planAfterAttempt({
      attemptsMade: 8,
      result: { status: 0, retryAfter: null, error: "timeout after 15000 ms" },
      now,
      random01: 0.1,
    }),
    { status: "failed", error: "timeout after 15000 ms", disableEndpoint: false },
  );
});

test.run();
