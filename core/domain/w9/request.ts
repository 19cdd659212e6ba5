// Issue 40: a W-9 request (SPEC conventions: `w9r_` ids, paged lists, Idempotency-Key). The payer asks a payee for
// a Form W-9; the payee gets an e-mail with a link to the hosted W-9 in the recipient portal. The request is open
// (`sent`) until the payee signs (`completed`), the payer cancels (`canceled`) or its expiry passes (`expired`, by
// the worker's sweep on the clock). A resend e-mails a new link (the old one stops working) and keeps the expiry.
// The link's token is stored only as its SHA-256: the row cannot give the link back.
import { InvalidRequest } from "../shared/errors.ts";
import { compileBody } from "../shared/validation.ts";
import type { TinType } from "../parties/payer.ts";
import type { W9Fields, W9Signature } from "./form.ts";

export const W9_STATUSES = ["sent", "completed", "expired", "canceled"] as const;
export type W9RequestStatus = (typeof W9_STATUSES)[number];

export const W9_TIN_MATCH_RESULTS = ["pending", "match", "mismatch", "not_issued"] as const;
export type W9TinMatchResult = (typeof W9_TIN_MATCH_RESULTS)[number];

export const W9_EMAIL_STATUSES = ["queued", "sent", "rejected", "failed"] as const;
export type W9EmailStatus = (typeof W9_EMAIL_STATUSES)[number];

/** The optional letter (`send_letter`): sent to the mail house, refused for its address, or the house was down. */
export const W9_LETTER_STATUSES = ["queued", "sent", "undeliverable", "failed"] as const;
export type W9LetterStatus = (typeof W9_LETTER_STATUSES)[number];

/** How long a request stays open when the payer does not say: 30 days (docs/decisions.md). */
export const DEFAULT_EXPIRY_DAYS = 30;
export const MAX_EXPIRY_DAYS = 90;

/** The signed W-9 as kept: every field, the signature facts and the TIN's last four (the TIN is sealed apart). */
export interface W9Signed {
  readonly fields: W9Fields;
  readonly signature: W9Signature;
  readonly tinLast4: string;
  readonly tinType: TinType;
  /** SHA-256 of the signed content (fields, TIN hash, signature): what was signed, checked when it is printed. */
  readonly digest: string;
}

export interface W9Request {
  readonly id: string;
  readonly payerId: string;
  readonly recipientId: string | null;
  readonly name: string;
  readonly email: string;
  readonly reference: string | null;
  /** Shown to the payee on the page (why the payer asks again, e.g. after a TIN mismatch). */
  readonly reason: string | null;
  readonly status: W9RequestStatus;
  readonly tokenHash: string;
  /** E-mails sent so far (the first and each resend). */
  readonly sends: number;
  readonly emailStatus: W9EmailStatus;
  readonly emailFailure: string | null;
  /** Null when no letter was asked for. */
  readonly letterStatus: W9LetterStatus | null;
  readonly letterVendorId: string | null;
  readonly letterFailure: string | null;
  readonly lastSentAt: string;
  readonly expiresAt: string;
  readonly completedAt: string | null;
  readonly canceledAt: string | null;
  readonly expiredAt: string | null;
  readonly signed: W9Signed | null;
  readonly tinCiphertext: string | null;
  readonly tinMatchRun: string | null;
  readonly tinMatchResult: W9TinMatchResult | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type W9Trigger = "complete" | "cancel" | "expire" | "resend";

/** The state machine: which statuses each trigger leaves from, and where it goes. */
export const W9_TRANSITIONS: Readonly<
  Record<W9Trigger, { readonly from: readonly W9RequestStatus[]; readonly to: W9RequestStatus }>
> = {
  complete: { from: ["sent"], to: "completed" },
  cancel: { from: ["sent"], to: "canceled" },
  expire: { from: ["sent"], to: "expired" },
  resend: { from: ["sent"], to: "sent" },
};

/** A request past its expiry is expired even before the sweep has marked it. */
export const isPastExpiry = (r: Pick<W9Request, "expiresAt">, now: Date) =>
  Date.parse(r.expiresAt) <= now.getTime();

/** What a link (or the payer's action) finds: the request's status as of `now`. */
export function effectiveStatus(r: Pick<W9Request, "status" | "expiresAt">, now: Date): W9RequestStatus {
  return r.status === "sent" && isPastExpiry(r, now) ? "expired" : r.status;
}

/** Whether `trigger` may move `r` at `now`; an open request past its expiry takes only `expire`. */
export function canMove(r: Pick<W9Request, "status" | "expiresAt">, trigger: W9Trigger, now: Date): boolean {
  if (!W9_TRANSITIONS[trigger].from.includes(r.status)) return false;
  return trigger === "expire" ? isPastExpiry(r, now) : !isPastExpiry(r, now);
}

export const expiryOf = (createdAt: Date, days: number) =>
  new Date(createdAt.getTime() + days * 24 * 3600 * 1000).toISOString();

export interface W9RequestInput {
  readonly payer?: string;
  readonly recipient?: string;
  readonly name?: string;
  readonly email?: string;
  readonly reference?: string;
  readonly reason?: string;
  readonly expires_in_days?: number;
  readonly send_letter?: boolean;
}

const createSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    payer: { type: "string", maxLength: 64 },
    recipient: { type: "string", maxLength: 64 },
    name: { type: "string", minLength: 1, maxLength: 150 },
    email: { type: "string", maxLength: 254, format: "email" },
    reference: { type: "string", minLength: 1, maxLength: 200 },
    reason: { type: "string", minLength: 1, maxLength: 500 },
    expires_in_days: { type: "integer", minimum: 1, maximum: MAX_EXPIRY_DAYS },
    send_letter: {
      type: "boolean",
      description:
        "Also mail a letter with the link through the mail house (a recipient with a full address).",
    },
  },
};
export const checkW9RequestCreate = compileBody<W9RequestInput>(createSchema);

/** A request names a recipient, or a payer with the payee's name and e-mail. */
export function parseW9RequestCreate(body: unknown): W9RequestInput | InvalidRequest {
  const c = checkW9RequestCreate(body ?? {});
  if (!c.ok) return c.error;
  const v = c.value;
  if (v.send_letter === true && v.recipient === undefined)
    return new InvalidRequest({
      param: "send_letter",
      message: "A letter needs a recipient with an address: name the recipient.",
    });
  if (v.recipient === undefined) {
    if (v.payer === undefined)
      return new InvalidRequest({
        param: "payer",
        message: "Name a recipient, or a payer with a name and email.",
      });
    if (v.name === undefined || v.name.trim() === "")
      return new InvalidRequest({ param: "name", message: "name is required when no recipient is named." });
    if (v.email === undefined)
      return new InvalidRequest({ param: "email", message: "email is required when no recipient is named." });
  }
  return v;
}

export const looksLikeW9RequestId = (id: string) => /^w9r_[A-Za-z0-9]{6,40}$/.test(id);
/** The link's token: 43 base62 characters (256 bits). */
export const looksLikeW9Token = (token: string) => /^[A-Za-z0-9]{43}$/.test(token);
export const W9_TOKEN_LENGTH = 43;

/** JSON with every object's keys sorted: the same text however the store ordered the document's keys (jsonb). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

/** The canonical text the digest of a signed W-9 is taken over. */
export function signedContent(fields: W9Fields, tinHash: string, signature: W9Signature): string {
  return canonical({ fields, tinHash, signature });
}
