// Issue 39: the e-mails a recipient gets about a statement. The notice of posting carries the IRS's wording in its
// subject (Pub 1179 / Treas. Reg. 31.6051-1(j): "IMPORTANT TAX RETURN DOCUMENT AVAILABLE"), the payer's name, the
// form and tax year and a link to the portal; never a TIN, an amount or an attachment. The consent invitation asks
// the recipient to choose electronic delivery in the portal and says the paper copy comes otherwise.

import { escapeAttribute } from "../iris/xml.ts";

export const NOTICE_SUBJECT = "IMPORTANT TAX RETURN DOCUMENT AVAILABLE";

export interface NoticeFacts {
  readonly payerName: string;
  readonly form: string;
  readonly taxYear: number;
  readonly corrected: boolean;
  /** The portal page of this statement. */
  readonly link: string;
  /** Whether the service also mails a paper copy when the recipient does not consent. */
  readonly paperFallback: boolean;
}

export interface EmailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

// The XML attribute escaping (&, <, >, both quotes) is also what HTML text and a quoted attribute need.
const escapeHtml = escapeAttribute;

const htmlOf = (paragraphs: readonly string[], link: string, linkText: string) =>
  `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p></body></html>`;

/** The notice that a statement is posted, to a recipient who consented to electronic delivery. */
export function noticeEmail(f: NoticeFacts): EmailContent {
  const what = `${f.corrected ? "a CORRECTED " : "your "}Form ${f.form} for tax year ${String(f.taxYear)}`;
  const paragraphs = [
    `${f.payerName} has posted ${what} for you to view and print.`,
    "You agreed to receive this statement electronically. Sign in to the recipient portal to open it; you will be asked to confirm who you are.",
    "You can withdraw your consent or ask for a paper copy in the portal at any time.",
  ];
  return {
    subject: NOTICE_SUBJECT,
    text: `${paragraphs.join("\n\n")}\n\n${f.link}\n`,
    html: htmlOf(paragraphs, f.link, "Open your tax document"),
  };
}

/** The invitation to consent to electronic delivery, to a recipient who has not chosen yet. */
export function invitationEmail(f: NoticeFacts): EmailContent {
  const paragraphs = [
    `${f.payerName} can deliver your Form ${f.form} for tax year ${String(f.taxYear)} electronically.`,
    "To receive it electronically, open the recipient portal, read the disclosures and give your consent there.",
    f.paperFallback
      ? "If you do not consent, your statement is mailed to you on paper."
      : "If you do not consent, ask the sender for a paper copy.",
  ];
  return {
    subject: `Choose how to receive your Form ${f.form} from ${f.payerName}`,
    text: `${paragraphs.join("\n\n")}\n\n${f.link}\n`,
    html: htmlOf(paragraphs, f.link, "Choose electronic delivery"),
  };
}

/** The cover page of a letter: where the recipient portal is and the access code that opens it. */
export function letterCover(f: {
  readonly payerName: string;
  readonly form: string;
  readonly taxYear: number;
  readonly corrected: boolean;
  /** The portal's address (PORTAL_BASE_URL/portal). */
  readonly portalUrl: string;
  /** As printed: XXXX-XXXX-XXXX. */
  readonly accessCode: string;
}) {
  return {
    title: `${f.corrected ? "CORRECTED " : ""}Form ${f.form} for tax year ${String(f.taxYear)} from ${f.payerName}`,
    paragraphs: [
      `Your ${f.corrected ? "corrected " : ""}tax statement from ${f.payerName} is enclosed. Keep it for your records and your tax return.`,
      // The address and the code each on a line of their own: a line break inside either (a wrapped paragraph
      // breaks at the code's hyphens) is how a recipient would mistype them.
      "You can also view and download it online, and choose to receive your statements electronically. Go to",
      f.portalUrl,
      "and enter your access code",
      f.accessCode,
      "then the last four digits of your taxpayer identification number and your ZIP code.",
      `The statement stays available online until October 15, ${String(f.taxYear + 1)}.`,
    ],
  };
}

/** The payer's own invitation to consent (POST /v1/recipients/{id}/consent-requests), not tied to one statement. */
export function consentRequestEmail(f: { readonly payerName: string; readonly link: string }): EmailContent {
  const paragraphs = [
    `${f.payerName} can deliver your tax statements (for example Forms 1099 and W-2) electronically.`,
    "To receive them electronically, open the recipient portal, confirm who you are, read the disclosures and give your consent there.",
    "If you do not consent, your statements come on paper.",
  ];
  return {
    subject: `Receive your tax statements from ${f.payerName} electronically`,
    text: `${paragraphs.join("\n\n")}\n\n${f.link}\n`,
    html: htmlOf(paragraphs, f.link, "Choose electronic delivery"),
  };
}
