// Issue 40: the e-mail that asks a payee for a Form W-9. It names the payer and carries the link to the hosted W-9;
// never a TIN (the payee types theirs on the page) and never an attachment.
import type { EmailContent } from "../statements/notices.ts";
import { escapeAttribute } from "../iris/xml.ts";

export function w9RequestEmail(f: {
  readonly payerName: string;
  readonly link: string;
  readonly expiresAt: string;
  readonly reason: string | null;
}): EmailContent {
  const paragraphs = [
    `${f.payerName} asks you for a Form W-9, Request for Taxpayer Identification Number and Certification.`,
    "Fill it in and sign it electronically on the secure page of the link below. Do not reply to this e-mail with your taxpayer identification number.",
    ...(f.reason === null ? [] : [`Why ${f.payerName} asks: ${f.reason}`]),
    `The link works until ${f.expiresAt.slice(0, 10)}.`,
  ];
  return {
    subject: `Form W-9 requested by ${f.payerName}`,
    text: `${paragraphs.join("\n\n")}\n\n${f.link}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs
      .map((p) => `<p>${escapeAttribute(p)}</p>`)
      .join("")}<p><a href="${escapeAttribute(f.link)}">Fill in your Form W-9</a></p></body></html>`,
  };
}

/** The letter of a request with `send_letter`: the same ask on paper, the link printed; never a TIN. */
export function w9RequestLetter(f: {
  readonly payerName: string;
  readonly link: string;
  readonly expiresAt: string;
  readonly reason: string | null;
}) {
  return {
    title: `Form W-9 requested by ${f.payerName}`,
    paragraphs: [
      `${f.payerName} asks you for a Form W-9, Request for Taxpayer Identification Number and Certification.`,
      `Fill it in and sign it electronically at this address (type it exactly as printed): ${f.link}`,
      ...(f.reason === null ? [] : [`Why ${f.payerName} asks: ${f.reason}`]),
      `The address works until ${f.expiresAt.slice(0, 10)}. Do not write your taxpayer identification number on this letter or mail it back.`,
    ],
  };
}
