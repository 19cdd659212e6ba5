// Issue 39, the rule of recipient copies: which channel furnishes a recipient's statement (a payee statement,
// Copy B; the employee copies of a W-2), when, and what a failure turns into. Pure: the facts of one statement
// version in, the deliveries to start and whether the recipient is furnished out. The worker that sends letters and
// e-mails (MailHouse, Mailer) asks this rule, records what it started under the rule's idempotency key, and asks
// again when something changes (a delivery's status, the recipient's consent, address or e-mail).
//
// - Nothing goes out before Copy B is available (D21: accepted, accepted_with_errors, superseded, furnishing).
// - Paper: a letter when the service includes mail, once per statement version and address: a correction is a new
//   version (the CORRECTED copy goes out again); a new address after an undeliverable or returned letter is a new
//   address version (re-mailed, not charged again).
// - Electronic: only to a recipient who gave affirmative consent in the portal, as a notice that the statement is
//   posted (no TIN, no amounts, no attachment). Without consent the recipient is invited to consent and the paper
//   copy goes out if the service includes mail; a bounced notice or a withdrawn consent falls back to paper the same
//   way. Where no channel the service includes can furnish the recipient, the statement is not furnished by the
//   service and the payer is told.

import type { AddressFields } from "../parties/address.ts";

export type Channel = "mail" | "email";
export const MAIL_STATUSES = [
  "queued",
  "mailed",
  "in_transit",
  "delivered",
  "returned",
  "undeliverable",
  "canceled",
] as const;
export const EMAIL_STATUSES = ["queued", "sent", "bounced", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** Every status a delivery of either channel can be in (the API's `status` filter). */
export const DELIVERY_STATUSES: readonly string[] = [...new Set([...MAIL_STATUSES, ...EMAIL_STATUSES])];

export type StatementDelivery =
  | {
      readonly channel: "mail";
      readonly key: string;
      readonly status: MailStatus;
      /** Whether the mail house has the letter (its id recorded): a queued letter it has can only be canceled. */
      readonly atVendor?: boolean;
    }
  | { readonly channel: "email"; readonly key: string; readonly status: EmailStatus };

export type ConsentStatus = "none" | "given" | "withdrawn";

export interface StatementFacts {
  readonly filingId: string;
  /** 1 for the original statement; each accepted correction is the next version (a CORRECTED copy). */
  readonly version: number;
  /** Whether Copy B is available (D21). */
  readonly copyBAvailable: boolean;
  /** Whether the filing's service includes printing and mailing (its `physical_mail`, resolved). */
  readonly mailIncluded: boolean;
  readonly deliveryMethod: "paper" | "electronic";
  readonly email: string | null;
  readonly consent: ConsentStatus;
  /** Bumped by every change of the recipient's mailing address: a letter per address version. */
  readonly addressVersion: number;
  /** The deliveries already started for this filing, every version. */
  readonly deliveries: readonly StatementDelivery[];
}

export type NotFurnishedReason =
  /** Electronic delivery chosen, no consent given, and the service includes no mail. */
  | "no_consent"
  /** Consent withdrawn, and the service includes no mail. */
  | "consent_withdrawn"
  /** The notice bounced (or could not be sent), and the service includes no mail. */
  | "email_failed"
  /** A paper recipient, and the service includes no mail (the payer furnishes the copy itself). */
  | "mail_not_included"
  /** The mail house could not verify the address, or the letter came back: a new address re-mails it. */
  | "undeliverable";

export type StatementAction =
  | { readonly kind: "mail"; readonly key: string }
  | { readonly kind: "email_notice"; readonly key: string }
  | { readonly kind: "consent_invitation"; readonly key: string }
  /**
   * The mail house holds a letter of this version for an address the recipient no longer has, not yet mailed:
   * cancel it (a new letter to the new address follows once it is canceled; too late, it stays on its way).
   */
  | { readonly kind: "cancel_mail"; readonly key: string };

export interface StatementPlan {
  /** Deliveries to start now, each under its idempotency key (the same facts always give the same keys). */
  readonly actions: readonly StatementAction[];
  /** Furnished by a valid channel: a letter mailed, or a notice e-mailed to a consenting recipient. */
  readonly furnished: boolean;
  /**
   * Set when the service cannot furnish this version by any channel it includes; the payer is told. Never set
   * while `furnished`.
   */
  readonly notFurnished: NotFurnishedReason | null;
}

/** The idempotency key of a letter: one per statement version and address version. */
export const mailKey = (f: Pick<StatementFacts, "filingId" | "version" | "addressVersion">) =>
  `stmt_${f.filingId}_v${String(f.version)}_mail_a${String(f.addressVersion)}`;
/** The address version a letter's key was made for (mailKey), or null for a key that is not a letter's. */
export const addressVersionOfKey = (key: string): number | null => {
  const m = /_mail_a(\d+)(?:_r\d+)?$/.exec(key);
  return m ? Number(m[1]) : null;
};
/** The idempotency key of the notice that a statement version is posted. */
export const emailKey = (f: Pick<StatementFacts, "filingId" | "version">) =>
  `stmt_${f.filingId}_v${String(f.version)}_email`;
/** The key of a consent invitation for a statement version (one invitation per version at most). */
export const inviteKey = (f: Pick<StatementFacts, "filingId" | "version">) =>
  `stmt_${f.filingId}_v${String(f.version)}_invite`;

/** A letter that left for the recipient and has not come back. */
const MAIL_FURNISHED: ReadonlySet<MailStatus> = new Set(["mailed", "in_transit", "delivered"]);
const MAIL_FAILED: ReadonlySet<MailStatus> = new Set(["undeliverable", "returned"]);

export function planStatement(f: StatementFacts): StatementPlan {
  if (!f.copyBAvailable) return { actions: [], furnished: false, notFurnished: null };
  const version = (key: string) => key.startsWith(`stmt_${f.filingId}_v${String(f.version)}_`);
  const mails = f.deliveries.filter(
    (d): d is Extract<StatementDelivery, { channel: "mail" }> => d.channel === "mail" && version(d.key),
  );
  const emails = f.deliveries.filter(
    (d): d is Extract<StatementDelivery, { channel: "email" }> => d.channel === "email" && version(d.key),
  );
  const notice = emails.find((d) => d.key === emailKey(f));
  const invited = emails.some((d) => d.key === inviteKey(f));
  const consenting = f.deliveryMethod === "electronic" && f.consent === "given" && f.email !== null;

  // A notice is only ever sent to a consenting recipient: once sent, that version is furnished, whatever the
  // consent becomes later.
  const emailed = notice?.status === "sent";
  const mailed = mails.some((d) => MAIL_FURNISHED.has(d.status));
  const furnished = emailed || mailed;

  const actions: StatementAction[] = [];
  // Electronic first, where the recipient consented and the notice has not failed.
  const noticeFailed = notice?.status === "bounced" || notice?.status === "failed";
  if (consenting && notice === undefined) actions.push({ kind: "email_notice", key: emailKey(f) });
  const electronicWorks = consenting && !noticeFailed;
  if (f.deliveryMethod === "electronic" && f.consent === "none" && f.email !== null && !invited)
    actions.push({ kind: "consent_invitation", key: inviteKey(f) });

  // Paper when electronic delivery does not furnish the recipient, the service includes mail, and no letter of
  // this version went to this address.
  if (electronicWorks) return { actions, furnished, notFurnished: null };
  const why: NotFurnishedReason =
    f.deliveryMethod === "paper"
      ? "mail_not_included"
      : f.consent === "withdrawn"
        ? "consent_withdrawn"
        : noticeFailed
          ? "email_failed"
          : "no_consent";
  if (emailed) return { actions, furnished, notFurnished: null };
  if (!f.mailIncluded) return { actions, furnished, notFurnished: furnished ? null : why };
  // The letters to this address; a canceled one (the recipient moved away and back before it was mailed) is
  // followed by a new one under the next key, `_r1`, `_r2`...: the same facts still give the same key.
  const base = mailKey(f);
  const atThis = mails.filter((d) => d.key === base || d.key.startsWith(`${base}_r`));
  const thisAddress = atThis.find((d) => d.status !== "canceled");
  if (thisAddress === undefined) {
    // A letter of this version on its way needs no second one at a new address. One still queued for an old
    // address is canceled first, and then this one starts: never two letters in flight. The mail house's is
    // canceled there (cancel_mail); one it does not have yet is canceled by its send, which finds the address
    // changed.
    const pending = mails.some((d) => d.status === "queued" || MAIL_FURNISHED.has(d.status));
    for (const d of mails)
      if (d.status === "queued" && d.atVendor === true) actions.push({ kind: "cancel_mail", key: d.key });
    if (!pending)
      actions.push({ kind: "mail", key: atThis.length === 0 ? base : `${base}_r${String(atThis.length)}` });
    return { actions, furnished, notFurnished: null };
  }
  return {
    actions,
    furnished,
    notFurnished: MAIL_FAILED.has(thisAddress.status) && !furnished ? "undeliverable" : null,
  };
}

/** A digest of a mailing address: a new address is a new letter (delivery.ts `addressVersion`). */
export function addressVersionOf(a: AddressFields): number {
  const text = [a.addressLine1, a.addressLine2, a.city, a.state, a.postalCode, a.country]
    .map((p) => (p ?? "").trim().toUpperCase())
    .join("|");
  // FNV-1a, 32 bits: stable across processes and versions.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
