// Issue 39: the rules of the recipient portal. A recipient arrives by the e-mail's link (a statement delivery) or by
// the access code printed on the letter, then proves who they are with the last four digits of their TIN and their
// ZIP code: five attempts a day, then a lock the payer sees. Statements stay available until October 15 of the
// year after their tax year. Consent to electronic delivery is given only after the IRS's disclosures are shown and
// the recipient has shown they can open a PDF (by typing the code printed in a test PDF).
import type { ThrottleRule } from "../security/throttle.ts";

export type PortalAction =
  | "signed_in"
  | "sign_in_failed"
  | "locked"
  | "viewed"
  | "consent_given"
  | "consent_withdrawn"
  | "email_changed";
export const PORTAL_ACTIONS: readonly PortalAction[] = [
  "signed_in",
  "sign_in_failed",
  "locked",
  "viewed",
  "consent_given",
  "consent_withdrawn",
  "email_changed",
];

/** Five attempts to give the last four digits and the ZIP code; the sixth within a day is refused for a day. */
export const PORTAL_SIGN_IN_RULE: ThrottleRule = { limit: 5, windowSeconds: 24 * 3600 };

/** How long a signed-in portal session lasts without a new sign-in. */
export const PORTAL_SESSION_SECONDS = 30 * 60;

// Crockford's base 32: no I, L, O or U, so a code read off paper is typed back right.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new access code from 8 random bytes: 12 characters (60 bits) shown as XXXX-XXXX-XXXX. */
export function newAccessCode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes.slice(0, 8)) n = (n << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < 12; i++) {
    out = (ALPHABET[Number(n & 31n)] ?? "0") + out;
    n >>= 5n;
  }
  return out;
}

/** The code as printed: XXXX-XXXX-XXXX. */
export const formatAccessCode = (code: string) =>
  `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;

/** A code as typed (any case, spaces, dashes, O for 0, I or L for 1) to its stored form; null when it is not one. */
export function normaliseAccessCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replaceAll("O", "0").replace(/[IL]/g, "1");
  return /^[0-9A-HJKMNP-TV-Z]{12}$/.test(code) ? code : null;
}

/** The last day a statement of `taxYear` is in the portal: October 15 of the following year (end of day, UTC). */
export const availableUntil = (taxYear: number) => new Date(Date.UTC(taxYear + 1, 9, 16) - 1).toISOString();

export const isAvailable = (taxYear: number, now: Date) => now.toISOString() <= availableUntil(taxYear);

/** What the recipient typed against what the payer filed: the TIN's last four digits and the ZIP code's first five. */
export function identityMatches(
  recipient: { readonly tinLast4: string; readonly postalCode: string | null },
  typed: { readonly tinLast4: string; readonly postalCode: string },
): boolean {
  const digits = typed.tinLast4.replace(/\D/g, "");
  const zip = (s: string) =>
    /^\d{5}/.test(s.trim()) ? s.trim().slice(0, 5) : s.toUpperCase().replace(/[^0-9A-Z]/g, "");
  const filed = recipient.postalCode ?? "";
  return (
    digits.length === 4 &&
    digits === recipient.tinLast4 &&
    filed !== "" &&
    zip(typed.postalCode) !== "" &&
    zip(typed.postalCode) === zip(filed)
  );
}

/** The code printed in the consent test PDF, from the session's secret: six digits the recipient types back. */
export const consentCheckCode = (sha256Hex: string) =>
  String(Number.parseInt(sha256Hex.slice(0, 12), 16) % 1_000_000).padStart(6, "0");

/**
 * The disclosures shown before consent (the IRS's list for furnishing statements electronically, as in Treas. Reg.
 * 31.6051-1(j) for Form W-2 and Pub 1179 for the 1099 series): paper by default, scope and duration, how to get a paper copy, how to withdraw, what ends the service, how to update
 * contact details, and the hardware and software needed.
 */
export function consentDisclosures(payerName: string, availableUntilDate: string) {
  return [
    {
      heading: "Paper is the default",
      text: `If you do not consent, ${payerName} furnishes your tax statements on paper, by mail. Consenting is your choice.`,
    },
    {
      heading: "What your consent covers and for how long",
      text: `Your consent covers every information return statement (for example Forms 1099 and W-2) that ${payerName} furnishes to you through this portal, for this and later tax years, until you withdraw it.`,
    },
    {
      heading: "How to get a paper copy",
      text: `You can ask ${payerName} for a paper copy of any statement at any time, even after consenting; asking for one does not withdraw your consent. You can also print each statement from this portal.`,
    },
    {
      heading: "How to withdraw your consent",
      text: "Withdraw it here in the portal at any time (Withdraw consent). A withdrawal takes effect for statements not yet furnished; they are then mailed on paper where your payer's service includes mail. Withdrawing does not take back statements already furnished electronically.",
    },
    {
      heading: "When electronic statements end",
      text: `${payerName} may stop furnishing statements electronically, for example when your engagement ends; you are then told by e-mail and get paper statements. Each statement stays available in this portal until ${availableUntilDate}.`,
    },
    {
      heading: "Keeping your contact details up to date",
      text: `Update your e-mail address here in the portal, or tell ${payerName}. If an e-mail to you bounces, your statement is mailed on paper where your payer's service includes mail.`,
    },
    {
      heading: "What you need",
      text: "A device with a current web browser, an e-mail account, and software that opens PDF files (every current browser does). To show that you can open them, open the test PDF below and type the code it contains.",
    },
  ] as const;
}

/** A recipient's sign-in attempts as stored: the count of the current window and the lock it led to. */
export interface PortalAttempts {
  readonly attempts: number;
  readonly windowStartedAt: string | null;
  readonly lockedUntil: string | null;
}

/**
 * One more sign-in attempt at `now`, counted before the answer is checked: refused (nothing counted) while locked;
 * the attempt over `rule.limit` in a window locks for a window; a window over (or a lock past) starts a new count.
 */
export function afterAttempt(
  state: PortalAttempts,
  rule: ThrottleRule,
  now: Date,
): { readonly allowed: boolean; readonly next: PortalAttempts } {
  const at = now.getTime();
  if (state.lockedUntil !== null && Date.parse(state.lockedUntil) > at)
    return { allowed: false, next: state };
  const windowOver =
    state.windowStartedAt === null ||
    state.lockedUntil !== null ||
    Date.parse(state.windowStartedAt) + rule.windowSeconds * 1000 <= at;
  const attempts = windowOver ? 1 : state.attempts + 1;
  const allowed = attempts <= rule.limit;
  return {
    allowed,
    next: {
      attempts: allowed ? attempts : state.attempts,
      windowStartedAt: windowOver ? now.toISOString() : state.windowStartedAt,
      lockedUntil: allowed ? null : new Date(at + rule.windowSeconds * 1000).toISOString(),
    },
  };
}
