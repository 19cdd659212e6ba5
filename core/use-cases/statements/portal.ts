// Issue 39: the recipient portal. A recipient arrives by the e-mail's link (a statement delivery's id) or by the
// access code printed on the letter, proves who they are with the last four digits of their TIN and their ZIP
// code (five attempts a day, then a lock the payer sees), and then sees every statement of theirs from this payer,
// opens its PDF (the TIN truncated as on every Copy B), gives or withdraws consent to electronic delivery and
// updates their e-mail address. Everything they do is recorded for the payer's audit with time and address.
// The host keeps the session (a signed cookie naming the recipient); these use cases trust only what it names.
import * as Effect from "effect/Effect";
import type { Filing } from "../../domain/filing/filing.ts";
import type { ConsentEventData, StatementEventData } from "../../domain/webhooks/events.ts";
import {
  availableUntil,
  consentCheckCode,
  consentDisclosures,
  identityMatches,
  isAvailable,
  newAccessCode,
  normaliseAccessCode,
  PORTAL_SIGN_IN_RULE,
  type PortalAction,
} from "../../domain/statements/portal.ts";
import { Conflict, InvalidRequest } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { consentRequestEmail } from "../../domain/statements/notices.ts";
import { consentRequestView, portalLockoutView } from "../../domain/statements/views.ts";
import { StatementSettings } from "../../ports/mail-house.port.ts";
import { Mailer } from "../../ports/mailer.port.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { StatementRenderer } from "../../ports/statement-renderer.port.ts";
import { Store, type PortalRef, type Scope, type ScopedStore } from "../../ports/store.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";
import { statementPdf } from "../filing/copy-b.ts";
import { getRecipient, updateRecipient } from "../parties/recipients.ts";

/** Who is at the portal: the recipient the host's session names, and the session's own secret. */
export interface PortalSession extends PortalRef {
  /** Random per sign-in: the consent test PDF's code is derived from it. */
  readonly nonce: string;
}

/** Where a request came from, for the audit trail. */
export interface PortalVisit {
  readonly ip: string;
  readonly userAgent: string | null;
}

const scopeOf = (ref: PortalRef): Scope => ({ accountId: ref.accountId, livemode: ref.livemode });

const record = (
  repos: ScopedStore,
  ref: PortalRef,
  action: PortalAction,
  visit: PortalVisit,
  filingId: string | null = null,
) =>
  Effect.gen(function* () {
    const ids = yield* Ids;
    const clock = yield* Clock;
    yield* repos.portal.record({
      id: ids.short("pac_"),
      recipientId: ref.recipientId,
      action,
      filingId,
      ip: visit.ip,
      userAgent: visit.userAgent === null ? null : visit.userAgent.slice(0, 300),
      createdAt: clock.now().toISOString(),
    });
  });

export type PortalEntry =
  | { readonly kind: "found"; readonly ref: PortalRef; readonly payerName: string }
  | { readonly kind: "unknown" }
  /** Every statement the link or code reaches is past its availability (October 15 of the next year). */
  | { readonly kind: "expired" };

const entryFor = Effect.fnUntraced(function* (ref: PortalRef, filingId: string | null) {
  const repos = (yield* Store).scoped(scopeOf(ref));
  const recipient = yield* repos.recipients.get(ref.recipientId);
  if (!recipient) return { kind: "unknown" } satisfies PortalEntry;
  const payer = yield* repos.payers.get(recipient.payerId);
  if (!payer) return { kind: "unknown" } satisfies PortalEntry;
  const now = (yield* Clock).now();
  const statements = yield* repos.statements.byRecipient(recipient.id);
  const reached = filingId === null ? statements.map((s) => s.filingId) : [filingId];
  const filings = yield* repos.filings.getMany(reached);
  if (filings.length > 0 && filings.every((f) => !isAvailable(f.taxYear, now)))
    return { kind: "expired" } satisfies PortalEntry;
  return { kind: "found", ref, payerName: payer.legalName } satisfies PortalEntry;
});

/** The e-mail's link: /portal/statements/{delivery id}. */
export const openPortalLink = Effect.fn("openPortalLink")(function* (deliveryId: string) {
  if (!/^sdl_[A-Za-z0-9]{6,40}$/.test(deliveryId)) return { kind: "unknown" } satisfies PortalEntry;
  const store = yield* Store;
  const found = yield* store.statementQueue.byDeliveryId(deliveryId);
  if (!found) return { kind: "unknown" } satisfies PortalEntry;
  const d = yield* store.scoped(found).statements.getDelivery(deliveryId);
  if (!d) return { kind: "unknown" } satisfies PortalEntry;
  return yield* entryFor(
    { accountId: found.accountId, livemode: found.livemode, recipientId: d.recipientId },
    d.filingId,
  );
});

/** The access code printed on a letter, as typed. */
export const openAccessCode = Effect.fn("openAccessCode")(function* (typed: string) {
  const code = normaliseAccessCode(typed);
  if (code === null) return { kind: "unknown" } satisfies PortalEntry;
  const ref = yield* (yield* Store).statementQueue.byAccessCode(code);
  if (!ref) return { kind: "unknown" } satisfies PortalEntry;
  return yield* entryFor(ref, null);
});

export type SignIn =
  | { readonly kind: "signed_in"; readonly session: PortalSession }
  | { readonly kind: "wrong"; readonly attemptsLeft: number }
  | { readonly kind: "locked"; readonly until: string };

/** The last four digits of the TIN and the ZIP code against the filed ones; counted before they are compared. */
export const signInPortal = Effect.fn("signInPortal")(function* (
  ref: PortalRef,
  typed: { readonly tinLast4: string; readonly postalCode: string },
  visit: PortalVisit,
) {
  const repos = (yield* Store).scoped(scopeOf(ref));
  const now = (yield* Clock).now();
  const recipient = yield* repos.recipients.get(ref.recipientId);
  const attempt = yield* repos.portal.attempt(ref.recipientId, PORTAL_SIGN_IN_RULE, now);
  if (!attempt.allowed)
    return { kind: "locked", until: attempt.lockedUntil ?? now.toISOString() } satisfies SignIn;
  if (!recipient || !identityMatches(recipient, typed)) {
    yield* record(repos, ref, "sign_in_failed", visit);
    const left = PORTAL_SIGN_IN_RULE.limit - attempt.attempts;
    if (left > 0) return { kind: "wrong", attemptsLeft: left } satisfies SignIn;
    const until = new Date(now.getTime() + PORTAL_SIGN_IN_RULE.windowSeconds * 1000).toISOString();
    yield* repos.portal.lock(ref.recipientId, until);
    yield* record(repos, ref, "locked", visit);
    return { kind: "locked", until } satisfies SignIn;
  }
  yield* repos.portal.reset(ref.recipientId);
  yield* record(repos, ref, "signed_in", visit);
  return {
    kind: "signed_in",
    session: { ...ref, nonce: (yield* Ids).short("", 24) },
  } satisfies SignIn;
});

const statementsOf = Effect.fnUntraced(function* (repos: ScopedStore, recipientId: string, now: Date) {
  const statements = yield* repos.statements.byRecipient(recipientId);
  const filings = new Map(
    (yield* repos.filings.getMany(statements.map((s) => s.filingId))).map((f) => [f.id, f] as const),
  );
  return statements.flatMap((s) => {
    const f = filings.get(s.filingId);
    if (!f) return [];
    return [
      {
        filingId: f.id,
        form: f.form,
        taxYear: f.taxYear,
        corrected: f.corrects !== null,
        availableUntil: availableUntil(f.taxYear),
        available: isAvailable(f.taxYear, now),
      },
    ];
  });
});

/** The portal's home: the recipient, the payer, the consent and every statement by tax year (newest first). */
export const portalHome = Effect.fn("portalHome")(function* (session: PortalSession) {
  const repos = (yield* Store).scoped(scopeOf(session));
  const now = (yield* Clock).now();
  const recipient = yield* repos.recipients.get(session.recipientId);
  const payer = recipient ? yield* repos.payers.get(recipient.payerId) : undefined;
  if (!recipient || !payer) return undefined;
  const consent = yield* repos.statements.consent(recipient.id);
  const statements = (yield* statementsOf(repos, recipient.id, now)).sort(
    (a, b) => b.taxYear - a.taxYear || a.form.localeCompare(b.form),
  );
  const latestYear = statements[0]?.taxYear ?? now.getUTCFullYear() - 1;
  return {
    recipientName: recipient.name,
    email: recipient.email,
    payerName: payer.legalName,
    livemode: session.livemode,
    consent: { status: consent.status, at: consent.at },
    statements,
    disclosures: consentDisclosures(payer.legalName, availableUntil(latestYear).slice(0, 10)),
  };
});

export type PortalPdf =
  | { readonly kind: "pdf"; readonly pdf: Uint8Array; readonly filename: string }
  | { readonly kind: "not_found" }
  | { readonly kind: "expired" };

/** One statement's PDF (its Copy B, or the W-2's employee copies) for the signed-in recipient only. */
export const portalStatementPdf = Effect.fn("portalStatementPdf")(function* (
  session: PortalSession,
  filingId: string,
  visit: PortalVisit,
) {
  const scope = scopeOf(session);
  const repos = (yield* Store).scoped(scope);
  const now = (yield* Clock).now();
  const statement = yield* repos.statements.get(filingId);
  if (!statement || statement.recipientId !== session.recipientId)
    return { kind: "not_found" } satisfies PortalPdf;
  const filing: Filing | undefined = yield* repos.filings.get(filingId);
  if (!filing) return { kind: "not_found" } satisfies PortalPdf;
  if (!isAvailable(filing.taxYear, now)) return { kind: "expired" } satisfies PortalPdf;
  const payer = yield* repos.payers.get(filing.payerId);
  const recipient = yield* repos.recipients.get(filing.recipientId);
  if (!payer || !recipient) return { kind: "not_found" } satisfies PortalPdf;
  const pdf = yield* statementPdf(scope, filing, payer, recipient);
  const at = now.toISOString();
  yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      yield* record(tx, session, "viewed", visit, filing.id);
      if (yield* tx.statements.markViewed(filing.id, at)) {
        const data: StatementEventData = {
          filing: filing.id,
          recipient: session.recipientId,
          delivery: null,
          channel: null,
          status: "viewed",
          failure_reason: null,
        };
        yield* tx.events.insert({
          id: (yield* Ids).short("evt_"),
          type: "statement.viewed",
          createdAt: at,
          data: { ...data },
        });
      }
    }),
  );
  return {
    kind: "pdf",
    pdf,
    filename: `${filing.corrects !== null ? "corrected-" : ""}${filing.form}-${String(filing.taxYear)}-${filing.shortId}.pdf`,
  } satisfies PortalPdf;
});

/** The code printed in the consent test PDF of this session. */
const checkCodeOf = Effect.fnUntraced(function* (session: PortalSession) {
  return consentCheckCode((yield* Hasher).sha256Hex(`portal-consent-check:${session.nonce}`));
});

/** The test PDF of the consent step: opening it and typing its code shows the recipient can open PDFs. */
export const consentTestPdf = Effect.fn("consentTestPdf")(function* (session: PortalSession) {
  const code = yield* checkCodeOf(session);
  return yield* (yield* StatementRenderer).renderText({
    title: "Test document",
    paragraphs: [
      "You opened this PDF, so you can open your tax statements electronically.",
      `Your code is ${code}. Type it in the consent form to give your consent.`,
    ],
  });
});

export type ConsentOutcome =
  | { readonly kind: "done"; readonly status: "given" | "withdrawn" }
  | { readonly kind: "wrong_code" }
  | { readonly kind: "needs_email" }
  | { readonly kind: "not_found" };

const consentChange = Effect.fnUntraced(function* (
  session: PortalSession,
  status: "given" | "withdrawn",
  visit: PortalVisit,
) {
  const scope = scopeOf(session);
  const at = (yield* Clock).now().toISOString();
  const ids = yield* Ids;
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      yield* tx.statements.setConsent(session.recipientId, status, at);
      yield* tx.statements.touchRecipient(session.recipientId, at);
      yield* record(tx, session, status === "given" ? "consent_given" : "consent_withdrawn", visit);
      const filings = (yield* tx.statements.byRecipient(session.recipientId)).map((s) => s.filingId);
      const data: ConsentEventData = { recipient: session.recipientId, status, at, filings };
      yield* tx.events.insert({
        id: ids.short("evt_"),
        type: status === "given" ? "recipient.consent_given" : "recipient.consent_withdrawn",
        createdAt: at,
        data: { ...data },
      });
      return { kind: "done", status } satisfies ConsentOutcome;
    }),
  );
});

/**
 * Affirmative consent, after the disclosures, with the test PDF's code typed back. The recipient's delivery method
 * becomes electronic (their choice), so their statements not yet furnished go out as notices of posting.
 */
export const givePortalConsent = Effect.fn("givePortalConsent")(function* (
  session: PortalSession,
  typed: { readonly code: string; readonly agreed: boolean },
  visit: PortalVisit,
) {
  const repos = (yield* Store).scoped(scopeOf(session));
  const recipient = yield* repos.recipients.get(session.recipientId);
  if (!recipient) return { kind: "not_found" } satisfies ConsentOutcome;
  if (!typed.agreed || typed.code.replace(/\s/g, "") !== (yield* checkCodeOf(session)))
    return { kind: "wrong_code" } satisfies ConsentOutcome;
  if (recipient.email === null) return { kind: "needs_email" } satisfies ConsentOutcome;
  if (recipient.deliveryMethod !== "electronic")
    yield* updateRecipient(scopeOf(session), recipient.id, { delivery_method: "electronic" }).pipe(
      Effect.catchTag("InvalidRequest", () => Effect.void),
    );
  return yield* consentChange(session, "given", visit);
});

export const withdrawPortalConsent = Effect.fn("withdrawPortalConsent")(function* (
  session: PortalSession,
  visit: PortalVisit,
) {
  const repos = (yield* Store).scoped(scopeOf(session));
  if (!(yield* repos.recipients.get(session.recipientId)))
    return { kind: "not_found" } satisfies ConsentOutcome;
  return yield* consentChange(session, "withdrawn", visit);
});

export type EmailChange = { readonly kind: "done" } | { readonly kind: "invalid"; readonly message: string };

/** A new e-mail address from the recipient (the payer sees it on the recipient; notices go there from now on). */
export const updatePortalEmail = Effect.fn("updatePortalEmail")(function* (
  session: PortalSession,
  email: string,
  visit: PortalVisit,
) {
  const scope = scopeOf(session);
  const trimmed = email.trim();
  const result = yield* updateRecipient(scope, session.recipientId, { email: trimmed }).pipe(
    Effect.map(() => ({ kind: "done" }) as EmailChange),
    Effect.catchTags({
      InvalidRequest: (e) => Effect.succeed<EmailChange>({ kind: "invalid", message: e.message }),
      NotFound: () =>
        Effect.succeed<EmailChange>({ kind: "invalid", message: "This recipient no longer exists." }),
      Conflict: (e) => Effect.succeed<EmailChange>({ kind: "invalid", message: e.message }),
    }),
  );
  if (result.kind === "done") yield* record((yield* Store).scoped(scope), session, "email_changed", visit);
  return result;
});

/** The payer's name for the sign-in page of a recipient a link or code reached; undefined when none is open. */
export const openPortalEntry = Effect.fn("openPortalEntry")(function* (ref: PortalRef) {
  const entry = yield* entryFor(ref, null);
  return entry.kind === "found" ? entry.payerName : undefined;
});

// The payer's side of the portal.

/** What the recipient did in the portal (GET /v1/recipients/{id}/portal-activity), newest first. */
export const listPortalActivity = Effect.fnUntraced(function* (
  scope: Scope,
  recipientId: string,
  page: PageQuery,
) {
  const r = yield* getRecipient(scope, recipientId);
  return yield* (yield* Store).scoped(scope).portal.activity(r.id, page);
});

/** Lifts the recipient's portal lock-out (DELETE /v1/recipients/{id}/portal-lockout). */
export const liftPortalLockout = Effect.fn("liftPortalLockout")(function* (
  scope: Scope,
  recipientId: string,
) {
  const r = yield* getRecipient(scope, recipientId);
  const lifted = yield* (yield* Store).scoped(scope).portal.reset(r.id);
  return portalLockoutView(r.id, lifted);
});

/**
 * Invites a recipient to consent to electronic delivery now (POST /v1/recipients/{id}/consent-requests): one
 * e-mail with the portal's link, which carries the recipient's access code (still behind the last four digits and
 * the ZIP code). The Idempotency-Key of the request keeps a retried request to one e-mail.
 */
export const requestConsent = Effect.fn("requestConsent")(function* (scope: Scope, recipientId: string) {
  const r = yield* getRecipient(scope, recipientId);
  if (r.email === null)
    return yield* new InvalidRequest({
      param: "email",
      message: "This recipient has no e-mail address: PATCH one first, then ask for consent.",
    });
  const repos = (yield* Store).scoped(scope);
  const consent = yield* repos.statements.consent(r.id);
  if (consent.status === "given")
    return yield* new Conflict({
      message: `Recipient ${r.id} has already given consent (${consent.at ?? ""}).`,
    });
  const payer = yield* repos.payers.get(r.payerId);
  const ids = yield* Ids;
  const settings = yield* StatementSettings;
  const code = yield* repos.portal.accessCode(r.id, newAccessCode(ids.randomBytes(8)));
  const id = ids.short("crq_");
  const link = `${settings.portalBaseUrl.replace(/\/+$/, "")}/portal/code/${code}`;
  const content = consentRequestEmail({ payerName: payer?.legalName ?? "Your payer", link });
  const outcome = yield* (yield* Mailer).send({
    scope,
    idempotencyKey: `consent_request:${id}`,
    to: r.email,
    ...content,
  });
  return consentRequestView({
    id,
    recipientId: r.id,
    email: r.email,
    sent: outcome.kind === "sent",
    failureReason: outcome.kind === "sent" ? null : outcome.reason,
    createdAt: (yield* Clock).now().toISOString(),
  });
});
