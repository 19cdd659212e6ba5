// Asynchronous TIN matching (SPEC "TIN match run", D25): a run is stored with sealed TINs and completed by a job
// through the TinMatcher port; completion emits tin_match.completed.
import * as Effect from "effect/Effect";
import { InvalidRequest, NotFound, ServiceUnavailable } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { Tin } from "../../domain/shared/tin.ts";
import { compileBody, isUuid } from "../../domain/shared/validation.ts";
import { sha256, toHex } from "../../domain/webhooks/index.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import {
  Store,
  type Scope,
  type TinMatchEntry,
  type TinMatchResult,
  type TinMatchRun,
} from "../../ports/store.port.ts";
import { runView } from "../../domain/parties/views.ts";
export { runView } from "../../domain/parties/views.ts";
import { TinMatcher, type TinMatchOutcome } from "../../ports/tin-matcher.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { Jobs } from "../../ports/jobs.port.ts";
import { TIN_MATCH_QUEUE } from "../lifecycle/queues.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

const MAX_NAMES = 1000;
export const body = compileBody<{
  recipients?: string[];
  entries?: Array<{ name: string; tin: string; tin_type?: "ssn" | "ein"; reference?: string }>;
}>({
  type: "object",
  additionalProperties: false,
  properties: {
    recipients: { type: "array", maxItems: MAX_NAMES, items: { type: "string", maxLength: 64 } },
    entries: {
      type: "array",
      maxItems: MAX_NAMES,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name", "tin"],
        properties: {
          name: { type: "string", minLength: 1, maxLength: 40 },
          tin: { type: "string", maxLength: 20 },
          tin_type: { enum: ["ssn", "ein"] },
          reference: { type: "string", maxLength: 200 },
        },
      },
    },
  },
});

export const createTinMatch = Effect.fn("createTinMatch")(function* (scope: Scope, input: unknown) {
  const c = body(input ?? {});
  if (!c.ok) return yield* c.error;
  const recipients = c.value.recipients ?? [];
  const raw = c.value.entries ?? [];
  const count = recipients.length + raw.length;
  if (count < 1 || count > MAX_NAMES)
    return yield* new InvalidRequest({
      param: "entries",
      message: `Send 1 to ${MAX_NAMES} names in all (recipients and entries); got ${count}.`,
    });
  if (scope.livemode) {
    const missing = (yield* TinMatcher).missingConfiguration(true);
    if (missing !== null) return yield* new ServiceUnavailable({ message: `${missing} Nothing was queued.` });
  }
  const vault = yield* TinVault;
  const repos = (yield* Store).scoped(scope);
  const entries: TinMatchEntry[] = [];
  const found = recipients.length > 0 ? yield* repos.recipients.getMany(recipients.filter(isUuid)) : [];
  for (const [i, id] of recipients.entries()) {
    const r = found.find((x) => x.id === id);
    if (!r)
      return yield* new InvalidRequest({
        param: `recipients.${i}`,
        message: `No recipient ${id} in this environment.`,
      });
    const ct = yield* repos.recipients.tinCiphertext(r.id);
    if (!ct)
      return yield* new InvalidRequest({ param: `recipients.${i}`, message: `Recipient ${id} has no TIN.` });
    entries.push({
      name: r.name,
      tinCiphertext: ct,
      tinLast4: r.tinLast4,
      tinType: r.tinType,
      recipient: r.id,
      reference: null,
    });
  }
  for (const [i, e] of raw.entries()) {
    const tin = Tin.parse(e.tin);
    if (!tin)
      return yield* new InvalidRequest({
        param: `entries.${i}.tin`,
        message: "tin must be 9 digits (hyphens allowed).",
      });
    const sealed = vault.seal(tin);
    entries.push({
      name: e.name,
      tinCiphertext: sealed.ciphertext,
      tinLast4: sealed.last4,
      tinType: e.tin_type ?? null,
      recipient: null,
      reference: e.reference ?? null,
    });
  }
  const run: TinMatchRun = {
    id: (yield* Ids).short("tmr_"),
    status: "processing",
    count,
    entries,
    results: null,
    createdAt: (yield* Clock).now().toISOString(),
    completedAt: null,
  };
  yield* repos.tinMatches.insert(run);
  return run;
});

/** POST /v1/tin-match: records the run and queues its matching job `delaySeconds` later (a failed send is retried by the worker's sweep). */
export const startTinMatch = Effect.fn("startTinMatch")(function* (
  scope: Scope,
  input: unknown,
  delaySeconds: number,
) {
  const run = yield* createTinMatch(scope, input);
  const jobs = yield* Jobs;
  yield* Effect.ignore(
    jobs.send(TIN_MATCH_QUEUE, { ...scope, runId: run.id }, { key: run.id, startAfterSeconds: delaySeconds }),
  );
  return run;
});

export const getTinMatch = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const r = /^tmr_[A-Za-z0-9]{6,40}$/.test(id)
    ? yield* (yield* Store).scoped(scope).tinMatches.get(id)
    : undefined;
  if (!r) return yield* new NotFound({ message: `No TIN match run ${id} in this environment.` });
  return r;
});

export const listTinMatches = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  return yield* (yield* Store).scoped(scope).tinMatches.list(page);
});

/** The default production cap: the IRS TIN Matching API takes 9,999 requests per 24 hours per API client. */
export const IRS_TIN_MATCHES_PER_DAY = 9_999;
/** The IRS locks a caller out for 96 hours after a fourth request for the same TIN and name within 24 hours. */
export const SAME_PAIR_PER_DAY = 3;

/** Whether a production run fits the 24-hour allowance now, or how long to wait before asking again. */
export function tinMatchAllowance(
  usedLast24h: number,
  runCount: number,
  dailyLimit = IRS_TIN_MATCHES_PER_DAY,
): { ok: true } | { ok: false; retryInSeconds: number } {
  return usedLast24h + runCount <= dailyLimit ? { ok: true } : { ok: false, retryInSeconds: 3600 };
}

/** The key the same-pair guard counts by: the TIN's keyed hash and the name as the IRS compares it. Never a TIN. */
export function tinPairKey(tinHash: string, name: string): string {
  const normalized = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9&-]+/g, " ")
    .trim();
  return toHex(sha256(new TextEncoder().encode(`${tinHash}|${normalized}`)));
}

const OUTCOMES: readonly TinMatchOutcome[] = ["match", "mismatch", "not_issued"];

/**
 * The job: match, store the results and emit tin_match.completed in one transaction (idempotent). Production runs
 * wait (the result says when to try again) while the IRS configuration is missing or the daily cap is used up; a
 * TIN and name already sent three times within 24 hours is answered with the IRS's last answer instead of a
 * fourth request, and a pair repeated inside one run is sent once.
 */
export const completeTinMatch = Effect.fn("completeTinMatch")(function* (scope: Scope, id: string) {
  const store = yield* Store;
  const vault = yield* TinVault;
  const ids = yield* Ids;
  const matcher = yield* TinMatcher;
  const run = yield* store.scoped(scope).tinMatches.get(id);
  if (!run || run.status === "completed") return false;
  const entries = run.entries.map((e) => ({
    name: e.name,
    tin: vault.open(e.tinCiphertext),
    tinType: e.tinType,
  }));
  let outcomes: readonly TinMatchOutcome[];
  if (!scope.livemode) {
    outcomes = yield* matcher.match(entries, { livemode: false });
  } else {
    if (matcher.missingConfiguration(true) !== null) return { deferredSeconds: 3600 };
    const now = (yield* Clock).now();
    const since = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
    const allowance = tinMatchAllowance(
      yield* store.tinMatchQueue.liveMatchesSince(since),
      run.count,
      matcher.dailyLimit,
    );
    if (!allowance.ok) return { deferredSeconds: allowance.retryInSeconds };
    const keys = entries.map((e) => tinPairKey(vault.hash(e.tin), e.name));
    const history = yield* store.tinMatchQueue.pairSends([...new Set(keys)], since);
    const known = new Map<string, TinMatchOutcome>();
    const toSend = new Map<string, number>(); // key -> index of the entry sent for it
    keys.forEach((key, i) => {
      const h = history.get(key);
      if (h && h.count >= SAME_PAIR_PER_DAY) {
        const last = OUTCOMES.find((o) => o === h.last);
        if (last) {
          known.set(key, last);
          return;
        }
      }
      if (!toSend.has(key)) toSend.set(key, i);
    });
    // A pair at its limit whose answers never came (a crash mid-run): wait for the window to move on.
    if (keys.some((k) => !known.has(k) && !toSend.has(k))) return { deferredSeconds: 3600 };
    const sentAt = now.toISOString();
    const sendKeys = [...toSend.keys()];
    yield* store.tinMatchQueue.recordPairSends(sendKeys, sentAt);
    const answers = yield* matcher.match(
      sendKeys.map((k) => entries[toSend.get(k) ?? 0] as (typeof entries)[number]),
      { livemode: true },
    );
    sendKeys.forEach((k, i) => known.set(k, answers[i] ?? "mismatch"));
    yield* store.tinMatchQueue.setPairOutcomes(
      sendKeys.map((key, i) => ({ key, outcome: answers[i] ?? "mismatch" })),
      sentAt,
    );
    outcomes = keys.map((k) => known.get(k) ?? "mismatch");
  }
  const results: TinMatchResult[] = run.entries.map((e, i) => ({
    ...(e.recipient ? { recipient: e.recipient } : {}),
    ...(e.reference ? { reference: e.reference } : {}),
    name: e.name,
    tin_last4: e.tinLast4,
    result: outcomes[i] ?? "mismatch",
  }));
  const now = (yield* Clock).now().toISOString();
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      if (!(yield* tx.tinMatches.complete(id, results, now))) return false;
      // Issue 40: a run a completed W-9 started puts its result on the W-9 request (entry referenced by its id).
      for (const w of yield* tx.w9Requests.byTinMatchRun(id)) {
        const result = results.find((r) => r.reference === w.id) ?? results[0];
        if (result)
          yield* tx.w9Requests.update(w.id, ["completed"], { tinMatchResult: result.result, updatedAt: now });
      }
      yield* tx.events.insert({
        id: ids.short("evt_"),
        type: "tin_match.completed",
        createdAt: now,
        data: { id, status: "completed", count: run.count, results },
      });
      return true;
    }),
  );
});
