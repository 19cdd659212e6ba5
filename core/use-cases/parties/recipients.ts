// SPEC "Recipient": recipients belong to one payer of the same account and environment; the TIN is
// immutable once the recipient has filings (a correction is filed instead).
import * as Effect from "effect/Effect";
import { backupWithholdingOf, type BNotice } from "../../domain/w9/b-notice-record.ts";
import { newAddress } from "../../domain/parties/address.ts";
import { addressVersionOf } from "../../domain/statements/delivery.ts";
import { Conflict, Forbidden, InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import { confinedFilter } from "../oauth/payer-access.ts";
import {
  checkRecipientConsistency,
  parseRecipientCreate,
  parseRecipientUpdate,
  type Recipient,
} from "../../domain/parties/recipient.ts";
import type { Page, PageQuery } from "../../domain/shared/paging.ts";
import type { RecipientPortalFacts } from "../../domain/parties/views.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store, type RecipientPatch, type Scope } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

const notFound = (id: string) => new NotFound({ message: `No recipient ${id} in this environment.` });
const looksLikeRecipientId = (id: string) => isUuid(id) || /^rcp_[A-Za-z0-9]{6,40}$/.test(id);

export function recipientShortPrefix(): string {
  return "rcp_";
}

export const createRecipient = Effect.fn("createRecipient")(function* (scope: Scope, body: unknown) {
  const input = parseRecipientCreate(body);
  if (input instanceof InvalidRequest) return yield* input;
  const store = yield* Store;
  const repos = store.scoped(scope);
  if (!isUuid(input.payerId) || !(yield* repos.payers.get(input.payerId))) {
    return yield* new InvalidRequest({
      param: "payer",
      message: `No payer ${input.payerId} in this environment.`,
    });
  }
  const vault = yield* TinVault;
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  const sealed = vault.seal(input.tin);
  const recipient: Recipient = {
    id: ids.uuid(),
    shortId: ids.short(recipientShortPrefix()),
    accountId: scope.accountId,
    livemode: scope.livemode,
    payerId: input.payerId,
    name: input.name,
    tinType: input.tinType ?? null,
    tinLast4: sealed.last4,
    ...newAddress(input),
    email: input.email ?? null,
    deliveryMethod: input.deliveryMethod ?? "paper",
    accountNumber: input.accountNumber ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = yield* repos.recipients.insert({
    ...recipient,
    tinCiphertext: sealed.ciphertext,
    tinHash: sealed.hash,
  });
  if (!inserted) {
    const existing = yield* repos.recipients.findByTin(input.payerId, sealed.hash, recipient.tinType);
    return yield* new Conflict({
      param: "tin",
      message: `Payer ${input.payerId} already has a recipient with this TIN${existing ? ` (${existing.id})` : ""}; update that recipient instead.`,
    });
  }
  return recipient;
});

export const getRecipient = Effect.fnUntraced(function* (scope: Scope, id: string) {
  if (!looksLikeRecipientId(id)) return yield* notFound(id);
  const r = yield* (yield* Store).scoped(scope).recipients.get(id);
  if (!r) return yield* notFound(id);
  return r;
});

export const listRecipients = Effect.fnUntraced(function* (
  scope: Scope,
  page: PageQuery,
  requested: string | undefined,
  confinedTo: string | null = null,
) {
  const payerId = confinedFilter(confinedTo, requested);
  if (payerId instanceof Forbidden) return yield* payerId;
  if (payerId !== undefined && !isUuid(payerId)) {
    return yield* new InvalidRequest({ param: "payer", message: "payer must be a payer id (UUID)." });
  }
  return yield* (yield* Store).scoped(scope).recipients.list(page, payerId ? { payerId } : {});
});

export const updateRecipient = Effect.fn("updateRecipient")(function* (
  scope: Scope,
  id: string,
  body: unknown,
) {
  if (!looksLikeRecipientId(id)) return yield* notFound(id);
  const input = parseRecipientUpdate(body);
  if (input instanceof InvalidRequest) return yield* input;
  const vault = yield* TinVault;
  const now = (yield* Clock).now().toISOString();
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const current = yield* tx.recipients.get(id);
      if (!current) return yield* notFound(id);
      const { tin, payerId: _payer, ...fields } = input;
      const patch: RecipientPatch = { ...fields, updatedAt: now };
      if (tin) {
        if (yield* tx.recipients.hasFilings(current.id)) {
          return yield* new Conflict({
            param: "tin",
            message: "This recipient has filings; its TIN cannot change. File a correction instead.",
          });
        }
        const sealed = vault.seal(tin);
        const taken = yield* tx.recipients.findByTin(
          current.payerId,
          sealed.hash,
          patch.tinType !== undefined ? patch.tinType : current.tinType,
        );
        if (taken && taken.id !== current.id) {
          return yield* new Conflict({
            param: "tin",
            message: `Payer ${current.payerId} already has a recipient with this TIN (${taken.id}).`,
          });
        }
        Object.assign(patch, {
          tinCiphertext: sealed.ciphertext,
          tinHash: sealed.hash,
          tinLast4: sealed.last4,
        });
      }
      const merged = {
        deliveryMethod: patch.deliveryMethod ?? current.deliveryMethod,
        email: patch.email !== undefined ? patch.email : current.email,
      };
      const bad = checkRecipientConsistency(merged);
      if (bad) return yield* bad;
      const updated = yield* tx.recipients.update(current.id, patch);
      if (!updated) return yield* notFound(id);
      // Issue 39: a new address, e-mail or delivery method is planned again into the recipient's statements (a
      // letter that came back is re-mailed to the new address, not charged again).
      if (
        addressVersionOf(updated) !== addressVersionOf(current) ||
        updated.email !== current.email ||
        updated.deliveryMethod !== current.deliveryMethod
      )
        yield* tx.statements.touchRecipient(updated.id, (yield* Clock).now().toISOString());
      return updated;
    }),
  );
});

/**
 * The recipients with what the portal knows of them (issue 39): the e-delivery consent and a sign-in lock-out, for
 * the payer's read-only view.
 */
export const withPortalFacts = Effect.fnUntraced(function* (scope: Scope, recipients: readonly Recipient[]) {
  const repos = (yield* Store).scoped(scope);
  const ids = recipients.map((r) => r.id);
  const consents = new Map((yield* repos.statements.consents(ids)).map((c) => [c.recipientId, c] as const));
  const access = new Map((yield* repos.portal.access(ids)).map((a) => [a.recipientId, a] as const));
  const w9s = new Map(
    (yield* repos.w9Requests.latestCompleted(ids)).map((w) => [w.recipientId ?? "", w] as const),
  );
  const notices = new Map<string, BNotice[]>();
  for (const n of yield* repos.bNotices.ofRecipients(ids)) {
    const list = notices.get(n.recipientId);
    if (list) list.push(n);
    else notices.set(n.recipientId, [n]);
  }
  const now = (yield* Clock).now().getTime();
  return recipients.map((r): Recipient & RecipientPortalFacts => {
    const c = consents.get(r.id);
    const locked = access.get(r.id)?.lockedUntil ?? null;
    const w9 = w9s.get(r.id);
    return {
      ...r,
      consent: { status: c?.status ?? "none", at: c?.at ?? null },
      portalLockedUntil: locked !== null && Date.parse(locked) > now ? locked : null,
      w9: w9 ? { request: w9.id, signedAt: w9.completedAt, tinMatch: w9.tinMatchResult } : null,
      backupWithholding: backupWithholdingOf(notices.get(r.id) ?? []),
    };
  });
});

export const withPortalFactsOne = (scope: Scope) => (r: Recipient) =>
  Effect.map(withPortalFacts(scope, [r]), (rows) => rows[0] ?? r);

export const withPortalFactsPage = (scope: Scope) => (page: Page<Recipient>) =>
  Effect.map(withPortalFacts(scope, page.data), (data) => ({ ...page, data }));
