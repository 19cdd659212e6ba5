// Issue 40: the payee's side of a W-9 request, behind the link's token in the recipient portal. Opening the link
// shows the payer, the name and e-mail asked, the payer's reason (a re-request after a TIN mismatch) and what the
// recipient record already holds (never its TIN). Submitting checks every field and the electronic signature first,
// then in one transaction: the request is completed (compare-and-set: a replayed, canceled or expired link stores
// nothing), the recipient is created or updated with the sealed TIN, a TIN-match run is opened for it, and
// w9_request.completed is recorded. The run's job is queued after the commit (the worker's sweep catches a lost one).
import * as Effect from "effect/Effect";
import type { Recipient } from "../../domain/parties/recipient.ts";
import { Conflict, InvalidRequest } from "../../domain/shared/errors.ts";
import type { Tin } from "../../domain/shared/tin.ts";
import { parseW9Form, parseW9Signature, type W9Fields, type W9Signature } from "../../domain/w9/form.ts";
import {
  canMove,
  effectiveStatus,
  looksLikeW9Token,
  signedContent,
  type W9Request,
} from "../../domain/w9/request.ts";
import { w9EventData } from "../../domain/w9/views.ts";
import type { TinMatchRun } from "../../domain/parties/tin-match-run.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Jobs } from "../../ports/jobs.port.ts";
import {
  Store,
  type RecipientPatch,
  type Scope,
  type ScopedStore,
  type W9Ref,
} from "../../ports/store.port.ts";
import { TinVault, type SealedTin } from "../../ports/tin-vault.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";
import { recipientShortPrefix } from "./recipients.ts";
import { TIN_MATCH_QUEUE } from "../lifecycle/queues.ts";
import { w9TokenHash } from "./w9-requests.ts";
import { clearFirstNoticesByW9 } from "./b-notices.ts";
import type { PortalVisit } from "../statements/portal.ts";

export interface W9Page {
  readonly requestId: string;
  readonly payerName: string;
  readonly name: string;
  readonly email: string;
  readonly reason: string | null;
  readonly expiresAt: string;
  readonly livemode: boolean;
  /** What the recipient record holds, to fill the form in (never its TIN). */
  readonly prefill: Readonly<Record<string, string>>;
}

export type W9Link =
  | { readonly kind: "open"; readonly ref: W9Ref; readonly page: W9Page }
  | { readonly kind: "unknown" }
  | { readonly kind: "completed" }
  | { readonly kind: "expired" }
  | { readonly kind: "canceled" };

const scopeOf = (ref: W9Ref): Scope => ({ accountId: ref.accountId, livemode: ref.livemode });

const prefillOf = (r: W9Request, recipient: Recipient | undefined): Record<string, string> => {
  const out: Record<string, string> = { name: r.name };
  if (!recipient) return out;
  const fields: [string, string | null][] = [
    ["address_line1", recipient.addressLine1],
    ["address_line2", recipient.addressLine2],
    ["city", recipient.city],
    ["state", recipient.state],
    ["postal_code", recipient.postalCode],
    ["account_numbers", recipient.accountNumber],
  ];
  for (const [k, v] of fields) if (v !== null && v !== "") out[k] = v;
  if (recipient.tinType !== null) out["tin_type"] = recipient.tinType;
  return out;
};

/** The hosted W-9's link: /portal/w9/{token}. */
export const openW9Link = Effect.fn("openW9Link")(function* (token: string) {
  if (!looksLikeW9Token(token)) return { kind: "unknown" } satisfies W9Link;
  const store = yield* Store;
  const ref = yield* store.w9Queue.byToken(w9TokenHash(yield* Hasher, token));
  if (!ref) return { kind: "unknown" } satisfies W9Link;
  const repos = store.scoped(scopeOf(ref));
  const r = yield* repos.w9Requests.get(ref.id);
  if (!r) return { kind: "unknown" } satisfies W9Link;
  const status = effectiveStatus(r, (yield* Clock).now());
  if (status !== "sent") return { kind: status } satisfies W9Link;
  const payer = yield* repos.payers.get(r.payerId);
  const recipient = r.recipientId === null ? undefined : yield* repos.recipients.get(r.recipientId);
  return {
    kind: "open",
    ref,
    page: {
      requestId: r.id,
      payerName: payer?.legalName ?? "",
      name: r.name,
      email: r.email,
      reason: r.reason,
      expiresAt: r.expiresAt,
      livemode: ref.livemode,
      prefill: prefillOf(r, recipient),
    },
  } satisfies W9Link;
});

export type W9Submit =
  | { readonly kind: "signed"; readonly requestId: string; readonly tinMatchRun: string }
  /** A field or the signature failed its check: `param` names it; nothing was stored. */
  | { readonly kind: "invalid"; readonly param: string; readonly message: string }
  /** The form was for another request than its link's (a form of another payer's link): nothing was stored. */
  | { readonly kind: "mismatch" }
  | Exclude<W9Link, { readonly kind: "open" }>;

const recipientPatchOf = (f: W9Fields, sealed: SealedTin | null, now: string): RecipientPatch => ({
  name: f.name,
  addressLine1: f.addressLine1,
  addressLine2: f.addressLine2,
  city: f.city,
  state: f.state,
  postalCode: f.postalCode,
  country: "US",
  tinType: f.tinType,
  ...(f.accountNumbers !== null ? { accountNumber: f.accountNumbers.slice(0, 30) } : {}),
  ...(sealed ? { tinCiphertext: sealed.ciphertext, tinHash: sealed.hash, tinLast4: sealed.last4 } : {}),
  updatedAt: now,
});

/**
 * The recipient the W-9 is for: the request's recipient, else the payer's recipient with this TIN, else a new one.
 * A recipient's TIN changes only while it has no filings and no other recipient of the payer has the new TIN
 * (D8); otherwise the W-9 is kept and the recipient keeps its TIN (the TIN match runs on the W-9's).
 */
const upsertRecipient = Effect.fnUntraced(function* (
  tx: ScopedStore,
  r: W9Request,
  f: W9Fields,
  tin: Tin,
  sealed: SealedTin,
  now: string,
) {
  const vault = yield* TinVault;
  const named = r.recipientId === null ? undefined : yield* tx.recipients.get(r.recipientId);
  const existing = named ?? (yield* tx.recipients.findByTin(r.payerId, sealed.hash, f.tinType));
  if (existing) {
    const ct = yield* tx.recipients.tinCiphertext(existing.id);
    const same = ct !== undefined && vault.open(ct).equals(tin);
    let setTin = false;
    if (!same && !(yield* tx.recipients.hasFilings(existing.id))) {
      const taken = yield* tx.recipients.findByTin(r.payerId, sealed.hash, f.tinType);
      setTin = !taken || taken.id === existing.id;
    }
    const patch = recipientPatchOf(f, setTin ? sealed : null, now);
    yield* tx.recipients.update(existing.id, existing.email === null ? { ...patch, email: r.email } : patch);
    yield* tx.statements.touchRecipient(existing.id, now);
    return existing.id;
  }
  const ids = yield* Ids;
  const recipient: Recipient = {
    id: ids.uuid(),
    shortId: ids.short(recipientShortPrefix()),
    accountId: tx.scope.accountId,
    livemode: tx.scope.livemode,
    payerId: r.payerId,
    name: f.name,
    tinType: f.tinType,
    tinLast4: sealed.last4,
    addressLine1: f.addressLine1,
    addressLine2: f.addressLine2,
    city: f.city,
    state: f.state,
    postalCode: f.postalCode,
    country: "US",
    email: r.email,
    deliveryMethod: "paper",
    accountNumber: f.accountNumbers === null ? null : f.accountNumbers.slice(0, 30),
    createdAt: now,
    updatedAt: now,
  };
  if (yield* tx.recipients.insert({ ...recipient, tinCiphertext: sealed.ciphertext, tinHash: sealed.hash }))
    return recipient.id;
  const raced = yield* tx.recipients.findByTin(r.payerId, sealed.hash, f.tinType);
  if (!raced) return yield* Effect.die(new Error("recipient insert refused without a recipient of that TIN"));
  return raced.id;
});

/** The payee submits the hosted W-9 of `token`. */
export const submitW9 = Effect.fn("submitW9")(function* (
  token: string,
  form: Readonly<Record<string, string | undefined>>,
  visit: PortalVisit,
) {
  const link = yield* openW9Link(token);
  if (link.kind !== "open") return link satisfies W9Submit;
  if (form["request"] !== link.page.requestId) return { kind: "mismatch" } satisfies W9Submit;
  const parsed = parseW9Form(form);
  if (parsed instanceof InvalidRequest)
    return { kind: "invalid", param: parsed.param ?? "", message: parsed.message } satisfies W9Submit;
  const signing = parseW9Signature(form);
  if (signing instanceof InvalidRequest)
    return { kind: "invalid", param: signing.param ?? "", message: signing.message } satisfies W9Submit;
  const scope = scopeOf(link.ref);
  const vault = yield* TinVault;
  const ids = yield* Ids;
  const now = (yield* Clock).now();
  const at = now.toISOString();
  const sealed = vault.seal(parsed.tin);
  const { fields } = parsed;
  const signature: W9Signature = {
    item2Struck: signing.item2Struck,
    signerName: signing.signerName,
    signedAt: at,
    ip: visit.ip,
    userAgent: visit.userAgent === null ? null : visit.userAgent.slice(0, 300),
    sentTo: link.page.email,
  };
  const digest = (yield* Hasher).sha256Hex(signedContent(fields, sealed.hash, signature));
  const runId = ids.short("tmr_");
  const outcome = yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const r = yield* tx.w9Requests.get(link.ref.id);
      if (!r || !canMove(r, "complete", now))
        return yield* new Conflict({ message: `W-9 request ${link.ref.id} is no longer open.` });
      const recipientId = yield* upsertRecipient(tx, r, fields, parsed.tin, sealed, at);
      const run: TinMatchRun = {
        id: runId,
        status: "processing",
        count: 1,
        entries: [
          {
            name: fields.name,
            tinCiphertext: sealed.ciphertext,
            tinLast4: sealed.last4,
            tinType: fields.tinType,
            recipient: recipientId,
            reference: r.id,
          },
        ],
        results: null,
        createdAt: at,
        completedAt: null,
      };
      yield* tx.tinMatches.insert(run);
      const completed = yield* tx.w9Requests.update(r.id, ["sent"], {
        status: "completed",
        completedAt: at,
        recipientId,
        signed: { fields, signature, tinLast4: sealed.last4, tinType: fields.tinType, digest },
        tinCiphertext: sealed.ciphertext,
        tinMatchRun: run.id,
        tinMatchResult: "pending",
        updatedAt: at,
      });
      if (!completed) return yield* new Conflict({ message: `W-9 request ${r.id} is no longer open.` });
      // Issue 40 item 4: a new signed W-9 answers the recipient's first B-notices (not a second one).
      yield* clearFirstNoticesByW9(tx, recipientId, r.id, at);
      yield* tx.events.insert({
        id: ids.short("evt_"),
        type: "w9_request.completed",
        createdAt: at,
        data: { ...w9EventData(completed, now) },
      });
      return completed;
    }),
  ).pipe(Effect.catchTag("Conflict", () => Effect.succeed(undefined)));
  if (outcome === undefined) {
    // Another submission (or a cancel, or the expiry) won: say what the link is now.
    const again = yield* openW9Link(token);
    return (again.kind === "open" ? { kind: "completed" } : again) satisfies W9Submit;
  }
  yield* Effect.ignore(
    (yield* Jobs).send(TIN_MATCH_QUEUE, { ...scope, runId }, { key: runId, startAfterSeconds: 0 }),
  );
  return { kind: "signed", requestId: outcome.id, tinMatchRun: runId } satisfies W9Submit;
});
