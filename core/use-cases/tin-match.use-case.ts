// Asynchronous TIN matching (SPEC "TIN match run", D25): a run is stored with sealed TINs and completed by a job
// through the TinMatcher port; completion emits tin_match.completed.
import { Effect } from "effect";
import { InvalidRequest, NotFound } from "../domain/shared/errors.ts";
import type { PageQuery } from "../domain/shared/paging.ts";
import { Tin } from "../domain/shared/tin.ts";
import { compileBody, isUuid } from "../domain/shared/validation.ts";
import { Clock } from "../ports/clock.port.ts";
import { Ids } from "../ports/ids.port.ts";
import { Store, type Scope, type TinMatchEntry, type TinMatchResult, type TinMatchRun } from "../ports/store.port.ts";
import { TinMatcher } from "../ports/tin-matcher.port.ts";
import { TinVault } from "../ports/tin-vault.port.ts";

const MAX_NAMES = 1000;
const body = compileBody<{ recipients?: string[]; entries?: Array<{ name: string; tin: string; tin_type?: "ssn" | "ein"; reference?: string }> }>({
  type: "object", additionalProperties: false,
  properties: {
    recipients: { type: "array", maxItems: MAX_NAMES, items: { type: "string", maxLength: 64 } },
    entries: {
      type: "array", maxItems: MAX_NAMES,
      items: {
        type: "object", additionalProperties: false, required: ["name", "tin"],
        properties: { name: { type: "string", minLength: 1, maxLength: 40 }, tin: { type: "string", maxLength: 20 }, tin_type: { enum: ["ssn", "ein"] }, reference: { type: "string", maxLength: 200 } },
      },
    },
  },
});

export function runView(r: TinMatchRun) {
  return { object: "tin_match_run", id: r.id, status: r.status, count: r.count, results: r.status === "completed" ? r.results : undefined, created_at: r.createdAt, completed_at: r.completedAt };
}

export const createTinMatch = Effect.fnUntraced(function* (scope: Scope, input: unknown) {
  const c = body(input ?? {});
  if (!c.ok) return yield* c.error;
  const recipients = c.value.recipients ?? [];
  const raw = c.value.entries ?? [];
  const count = recipients.length + raw.length;
  if (count < 1 || count > MAX_NAMES) return yield* new InvalidRequest({ param: "entries", message: `Send 1 to ${MAX_NAMES} names in all (recipients and entries); got ${count}.` });
  const vault = yield* TinVault;
  const repos = (yield* Store).scoped(scope);
  const entries: TinMatchEntry[] = [];
  const found = recipients.length > 0 ? yield* repos.recipients.getMany(recipients.filter(isUuid)) : [];
  for (const [i, id] of recipients.entries()) {
    const r = found.find((x) => x.id === id);
    if (!r) return yield* new InvalidRequest({ param: `recipients.${i}`, message: `No recipient ${id} in this environment.` });
    const ct = yield* repos.recipients.tinCiphertext(r.id);
    if (!ct) return yield* new InvalidRequest({ param: `recipients.${i}`, message: `Recipient ${id} has no TIN.` });
    entries.push({ name: r.name, tinCiphertext: ct, tinLast4: r.tinLast4, tinType: r.tinType, recipient: r.id, reference: null });
  }
  for (const [i, e] of raw.entries()) {
    const tin = Tin.parse(e.tin);
    if (!tin) return yield* new InvalidRequest({ param: `entries.${i}.tin`, message: "tin must be 9 digits (hyphens allowed)." });
    const sealed = vault.seal(tin);
    entries.push({ name: e.name, tinCiphertext: sealed.ciphertext, tinLast4: sealed.last4, tinType: e.tin_type ?? null, recipient: null, reference: e.reference ?? null });
  }
  const run: TinMatchRun = {
    id: (yield* Ids).short("tmr_"), status: "processing", count, entries, results: null, createdAt: (yield* Clock).now().toISOString(), completedAt: null,
  };
  yield* repos.tinMatches.insert(run);
  return run;
});

export const getTinMatch = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const r = /^tmr_[A-Za-z0-9]{6,40}$/.test(id) ? yield* (yield* Store).scoped(scope).tinMatches.get(id) : undefined;
  if (!r) return yield* new NotFound({ message: `No TIN match run ${id} in this environment.` });
  return r;
});

export const listTinMatches = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  return yield* (yield* Store).scoped(scope).tinMatches.list(page);
});

/** IRS rule: 999 interactive matches per 24 hours per IRS user id; production runs beyond it wait. */
export const IRS_TIN_MATCHES_PER_DAY = 999;

/** Whether a production run fits the IRS's 24-hour allowance now, or how long to wait before asking again. */
export function tinMatchAllowance(usedLast24h: number, runCount: number): { ok: true } | { ok: false; retryInSeconds: number } {
  return usedLast24h + runCount <= IRS_TIN_MATCHES_PER_DAY ? { ok: true } : { ok: false, retryInSeconds: 3600 };
}

/**
 * The job: match, store the results and emit tin_match.completed in one transaction (idempotent). Production runs
 * respect the IRS's daily allowance by waiting: the result says when to try again.
 */
export const completeTinMatch = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const store = yield* Store;
  const vault = yield* TinVault;
  const ids = yield* Ids;
  const run = yield* store.scoped(scope).tinMatches.get(id);
  if (!run || run.status === "completed") return false;
  if (scope.livemode) {
    const since = new Date((yield* Clock).now().getTime() - 24 * 3600 * 1000).toISOString();
    const allowance = tinMatchAllowance(yield* store.tinMatchQueue.liveMatchesSince(since), run.count);
    if (!allowance.ok) return { deferredSeconds: allowance.retryInSeconds };
  }
  const outcomes = yield* (yield* TinMatcher).match(run.entries.map((e) => ({ name: e.name, tin: vault.open(e.tinCiphertext) })));
  const results: TinMatchResult[] = run.entries.map((e, i) => ({
    ...(e.recipient ? { recipient: e.recipient } : {}), ...(e.reference ? { reference: e.reference } : {}),
    name: e.name, tin_last4: e.tinLast4, result: outcomes[i] ?? "mismatch",
  }));
  const now = (yield* Clock).now().toISOString();
  return yield* store.transaction(scope, (tx) => Effect.gen(function* () {
    if (!(yield* tx.tinMatches.complete(id, results, now))) return false;
    yield* tx.events.insert({ id: ids.short("evt_"), type: "tin_match.completed", createdAt: now, data: { id, status: "completed", count: run.count, results } });
    return true;
  }));
});
