// The recipient portal through the real hosts (issue 39): a letter's access code and an e-mail's link lead to the
// sign-in; five wrong answers lock it (the payer sees and lifts the lock); the signed-in recipient lists and
// downloads only their own statements; consent needs the test PDF's code and moves the payer's view; forms without
// the CSRF token, forged cookies and unknown links are refused with a page, never JSON and never a 500.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { consentCheckCode } from "../../../core/domain/statements/portal.ts";
import { keyedCall } from "../../support/api.ts";
import { madeUpTin, necRows, payerBody } from "../../support/forms.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { openStatementsHost, type StatementsHost } from "../../support/statements-host.ts";
import { Browser } from "../../support/form-browser.ts";

const s = suite<{ host: StatementsHost }>("recipient portal over HTTP");
s.before(async (ctx) => {
  ctx.host = await openStatementsHost();
});
s.after(async (ctx) => {
  await ctx.host.close();
});

/** A paper recipient filed, paid and mailed; its access code, last four and ZIP, filing and letter. */
async function mailed(host: StatementsHost, name: string, tin: string, n: number) {
  const { base } = host;
  const payer = (await keyedCall(base, "POST", "/v1/payers", payerBody(name, tin))).body.id;
  const intake = await keyedCall(base, "POST", `/v1/payers/${payer}/forms`, {
    addToCart: true,
    // Tax year 2026: a 2025 statement left the portal on October 15, 2026.
    forms: necRows(1, n, { taxYear: 2026 }),
  });
  assert.is(intake.status, 201, JSON.stringify(intake.body));
  const filing = (intake.body.forms as { id: string }[])[0]?.id ?? "";
  assert.is((await keyedCall(base, "POST", "/v1/cart/pay")).status, 200);
  await host.until("the letter", async () => {
    const st = (await keyedCall(base, "GET", `/v1/filings/${filing}/statement`)).body;
    return st.furnished === true;
  });
  const f = (await keyedCall(base, "GET", `/v1/filings/${filing}`)).body;
  const recipientId = String(f.recipient ?? f.recipient_id);
  const recipient = (await keyedCall(base, "GET", `/v1/recipients/${recipientId}`)).body;
  const row = (await host.t.db
    .knex("recipient_consents")
    .where({ recipient_id: recipientId })
    .first("access_code")) as {
    access_code: string;
  };
  const st = (await keyedCall(base, "GET", `/v1/filings/${filing}/statement`)).body;
  return {
    filing,
    recipientId,
    last4: String(recipient.tin_last4),
    zip: String(recipient.postal_code),
    code: row.access_code,
    letter: String(st.deliveries[0]?.id),
  };
}

const codeOfSession = (b: Browser) => {
  const body = (b.jar.get("portal_session") ?? "").split(".")[0] ?? "";
  const nonce = (JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { n: string }).n;
  return consentCheckCode(createHash("sha256").update(`portal-consent-check:${nonce}`).digest("hex"));
};

s(
  "access code → sign-in; five wrong answers lock (429), the payer sees and lifts it; CSRF and forgeries refused",
  async ({ host }) => {
    const r = await mailed(host, "Portal Payer LLC", "123450411", 41_100);
    const b = new Browser(host.base);
    const start = await b.go("GET", "/portal");
    assert.is(start.status, 200);
    assert.match(
      start.headers.get("content-security-policy") ?? "",
      /default-src 'none'; style-src 'sha256-/,
    );
    assert.match(start.text, /<label for="access_code">/);
    // A form without the browser's token changes nothing.
    const forged = await b.go("POST", "/portal/code", { csrf: "x".repeat(43), access_code: r.code });
    assert.is(forged.status, 403);
    assert.match(forged.headers.get("content-type") ?? "", /text\/html/);
    const wrongCode = await b.go("POST", "/portal/code", { csrf: b.csrf(), access_code: "ZZZZ-ZZZZ-ZZZZ" });
    assert.is(wrongCode.status, 404);
    const typed = `${r.code.slice(0, 4)}-${r.code.slice(4, 8)}-${r.code.slice(8)}`.toLowerCase();
    const entered = await b.go("POST", "/portal/code", { csrf: b.csrf(), access_code: typed });
    assert.is(entered.status, 303);
    assert.is(entered.headers.get("location"), "/portal/verify");
    const verify = await b.go("GET", "/portal/verify");
    assert.is(verify.status, 200);
    assert.match(verify.text, /Portal Payer LLC/);
    const wrong = r.last4 === "0000" ? "1111" : "0000";
    for (let i = 1; i <= 4; i++) {
      const a = await b.go("POST", "/portal/verify", {
        csrf: b.csrf(),
        tin_last4: wrong,
        postal_code: r.zip,
      });
      assert.is(a.status, 422);
      assert.match(a.text, new RegExp(`${String(5 - i)} tr(y|ies) left`));
    }
    const locked = await b.go("POST", "/portal/verify", {
      csrf: b.csrf(),
      tin_last4: wrong,
      postal_code: r.zip,
    });
    assert.is(locked.status, 429);
    assert.ok(Number(locked.headers.get("retry-after")) > 3600);
    const stillLocked = await b.go("POST", "/portal/verify", {
      csrf: b.csrf(),
      tin_last4: r.last4,
      postal_code: r.zip,
    });
    assert.is(stillLocked.status, 429, "the right answer is refused while locked");
    const seen = (await keyedCall(host.base, "GET", `/v1/recipients/${r.recipientId}`)).body;
    assert.ok(seen.portal.locked_until, "the payer sees the lock");
    const activity = (
      await keyedCall(host.base, "GET", `/v1/recipients/${r.recipientId}/portal-activity?limit=20`)
    ).body;
    assert.is(activity.data.filter((a: { action: string }) => a.action === "sign_in_failed").length, 5);
    assert.ok(
      activity.data.every((a: { ip: string; user_agent: string }) => a.ip && a.user_agent === "portal-test"),
    );
    const lifted = await keyedCall(host.base, "DELETE", `/v1/recipients/${r.recipientId}/portal-lockout`);
    assert.equal([lifted.status, lifted.body.lifted], [200, true]);
    const ok = await b.go("POST", "/portal/verify", {
      csrf: b.csrf(),
      tin_last4: r.last4,
      postal_code: r.zip,
    });
    assert.is(ok.status, 303);
    assert.is(ok.headers.get("location"), "/portal/home");
    // A session cookie that does not verify is no session.
    const other = new Browser(host.base);
    // One character of its signature changed to another: not the last, whose low bits base64url does not decode
    // (the test once set it to the "A" it already was, or to a letter that decodes alike, and the cookie held).
    const real = b.jar.get("portal_session") ?? "";
    const at = real.length - 2;
    other.jar.set("portal_session", real.slice(0, at) + (real[at] === "A" ? "B" : "A") + real.slice(at + 1));
    assert.is((await other.go("GET", "/portal/home")).status, 303);
    assert.is((await b.go("GET", "/portal/home")).status, 200);
  },
);

s(
  "the e-mail link; only the recipient's own statements and PDFs; consent with the test PDF's code; withdraw",
  async ({ host }) => {
    const r = await mailed(host, "Link Payer LLC", "123450412", 41_200);
    const other = await mailed(host, "Other Payer LLC", "123450413", 41_300);
    const unknown = await new Browser(host.base).go("GET", "/portal/statements/sdl_nosuchdelivery0");
    assert.is(unknown.status, 404);
    assert.match(unknown.text, /not valid/);
    assert.is((await new Browser(host.base).go("GET", "/portal/nowhere")).status, 404);
    const b = new Browser(host.base);
    const link = await b.go("GET", `/portal/statements/${r.letter}`);
    assert.is(link.status, 303);
    await b.go("GET", "/portal/verify");
    const signed = await b.go("POST", "/portal/verify", {
      csrf: b.csrf(),
      tin_last4: r.last4,
      postal_code: r.zip,
    });
    assert.is(signed.status, 303);
    const home = await b.go("GET", "/portal/home");
    assert.match(home.text, /Your tax documents from Link Payer LLC/);
    assert.match(home.text, new RegExp(`/portal/documents/${r.filing}`));
    assert.not.match(home.text, new RegExp(other.filing), "another recipient's statement is not listed");
    // The recipient's and the payer's TINs, whole or dashed (the page's random ids may hold nine digits in a row).
    for (const tin of [madeUpTin(41_200), "123450412"])
      for (const shown of [
        tin,
        `${tin.slice(0, 3)}-${tin.slice(3, 5)}-${tin.slice(5)}`,
        `${tin.slice(0, 2)}-${tin.slice(2)}`,
      ])
        assert.not.ok(home.text.includes(shown), "no TIN on the page");
    const pdf = await b.go("GET", `/portal/documents/${r.filing}`);
    assert.is(pdf.status, 200);
    assert.match(pdf.headers.get("content-disposition") ?? "", /^attachment; filename="1099-NEC-/);
    const text = pageTexts(inflated(pdf.body as Uint8Array))
      .flat()
      .join(" ");
    assert.match(text, /\*\*\*-\*\*-\d{4}|\*{5}\d{4}/, "the TIN truncated");
    assert.is((await b.go("GET", `/portal/documents/${other.filing}`)).status, 404);
    const events = (await keyedCall(host.base, "GET", "/v1/events?limit=100")).body.data as {
      type: string;
      data: Record<string, unknown>;
    }[];
    assert.is(events.filter((e) => e.type === "statement.viewed" && e.data["filing"] === r.filing).length, 1);

    const consent = await b.go("GET", "/portal/consent");
    assert.is(consent.status, 200);
    for (const heading of [
      "Paper is the default",
      "How to get a paper copy",
      "How to withdraw your consent",
      "What you need",
    ])
      assert.ok(consent.text.includes(heading), heading);
    const test = await b.go("GET", "/portal/consent/test.pdf");
    assert.is(test.status, 200);
    const code = codeOfSession(b);
    assert.ok(
      pageTexts(inflated(test.body as Uint8Array))
        .flat()
        .join(" ")
        .includes(code),
      "the code is in the PDF",
    );
    const wrong = await b.go("POST", "/portal/consent", { csrf: b.csrf(), code: "000000", agree: "yes" });
    assert.is(wrong.status, 422);
    // No e-mail yet: the recipient adds one first.
    const needsEmail = await b.go("POST", "/portal/consent", { csrf: b.csrf(), code, agree: "yes" });
    assert.is(needsEmail.status, 422);
    assert.match(needsEmail.text, /e-mail address/);
    const badEmail = await b.go("POST", "/portal/email", { csrf: b.csrf(), email: "nope" });
    assert.is(badEmail.status, 422);
    assert.is(
      (await b.go("POST", "/portal/email", { csrf: b.csrf(), email: "rae.portal@example.com" })).status,
      303,
    );
    const given = await b.go("POST", "/portal/consent", { csrf: b.csrf(), code, agree: "yes" });
    assert.equal([given.status, given.headers.get("location")], [303, "/portal/home?done=consent"]);
    const view = (await keyedCall(host.base, "GET", `/v1/recipients/${r.recipientId}`)).body;
    assert.equal(
      [view.consent.status, view.delivery_method, view.email],
      ["given", "electronic", "rae.portal@example.com"],
    );
    assert.is((await b.go("POST", "/portal/consent/withdraw", { csrf: b.csrf() })).status, 303);
    const after = (await keyedCall(host.base, "GET", `/v1/recipients/${r.recipientId}`)).body;
    assert.is(after.consent.status, "withdrawn");
    const types = (
      (await keyedCall(host.base, "GET", "/v1/events?limit=100")).body.data as { type: string }[]
    ).map((e) => e.type);
    assert.ok(types.includes("recipient.consent_given") && types.includes("recipient.consent_withdrawn"));
    assert.is((await b.go("POST", "/portal/sign-out", { csrf: b.csrf() })).status, 303);
    assert.is((await b.go("GET", "/portal/home")).status, 303, "signed out");
  },
);

s("a payer's consent request e-mails the portal's link, which opens the sign-in", async ({ host }) => {
  const r = await mailed(host, "Invite Payer LLC", "123450414", 41_400);
  const none = await keyedCall(host.base, "POST", `/v1/recipients/${r.recipientId}/consent-requests`);
  assert.is(none.status, 422);
  assert.is(none.body.error.param, "email");
  await keyedCall(host.base, "PATCH", `/v1/recipients/${r.recipientId}`, { email: "invitee@example.com" });
  const req = await keyedCall(host.base, "POST", `/v1/recipients/${r.recipientId}/consent-requests`);
  assert.is(req.status, 201, JSON.stringify(req.body));
  assert.equal([req.body.object, req.body.status], ["consent_request", "sent"]);
  const outbox = (await keyedCall(host.base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as {
    to: string;
    links: string[];
    text: string;
  }[];
  const mail = outbox.find((m) => m.to === "invitee@example.com");
  assert.ok(mail);
  const url = new URL(mail?.links[0] ?? "http://x/");
  const b = new Browser(host.base);
  const opened = await b.go("GET", url.pathname);
  assert.equal([opened.status, opened.headers.get("location")], [303, "/portal/verify"]);
  assert.is((await b.go("GET", "/portal/verify")).status, 200);
});

s.run();
