// Issue 40 item 4: B-notices. POST /v1/payers/{id}/cp2100 takes the IRS's CP2100/972CG list as CSV with the
// notice's date (and the day it was received): the whole file is checked first (a problem anywhere stores nothing),
// each row is matched to the payer's recipient by the keyed hash of its TIN (the TIN is never stored or logged from
// the file), and each matched row becomes a first or second B-notice (second when the same recipient and account had
// a notice within three calendar years), in one transaction with b_notice.created. A re-upload of the same CP2100
// finds its notices again (one per recipient, account, tax year and notice date). Each new notice is a durable job
// (send-b-notice) that mails Pub 1281's model letter through the mail house under the key b_notice:<id>, and for a
// first notice to a recipient who consented to electronic delivery e-mails a W-9 request's link. The recipient's
// backup-withholding flag is `pending` until the notice's withhold-by date, then `required` (the worker's sweep,
// recipient.backup_withholding_required); a new signed W-9 clears a first notice, only a validation a second.
import * as Effect from "effect/Effect";
import { newAddress } from "../../domain/parties/address.ts";
import { recipientMissingForFiling, type Recipient } from "../../domain/parties/recipient.ts";
import { Conflict, InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import type { Page, PageQuery } from "../../domain/shared/paging.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { bNoticeDeadlines, bNoticeKind, clearsBackupWithholding } from "../../domain/w9/b-notice.ts";
import {
  B_NOTICE_STATUSES,
  bNoticeAccountKey,
  bNoticeEventData,
  bNoticeKey,
  firstBNoticeLetter,
  isDay,
  looksLikeBNoticeId,
  OPEN_B_NOTICE_STATUSES,
  parseValidation,
  secondBNoticeLetter,
  type BNotice,
} from "../../domain/w9/b-notice-record.ts";
import { parseCp2100Csv, type Cp2100Row } from "../../domain/w9/cp2100.ts";
import { bNoticeView, type Cp2100RowResult, type Cp2100Upload } from "../../domain/w9/views.ts";
import { Clock } from "../../ports/clock.port.ts";
import { IdempotentOperation } from "../../ports/idempotency.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Jobs } from "../../ports/jobs.port.ts";
import { MailHouse, StatementSettings } from "../../ports/mail-house.port.ts";
import { StatementRenderer } from "../../ports/statement-renderer.port.ts";
import { Store, type Scope, type ScopedStore } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";
import { B_NOTICE_QUEUE } from "../lifecycle/queues.ts";
import { createW9Request } from "./w9-requests.ts";

const notFound = (id: string) => new NotFound({ message: `No B-notice ${id} in this environment.` });

/** The candidate a row names: the one with the row's account number, else the one with its name, else the first. */
function pick(candidates: readonly Recipient[], name: string, account: string | null): Recipient | undefined {
  return (
    (account === null ? undefined : candidates.find((c) => c.accountNumber === account)) ??
    candidates.find((c) => c.name.trim().toLowerCase() === name.trim().toLowerCase()) ??
    candidates[0]
  );
}

type UploadDates = { readonly noticeDate: unknown; readonly receivedDate: unknown };

/** The upload's dates and rows, or the first reason it is refused (then nothing is stored). */
function readUpload(
  bytes: Uint8Array,
  dates: UploadDates,
): { noticeDate: string; receivedDate: string; rows: readonly Cp2100Row[] } | InvalidRequest {
  if (!isDay(dates.noticeDate))
    return new InvalidRequest({
      param: "notice_date",
      message: "notice_date (the CP2100's date, YYYY-MM-DD) is required.",
    });
  const noticeDate = dates.noticeDate;
  if (dates.receivedDate !== undefined && !isDay(dates.receivedDate))
    return new InvalidRequest({
      param: "received_date",
      message: "received_date must be a date (YYYY-MM-DD).",
    });
  const receivedDate = isDay(dates.receivedDate) ? dates.receivedDate : noticeDate;
  if (receivedDate < noticeDate)
    return new InvalidRequest({
      param: "received_date",
      message: "received_date cannot be before notice_date.",
    });
  const parsed = parseCp2100Csv(bytes);
  const first = parsed.problems[0];
  if (first !== undefined)
    return new InvalidRequest({
      param: `line[${String(first.line)}].${first.field}`,
      message: `Nothing was stored: line ${String(first.line)}, ${first.field}: ${first.message}${parsed.problems.length > 1 ? ` (${String(parsed.problems.length)} problems in all)` : ""}`,
      extra: { problems: parsed.problems },
    });
  if (parsed.rows.length === 0)
    return new InvalidRequest({
      param: "file",
      message: "Nothing was stored: the file has a header and no rows.",
    });
  return { noticeDate, receivedDate, rows: parsed.rows };
}

interface UploadFacts {
  readonly payerId: string;
  readonly uploadId: string;
  readonly noticeDate: string;
  readonly receivedDate: string;
  readonly sendBy: string;
  readonly withholdBy: string;
  readonly now: string;
}

/** A new notice, queued, for a row matched to a recipient. */
function newNotice(
  id: string,
  u: UploadFacts,
  row: Cp2100Row,
  recipient: Recipient,
  accountNumber: string | null,
  kind: BNotice["kind"],
): BNotice {
  return {
    id,
    payerId: u.payerId,
    recipientId: recipient.id,
    accountNumber,
    kind,
    uploadId: u.uploadId,
    line: row.line,
    taxYear: row.taxYear,
    noticeDate: u.noticeDate,
    receivedDate: u.receivedDate,
    sendBy: u.sendBy,
    withholdBy: u.withholdBy,
    status: "queued",
    tinType: recipient.tinType,
    tinLast4: recipient.tinLast4,
    letterVendorId: null,
    letterFailure: null,
    w9RequestId: null,
    sentAt: null,
    withholdingRequiredAt: null,
    clearedAt: null,
    clearedBy: null,
    clearedReference: null,
    createdAt: u.now,
    updatedAt: u.now,
  };
}

/**
 * In one transaction: each row matched to the payer's recipients by TIN (then account number, then name), first or
 * second by the recipient's notice history, stored with its `b_notice.created` event; a row already stored (the
 * same recipient, account, tax year and notice date) answers its notice as a duplicate.
 */
const storeNotices = Effect.fnUntraced(function* (
  scope: Scope,
  u: UploadFacts,
  hashed: ReadonlyArray<{ readonly row: Cp2100Row; readonly hash: string }>,
  matches: readonly (Recipient & { readonly tinHash: string })[],
) {
  const ids = yield* Ids;
  const tx = yield* Repos(scope);
  const history = [...(yield* tx.bNotices.ofRecipients([...new Set(matches.map((m) => m.id))]))];
  const created: BNotice[] = [];
  const rows: Cp2100RowResult[] = [];
  for (const { row, hash } of hashed) {
    const base = { line: row.line, name: row.name, tinLast4: row.tin.last4, taxYear: row.taxYear };
    const recipient = pick(
      matches.filter((m) => m.tinHash === hash),
      row.name,
      row.accountNumber,
    );
    if (!recipient) {
      rows.push({
        ...base,
        accountNumber: row.accountNumber,
        result: "unmatched",
        recipientId: null,
        noticeId: null,
        duplicate: false,
      });
      continue;
    }
    const accountNumber = row.accountNumber ?? recipient.accountNumber;
    const facts = {
      recipientId: recipient.id,
      accountNumber,
      taxYear: row.taxYear,
      noticeDate: u.noticeDate,
    };
    const existing = history.find((n) => bNoticeKey(n) === bNoticeKey(facts));
    if (existing) {
      rows.push({
        ...base,
        accountNumber,
        result: existing.kind,
        recipientId: recipient.id,
        noticeId: existing.id,
        duplicate: true,
      });
      continue;
    }
    const kind = bNoticeKind(
      history.map((n) => ({ accountKey: bNoticeAccountKey(n), noticeDate: n.noticeDate })),
      { accountKey: bNoticeAccountKey(facts), noticeDate: u.noticeDate },
    );
    const notice = newNotice(ids.short("bn_"), u, row, recipient, accountNumber, kind);
    if (!(yield* tx.bNotices.insert(notice)))
      return yield* new Conflict({
        message: "Another upload of this CP2100 is being stored; try again.",
      });
    history.push(notice);
    created.push(notice);
    yield* tx.events.insert({
      id: ids.short("evt_"),
      type: "b_notice.created",
      createdAt: u.now,
      data: bNoticeEventData(notice),
    });
    rows.push({
      ...base,
      accountNumber,
      result: kind,
      recipientId: recipient.id,
      noticeId: notice.id,
      duplicate: false,
    });
  }
  return { created, rows };
});

/** The send job of each notice (B_NOTICE_QUEUE), keyed by the notice: queued again, it still runs once. */
export const bNoticeSends = (scope: Scope, notices: readonly { readonly id: string }[]) =>
  notices.map((n) => ({
    queue: B_NOTICE_QUEUE,
    data: { accountId: scope.accountId, livemode: scope.livemode, noticeId: n.id },
    key: `b_notice:${n.id}`,
  }));

/** POST /v1/payers/{id}/cp2100. */
export const uploadCp2100 = Effect.fn("uploadCp2100")(function* (
  scope: Scope,
  payerId: string,
  bytes: Uint8Array,
  dates: UploadDates,
) {
  const repos = (yield* Store).scoped(scope);
  const payer = isUuid(payerId) ? yield* repos.payers.get(payerId) : undefined;
  if (!payer) return yield* new NotFound({ message: `No payer ${payerId} in this environment.` });
  const upload = readUpload(bytes, dates);
  if (upload instanceof InvalidRequest) return yield* upload;
  const { noticeDate, receivedDate } = upload;
  const { sendBy, withholdBy } = bNoticeDeadlines(noticeDate, receivedDate);
  const vault = yield* TinVault;
  const ids = yield* Ids;
  const operation = yield* IdempotentOperation;
  const uploadId = operation !== undefined ? `cp2_${operation}` : ids.short("cp2_");
  const hashed = upload.rows.map((row) => ({ row, hash: vault.hash(row.tin) }));
  const matches = yield* repos.recipients.findManyByTin(
    payerId,
    hashed.map((h) => h.hash),
  );
  const now = (yield* Clock).now().toISOString();
  const facts: UploadFacts = { payerId, uploadId, noticeDate, receivedDate, sendBy, withholdBy, now };
  const outcome = yield* withTransaction(storeNotices(scope, facts, hashed, matches));
  if (outcome.created.length > 0)
    yield* Effect.ignore((yield* Jobs).sendMany(B_NOTICE_QUEUE, bNoticeSends(scope, outcome.created)));
  return {
    id: uploadId,
    payerId,
    noticeDate,
    receivedDate,
    sendBy,
    withholdBy,
    rows: outcome.rows,
  } satisfies Cp2100Upload;
});

export const getBNotice = Effect.fn("getBNotice")(function* (scope: Scope, id: string) {
  const n = looksLikeBNoticeId(id) ? yield* (yield* Store).scoped(scope).bNotices.get(id) : undefined;
  if (!n) return yield* notFound(id);
  return n;
});

/** GET /v1/b-notices: newest first; `recipient`, `payer`, `cp2100_upload` and `status` filter. */
export const listBNotices = Effect.fn("listBNotices")(function* (
  scope: Scope,
  page: PageQuery,
  query: Readonly<Record<string, unknown>>,
) {
  const status = B_NOTICE_STATUSES.find((s) => s === query["status"]);
  if (query["status"] !== undefined && status === undefined)
    return yield* new InvalidRequest({
      param: "status",
      message: `status must be one of ${B_NOTICE_STATUSES.join(", ")}.`,
    });
  const filter: { recipientId?: string; payerId?: string; uploadId?: string } = {};
  for (const [param, key] of [
    ["recipient", "recipientId"],
    ["recipient_id", "recipientId"],
    ["payer", "payerId"],
  ] as const) {
    const v = query[param];
    if (v === undefined) continue;
    if (typeof v !== "string" || !isUuid(v))
      return yield* new InvalidRequest({ param, message: `${param} must be an id (UUID).` });
    filter[key] = v;
  }
  const upload = query["cp2100_upload"];
  if (upload !== undefined) {
    if (typeof upload !== "string")
      return yield* new InvalidRequest({ param: "cp2100_upload", message: "cp2100_upload must be an id." });
    filter.uploadId = upload;
  }
  return yield* (yield* Store).scoped(scope).bNotices.list(page, {
    ...filter,
    ...(status !== undefined ? { status } : {}),
  });
});

const addressOf = (p: {
  readonly addressLine1: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postalCode: string | null;
}) => [p.addressLine1, p.city, [p.state, p.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");

/** The W-9 request whose e-mail carries the link (first notice, e-delivery consent, an e-mail): its id, or null. */
const emailW9Link = Effect.fnUntraced(function* (scope: Scope, repos: ScopedStore, n: BNotice, r: Recipient) {
  if (n.kind !== "first" || r.email === null) return null;
  const consent = yield* repos.statements.consent(r.id);
  if (consent.status !== "given" && r.deliveryMethod !== "electronic") return null;
  // The notice is the operation: a retried job finds its W-9 request (w9r_bn…) instead of asking twice.
  const request = yield* createW9Request(scope, {
    recipient: r.id,
    reason: `The IRS told us the name and taxpayer identification number on your account ${n.accountNumber ?? ""} do not match its records (a B-notice for tax year ${String(n.taxYear)}). Please sign a new Form W-9 before ${n.withholdBy} so that backup withholding does not begin.`,
  }).pipe(
    Effect.provideService(IdempotentOperation, `bn${n.id.slice(3)}`),
    Effect.catchTag("InvalidRequest", () => Effect.succeed(undefined)),
  );
  return request !== undefined && request.emailStatus === "sent" ? request.id : null;
});

/**
 * The send job of one notice: the letter through the mail house (key b_notice:<id>, metadata the notice's id only),
 * and for a first notice the e-mailed W-9 link; a notice no longer queued (sent, or cleared by a W-9 first) is left.
 */
export const sendBNotice = Effect.fn("sendBNotice")(function* (scope: Scope, noticeId: string) {
  const repos = (yield* Store).scoped(scope);
  const n = yield* repos.bNotices.get(noticeId);
  if (!n || n.status !== "queued") return { kind: "skipped" as const };
  const recipient = yield* repos.recipients.get(n.recipientId);
  const payer = yield* repos.payers.get(n.payerId);
  if (!recipient || !payer) return yield* Effect.die(new Error(`B-notice ${n.id}: recipient or payer gone`));
  const w9RequestId = yield* emailW9Link(scope, repos, n, recipient);
  let letter: { vendorId: string | null; failure: string | null } = {
    vendorId: null,
    failure: "The recipient has no full address.",
  };
  if (recipientMissingForFiling(recipient).length === 0) {
    const facts = {
      payerName: payer.legalName,
      payerAddress: addressOf(payer),
      payeeName: recipient.name,
      accountNumber: n.accountNumber,
      taxYear: n.taxYear,
      tinLast4: n.tinLast4,
      tinType: n.tinType,
      noticeDate: n.noticeDate,
      withholdBy: n.withholdBy,
      w9LinkEmailedTo: w9RequestId === null ? null : recipient.email,
    };
    const pdf = yield* (yield* StatementRenderer).renderText(
      n.kind === "first" ? firstBNoticeLetter(facts) : secondBNoticeLetter(facts),
    );
    const sent = yield* (yield* MailHouse).send({
      scope,
      idempotencyKey: `b_notice:${n.id}`,
      to: { name: recipient.name, ...newAddress(recipient) },
      from: (yield* StatementSettings).returnAddress,
      pdf,
      metadata: { b_notice: n.id },
    });
    letter =
      sent.kind === "queued"
        ? { vendorId: sent.vendorId, failure: null }
        : { vendorId: null, failure: sent.reason };
  }
  const status = letter.vendorId !== null ? "mailed" : w9RequestId !== null ? "emailed" : "undeliverable";
  const now = (yield* Clock).now().toISOString();
  const ids = yield* Ids;
  const updated = yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const u = yield* tx.bNotices.update(n.id, ["queued"], {
        status,
        letterVendorId: letter.vendorId,
        letterFailure: letter.failure,
        w9RequestId,
        sentAt: status === "undeliverable" ? null : now,
        updatedAt: now,
      });
      if (u && status === "mailed")
        yield* tx.events.insert({
          id: ids.short("evt_"),
          type: "b_notice.mailed",
          createdAt: now,
          data: bNoticeEventData(u),
        });
      return u;
    }),
  );
  return { kind: "done" as const, status: updated?.status ?? status };
});

/** Clears `n` (compare-and-set from the open statuses) with recipient.backup_withholding_cleared. */
const clearNotice = Effect.fnUntraced(function* (
  tx: ScopedStore,
  n: BNotice,
  by: NonNullable<BNotice["clearedBy"]>,
  reference: string | null,
  at: string,
) {
  const cleared = yield* tx.bNotices.update(n.id, OPEN_B_NOTICE_STATUSES, {
    status: "cleared",
    clearedAt: at,
    clearedBy: by,
    clearedReference: reference,
    updatedAt: at,
  });
  if (cleared)
    yield* tx.events.insert({
      id: (yield* Ids).short("evt_"),
      type: "recipient.backup_withholding_cleared",
      createdAt: at,
      data: bNoticeEventData(cleared),
    });
  return cleared;
});

/**
 * A new W-9 signed for the recipient (w9-portal.ts submitW9, in its transaction): each open first notice sent (or
 * made) before the signature is cleared. A second notice stays: only a validation clears it.
 */
export const clearFirstNoticesByW9 = Effect.fn("clearFirstNoticesByW9")(function* (
  tx: ScopedStore,
  recipientId: string,
  w9RequestId: string,
  signedAt: string,
) {
  let cleared = 0;
  for (const n of yield* tx.bNotices.ofRecipients([recipientId])) {
    if (n.status === "cleared") continue;
    const sent = { kind: n.kind, sentAt: n.sentAt ?? n.createdAt, tinType: n.tinType ?? "ssn" };
    if (!clearsBackupWithholding(sent, { kind: "w9", signedAt })) continue;
    if (yield* clearNotice(tx, n, "new_w9", w9RequestId, signedAt)) cleared++;
  }
  return cleared;
});

/**
 * POST /v1/b-notices/{id}/validation: the payer records the SSA's validation of an SSN or the IRS's Letter 147C for
 * an EIN, which clears a second notice. A first notice is answered by a new W-9 (409); recording it again answers
 * the cleared notice.
 */
export const recordBNoticeValidation = Effect.fn("recordBNoticeValidation")(function* (
  scope: Scope,
  id: string,
  body: unknown,
) {
  const input = parseValidation(body);
  if (input instanceof InvalidRequest) return yield* input;
  const n = yield* getBNotice(scope, id);
  if (n.status === "cleared") return n;
  if (n.kind === "first")
    return yield* new Conflict({
      message: `B-notice ${n.id} is a first notice: a new signed W-9 from the payee clears it: send the payee a W-9 request.`,
    });
  const at = (yield* Clock).now().toISOString();
  const answer =
    input.kind === "ssa_validation"
      ? ({ kind: "ssa_validation", at } as const)
      : ({ kind: "irs_letter_147c", at } as const);
  const tinType = n.tinType ?? (input.kind === "ssa_validation" ? "ssn" : "ein");
  if (!clearsBackupWithholding({ kind: n.kind, sentAt: n.sentAt ?? n.createdAt, tinType }, answer))
    return yield* new InvalidRequest({
      param: "kind",
      message:
        tinType === "ssn"
          ? "The recipient's TIN is an SSN: the Social Security Administration validates it (ssa_validation)."
          : "The recipient's TIN is an EIN: the IRS's Letter 147C validates it (irs_letter_147c).",
    });
  const reference = [input.received_date, input.reference].filter(Boolean).join(" ") || null;
  const cleared = yield* withTransaction(
    Effect.gen(function* () {
      return yield* clearNotice(yield* Repos(scope), n, input.kind, reference, at);
    }),
  );
  return cleared ?? (yield* getBNotice(scope, id));
});

/**
 * The worker's sweep: queued notices whose send job was lost are queued again; open notices whose withhold-by date
 * has come are marked (the recipient's flag reads `required`) with recipient.backup_withholding_required.
 */
export const sweepBNotices = Effect.fn("sweepBNotices")(function* (stalledBefore: string, limit = 200) {
  const store = yield* Store;
  const now = (yield* Clock).now();
  const at = now.toISOString();
  const ids = yield* Ids;
  const stalled = yield* store.bNoticeQueue.stalled(stalledBefore, limit);
  let required = 0;
  for (const ref of yield* store.bNoticeQueue.withholdingDue(at.slice(0, 10), limit)) {
    const scope: Scope = { accountId: ref.accountId, livemode: ref.livemode };
    const done = yield* withTransaction(
      Effect.gen(function* () {
        const tx = yield* Repos(scope);
        const u = yield* tx.bNotices.markWithholdingRequired(ref.id, at);
        if (!u) return false;
        yield* tx.events.insert({
          id: ids.short("evt_"),
          type: "recipient.backup_withholding_required",
          createdAt: at,
          data: bNoticeEventData(u),
        });
        return true;
      }),
    );
    if (done) required++;
  }
  return { stalled, required };
});

export const bNoticeViewOf = (scope: Scope) => (n: BNotice) => Effect.succeed(bNoticeView(n, scope.livemode));
export const bNoticePageView = (scope: Scope) => (page: Page<BNotice>) =>
  Effect.succeed({ ...page, data: page.data.map((n) => bNoticeView(n, scope.livemode)) });
