// The consent pages of GET/POST /oauth/authorize: plain HTML and a little CSS, no script. Every dynamic value
// is escaped; the style sheet is allowed by its hash in the Content-Security-Policy.
import { createHash } from "node:crypto";
import type { PageContext, ConsentPage } from "../../../core/use-cases/oauth/authorize.ts";
import { SCOPE_DESCRIPTIONS } from "../../../core/domain/oauth/scopes.ts";

const CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --accent: #0a5bd3; --accent-ink: #fff; --bad: #b42318; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px; background: var(--bg); color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { width: 100%; max-width: 440px; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 28px 28px 24px; box-shadow: 0 1px 3px rgba(27,31,36,.08); }
h1 { font-size: 1.3rem; line-height: 1.3; margin: 0 0 8px; }
h2 { font-size: 1rem; margin: 20px 0 6px; }
p { margin: 0 0 12px; }
.muted { color: var(--muted); font-size: .925rem; }
.hint { margin-top: 8px; }
.env { display: inline-block; margin: 0 0 12px; padding: 2px 10px; border-radius: 999px; font-size: .8rem; font-weight: 600; letter-spacing: .02em; }
.env-sandbox { background: #fff4d6; color: #7a4d00; border: 1px solid #f0c96a; }
.env-live { background: #e6f4ea; color: #13562c; border: 1px solid #9bd3ae; }
ul.scopes { margin: 0 0 8px; padding: 0; list-style: none; border: 1px solid var(--line); border-radius: 8px; }
ul.scopes li { padding: 8px 12px; border-top: 1px solid var(--line); }
ul.scopes li:first-child { border-top: 0; }
ul.scopes code { font-size: .8rem; color: var(--muted); }
label { display: block; font-weight: 600; margin: 14px 0 4px; }
input[type=email], input[type=password] { width: 100%; padding: 10px 12px; font: inherit; border: 1px solid #8c959f; border-radius: 6px; }
input:focus-visible, button:focus-visible { outline: 3px solid #80b3ff; outline-offset: 2px; }
fieldset { margin: 16px 0 0; padding: 0; border: 0; }
legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
.payer { display: flex; gap: 10px; align-items: flex-start; margin: 0 0 8px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px; font-weight: 400; cursor: pointer; }
.payer:hover { border-color: #8c959f; }
.payer:has(input:checked) { border-color: var(--accent); background: #f0f6ff; box-shadow: 0 0 0 1px var(--accent); }
.payer input { margin-top: 4px; }
.payer span { display: block; }
.actions { display: flex; gap: 10px; margin-top: 22px; }
button { flex: 1; padding: 10px 14px; font: inherit; font-weight: 600; border-radius: 6px; cursor: pointer; border: 1px solid var(--line); background: #fff; color: var(--ink); }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); }
button.primary:hover { background: #084cb0; }
.error { margin: 12px 0 0; padding: 10px 12px; border-radius: 6px; background: #fef3f2; color: var(--bad); border: 1px solid #fecdca; }
`;

export const STYLE_HASH = `'sha256-${createHash("sha256").update(CSS).digest("base64")}'`;

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const envBadge = (livemode: boolean) =>
  livemode ? `<p class="env env-live">Production</p>` : `<p class="env env-sandbox">Sandbox</p>`;

function scopeList(scopes: readonly string[]): string {
  return `<ul class="scopes">${scopes.map((s) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[s] ?? s)} <code>${escapeHtml(s)}</code></li>`).join("")}</ul>`;
}

const hidden = (page: PageContext) =>
  `<input type="hidden" name="session" value="${escapeHtml(page.sessionId)}">\n<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">`;

const errorBox = (error: string | undefined) =>
  error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : "";

/** `locked`: a throttle's message (issue 38), shown in place of the form's error. */
const lockedBox = (message: string) =>
  `<div class="error" role="alert" id="form-error"><strong>Sign-in is paused.</strong> ${escapeHtml(message)}</div>`;

export function signInPage(
  page: PageContext,
  opts: { error?: string; email?: string; locked?: string } = {},
): string {
  const app = escapeHtml(page.appName);
  const describedBy = opts.error || opts.locked ? ` aria-describedby="form-error"` : "";
  const password = page.livemode
    ? `<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>`
    : `<p class="muted hint">This is the sandbox: no password is asked for. Enter the e-mail address of a user of the account that registered this app.</p>`;
  return layout(
    `Sign in to authorize ${page.appName}`,
    `${envBadge(page.livemode)}
<h1>Sign in to authorize ${app}</h1>
<p class="muted">${app} asks to act for one of your payers with these permissions:</p>
${scopeList(page.scopes)}
<form method="post" action="/oauth/authorize">
${hidden(page)}
${opts.locked ? lockedBox(opts.locked) : errorBox(opts.error)}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email ?? "")}"${describedBy}>
${password}
<div class="actions">
<button type="submit" name="action" value="sign_in" class="primary">Continue</button>
<button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

export function consentPage(page: ConsentPage, opts: { error?: string } = {}): string {
  const app = escapeHtml(page.appName);
  const only = page.payers.length === 1;
  const payers = page.payers
    .map(
      (
        p,
      ) => `<label class="payer"><input type="radio" name="payer" value="${escapeHtml(p.id)}" required${only ? " checked" : ""}>
<span><span>${escapeHtml(p.legalName)}</span><span class="muted">${p.tinType.toUpperCase()} ending ${escapeHtml(p.tinLast4)}</span></span></label>`,
    )
    .join("\n");
  return layout(
    `Authorize ${page.appName}`,
    `${envBadge(page.livemode)}
<h1>Authorize ${app}</h1>
<p class="muted">Signed in as ${escapeHtml(page.email)}.</p>
<form method="post" action="/oauth/authorize">
${hidden(page)}
${errorBox(opts.error)}
<fieldset>
<legend>Choose the payer ${app} may act for</legend>
${payers}
</fieldset>
<h2 id="permissions">${app} will be able to</h2>
${scopeList(page.scopes)}
<p class="muted">You can revoke this at any time; ${app} then loses access within an hour.</p>
<div class="actions">
<button type="submit" name="action" value="approve" class="primary">Approve</button>
<button type="submit" name="action" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p class="muted">You can close this window.</p>`,
  );
}
