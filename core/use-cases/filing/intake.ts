// Intake (SPEC "Forms and intake", D8, D10, D11, D23): validate every row, match or create recipients,
// save the good rows as ready_to_file (or in_cart with addToCart) in one transaction, record a batch.
// Intake never charges and never files.
import * as Effect from "effect/Effect";
import * as Option from "effect/Option";
import { validateForm, canonicalFormCode } from "../../domain/forms/index.ts";
import type { NormalizedForm } from "../../domain/forms/index.ts";
import { filingShortPrefix, sealTins, type Filing } from "../../domain/filing/filing.ts";
import {
  parseRow,
  ruleRowError,
  rowReference,
  type IntakeOptions,
  type IntakeRowResult,
  type ParsedIntake,
  type RawRow,
  type RowError,
} from "../../domain/filing/intake.ts";
import {
  checkFiledForm,
  refusals,
  remainingWarnings,
  rulesStamp,
  type RuleFinding,
} from "../../domain/iris/rules/index.ts";
import { DEFAULT_SERVICE } from "../../domain/filing/status.ts";
import { deliveryOf, resolveDelivery, type Delivery } from "../../domain/pricing/index.ts";
import { InvalidRequest } from "../../domain/shared/errors.ts";
import { Tin } from "../../domain/shared/tin.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { IrsTransmitter } from "../../ports/irs-transmitter.port.ts";
import { pricingKind } from "../../domain/cart/cart.ts";
import {
  type Batch,
  type BatchKind,
  type NewCartItem,
  type RecipientRow,
  type Scope,
  type ScopedStore,
  Store,
} from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { recipientShortPrefix } from "../parties/recipients.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

export interface IntakeResult {
  readonly batch: Batch;
  readonly rows: readonly IntakeRowResult[];
  readonly filings: ReadonlyMap<string, Filing>;
}

interface GoodRow {
  readonly index: number;
  readonly payer: Payer;
  readonly form: string;
  readonly taxYear: number;
  readonly normalized: NormalizedForm;
  readonly tin: Tin;
  readonly tinHash: string;
  readonly reference: string | null;
  readonly warnings: readonly RuleFinding[];
  /** rulesStamp when the IRS form rules ran (not for the W-2 family, checked by the SSA's rules). */
  readonly rulesChecked: string | undefined;
}

/** D13 applied once per request: service and add-ons are honoured only with addToCart. */
export function intakeDelivery(options: IntakeOptions): Delivery | InvalidRequest {
  if (!options.addToCart) return deliveryOf(DEFAULT_SERVICE);
  const r = resolveDelivery(options.service, options.physicalMail, options.portalAccess);
  return r.ok ? r.delivery : new InvalidRequest({ param: r.param, message: r.message });
}

const failedRow = (
  reference: string | null,
  error: RowError,
  warnings?: readonly RuleFinding[],
): IntakeRowResult => ({
  reference,
  id: null,
  status: "failed",
  added_to_cart: false,
  cart_item_id: null,
  service: DEFAULT_SERVICE,
  error,
  ...(warnings && warnings.length > 0 ? { warnings } : {}),
});

export interface IntakeExtras {
  /** All or nothing (FIRE import): any failed row fails the call and saves nothing. */
  readonly atomic?: boolean;
  /** Row index -> the original filing a correction row corrects. */
  readonly corrects?: ReadonlyMap<number, string>;
  /** Row index -> the rejected filing a re-file replaces (D20). */
  readonly refileOf?: ReadonlyMap<number, string>;
  /** The payer of the path, when the caller already read it (saves reading it again). */
  readonly knownPayer?: Payer;
  /**
   * Locates a row's findings in the caller's input (a FIRE import adds the record, field and position), right after
   * the row is checked; what it returns is what the row and its filing carry.
   */
  readonly locateFindings?: (index: number, findings: readonly RuleFinding[]) => readonly RuleFinding[];
}

/** Raised inside the transaction of an atomic intake so it rolls back; carries every row's result. */
export class AtomicIntakeFailed {
  readonly _tag = "AtomicIntakeFailed";
  /** `rows` holds the rows decided so far (a row not reached yet is a hole); `total` counts every row. */
  constructor(
    readonly rows: ReadonlyArray<IntakeRowResult | undefined>,
    readonly total: number,
  ) {}
}

/** What one intake call shares across its rows (and, for a large import, across its chunks). */
interface IntakeRun {
  readonly scope: Scope;
  readonly parsed: ParsedIntake;
  readonly pathPayerId: string | null;
  readonly extras: IntakeExtras;
  readonly delivery: Delivery;
  readonly status: "in_cart" | "ready_to_file";
  readonly batchId: string;
  readonly now: string;
  readonly vault: TinVault["Service"];
  readonly ids: Ids["Service"];
  readonly transmitter: ReturnType<IrsTransmitter["Service"]["profile"]> | undefined;
  readonly stamp: string;
  /** Issue 41: Report Error findings refuse a row too (the request's `strict`, else the account's default). */
  readonly strict: boolean;
  readonly payerTins: Map<string, Tin | undefined>;
  readonly payers: Map<string, Payer | null>;
  /** Every row's result by row index; a row not decided yet is a hole. */
  readonly results: IntakeRowResult[];
  /** The cart the rows go into (addToCart), opened with the first filing saved. */
  cartId: string | null;
}

const startRun = Effect.fnUntraced(function* (
  scope: Scope,
  parsed: ParsedIntake,
  pathPayerId: string | null,
  extras: IntakeExtras,
) {
  const delivery = intakeDelivery(parsed.options);
  if (delivery instanceof InvalidRequest) return yield* delivery;
  const ids = yield* Ids;
  // The IRS business rules (core/domain/iris/rules); the TestCd rules need the payer's TIN in test mode only.
  const transmitter = Option.getOrUndefined(yield* Effect.serviceOption(IrsTransmitter))?.profile(
    scope.livemode,
  );
  const run: IntakeRun = {
    scope,
    parsed,
    pathPayerId,
    extras,
    delivery,
    status: parsed.options.addToCart ? "in_cart" : "ready_to_file",
    batchId: ids.short("bat_"),
    now: (yield* Clock).now().toISOString(),
    vault: yield* TinVault,
    ids,
    transmitter,
    stamp: rulesStamp(transmitter),
    strict: parsed.options.strict ?? (yield* accountStrict(scope)),
    payerTins: new Map(),
    payers: new Map(extras.knownPayer ? [[extras.knownPayer.id, extras.knownPayer]] : []),
    results: Array.from({ length: parsed.rows.length }),
    cartId: null,
  };
  return run;
});

const NO_FINDINGS = { rejects: [], warnings: [] } as const;

/** The account's default for `strict` (issue 41): off unless the operator turned it on. */
const accountStrict = Effect.fnUntraced(function* (scope: Scope) {
  return (yield* (yield* Store).accounts.get(scope.accountId))?.strictRules === true;
});

/** Validates `rows` (a failed row's result is set here) and returns the rows to save. */
const validateRows = Effect.fnUntraced(function* (
  run: IntakeRun,
  rows: readonly RawRow[],
  prepare: (row: RawRow) => RawRow = (row) => row,
) {
  const { parsed, pathPayerId, extras, vault, transmitter, payers, payerTins, results } = run;
  // The current unit of work's reads: a large import validates inside its transaction, and on the embedded
  // database (one connection) a read outside it would wait for it to end.
  const repos = yield* Repos(run.scope);
  const good: GoodRow[] = [];
  let n = 0;
  for (const given of rows) {
    // A batch of thousands of rows validates in tens of milliseconds: let other requests' I/O in between.
    if (++n % 25 === 0) yield* Effect.yieldNow;
    const { raw, index } = prepare(given);
    const row = parseRow(raw, pathPayerId ?? parsed.defaultPayer);
    const rowRef =
      typeof raw === "object" &&
      raw !== null &&
      typeof (raw as Record<string, unknown>)["reference"] === "string"
        ? ((raw as Record<string, string>)["reference"] ?? null)
        : null;
    const reference = rowReference(parsed.reference, rowRef, index);
    if ("type" in row) {
      results[index] = failedRow(reference, row);
      continue;
    }
    if (pathPayerId !== null && row.payerId !== pathPayerId) {
      results[index] = failedRow(reference, {
        type: "invalid_request",
        param: "payer",
        rule: "payer_mismatch",
        message: `This row names payer ${row.payerId}, but the request files under payer ${pathPayerId}; leave payer out of the rows.`,
      });
      continue;
    }
    const payerId = pathPayerId ?? row.payerId;
    if (!payers.has(payerId))
      payers.set(payerId, isUuid(payerId) ? ((yield* repos.payers.get(payerId)) ?? null) : null);
    const payer = payers.get(payerId);
    if (!payer) {
      results[index] = failedRow(reference, {
        type: "not_found",
        param: "payer",
        message: `No payer ${payerId} in this environment.`,
      });
      continue;
    }
    const form = canonicalFormCode(row.form) ?? row.form;
    const v = validateForm(form, row.taxYear, row.jsonForm);
    if (!v.ok) {
      const issue = v.issues[0];
      results[index] = failedRow(reference, {
        type: "invalid_request",
        param: issue?.param ?? "jsonForm",
        rule: issue?.rule ?? "invalid",
        message: v.issues.map((i) => `${i.param}: ${i.message}`).join("; "),
      });
      continue;
    }
    const tin = Tin.fromDigits(v.value.recipient.tin);
    if (transmitter?.test && !payerTins.has(payer.id)) {
      const ct = yield* repos.payers.tinCiphertext(payer.id);
      payerTins.set(payer.id, ct ? vault.open(ct) : undefined);
    }
    const payerTin = payerTins.get(payer.id);
    const checked = checkFiledForm(form, {
      taxYear: row.taxYear,
      jsonForm: v.value.jsonForm,
      recipientTin: tin,
      issuer: { phone: payer.contactPhone, ...(payerTin ? { tin: payerTin } : {}) },
      ...(transmitter ? { transmitter } : {}),
    });
    const toSsa = checked === undefined;
    const rules = checked ?? NO_FINDINGS;
    const refused = refusals(rules, run.strict);
    const locate = extras.locateFindings;
    if (refused.length > 0) {
      const rest = remainingWarnings(rules, run.strict);
      results[index] = failedRow(
        reference,
        ruleRowError(locate ? locate(index, refused) : refused, run.strict),
        locate && rest.length > 0 ? locate(index, rest) : rest,
      );
      continue;
    }
    good.push({
      index,
      payer,
      form,
      taxYear: row.taxYear,
      normalized: v.value,
      tin,
      tinHash: vault.hash(tin),
      reference,
      warnings: locate && rules.warnings.length > 0 ? locate(index, rules.warnings) : rules.warnings,
      rulesChecked: toSsa ? undefined : run.stamp,
    });
  }
  return good;
});

/** What `planRows` decides before the transaction: the recipients to create and the filings to insert. */
interface IntakePlan {
  readonly good: readonly GoodRow[];
  readonly newRecipients: readonly RecipientRow[];
  /** By position in `good`; a filing's recipient changes when a concurrent intake created it first. */
  readonly filings: Filing[];
}

/** A recipient as intake matches it (D8): by TIN hash under its payer, then by TIN type. */
interface Candidate {
  readonly id: string;
  readonly tinHash: string;
  readonly tinType: string | null;
}

/** Recipients by payer id, then by TIN hash (oldest first). */
type Candidates = Map<string, Map<string, Candidate[]>>;

function addCandidate(into: Candidates, payerId: string, r: Candidate): void {
  let byHash = into.get(payerId);
  if (!byHash) into.set(payerId, (byHash = new Map()));
  const list = byHash.get(r.tinHash);
  if (list) list.push(r);
  else byHash.set(r.tinHash, [r]);
}

/** The row's recipient among `candidates`: the oldest with its TIN, restricted to its TIN type when it gives one. */
const matchIn = (candidates: Candidates, g: GoodRow): Candidate | undefined => {
  const type = g.normalized.recipient.tinType;
  return candidates
    .get(g.payer.id)
    ?.get(g.tinHash)
    ?.find((r) => type === null || r.tinType === type);
};

/** The store's recipients with one of these TINs under their payer (D8): one read per payer. */
const readCandidates = Effect.fnUntraced(function* (
  keys: Iterable<{ readonly payerId: string; readonly tinHash: string }>,
  repos: ScopedStore,
) {
  const hashes = new Map<string, Set<string>>();
  for (const { payerId, tinHash } of keys) {
    const set = hashes.get(payerId);
    if (set) set.add(tinHash);
    else hashes.set(payerId, new Set([tinHash]));
  }
  const found: Candidates = new Map();
  for (const [payerId, tins] of hashes)
    for (const r of yield* repos.recipients.findManyByTin(payerId, [...tins]))
      addCandidate(found, payerId, r);
  return found;
});

/** What the rows of `good` match by (D8): their payer and recipient TIN. */
const tinKeys = (good: readonly GoodRow[]) => good.map((g) => ({ payerId: g.payer.id, tinHash: g.tinHash }));

/**
 * Matches each row's recipient (D8) among the store's recipients `stored` (read by `readCandidates`), then among
 * `created`, the recipients this intake made for earlier rows (a new recipient is added there); seals the TINs and
 * builds every filing. Nothing here reads the store: intake plans before its transaction opens, and a large import
 * plans a chunk while the chunk before it is saved. A recipient created meanwhile by a concurrent intake is settled
 * by `saveRows`, inside the transaction.
 */
const planRows = Effect.fnUntraced(function* (
  run: IntakeRun,
  good: readonly GoodRow[],
  stored: Candidates,
  created: Candidates,
) {
  const { scope, parsed, extras, delivery, status, vault, ids, now } = run;
  // A TIN sealed for a new recipient is not sealed again for its form (one AES-GCM per TIN, not two).
  const sealedDigits = new Map<string, string>();
  const newRecipients: RecipientRow[] = [];
  const filings: Filing[] = [];
  for (const g of good) {
    // Thousands of rows take tens of milliseconds: let the save of the chunk before this one go on in between.
    if (filings.length % 25 === 24) yield* Effect.yieldNow;
    let match = matchIn(stored, g) ?? matchIn(created, g);
    if (!match) {
      const sealed = vault.seal(g.tin);
      sealedDigits.set(g.tin.reveal(), sealed.ciphertext);
      const rec = newRecipient(
        scope,
        g.payer.id,
        g,
        { ciphertext: sealed.ciphertext, last4: sealed.last4, hash: g.tinHash },
        ids.uuid(),
        ids.short(recipientShortPrefix()),
        now,
      );
      newRecipients.push(rec);
      addCandidate(created, g.payer.id, rec);
      match = rec;
    }
    const { jsonForm, sealed } = sealTins(
      g.normalized.jsonForm,
      (digits) => sealedDigits.get(digits) ?? vault.seal(Tin.fromDigits(digits)).ciphertext,
    );
    filings.push({
      id: ids.uuid(),
      shortId: ids.short(filingShortPrefix(scope.livemode)),
      accountId: scope.accountId,
      livemode: scope.livemode,
      payerId: g.payer.id,
      recipientId: match.id,
      form: g.form,
      taxYear: g.taxYear,
      status,
      service: delivery.service,
      physicalMail: parsed.options.addToCart ? (parsed.options.physicalMail ?? null) : null,
      portalAccess: parsed.options.addToCart ? (parsed.options.portalAccess ?? null) : null,
      reference: g.reference,
      batchId: run.batchId,
      orderId: null,
      corrects: extras.corrects?.get(g.index) ?? null,
      supersededBy: null,
      receiptId: null,
      amountChargedCents: 0,
      jsonForm,
      sealedTins: sealed,
      accountNumber: g.normalized.accountNumber,
      submittedAt: null,
      acknowledgedAt: null,
      voidedAt: null,
      ackErrors: null,
      warnings: g.warnings,
      amountRefundedCents: 0,
      transmissionId: null,
      submissionId: null,
      recordId: null,
      refileOf: extras.refileOf?.get(g.index) ?? null,
      recipientTinHash: g.tinHash,
      ...(g.rulesChecked ? { rulesChecked: g.rulesChecked } : {}),
      createdAt: now,
      updatedAt: now,
    });
  }
  return { good, newRecipients, filings } satisfies IntakePlan;
});

/** Recipients this intake planned and a concurrent intake created first: the lost recipient's id -> the winners. */
type LostRecipients = ReadonlyMap<string, readonly Candidate[]>;

/**
 * Each filing of `plan` whose recipient was lost takes a winner: the one of its TIN type, else the first. The winners
 * of a lost recipient all have its TIN, which is the row's (the row was matched to it by TIN).
 */
function takeWinners(plan: IntakePlan, lost: LostRecipients): void {
  plan.good.forEach((g, i) => {
    const filing = plan.filings[i] as Filing;
    const found = lost.get(filing.recipientId);
    if (found === undefined) return;
    const type = g.normalized.recipient.tinType;
    const winner = found.find((w) => (w.tinType ?? null) === type) ?? found[0];
    if (winner) plan.filings[i] = { ...filing, recipientId: winner.id };
  });
}

/**
 * Saves a plan inside the caller's transaction: creates its recipients (a concurrent intake may have created one
 * first: its filings then take the one that won), inserts the filings (a duplicate of a filing already saved fails
 * its row, D11) and their cart items. Sets each row's result and returns the filings saved.
 */
const saveRows = Effect.fnUntraced(function* (run: IntakeRun, plan: IntakePlan) {
  const { scope, parsed, delivery, status, ids, now, results } = run;
  const { good, newRecipients, filings } = plan;
  const tx = yield* Repos(scope);
  const insertedRecipients = yield* tx.recipients.insertMany(newRecipients);
  const lost = new Map<string, readonly Candidate[]>();
  const lostRows = newRecipients.filter((r) => !insertedRecipients.has(r.id));
  if (lostRows.length > 0) {
    // The recipients that won, read per payer of a lost one; each filing of a lost recipient takes its winner.
    const winners = yield* readCandidates(lostRows, tx);
    for (const r of lostRows) lost.set(r.id, winners.get(r.payerId)?.get(r.tinHash) ?? []);
    takeWinners(plan, lost);
  }

  const inserted = yield* tx.filings.insertMany(filings);

  const items: NewCartItem[] = [];
  if (parsed.options.addToCart && inserted.size > 0) {
    run.cartId ??= (yield* tx.carts.openCart(ids.short("crt_"), now)).id;
    for (const f of filings) {
      if (!inserted.has(f.id)) continue;
      items.push({
        id: ids.short("cit_"),
        cartId: run.cartId,
        filingId: f.id,
        service: delivery.service,
        physicalMail: f.physicalMail,
        portalAccess: f.portalAccess,
        createdAt: now,
        kind: pricingKind(f),
      });
    }
    yield* tx.carts.insertItems(items);
  }
  const itemFor = new Map(items.map((i) => [i.filingId, i.id]));
  const saved: Filing[] = [];
  good.forEach((g, i) => {
    const f = filings[i] as Filing;
    if (!inserted.has(f.id)) {
      results[g.index] = failedRow(g.reference, {
        type: "conflict",
        param: "jsonForm.RecipientDetail.TIN",
        message: `A ${g.form} for tax year ${g.taxYear} already exists for this payer, recipient TIN and account number (D11). Void it or file a correction instead.`,
      });
      return;
    }
    saved.push(f);
    results[g.index] = {
      reference: g.reference,
      id: f.id,
      status,
      added_to_cart: parsed.options.addToCart,
      cart_item_id: itemFor.get(f.id) ?? null,
      service: delivery.service,
      form: g.form,
      warnings: g.warnings,
    };
  });
  return { saved, lost };
});

/** Records the call's batch (D10) with every row's result, inside the caller's transaction. */
const saveBatch = Effect.fnUntraced(function* (run: IntakeRun, kind: BatchKind, created: number) {
  const { scope, parsed, pathPayerId, payers, results } = run;
  const batch: Batch = {
    id: run.batchId,
    accountId: scope.accountId,
    livemode: scope.livemode,
    kind,
    payerId:
      pathPayerId ??
      (parsed.defaultPayer !== null && payers.get(parsed.defaultPayer) ? parsed.defaultPayer : null),
    reference: parsed.reference,
    created,
    failed: results.length - created,
    rows: results,
    createdAt: run.now,
  };
  yield* (yield* Repos(scope)).batches.insert(batch);
  return batch;
});

const atomicIntakeFailed = (e: AtomicIntakeFailed) => {
  const failed = e.rows.filter((r): r is IntakeRowResult => r !== undefined && r.status === "failed");
  return Effect.fail(
    new InvalidRequest({
      param: failed[0]?.error?.param,
      message: `Nothing was saved: ${failed.length} of ${e.total} forms failed. ${failed
        .slice(0, 3)
        .map((r) => `${r.reference ?? ""}: ${r.error?.message ?? ""}`)
        .join(" | ")}`,
      // Issue 41: every row's findings that did not refuse it (a refused form lists them beside its error too).
      extra: { failed_rows: failed, warnings: e.rows.flatMap((r) => r?.warnings ?? []) },
    }),
  );
};

export const intake = Effect.fn("intake")(
  function* (
    scope: Scope,
    kind: BatchKind,
    parsed: ParsedIntake,
    pathPayerId: string | null,
    extras: IntakeExtras = {},
  ) {
    const run = yield* startRun(scope, parsed, pathPayerId, extras);
    const good = yield* validateRows(run, parsed.rows);
    if (extras.atomic && good.length < parsed.rows.length)
      return yield* Effect.fail(new AtomicIntakeFailed(run.results, parsed.rows.length));
    // Before the transaction: the store's reads.
    const plan = yield* planRows(
      run,
      good,
      yield* readCandidates(tinKeys(good), yield* Repos(scope)),
      new Map(),
    );
    return yield* withTransaction(
      Effect.gen(function* () {
        const { saved } = yield* saveRows(run, plan);
        if (extras.atomic && saved.length < run.results.length)
          return yield* Effect.fail(new AtomicIntakeFailed(run.results, run.results.length));
        const batch = yield* saveBatch(run, kind, saved.length);
        return {
          batch,
          rows: run.results,
          filings: new Map(saved.map((f) => [f.id, f])),
        } satisfies IntakeResult;
      }),
    );
  },
  Effect.catchTag("AtomicIntakeFailed", atomicIntakeFailed),
);

/** Rows a large import validates and saves at a time (see `intakeInChunks`). */
export const INTAKE_CHUNK = 2000;
/**
 * A large import's first chunk; each next one is twice the one before, up to INTAKE_CHUNK. The database starts
 * writing once this many rows are checked, not a whole chunk's worth.
 */
export const INTAKE_FIRST_CHUNK = 500;

/** What a large import keeps of each filing it saved, for its answer (the filings themselves are not kept). */
export type SavedFiling = Pick<Filing, "id" | "form" | "recipientId" | "corrects">;

/**
 * Intake of a large, all-or-nothing import (a FIRE file of many thousand forms): the same rows, checks and results
 * as `intake` with `atomic`, but validated and saved a chunk (up to INTAKE_CHUNK rows) at a time inside one
 * transaction, so the process holds three chunks' forms at a time, not the whole file's. The work is a pipeline:
 * while the database saves one chunk, the process plans the next (recipients matched, TINs sealed, filings built)
 * and validates the one after it (`prepare`, given each row as it is validated: a FIRE import converts its records there).
 * A chunk's recipients are read from the store before the chunk ahead of it is written, so a recipient that chunk
 * creates is matched from memory (`created`); one a concurrent intake created first is settled when its chunk is
 * saved, and the planned chunk then takes the winner too. After the first row that fails validation nothing more is
 * saved; the remaining rows are still validated so that every failing row is reported, and the transaction rolls
 * back. As with `intake`, a row's duplicate conflict (D11) is reported only when every row validates.
 */
export const intakeInChunks = Effect.fn("intakeInChunks")(
  function* (
    scope: Scope,
    kind: BatchKind,
    parsed: ParsedIntake,
    pathPayerId: string | null,
    extras: Omit<IntakeExtras, "atomic"> = {},
    prepare: (row: RawRow) => RawRow = (row) => row,
  ) {
    const run = yield* startRun(scope, parsed, pathPayerId, extras);
    return yield* withTransaction(
      Effect.gen(function* () {
        const repos = yield* Repos(scope);
        const saved = new Map<string, SavedFiling>();
        const created: Candidates = new Map();
        let invalid = false;
        let at = 0;
        let size = Math.min(INTAKE_FIRST_CHUNK, INTAKE_CHUNK);
        const nextChunk = () => {
          const rows = parsed.rows.slice(at, at + size);
          at += rows.length;
          size = Math.min(2 * size, INTAKE_CHUNK);
          return rows;
        };
        const validate = (rows: readonly RawRow[]) =>
          Effect.map(
            Effect.suspend(() => validateRows(run, rows, prepare)),
            (good) => {
              if (good.length < rows.length) invalid = true;
              return good;
            },
          );
        const nothingSaved = Effect.succeed({ saved: [] as Filing[], lost: new Map() as LostRecipients });

        // The pipeline fills: chunk 0 validated and planned, chunk 1 validated.
        let rows = nextChunk();
        const first = yield* validate(rows);
        let current = invalid
          ? null
          : yield* planRows(run, first, yield* readCandidates(tinKeys(first), repos), created);
        let pendingRows = nextChunk();
        let pending = yield* validate(pendingRows);
        while (rows.length > 0) {
          // The pending chunk's recipients are read before this chunk is written (both go over the transaction's
          // connection, in order): the ones this chunk creates are in `created`. Once a row failed, nothing more is
          // planned or saved.
          const stored =
            invalid || pending.length === 0 ? null : yield* readCandidates(tinKeys(pending), repos);
          const afterRows = nextChunk();
          const [result, [planned, afterGood]] = yield* Effect.all(
            [
              current && !invalid ? saveRows(run, current) : nothingSaved,
              Effect.gen(function* () {
                const planned = stored ? yield* planRows(run, pending, stored, created) : null;
                return [planned, afterRows.length === 0 ? [] : yield* validate(afterRows)] as const;
              }),
            ],
            { concurrency: 2 },
          );
          for (const f of result.saved)
            saved.set(f.id, { id: f.id, form: f.form, recipientId: f.recipientId, corrects: f.corrects });
          // A recipient lost to a concurrent intake: the chunk planned meanwhile takes the winner too. Later chunks
          // find the winner in the store (it was committed before this chunk's insert lost to it), ahead of `created`.
          if (planned && result.lost.size > 0) takeWinners(planned, result.lost);
          rows = pendingRows;
          current = planned;
          pendingRows = afterRows;
          pending = afterGood;
        }
        if (invalid) {
          // A conflict found in a chunk already saved is not reported beside validation failures.
          for (let i = 0; i < run.results.length; i++)
            if (run.results[i]?.error?.type === "conflict") delete run.results[i];
        }
        if (saved.size < run.results.length)
          return yield* Effect.fail(new AtomicIntakeFailed(run.results, run.results.length));
        const batch = yield* saveBatch(run, kind, saved.size);
        return { batch, rows: run.results, filings: saved };
      }),
    );
  },
  Effect.catchTag("AtomicIntakeFailed", atomicIntakeFailed),
);

function newRecipient(
  scope: Scope,
  payerId: string,
  g: GoodRow,
  sealed: { ciphertext: string; hash: string; last4: string },
  id: string,
  shortId: string,
  now: string,
): RecipientRow {
  const r = g.normalized.recipient;
  return {
    id,
    shortId,
    accountId: scope.accountId,
    livemode: scope.livemode,
    payerId,
    name: r.name,
    tinType: r.tinType,
    tinLast4: sealed.last4,
    addressLine1: r.address?.line1 ?? null,
    addressLine2: r.address?.line2 ?? null,
    city: r.address?.city ?? null,
    state: r.address?.state ?? null,
    postalCode: r.address?.postalCode ?? null,
    country: r.address?.country ?? "US",
    email: null,
    deliveryMethod: "paper",
    accountNumber: g.normalized.accountNumber,
    createdAt: now,
    updatedAt: now,
    tinCiphertext: sealed.ciphertext,
    tinHash: sealed.hash,
  };
}
