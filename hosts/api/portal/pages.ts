// The recipient portal's pages (issue 39): server-rendered HTML and one style sheet, no script, nothing from a CDN.
// Every dynamic value is escaped; the style sheet is allowed by its hash in the Content-Security-Policy. Each form
// field has a label, errors are announced (role=alert) and linked to their field, and the layout fits a phone.
import { createHash } from "node:crypto";
import type { portalHome } from "../../../core/use-cases/statements/portal.ts";
import type * as Effect from "effect/Effect";
import type { W9Page } from "../../../core/use-cases/parties/w9-portal.ts";
import {
  CERTIFICATION_INSTRUCTIONS,
  CERTIFICATION_ITEMS,
  CLASSIFICATION_LABELS,
  PENALTIES_OF_PERJURY,
  SIGNATURE_AFFIRMATION,
  TAX_CLASSIFICATIONS,
  W9_REVISION,
  W9_TITLE,
} from "../../../core/domain/w9/form.ts";

type Home = NonNullable<Effect.Success<ReturnType<typeof portalHome>>>;

const CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --accent: #0a5bd3; --bad: #b42318; --ok: #13562c; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 16px; background: var(--bg); color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { margin: 0 auto; width: 100%; max-width: 640px; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 24px; }
h1 { font-size: 1.35rem; line-height: 1.3; margin: 0 0 8px; }
h2 { font-size: 1.05rem; margin: 24px 0 8px; }
h3 { font-size: .95rem; margin: 14px 0 2px; }
p { margin: 0 0 12px; }
.muted { color: var(--muted); font-size: .925rem; }
.env { display: inline-block; margin: 0 0 12px; padding: 2px 10px; border-radius: 999px; font-size: .8rem; font-weight: 600; background: #fff4d6; color: #7a4d00; border: 1px solid #f0c96a; }
label { display: block; font-weight: 600; margin: 14px 0 4px; }
input[type=text], input[type=email] { width: 100%; max-width: 360px; padding: 10px 12px; font: inherit; border: 1px solid #8c959f; border-radius: 6px; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #80b3ff; outline-offset: 2px; }
.check { display: flex; gap: 10px; align-items: flex-start; font-weight: 400; }
.check input { margin-top: 5px; width: 18px; height: 18px; }
button { margin-top: 16px; padding: 10px 16px; font: inherit; font-weight: 600; border-radius: 6px; cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: #fff; }
button.secondary { background: #fff; color: var(--ink); border-color: var(--line); }
a { color: var(--accent); }
ul.docs { list-style: none; margin: 0; padding: 0; border: 1px solid var(--line); border-radius: 8px; }
ul.docs li { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; padding: 10px 12px; border-top: 1px solid var(--line); }
ul.docs li:first-child { border-top: 0; }
.tag { font-size: .8rem; font-weight: 600; padding: 1px 8px; border-radius: 999px; background: #fef3f2; color: var(--bad); border: 1px solid #fecdca; }
.error { margin: 12px 0 0; padding: 10px 12px; border-radius: 6px; background: #fef3f2; color: var(--bad); border: 1px solid #fecdca; }
.notice { margin: 12px 0 0; padding: 10px 12px; border-radius: 6px; background: #e6f4ea; color: var(--ok); border: 1px solid #9bd3ae; }
.row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
form.inline { display: inline; }
fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 16px 0 0; padding: 8px 14px 14px; }
legend { font-weight: 700; padding: 0 6px; }
.radio { display: flex; gap: 10px; align-items: flex-start; font-weight: 400; margin: 8px 0 0; }
.radio input { margin-top: 5px; width: 18px; height: 18px; }
.jurat { border-left: 4px solid var(--accent); padding: 4px 0 4px 12px; margin: 12px 0; }
.jurat ol { margin: 8px 0; padding-left: 20px; }
input[aria-invalid=true] { border-color: var(--bad); outline: 2px solid #fecdca; }
`;

export const PORTAL_STYLE_HASH = `'sha256-${createHash("sha256").update(CSS).digest("base64")}'`;

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

function layout(title: string, body: string, livemode: boolean | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Tax document portal</title>
<style>${CSS}</style>
</head>
<body>
<main>
${livemode === false ? '<p class="env">Sandbox: test data only</p>' : ""}
${body}
</main>
</body>
</html>`;
}

const csrfField = (csrf: string) => `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
const errorBox = (error: string | undefined, id = "form-error") =>
  error ? `<p class="error" role="alert" id="${id}">${escapeHtml(error)}</p>` : "";
const describedBy = (error: string | undefined) =>
  error ? ' aria-describedby="form-error" aria-invalid="true"' : "";

export function codePage(p: { csrf: string; error?: string }): string {
  return layout(
    "Open your tax documents",
    `<h1>Open your tax documents</h1>
<p>Enter the access code printed on the letter that came with your tax statement.</p>
${errorBox(p.error)}
<form method="post" action="/portal/code">
${csrfField(p.csrf)}
<label for="access_code">Access code</label>
<input type="text" id="access_code" name="access_code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="20" required placeholder="XXXX-XXXX-XXXX"${describedBy(p.error)}>
<button type="submit">Continue</button>
</form>
<p class="muted">Got an e-mail instead? Use the link in it.</p>`,
    undefined,
  );
}

export function verifyPage(p: {
  csrf: string;
  payerName: string;
  livemode: boolean;
  error?: string;
}): string {
  return layout(
    "Confirm who you are",
    `<h1>Confirm who you are</h1>
<p>${escapeHtml(p.payerName)} keeps your tax documents here. To open them, confirm two details from your records.</p>
${errorBox(p.error)}
<form method="post" action="/portal/verify">
${csrfField(p.csrf)}
<label for="tin_last4">Last four digits of your SSN or TIN</label>
<input type="text" id="tin_last4" name="tin_last4" inputmode="numeric" autocomplete="off" pattern="[0-9]{4}" maxlength="4" required${describedBy(p.error)}>
<label for="postal_code">ZIP code of your mailing address</label>
<input type="text" id="postal_code" name="postal_code" inputmode="numeric" autocomplete="postal-code" maxlength="10" required${describedBy(p.error)}>
<button type="submit">Open my documents</button>
</form>
<p class="muted">After five wrong answers the portal locks for a day; ${escapeHtml(p.payerName)} can see the lock.</p>`,
    p.livemode,
  );
}

export function messagePage(title: string, text: string, livemode?: boolean): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/portal">Back to the portal</a></p>`,
    livemode,
  );
}

const consentLine = (home: Home) =>
  home.consent.status === "given"
    ? `You receive your statements electronically (consent given ${escapeHtml((home.consent.at ?? "").slice(0, 10))}).`
    : home.consent.status === "withdrawn"
      ? "You withdrew your consent: your statements come on paper where your payer's service includes mail."
      : "Your statements come on paper. You can choose to receive them electronically instead.";

export function homePage(p: { csrf: string; home: Home; notice?: string; error?: string }): string {
  const { home } = p;
  const years = [...new Set(home.statements.map((s) => s.taxYear))];
  const docs =
    home.statements.length === 0
      ? "<p>No statement has been posted for you yet.</p>"
      : years
          .map(
            (y) => `<h3>Tax year ${String(y)}</h3>
<ul class="docs">${home.statements
              .filter((s) => s.taxYear === y)
              .map(
                (s) =>
                  `<li><span>Form ${escapeHtml(s.form)}${s.corrected ? ' <span class="tag">CORRECTED</span>' : ""}</span>${
                    s.available
                      ? `<a href="/portal/documents/${escapeHtml(s.filingId)}" download>Download PDF<span class="muted"> (Form ${escapeHtml(s.form)}, ${String(s.taxYear)})</span></a>`
                      : '<span class="muted">No longer available online</span>'
                  }</li>`,
              )
              .join("")}</ul>
<p class="muted">Available until ${escapeHtml(home.statements.find((s) => s.taxYear === y)?.availableUntil.slice(0, 10) ?? "")}.</p>`,
          )
          .join("");
  const consent =
    home.consent.status === "given"
      ? `<form method="post" action="/portal/consent/withdraw">${csrfField(p.csrf)}<button type="submit" class="secondary">Withdraw consent</button></form>`
      : `<p><a href="/portal/consent">Choose electronic delivery</a></p>`;
  return layout(
    "Your tax documents",
    `<h1>Your tax documents from ${escapeHtml(home.payerName)}</h1>
<p class="muted">Signed in as ${escapeHtml(home.recipientName)}.</p>
${p.notice ? `<p class="notice" role="status">${escapeHtml(p.notice)}</p>` : ""}
${errorBox(p.error)}
<h2>Statements</h2>
${docs}
<h2>Electronic delivery</h2>
<p>${consentLine(home)}</p>
${consent}
<h2>Your e-mail address</h2>
<form method="post" action="/portal/email">
${csrfField(p.csrf)}
<label for="email">E-mail address for notices</label>
<div class="row"><input type="email" id="email" name="email" autocomplete="email" maxlength="254" required value="${escapeHtml(home.email ?? "")}">
<button type="submit" class="secondary">Update e-mail</button></div>
</form>
<form method="post" action="/portal/sign-out">${csrfField(p.csrf)}<button type="submit" class="secondary">Sign out</button></form>`,
    home.livemode,
  );
}

export function consentPage(p: { csrf: string; home: Home; error?: string }): string {
  const { home } = p;
  return layout(
    "Electronic delivery",
    `<h1>Receive your tax statements electronically</h1>
<p>Read the following before you decide.</p>
${home.disclosures.map((d) => `<h2>${escapeHtml(d.heading)}</h2>\n<p>${escapeHtml(d.text)}</p>`).join("\n")}
<h2>Show that you can open PDF files</h2>
<p><a href="/portal/consent/test.pdf" target="_blank" rel="noopener">Open the test PDF</a> and type the six-digit code it shows.</p>
${errorBox(p.error)}
<form method="post" action="/portal/consent">
${csrfField(p.csrf)}
<label for="code">Code from the test PDF</label>
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="off" pattern="[0-9]{6}" maxlength="6" required${describedBy(p.error)}>
<label class="check" for="agree"><input type="checkbox" id="agree" name="agree" value="yes" required> <span>I consent to receive my tax statements from ${escapeHtml(home.payerName)} electronically instead of on paper, as described above.</span></label>
<button type="submit">Give consent</button>
</form>
<p><a href="/portal/home">Not now</a></p>`,
    home.livemode,
  );
}

/**
 * The hosted Form W-9 (issue 40): every line of the form, Part II with the penalties-of-perjury statement shown
 * right above the signature, and the electronic signature (typed name and an affirming checkbox). On an error the
 * page names the field, marks it and keeps what was typed, but never the TIN.
 */
export function w9FormPage(p: {
  csrf: string;
  action: string;
  page: W9Page;
  values?: Readonly<Record<string, string | undefined>>;
  error?: { readonly param: string; readonly message: string };
}): string {
  const v = (k: string) => escapeHtml(p.values?.[k] ?? p.page.prefill[k] ?? "");
  const bad = (k: string) =>
    p.error?.param === k ? ' aria-invalid="true" aria-describedby="form-error"' : "";
  const text = (k: string, label: string, extra = "") =>
    `<label for="${k}">${escapeHtml(label)}</label>\n<input type="text" id="${k}" name="${k}" value="${v(k)}"${extra}${bad(k)}>`;
  const checked = (k: string, value: string) =>
    (p.values?.[k] ?? p.page.prefill[k]) === value ? " checked" : "";
  const classification = TAX_CLASSIFICATIONS.map(
    (c) =>
      `<label class="radio" for="tc_${c}"><input type="radio" id="tc_${c}" name="tax_classification" value="${c}"${checked("tax_classification", c)}${bad("tax_classification")}> <span>${escapeHtml(CLASSIFICATION_LABELS[c])}</span></label>`,
  ).join("\n");
  return layout(
    "Form W-9",
    `<h1>${escapeHtml(W9_TITLE)}</h1>
<p class="muted">${escapeHtml(W9_REVISION)}. Requested by ${escapeHtml(p.page.payerName)} from ${escapeHtml(p.page.name)} (${escapeHtml(p.page.email)}). This link works until ${escapeHtml(p.page.expiresAt.slice(0, 10))}.</p>
${p.page.reason ? `<p class="notice" role="status" id="reason">${escapeHtml(p.page.payerName)} asks again: ${escapeHtml(p.page.reason)}</p>` : ""}
${p.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(p.error.message)}</p>` : ""}
<form method="post" action="${escapeHtml(p.action)}">
${csrfField(p.csrf)}
<input type="hidden" name="request" value="${escapeHtml(p.page.requestId)}">
<fieldset><legend>Lines 1 to 7</legend>
${text("name", "1. Name of entity/individual", ' autocomplete="name" required maxlength="150"')}
${text("business_name", "2. Business name/disregarded entity name, if different from above", ' maxlength="150"')}
<fieldset><legend>3a. Federal tax classification (check only one)</legend>
${classification}
${text("llc_code", "LLC tax classification (C, S or P)", ' maxlength="1" autocapitalize="characters"')}
${text("other_classification", "Other: describe", ' maxlength="60"')}
</fieldset>
<label class="check" for="foreign_partners"><input type="checkbox" id="foreign_partners" name="foreign_partners" value="on"${checked("foreign_partners", "on")}> <span>3b. I have foreign partners, owners, or beneficiaries (partnerships, trusts or estates, or LLCs taxed as partnerships, providing this form to a partnership, trust, or estate in which they have an ownership interest)</span></label>
${text("exempt_payee_code", "4. Exempt payee code (if any)", ' maxlength="2" inputmode="numeric"')}
${text("fatca_code", "4. Exemption from FATCA reporting code (if any)", ' maxlength="1" autocapitalize="characters"')}
${text("address_line1", "5. Address (number, street, and apt. or suite no.)", ' autocomplete="address-line1" required maxlength="100"')}
${text("address_line2", "Address line 2", ' autocomplete="address-line2" maxlength="100"')}
${text("city", "6. City", ' autocomplete="address-level2" required maxlength="60"')}
${text("state", "6. State", ' autocomplete="address-level1" required maxlength="2"')}
${text("postal_code", "6. ZIP code", ' autocomplete="postal-code" inputmode="numeric" required maxlength="10"')}
${text("account_numbers", "7. List account number(s) here (optional)", ' maxlength="100"')}
</fieldset>
<fieldset><legend>Part I. Taxpayer Identification Number (TIN)</legend>
<label class="radio" for="tin_ssn"><input type="radio" id="tin_ssn" name="tin_type" value="ssn"${checked("tin_type", "ssn")}${bad("tin_type")}> <span>Social security number (or ITIN)</span></label>
<label class="radio" for="tin_ein"><input type="radio" id="tin_ein" name="tin_type" value="ein"${checked("tin_type", "ein")}${bad("tin_type")}> <span>Employer identification number</span></label>
<label for="tin">Taxpayer identification number</label>
<input type="text" id="tin" name="tin" value="" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="11" required${bad("tin")}>
</fieldset>
<fieldset><legend>Part II. Certification</legend>
<div class="jurat" id="jurat"><p><strong>${escapeHtml(PENALTIES_OF_PERJURY)}</strong></p>
<ol>${CERTIFICATION_ITEMS.map((i) => `<li>${escapeHtml(i.replace(/^\d\. /, ""))}</li>`).join("")}</ol>
<p class="muted">${escapeHtml(CERTIFICATION_INSTRUCTIONS)}</p></div>
<label class="check" for="strike_item_2"><input type="checkbox" id="strike_item_2" name="strike_item_2" value="on"${checked("strike_item_2", "on")}> <span>Cross out item 2: I have been notified by the IRS that I am currently subject to backup withholding.</span></label>
<label for="signature">Signature of U.S. person: type your full name</label>
<input type="text" id="signature" name="signature" autocomplete="name" maxlength="150" required value="${v("signature")}"${bad("signature")}>
<label class="check" for="affirm"><input type="checkbox" id="affirm" name="affirm" value="on"${bad("affirm")}> <span>${escapeHtml(SIGNATURE_AFFIRMATION)}</span></label>
<p class="muted">You sign as the person this link was sent to (${escapeHtml(p.page.email)}). The date and time, and your network address, are recorded with your signature.</p>
</fieldset>
<button type="submit">Sign and submit Form W-9</button>
</form>`,
    p.page.livemode,
  );
}
