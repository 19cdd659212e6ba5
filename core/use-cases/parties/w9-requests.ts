// Issue 40: the payer's side of W-9 requests. POST /v1/w9-requests asks a recipient (or a name and e-mail under a
// payer) for a Form W-9: the request is stored with the hash of a new link's token, then one e-mail carries the
// link to the hosted W-9 in the recipient portal. Cancel and resend act on open requests only; a resend e-mails a
// new link (the old one stops working). The worker's sweep expires open requests past their expiry on the clock
// and emits w9_request.expired. The signed W-9 is printed on request from what was signed, its TIN opened from
// the vault only for the PDF.
import * as Effect from "effect/Effect";
import { newAddress } from "../../domain/parties/address.ts";
import { Conflict, InvalidRequest, NotFound, NotReady } from "../../domain/shared/errors.ts";
import type { Page, PageQuery } from "../../domain/shared/paging.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { signedW9Text } from "../../domain/w9/form.ts";
import { w9RequestEmail, w9RequestLetter } from "../../domain/w9/notices.ts";
import { recipientMissingForFiling } from "../../domain/parties/recipient.ts";
import {
  canMove,
  DEFAULT_EXPIRY_DAYS,
  effectiveStatus,
  expiryOf,
  looksLikeW9RequestId,
  parseW9RequestCreate,
  signedContent,
  W9_STATUSES,
  W9_TOKEN_LENGTH,
  type W9EmailStatus,
  type W9LetterStatus,
  type W9Request,
} from "../../domain/w9/request.ts";
import { w9EventData, w9RequestView } from "../../domain/w9/views.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { IdempotentOperation } from "../../ports/idempotency.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { MailHouse, StatementSettings } from "../../ports/mail-house.port.ts";
import { Mailer } from "../../ports/mailer.port.ts";
import { StatementRenderer } from "../../ports/statement-renderer.port.ts";
import { Store, type Scope } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

const notFound = (id: string) => new NotFound({ message: `No W-9 request ${id} in this environment.` });

/** The stored form of a link's token: its SHA-256, never the token. */
export const w9TokenHash = (hasher: Hasher["Service"], token: string) => hasher.sha256Hex(`w9-link:${token}`);

/** The path of the hosted W-9 of a token, under the portal. */
export const w9LinkPath = (token: string) => `/portal/w9/${token}`;

/** A new link: the token (for the e-mail only) and its hash (for the row). */
const newLink = Effect.fnUntraced(function* () {
  const token = (yield* Ids).short("", W9_TOKEN_LENGTH);
  return { token, tokenHash: w9TokenHash(yield* Hasher, token) };
});

/** E-mails the link of send `r.sends` (its idempotency key) and records how it went. */
const emailLink = Effect.fnUntraced(function* (scope: Scope, r: W9Request, token: string) {
  const repos = (yield* Store).scoped(scope);
  const payer = yield* repos.payers.get(r.payerId);
  const settings = yield* StatementSettings;
  const link = `${settings.portalBaseUrl.replace(/\/+$/, "")}${w9LinkPath(token)}`;
  const content = w9RequestEmail({
    payerName: payer?.legalName ?? "Your payer",
    link,
    expiresAt: r.expiresAt,
    reason: r.reason,
  });
  const outcome = yield* (yield* Mailer)
    .send({ scope, idempotencyKey: `w9_request:${r.id}:${String(r.sends)}`, to: r.email, ...content })
    .pipe(
      Effect.map((o) =>
        o.kind === "sent"
          ? { status: "sent" as W9EmailStatus, failure: null }
          : { status: "rejected" as W9EmailStatus, failure: o.reason },
      ),
      // A mail server that is down: the request stays open and says so; the payer resends.
      Effect.catchTag("ServiceUnavailable", (e) =>
        Effect.succeed({ status: "failed" as W9EmailStatus, failure: e.message }),
      ),
    );
  const letter =
    r.letterStatus === null ? null : yield* mailLink(scope, r, link, payer?.legalName ?? "Your payer");
  const updated = yield* repos.w9Requests.update(r.id, ["sent"], {
    emailStatus: outcome.status,
    emailFailure: outcome.failure,
    ...(letter === null
      ? {}
      : { letterStatus: letter.status, letterVendorId: letter.vendorId, letterFailure: letter.failure }),
    updatedAt: (yield* Clock).now().toISOString(),
  });
  return updated ?? r;
});

/** The optional letter of send `r.sends` to the recipient's address, under its own idempotency key. */
const mailLink = Effect.fnUntraced(function* (scope: Scope, r: W9Request, link: string, payerName: string) {
  const recipient =
    r.recipientId === null ? undefined : yield* (yield* Store).scoped(scope).recipients.get(r.recipientId);
  if (!recipient || recipientMissingForFiling(recipient).length > 0)
    return {
      status: "undeliverable" as W9LetterStatus,
      vendorId: null,
      failure: "The recipient has no full address.",
    };
  const settings = yield* StatementSettings;
  const pdf = yield* (yield* StatementRenderer).renderText(
    w9RequestLetter({ payerName, link, expiresAt: r.expiresAt, reason: r.reason }),
  );
  return yield* (yield* MailHouse)
    .send({
      scope,
      idempotencyKey: `w9_letter:${r.id}:${String(r.sends)}`,
      to: { name: recipient.name, ...newAddress(recipient) },
      from: settings.returnAddress,
      pdf,
      metadata: { w9_request: r.id },
    })
    .pipe(
      Effect.map((o) =>
        o.kind === "queued"
          ? { status: "sent" as W9LetterStatus, vendorId: o.vendorId as string | null, failure: null }
          : { status: "undeliverable" as W9LetterStatus, vendorId: null, failure: o.reason },
      ),
      Effect.catchTag("ServiceUnavailable", (e) =>
        Effect.succeed({ status: "failed" as W9LetterStatus, vendorId: null, failure: e.message }),
      ),
    );
});

/**
 * POST /v1/w9-requests. Under an Idempotency-Key the request's id is the operation's, so a retry after a crash
 * finds the first attempt's request (and sends its e-mail under the same key) instead of asking twice.
 */
export const createW9Request = Effect.fn("createW9Request")(function* (scope: Scope, body: unknown) {
  const input = parseW9RequestCreate(body);
  if (input instanceof InvalidRequest) return yield* input;
  const repos = (yield* Store).scoped(scope);
  let payerId: string;
  let recipientId: string | null = null;
  let name = input.name?.trim();
  let email = input.email;
  if (input.recipient !== undefined) {
    const r =
      isUuid(input.recipient) || /^rcp_[A-Za-z0-9]{6,40}$/.test(input.recipient)
        ? yield* repos.recipients.get(input.recipient)
        : undefined;
    if (!r)
      return yield* new InvalidRequest({
        param: "recipient",
        message: `No recipient ${input.recipient} in this environment.`,
      });
    if (input.payer !== undefined && input.payer !== r.payerId)
      return yield* new InvalidRequest({
        param: "payer",
        message: `Recipient ${r.id} belongs to payer ${r.payerId}, not ${input.payer}.`,
      });
    payerId = r.payerId;
    recipientId = r.id;
    name ??= r.name;
    email ??= r.email ?? undefined;
    if (email === undefined)
      return yield* new InvalidRequest({
        param: "email",
        message: `Recipient ${r.id} has no e-mail address: send email, or PATCH the recipient first.`,
      });
    const missing = recipientMissingForFiling(r);
    if (input.send_letter === true && missing.length > 0)
      return yield* new InvalidRequest({
        param: "send_letter",
        message: `A letter needs the recipient's full address; recipient ${r.id} has no ${missing.join(", ")}.`,
      });
  } else {
    payerId = input.payer ?? "";
    if (!isUuid(payerId) || !(yield* repos.payers.get(payerId)))
      return yield* new InvalidRequest({
        param: "payer",
        message: `No payer ${payerId} in this environment.`,
      });
  }
  const operation = yield* IdempotentOperation;
  const id = operation !== undefined ? `w9r_${operation}` : (yield* Ids).short("w9r_");
  const earlier = operation !== undefined ? yield* repos.w9Requests.get(id) : undefined;
  const link = yield* newLink();
  if (earlier !== undefined) {
    if (earlier.emailStatus !== "queued") return earlier;
    // The first attempt stopped before its e-mail: its token is gone, so this one sends a new link.
    const relinked = yield* repos.w9Requests.update(id, ["sent"], {
      tokenHash: link.tokenHash,
      updatedAt: (yield* Clock).now().toISOString(),
    });
    return relinked ? yield* emailLink(scope, relinked, link.token) : earlier;
  }
  const now = (yield* Clock).now();
  const at = now.toISOString();
  const request: W9Request = {
    id,
    payerId,
    recipientId,
    name: name ?? "",
    email: email ?? "",
    reference: input.reference ?? null,
    reason: input.reason ?? null,
    status: "sent",
    tokenHash: link.tokenHash,
    sends: 1,
    emailStatus: "queued",
    emailFailure: null,
    letterStatus: input.send_letter === true ? "queued" : null,
    letterVendorId: null,
    letterFailure: null,
    lastSentAt: at,
    expiresAt: expiryOf(now, input.expires_in_days ?? DEFAULT_EXPIRY_DAYS),
    completedAt: null,
    canceledAt: null,
    expiredAt: null,
    signed: null,
    tinCiphertext: null,
    tinMatchRun: null,
    tinMatchResult: null,
    createdAt: at,
    updatedAt: at,
  };
  yield* repos.w9Requests.insert(request);
  return yield* emailLink(scope, request, link.token);
});

export const getW9Request = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const r = looksLikeW9RequestId(id) ? yield* (yield* Store).scoped(scope).w9Requests.get(id) : undefined;
  if (!r) return yield* notFound(id);
  return r;
});

/** GET /v1/w9-requests: newest first; `status` and `recipient` filter. */
export const listW9Requests = Effect.fnUntraced(function* (
  scope: Scope,
  page: PageQuery,
  query: { readonly status?: unknown; readonly recipient?: unknown },
) {
  const status = W9_STATUSES.find((s) => s === query.status);
  if (query.status !== undefined && status === undefined)
    return yield* new InvalidRequest({
      param: "status",
      message: `status must be one of ${W9_STATUSES.join(", ")}.`,
    });
  if (query.recipient !== undefined && (typeof query.recipient !== "string" || !isUuid(query.recipient)))
    return yield* new InvalidRequest({
      param: "recipient",
      message: "recipient must be a recipient id (UUID).",
    });
  return yield* (yield* Store).scoped(scope).w9Requests.list(page, {
    ...(status !== undefined ? { status } : {}),
    ...(typeof query.recipient === "string" ? { recipientId: query.recipient } : {}),
  });
});

const notOpen = (r: W9Request, now: Date, action: string) =>
  new Conflict({
    message: `W-9 request ${r.id} is ${effectiveStatus(r, now)}; only an open (sent) request can be ${action}.`,
  });

/** POST /v1/w9-requests/{id}/cancel: the link stops working. Canceling a canceled request answers it again. */
export const cancelW9Request = Effect.fn("cancelW9Request")(function* (scope: Scope, id: string) {
  const r = yield* getW9Request(scope, id);
  const now = (yield* Clock).now();
  if (r.status === "canceled") return r;
  if (!canMove(r, "cancel", now)) return yield* notOpen(r, now, "canceled");
  const at = now.toISOString();
  const updated = yield* (yield* Store)
    .scoped(scope)
    .w9Requests.update(r.id, ["sent"], { status: "canceled", canceledAt: at, updatedAt: at });
  if (!updated) return yield* notOpen(yield* getW9Request(scope, id), now, "canceled");
  return updated;
});

/** POST /v1/w9-requests/{id}/resend: a new link by e-mail; the earlier link stops working; the expiry stays. */
export const resendW9Request = Effect.fn("resendW9Request")(function* (scope: Scope, id: string) {
  const r = yield* getW9Request(scope, id);
  const now = (yield* Clock).now();
  if (!canMove(r, "resend", now)) return yield* notOpen(r, now, "resent");
  const link = yield* newLink();
  const at = now.toISOString();
  const updated = yield* (yield* Store).scoped(scope).w9Requests.update(r.id, ["sent"], {
    tokenHash: link.tokenHash,
    sends: r.sends + 1,
    lastSentAt: at,
    emailStatus: "queued",
    emailFailure: null,
    ...(r.letterStatus === null
      ? {}
      : { letterStatus: "queued" as const, letterVendorId: null, letterFailure: null }),
    updatedAt: at,
  });
  if (!updated) return yield* notOpen(yield* getW9Request(scope, id), now, "resent");
  return yield* emailLink(scope, updated, link.token);
});

/** GET /v1/w9-requests/{id}/pdf: the signed W-9, printed from what was signed (its digest is checked first). */
export const w9RequestPdf = Effect.fn("w9RequestPdf")(function* (scope: Scope, id: string) {
  const r = yield* getW9Request(scope, id);
  if (r.status !== "completed" || r.signed === null || r.tinCiphertext === null)
    return yield* new NotReady({
      message: `W-9 request ${r.id} is ${effectiveStatus(r, (yield* Clock).now())}; its PDF exists once the payee has signed.`,
    });
  const vault = yield* TinVault;
  const tin = vault.open(r.tinCiphertext);
  const digest = (yield* Hasher).sha256Hex(
    signedContent(r.signed.fields, vault.hash(tin), r.signed.signature),
  );
  if (digest !== r.signed.digest)
    return yield* Effect.die(new Error(`W-9 request ${r.id}: signed content changed`));
  const payer = yield* (yield* Store).scoped(scope).payers.get(r.payerId);
  const pdf = yield* (yield* StatementRenderer).renderText(
    signedW9Text(r.signed.fields, tin, r.signed.signature, { name: payer?.legalName ?? "" }),
  );
  return { pdf, filename: `w9-${r.id}.pdf` };
});

/**
 * The worker's sweep: open requests past their expiry become `expired` (compare-and-set: a payee signing at the
 * same instant wins or loses whole) with w9_request.expired, in one transaction each. Returns how many expired.
 */
export const expireW9Requests = Effect.fn("expireW9Requests")(function* (limit = 200) {
  const store = yield* Store;
  const now = (yield* Clock).now();
  const at = now.toISOString();
  const ids = yield* Ids;
  let expired = 0;
  for (const ref of yield* store.w9Queue.due(at, limit)) {
    const scope: Scope = { accountId: ref.accountId, livemode: ref.livemode };
    const done = yield* withTransaction(
      Effect.gen(function* () {
        const tx = yield* Repos(scope);
        const r = yield* tx.w9Requests.update(ref.id, ["sent"], {
          status: "expired",
          expiredAt: at,
          updatedAt: at,
        });
        if (!r) return false;
        yield* tx.events.insert({
          id: ids.short("evt_"),
          type: "w9_request.expired",
          createdAt: at,
          data: { ...w9EventData(r, now) },
        });
        return true;
      }),
    );
    if (done) expired++;
  }
  return expired;
});

/** The wire view of a request as of the clock's now (an open request past its expiry shows `expired`). */
export const w9View = (scope: Scope) => (r: W9Request) =>
  Effect.map(Effect.service(Clock), (clock) => w9RequestView(r, clock.now(), scope.livemode));

export const w9PageView = (scope: Scope) => (page: Page<W9Request>) =>
  Effect.map(Effect.service(Clock), (clock) => ({
    ...page,
    data: page.data.map((r) => w9RequestView(r, clock.now(), scope.livemode)),
  }));
