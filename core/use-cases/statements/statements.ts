// Issue 39: recipient statements furnished for real. Three steps, each safe to run again after a crash:
//
// 1. Plan (`planStatements`, the worker's sweep): every statement whose epoch is past its last plan is planned by
//    the rule of core/domain/statements/delivery.ts; in one transaction per environment, the plan is recorded at
//    the epoch it read (a statement changed meanwhile is left pending for the next sweep) with the deliveries it
//    starts (one row per idempotency key, ever), the payer's `statement.not_furnished` event, and the PrintAndMail
//    refund (`mail_refund`, once) when nothing can be mailed. Returns the deliveries to send.
// 2. Send (`sendDelivery`, a durable job per delivery): a letter through the MailHouse, a notice or an invitation
//    through the Mailer, under the delivery's key. A worker killed between the vendor's answer and its record sends
//    the same key again and gets the same letter (message) back; a delivery whose job was lost stays `queued`
//    without a vendor id, and the sweep sends it again (`stalled`).
// 3. Track (`recordLetterEvents`, the mail house's webhooks): a letter's status moves forward only (a repeated or
//    late event changes nothing), with its event and a new plan of the statement (a returned letter is
//    not furnished; a new address re-mails it).
import * as Effect from "effect/Effect";
import { COPY_B_STATUSES, type Filing } from "../../domain/filing/filing.ts";
import { resolveDelivery } from "../../domain/pricing/delivery.ts";
import type { LedgerDraft } from "../../domain/ledger/ledger.ts";
import { newAddress } from "../../domain/parties/address.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import type { Recipient } from "../../domain/parties/recipient.ts";
import {
  addressVersionOf,
  addressVersionOfKey,
  DELIVERY_STATUSES,
  planStatement,
  type MailStatus,
  type StatementAction,
  type StatementDelivery,
} from "../../domain/statements/delivery.ts";
import { invitationEmail, letterCover, noticeEmail } from "../../domain/statements/notices.ts";
import type { EventType, StatementEventData } from "../../domain/webhooks/events.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Jobs } from "../../ports/jobs.port.ts";
import { MailHouse, StatementSettings, type LetterEvent } from "../../ports/mail-house.port.ts";
import { Mailer } from "../../ports/mailer.port.ts";
import { MailTracking, type TrackingNotification } from "../../ports/mail-tracking.port.ts";
import { Pricing } from "../../ports/pricing.port.ts";
import type { DeliveryRef, StatementDeliveryRecord, StatementRecord } from "../../ports/statements.port.ts";
import { Store, type Scope, type ScopedStore, type StoredEvent } from "../../ports/store.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";
import { statementPdf } from "../filing/copy-b.ts";
import { formatAccessCode, newAccessCode } from "../../domain/statements/portal.ts";
import { getFiling } from "../filing/filings.ts";
import { statementView } from "../../domain/statements/views.ts";
import { InvalidRequest } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { SEND_STATEMENT_QUEUE } from "../lifecycle/queues.ts";
import { groupByScope, ledgerRows } from "../shared.ts";

const mailIncluded = (f: Pick<Filing, "service" | "physicalMail">) => {
  const d = resolveDelivery(f.service, f.physicalMail);
  return d.ok ? d.delivery.printMail : f.service !== "efile";
};

const asRuleDelivery = (d: StatementDeliveryRecord): StatementDelivery =>
  d.channel === "mail"
    ? { channel: "mail", key: d.key, status: d.status as MailStatus, atVendor: d.vendorId !== null }
    : {
        channel: "email",
        key: d.key,
        status: d.status as Extract<StatementDelivery, { channel: "email" }>["status"],
      };

const eventOf = (id: string, type: EventType, now: string, data: StatementEventData): StoredEvent => ({
  id,
  type,
  createdAt: now,
  data: { ...data },
});

const dataOf = (d: StatementDeliveryRecord, status: string): StatementEventData => ({
  filing: d.filingId,
  recipient: d.recipientId,
  delivery: d.id,
  channel: d.channel,
  status,
  failure_reason: d.failureReason,
});

/** Opens the statements of filings whose Copy B just became available (in the caller's transaction). */
export const openStatements = Effect.fn("openStatements")(function* (
  tx: ScopedStore,
  filings: readonly { readonly id: string; readonly recipientId: string }[],
  now: string,
) {
  if (filings.length === 0) return;
  yield* tx.statements.open(
    filings.map((f) => ({ filingId: f.id, recipientId: f.recipientId })),
    now,
  );
});

/** Plans up to `limit` pending statements; returns the deliveries to send now. */
export const planStatements = (limit = 200) => Effect.map(planBatch(limit), (b) => b.toSend);

/** One batch of planning: how many statements it read (fewer than `limit`: none left) and what to send. */
const planBatch = Effect.fnUntraced(function* (limit: number) {
  const store = yield* Store;
  const refs = yield* store.statementQueue.pending(limit);
  const toSend: SendRef[] = [];
  for (const { scope, items } of groupByScope(refs, (r) => r)) {
    const planned = yield* planScope(
      scope,
      items.map((r) => r.filingId),
    );
    for (const id of planned.send)
      toSend.push({ accountId: scope.accountId, livemode: scope.livemode, deliveryId: id });
    for (const id of planned.cancel)
      toSend.push({ accountId: scope.accountId, livemode: scope.livemode, deliveryId: id, cancel: true });
  }
  return { read: refs.length, toSend };
});

interface StatementPlan {
  readonly s: StatementRecord;
  readonly filing?: Filing;
  readonly recipient?: Recipient;
  readonly plan?: ReturnType<typeof planStatement>;
}

/** The statements' facts read in the transaction, and each one's plan (none when its filing or recipient is gone). */
const readPlans = Effect.fnUntraced(function* (tx: ScopedStore, filingIds: readonly string[]) {
  const statements = yield* tx.statements.getMany(filingIds);
  const filings = new Map((yield* tx.filings.getMany(filingIds)).map((f) => [f.id, f] as const));
  const recipientIds = [...new Set(statements.map((s) => s.recipientId))];
  const recipients = new Map((yield* tx.recipients.getMany(recipientIds)).map((r) => [r.id, r] as const));
  const consents = new Map(
    (yield* tx.statements.consents(recipientIds)).map((c) => [c.recipientId, c] as const),
  );
  const deliveries = new Map<string, StatementDeliveryRecord[]>();
  for (const d of yield* tx.statements.deliveries(filingIds)) {
    const list = deliveries.get(d.filingId) ?? [];
    list.push(d);
    deliveries.set(d.filingId, list);
  }
  const plans: StatementPlan[] = [];
  for (const s of statements) {
    const filing = filings.get(s.filingId);
    const recipient = recipients.get(s.recipientId);
    if (!filing || !recipient) {
      plans.push({ s });
      continue;
    }
    const mine = deliveries.get(s.filingId) ?? [];
    const plan = planStatement({
      filingId: filing.id,
      version: 1,
      copyBAvailable: COPY_B_STATUSES.includes(filing.status),
      mailIncluded: mailIncluded(filing),
      deliveryMethod: recipient.deliveryMethod,
      email: recipient.email,
      consent: consents.get(recipient.id)?.status ?? "none",
      addressVersion: addressVersionOf(recipient),
      deliveries: mine.map(asRuleDelivery),
    });
    plans.push({ s, filing, recipient, plan });
  }
  return { plans, deliveries };
});

/**
 * Nothing can be mailed to these addresses: the PrintAndMail each paid goes back to the prepaid balance, once
 * (a statement already refunded is skipped), with a `statement.mail_refunded` event pushed to `events`.
 */
const refundUndeliverable = Effect.fnUntraced(function* (
  tx: ScopedStore,
  refunds: readonly { statement: StatementRecord; filing: Filing; cents: number }[],
  events: StoredEvent[],
  now: string,
) {
  const ids = yield* Ids;
  const drafts: LedgerDraft[] = [];
  for (const r of refunds) {
    if (!(yield* tx.statements.markMailRefunded(r.filing.id, r.cents, now))) continue;
    drafts.push({
      kind: "mail_refund",
      amount_cents: r.cents,
      reference: r.filing.id,
      description: `PrintAndMail refunded: the statement of filing ${r.filing.shortId} could not be mailed`,
    });
    events.push(
      eventOf(ids.short("evt_"), "statement.mail_refunded", now, {
        filing: r.filing.id,
        recipient: r.statement.recipientId,
        delivery: null,
        channel: "mail",
        status: "undeliverable",
        failure_reason: null,
        amount_cents: r.cents,
      }),
    );
  }
  if (drafts.length > 0) {
    const balance = yield* tx.balance.lock();
    const rows = ledgerRows(balance, drafts, () => ids.short("", 10), now);
    if (rows.ok) yield* tx.balance.append(rows.rows);
  }
});

const planScope = Effect.fnUntraced(function* (scope: Scope, filingIds: readonly string[]) {
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  const rateCard = (yield* Pricing).rateCard;
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      // Every statement's plan first, recorded in one write at the epoch each was read at; then what the recorded
      // ones start (a statement changed since it was read is left pending: the next sweep plans it on the new facts).
      const { plans, deliveries } = yield* readPlans(tx, filingIds);
      // Furnished is what the deliveries say now: a notice once sent stays sent (the rule keeps it furnished),
      // a letter that came back furnished nobody.
      const recorded = new Set(
        yield* tx.statements.planned(
          plans.map(({ s, plan }) => ({
            filingId: s.filingId,
            epoch: s.epoch,
            furnished: plan ? plan.furnished : s.furnished,
            notFurnished: plan ? plan.notFurnished : s.notFurnished,
          })),
          now,
        ),
      );
      const fresh: StatementDeliveryRecord[] = [];
      const events: StoredEvent[] = [];
      const refunds: { statement: StatementRecord; filing: Filing; cents: number }[] = [];
      const cancels: string[] = [];
      for (const { s, filing, recipient, plan } of plans) {
        if (!filing || !recipient || !plan || !recorded.has(s.filingId)) continue;
        const notFurnished = plan.notFurnished;
        for (const a of plan.actions) {
          if (a.kind === "cancel_mail") {
            const held = (deliveries.get(s.filingId) ?? []).find((d) => d.key === a.key);
            if (held) cancels.push(held.id);
          } else fresh.push(newDelivery(ids.short("sdl_", 20), filing, recipient, a, now));
        }
        if (notFurnished !== null && notFurnished !== s.notFurnished)
          events.push(
            eventOf(ids.short("evt_"), "statement.not_furnished", now, {
              filing: filing.id,
              recipient: recipient.id,
              delivery: null,
              channel: null,
              status: "not_furnished",
              failure_reason: null,
              not_furnished_reason: notFurnished,
            }),
          );
        // Nothing can be mailed to this address: the PrintAndMail it paid goes back to the prepaid balance, once.
        if (notFurnished === "undeliverable" && s.mailRefundedCents === 0 && mailIncluded(filing)) {
          const left = filing.amountChargedCents - filing.amountRefundedCents;
          const cents = Math.min(rateCard.print_mail_cents, left);
          if (cents > 0) refunds.push({ statement: s, filing, cents });
        }
      }
      const inserted = new Set(yield* tx.statements.insertDeliveries(fresh));
      if (refunds.length > 0) yield* refundUndeliverable(tx, refunds, events, now);
      if (events.length > 0) yield* tx.events.insertMany(events);
      return { send: fresh.filter((d) => inserted.has(d.id)).map((d) => d.id), cancel: cancels };
    }),
  );
});

/** A send job to queue: a delivery to send, or (`cancel`) a letter at the mail house to cancel. */
export interface SendRef extends DeliveryRef {
  readonly cancel?: boolean;
}

function newDelivery(
  id: string,
  filing: Filing,
  recipient: Recipient,
  action: Exclude<StatementAction, { kind: "cancel_mail" }>,
  now: string,
): StatementDeliveryRecord {
  const mail = action.kind === "mail";
  return {
    id,
    filingId: filing.id,
    recipientId: recipient.id,
    channel: mail ? "mail" : "email",
    kind: mail ? "letter" : action.kind === "email_notice" ? "notice" : "invitation",
    key: action.key,
    status: "queued",
    vendorId: null,
    toEmail: mail ? null : recipient.email,
    failureReason: null,
    expectedDeliveryDate: null,
    events: [{ status: "queued", at: now }],
    createdAt: now,
    updatedAt: now,
  };
}

export type SendResult =
  | { readonly kind: "done"; readonly status: string }
  /** Nothing to do: the delivery is gone, or was sent (or decided) before. */
  | { readonly kind: "skipped" };

/** A statement's letter sent through the mail house under its key; undeliverable when the house refuses it. */
const sendLetter = Effect.fnUntraced(function* (
  scope: Scope,
  repos: ScopedStore,
  d: StatementDeliveryRecord,
  parties: { readonly filing: Filing; readonly payer: Payer; readonly recipient: Recipient },
) {
  const { filing, payer, recipient } = parties;
  const ids = yield* Ids;
  const clock = yield* Clock;
  const settings = yield* StatementSettings;
  // The letter's cover names the portal and the recipient's access code (kept once made: a letter sent again
  // after a crash, or to a new address, prints the same code).
  const code = yield* repos.portal.accessCode(recipient.id, newAccessCode(ids.randomBytes(8)));
  const pdf = yield* statementPdf(scope, filing, payer, recipient, {
    cover: letterCover({
      payerName: payer.legalName,
      form: filing.form,
      taxYear: filing.taxYear,
      corrected: filing.corrects !== null,
      portalUrl: `${settings.portalBaseUrl.replace(/\/+$/, "")}/portal`,
      accessCode: formatAccessCode(code),
    }),
  });
  const outcome = yield* (yield* MailHouse).send({
    scope,
    idempotencyKey: d.key,
    to: { name: recipient.name, ...newAddress(recipient) },
    from: settings.returnAddress,
    pdf,
    metadata: { filing: filing.id, delivery: d.id },
  });
  const now = clock.now().toISOString();
  if (outcome.kind === "queued") {
    // Lob has the letter (queued to print); `statement.mailed` comes with the vendor's own event. One statement,
    // no transaction. Any status: the vendor's first tracking event may have been recorded already (it names the
    // delivery).
    yield* repos.statements.updateDelivery(
      d.id,
      ["queued", "mailed", "in_transit", "delivered", "returned"],
      {
        vendorId: outcome.vendorId,
        expectedDeliveryDate: outcome.expectedDeliveryDate,
        updatedAt: now,
      },
    );
    return { kind: "done", status: "queued" } satisfies SendResult;
  }
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const moved = yield* tx.statements.updateDelivery(d.id, ["queued"], {
        status: "undeliverable",
        failureReason: outcome.reason,
        updatedAt: now,
        event: { status: "undeliverable", at: now },
      });
      if (moved) {
        yield* tx.events.insert(
          eventOf(ids.short("evt_"), "statement.undeliverable", now, dataOf(moved, "undeliverable")),
        );
        yield* tx.statements.touch([d.filingId], now);
      }
      return { kind: "done", status: "undeliverable" } satisfies SendResult;
    }),
  );
});

/** A statement's notice or invitation e-mailed under its key (its link to the portal, no TIN); bounced when refused. */
const sendEmail = Effect.fnUntraced(function* (
  scope: Scope,
  d: StatementDeliveryRecord,
  parties: { readonly filing: Filing; readonly payer: Payer; readonly recipient: Recipient },
  link: string,
) {
  const { filing, payer, recipient } = parties;
  const ids = yield* Ids;
  const clock = yield* Clock;
  const to = d.toEmail ?? recipient.email;
  const facts = {
    payerName: payer.legalName,
    form: filing.form,
    taxYear: filing.taxYear,
    corrected: filing.corrects !== null,
    link,
    paperFallback: mailIncluded(filing),
  };
  const content = d.kind === "notice" ? noticeEmail(facts) : invitationEmail(facts);
  const outcome =
    to === null
      ? ({ kind: "rejected", reason: "the recipient has no e-mail address" } as const)
      : yield* (yield* Mailer).send({ scope, idempotencyKey: d.key, to, ...content });
  const now = clock.now().toISOString();
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const status = outcome.kind === "sent" ? "sent" : "bounced";
      const moved = yield* tx.statements.updateDelivery(d.id, ["queued"], {
        status,
        vendorId: outcome.kind === "sent" ? outcome.messageId : null,
        failureReason: outcome.kind === "sent" ? null : outcome.reason,
        updatedAt: now,
        event: { status, at: now },
      });
      if (moved) {
        if (moved.kind === "notice" && status === "sent")
          yield* tx.events.insert(
            eventOf(ids.short("evt_"), "statement.emailed", now, dataOf(moved, "sent")),
          );
        yield* tx.statements.touch([d.filingId], now);
      }
      return { kind: "done", status } satisfies SendResult;
    }),
  );
});

/**
 * Sends one queued delivery under its key and records what came back. A vendor that is down fails the Effect with
 * ServiceUnavailable (the job tries again, the same key again).
 */
export const sendDelivery = Effect.fn("sendDelivery")(function* (scope: Scope, deliveryId: string) {
  const store = yield* Store;
  const clock = yield* Clock;
  const settings = yield* StatementSettings;
  const repos = store.scoped(scope);
  const d = yield* repos.statements.getDelivery(deliveryId);
  if (!d || d.status !== "queued" || d.vendorId !== null) return { kind: "skipped" } satisfies SendResult;
  const filing = yield* repos.filings.get(d.filingId);
  const recipient = yield* repos.recipients.get(d.recipientId);
  const payer = filing ? yield* repos.payers.get(filing.payerId) : undefined;
  if (!filing || !recipient || !payer) {
    const now = clock.now().toISOString();
    const status = d.channel === "mail" ? "canceled" : "failed";
    yield* repos.statements.updateDelivery(d.id, ["queued"], {
      status,
      failureReason: "the filing or its recipient no longer exists",
      updatedAt: now,
      event: { status, at: now },
    });
    return { kind: "done", status } satisfies SendResult;
  }
  const link = `${settings.portalBaseUrl.replace(/\/+$/, "")}/portal/statements/${d.id}`;

  const keyAddress = addressVersionOfKey(d.key);
  if (d.channel === "mail" && keyAddress !== null && keyAddress !== addressVersionOf(recipient)) {
    // The recipient moved after this letter was planned and before it was sent: it is canceled unsent, and the
    // next plan starts one to the new address under that address's key (a letter's key names the address it went
    // to, so a letter at the mail house for an old address can be told apart and canceled there).
    return yield* markCanceled(repos, d, "the recipient's address changed before the letter was sent");
  }

  if (d.channel === "mail") return yield* sendLetter(scope, repos, d, { filing, payer, recipient });
  return yield* sendEmail(scope, d, { filing, payer, recipient }, link);
});

/** The statuses a letter may move to each status from: forward only, so a repeated or late event is a no-op. */
const LETTER_FROM: Readonly<Record<LetterEvent["status"], readonly MailStatus[]>> = {
  mailed: ["queued"],
  in_transit: ["queued", "mailed"],
  delivered: ["queued", "mailed", "in_transit"],
  returned: ["queued", "mailed", "in_transit", "delivered"],
};
const LETTER_EVENT: Readonly<Partial<Record<LetterEvent["status"], EventType>>> = {
  mailed: "statement.mailed",
  delivered: "statement.delivered",
  returned: "statement.returned",
};

/** Applies the mail house's tracking events; returns how many moved a letter. Unknown letters are ignored. */
export const recordLetterEvents = Effect.fn("recordLetterEvents")(function* (events: readonly LetterEvent[]) {
  const store = yield* Store;
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  let moved = 0;
  for (const e of events) {
    // Found by the letter's id, or by the delivery the letter names (an event ahead of the send's record).
    const ref =
      (yield* store.statementQueue.byVendorId(e.vendorId)) ??
      (e.delivery ? yield* store.statementQueue.byDeliveryId(e.delivery) : undefined);
    if (!ref) continue;
    const scope = { accountId: ref.accountId, livemode: ref.livemode };
    const changed = yield* withTransaction(
      Effect.gen(function* () {
        const tx = yield* Repos(scope);
        const current = yield* tx.statements.getDelivery(ref.deliveryId);
        // A delivery id in a forged metadata field cannot move another letter: the ids must agree once known.
        if (
          !current ||
          current.channel !== "mail" ||
          (current.vendorId !== null && current.vendorId !== e.vendorId)
        )
          return false;
        const d = yield* tx.statements.updateDelivery(ref.deliveryId, LETTER_FROM[e.status], {
          status: e.status,
          vendorId: e.vendorId,
          updatedAt: now,
          event: { status: e.status, at: e.at },
        });
        if (!d) return false;
        const type = LETTER_EVENT[e.status];
        if (type) yield* tx.events.insert(eventOf(ids.short("evt_"), type, now, dataOf(d, e.status)));
        yield* tx.statements.touch([d.filingId], now);
        return true;
      }),
    );
    if (changed) moved++;
  }
  return moved;
});

/** A send job's payload (SEND_STATEMENT_QUEUE), decoded at the queue's edge. */
export { SendStatementPayload } from "../lifecycle/queues.ts";

/** A send job per delivery, in one write (a season's plan is tens of thousands of letters). */
const sendJobs = (deliveries: readonly SendRef[]) =>
  Effect.flatMap(Jobs, (jobs) =>
    jobs.sendMany(
      SEND_STATEMENT_QUEUE,
      deliveries.map((d) => ({
        data: {
          accountId: d.accountId,
          livemode: d.livemode,
          deliveryId: d.deliveryId,
          ...(d.cancel ? { cancel: true } : {}),
        },
        key: d.cancel ? `${d.deliveryId}_cancel` : d.deliveryId,
      })),
    ),
  );

/**
 * The statements' sweep (the worker runs it on a timer; the rows are the durable record, the timer only drives it):
 * plans what changed, queues a send job per delivery started, and queues again the deliveries still waiting for a
 * vendor since before `stalledBefore` (their job was lost between the plan's commit and its send, or ran out of
 * tries). A send job is keyed by its delivery, so queuing one twice runs it once.
 */
export const sweepStatements = Effect.fn("sweepStatements")(function* (options: {
  readonly stalledBefore: string;
  readonly limit?: number;
}) {
  const limit = options.limit ?? 200;
  let planned = 0;
  // Plan until a batch comes back short (nothing left pending), a bounded number of batches a sweep.
  for (let round = 0; round < 50; round++) {
    const batch = yield* planBatch(limit);
    yield* sendJobs(batch.toSend);
    planned += batch.toSend.length;
    if (batch.read < limit) break;
  }
  const stalled = yield* (yield* Store).statementQueue.stalled(options.stalledBefore, limit);
  yield* sendJobs(stalled);
  return { planned, requeued: stalled.length };
});

/**
 * Cancels a letter the mail house holds for an address its recipient no longer has, while it is not mailed yet;
 * then the next plan mails the statement to the new address (no second charge: PrintAndMail is per statement).
 * Too late (already mailed), the letter stays on its way and its tracking decides what follows.
 */
export const cancelLetter = Effect.fn("cancelLetter")(function* (scope: Scope, deliveryId: string) {
  const repos = (yield* Store).scoped(scope);
  const d = yield* repos.statements.getDelivery(deliveryId);
  if (!d || d.channel !== "mail" || d.status !== "queued" || d.vendorId === null)
    return { kind: "skipped" } satisfies SendResult;
  const recipient = yield* repos.recipients.get(d.recipientId);
  const keyAddress = addressVersionOfKey(d.key);
  if (recipient && (keyAddress === null || keyAddress === addressVersionOf(recipient)))
    return { kind: "skipped" } satisfies SendResult;
  const canceled = yield* (yield* MailHouse).cancel({ scope, vendorId: d.vendorId });
  if (!canceled) return { kind: "skipped" } satisfies SendResult;
  return yield* markCanceled(repos, d, "the recipient's address changed before the letter was mailed");
});

/** A queued letter recorded as canceled, and its statement planned again (the new address gets its letter). */
const markCanceled = Effect.fnUntraced(function* (
  repos: ScopedStore,
  d: StatementDeliveryRecord,
  reason: string,
) {
  const now = (yield* Clock).now().toISOString();
  const moved = yield* repos.statements.updateDelivery(d.id, ["queued"], {
    status: "canceled",
    failureReason: reason,
    updatedAt: now,
    event: { status: "canceled", at: now },
  });
  if (moved) yield* repos.statements.touch([d.filingId], now);
  return { kind: "done", status: "canceled" } satisfies SendResult;
});

/** GET /v1/filings/{id}/statement: the filing's statement and its deliveries (404 for an unknown filing). */
export const getFilingStatement = Effect.fnUntraced(function* (scope: Scope, filingId: string) {
  const filing = yield* getFiling(scope, filingId);
  const repos = (yield* Store).scoped(scope);
  const statement = yield* repos.statements.get(filing.id);
  const deliveries = statement ? yield* repos.statements.deliveries([filing.id]) : [];
  return statementView(filing.id, statement, deliveries);
});

/** GET /v1/statement-deliveries: newest first, paged; `status` filters (a season's returned mail in one query). */
export const listStatementDeliveries = Effect.fnUntraced(function* (
  scope: Scope,
  page: PageQuery,
  query: { readonly status?: unknown; readonly filing?: unknown },
) {
  const status = query.status;
  if (status !== undefined && (typeof status !== "string" || !DELIVERY_STATUSES.includes(status)))
    return yield* new InvalidRequest({
      message: `status must be one of ${DELIVERY_STATUSES.join(", ")}.`,
      param: "status",
    });
  const filing = query.filing;
  if (filing !== undefined && typeof filing !== "string")
    return yield* new InvalidRequest({ message: "filing must be one filing id.", param: "filing" });
  return yield* (yield* Store).scoped(scope).statements.listDeliveries(page, {
    ...(status === undefined ? {} : { status }),
    ...(filing === undefined ? {} : { filingId: filing }),
  });
});

/**
 * A tracking notification of the mail house (POST /webhooks/lob): verified by its adapter (Unauthorized when
 * unsigned, forged, altered or stale), then recorded. Returns how many letters it moved (0 for a repeat).
 */
export const receiveTrackingNotification = Effect.fn("receiveTrackingNotification")(function* (
  notification: TrackingNotification,
) {
  const events = yield* (yield* MailTracking).read(notification);
  return { events: events.length, moved: yield* recordLetterEvents(events) };
});
