// W-9 requests through the real hosts (issue 40): POST /v1/w9-requests (idempotent) e-mails a link (no TIN); the
// hosted W-9 at /portal/w9/{token} carries the portal's CSP and CSRF rules, refuses a bad TIN or an SSN for a
// corporation with a page naming the field (nothing stored, the TIN not echoed), signs, creates the recipient,
// chains the TIN match (sandbox rules), answers a replay with 409; the signed PDF reads back; the expiry sweep on a
// driven clock expires a request with its event; cancel and resend; a webhook of the new events' types is accepted.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { Clock } from "../../../core/ports/clock.port.ts";
import { expireW9Requests } from "../../../core/use-cases/parties/w9-requests.ts";
import { keyedCall, TEST_KEY } from "../../support/api.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { Browser } from "../../support/form-browser.ts";
import { openStatementsHost, type StatementsHost } from "../../support/statements-host.ts";

const s = suite<{ host: StatementsHost; payer: string }>("W-9 requests over HTTP and the hosted W-9");
s.before(async (ctx) => {
  ctx.host = await openStatementsHost();
  const payers = (await keyedCall(ctx.host.base, "GET", "/v1/payers")).body.data as { id: string }[];
  ctx.payer = payers[0]?.id ?? "";
});
s.after(async (ctx) => {
  await ctx.host.close();
});

async function linkTo(host: StatementsHost, to: string): Promise<string> {
  const outbox = (await keyedCall(host.base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as {
    to: string;
    links: string[];
    text: string;
  }[];
  const mail = outbox.find((m) => m.to === to);
  assert.ok(mail, `an e-mail to ${to}`);
  assert.not.match(mail?.text ?? "", /\d{9}|\d{3}-\d{2}-\d{4}/, "no TIN in the e-mail");
  return new URL(mail?.links[0] ?? "http://x/").pathname;
}

const w9Form = (b: Browser, request: string, over: Record<string, string> = {}) => ({
  csrf: b.csrf(),
  request,
  name: "Hana Payee",
  tax_classification: "individual",
  address_line1: "12 Elm St",
  city: "Denver",
  state: "CO",
  postal_code: "80202",
  tin_type: "ssn",
  tin: "900-00-4422",
  signature: "Hana Payee",
  affirm: "on",
  ...over,
});

s("request, the hosted W-9's checks, signing, the TIN match, replay and the PDF", async ({ host, payer }) => {
  const body = { payer, name: "Hana Payee", email: "hana@example.test", reference: "vendor-42" };
  const headers = { "Idempotency-Key": "w9-hana-1" };
  const created = await keyedCall(host.base, "POST", "/v1/w9-requests", body, headers);
  assert.is(created.status, 201, JSON.stringify(created.body));
  assert.is(created.body.object, "w9_request");
  assert.is(created.body.status, "sent");
  assert.is(created.body.email_delivery.status, "sent");
  const again = await keyedCall(host.base, "POST", "/v1/w9-requests", body, headers);
  assert.is(again.body.id, created.body.id, "the same key answers the same request");
  const id = String(created.body.id);
  const path = await linkTo(host, "hana@example.test");
  assert.match(path, /^\/portal\/w9\/[A-Za-z0-9]{43}$/);

  const b = new Browser(host.base);
  const page = await b.go("GET", path);
  assert.is(page.status, 200);
  assert.match(page.headers.get("content-security-policy") ?? "", /default-src 'none'; style-src 'sha256-/);
  assert.is(page.headers.get("referrer-policy"), "no-referrer", "the token does not leak by Referer");
  assert.match(page.text, /Under penalties of perjury, I certify that:/);
  assert.match(page.text, /<label for="tin">/);
  assert.match(page.text, /name="strike_item_2"/);

  assert.is((await b.go("POST", path, { ...w9Form(b, id), csrf: "x".repeat(43) })).status, 403);
  const badTin = await b.go("POST", path, w9Form(b, id, { tin: "900-00-44" }));
  assert.is(badTin.status, 422);
  assert.match(badTin.text, /id="tin"[^>]*aria-invalid="true"/);
  assert.match(badTin.text, /role="alert"[^>]*>tin: a social security number has 9 digits/);
  assert.match(badTin.text, /value="12 Elm St"/, "what was typed is kept");
  const corp = await b.go("POST", path, w9Form(b, id, { tax_classification: "c_corporation" }));
  assert.is(corp.status, 422);
  assert.match(corp.text, /employer identification number \(EIN\), not a social security number/);
  assert.not.match(corp.text, /900-00-4422|900004422/, "the TIN is never echoed");
  const unsigned = await b.go("POST", path, w9Form(b, id, { affirm: "" }));
  assert.is(unsigned.status, 422);
  assert.match(unsigned.text, /id="affirm"[^>]*aria-invalid="true"/);
  const other = await b.go("POST", path, w9Form(b, "w9r_someoneelse01"));
  assert.is(other.status, 409);
  assert.is(
    (await keyedCall(host.base, "GET", `/v1/w9-requests/${id}`)).body.status,
    "sent",
    "nothing stored",
  );

  const signed = await b.go("POST", path, w9Form(b, id, { strike_item_2: "on" }));
  assert.equal([signed.status, signed.headers.get("location")], [303, "/portal/w9/signed"]);
  await host.until("the TIN match", async () => {
    const r = (await keyedCall(host.base, "GET", `/v1/w9-requests/${id}`)).body;
    return r.tin_match?.result === "match";
  });
  const done = (await keyedCall(host.base, "GET", `/v1/w9-requests/${id}`)).body;
  assert.is(done.status, "completed");
  assert.is(done.w9.tin_last4, "4422");
  assert.is(done.w9.backup_withholding_item_struck, true);
  assert.is(done.w9.signed_by, "Hana Payee");
  assert.not.match(JSON.stringify(done), /900004422|900-00-4422/);
  const recipient = (await keyedCall(host.base, "GET", `/v1/recipients/${done.recipient}`)).body;
  assert.equal([recipient.name, recipient.tin_last4, recipient.city], ["Hana Payee", "4422", "Denver"]);
  assert.equal(recipient.w9, { request: id, signed_at: done.completed_at, tin_match: "match" });
  const events = (await keyedCall(host.base, "GET", "/v1/events?limit=50")).body.data as {
    type: string;
    data: { id?: string };
  }[];
  assert.ok(events.some((e) => e.type === "w9_request.completed" && e.data.id === id));

  const replay = await b.go("POST", path, w9Form(b, id));
  assert.is(replay.status, 409);
  assert.match(replay.text, /already used/);
  assert.is((await b.go("GET", path)).status, 409);

  const pdf = await b.go("GET", `/v1/w9-requests/${id}/pdf`);
  assert.is(pdf.status, 401, "the PDF is the payer's, behind its key");
  const res = await fetch(`${host.base}/v1/w9-requests/${id}/pdf`, {
    headers: { authorization: `Bearer ${TEST_KEY}` },
  });
  assert.is(res.headers.get("content-type"), "application/pdf");
  const text = pageTexts(inflated(new Uint8Array(await res.arrayBuffer())))
    .flat()
    .join(" ");
  assert.match(text, /Under penalties of perjury/);
  assert.match(text, /ITEM 2 CROSSED OUT/);
  assert.match(text, /Hana Payee/);
});

s("a mismatching TIN is re-requested with the reason shown on the page", async ({ host, payer }) => {
  const created = await keyedCall(host.base, "POST", "/v1/w9-requests", {
    payer,
    name: "Ivo Payee",
    email: "ivo@example.test",
  });
  const id = String(created.body.id);
  const b = new Browser(host.base);
  const path = await linkTo(host, "ivo@example.test");
  await b.go("GET", path);
  await b.go("POST", path, w9Form(b, id, { name: "Ivo Payee", tin: "900-00-4423", signature: "Ivo Payee" }));
  await host.until("the mismatch", async () => {
    const r = (await keyedCall(host.base, "GET", `/v1/w9-requests/${id}`)).body;
    return r.tin_match?.result === "mismatch";
  });
  const recipient = String((await keyedCall(host.base, "GET", `/v1/w9-requests/${id}`)).body.recipient);
  const again = await keyedCall(host.base, "POST", "/v1/w9-requests", {
    recipient,
    reason: "The name and TIN you gave do not match IRS records; please check both.",
  });
  assert.is(again.status, 201);
  const list = await keyedCall(host.base, "GET", `/v1/w9-requests?recipient=${recipient}`);
  assert.equal(
    (list.body.data as { id: string }[]).map((r) => r.id),
    [again.body.id, id],
  );
  const outbox = (await keyedCall(host.base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as {
    to: string;
    links: string[];
  }[];
  const latest = outbox.find((m) => m.to === "ivo@example.test");
  const page = await b.go("GET", new URL(latest?.links[0] ?? "http://x/").pathname);
  assert.is(page.status, 200);
  assert.match(page.text, /asks again: The name and TIN you gave do not match IRS records/);
});

s("expiry on a driven clock, cancel and resend", async ({ host, payer }) => {
  const created = await keyedCall(host.base, "POST", "/v1/w9-requests", {
    payer,
    name: "Jo Payee",
    email: "jo@example.test",
    expires_in_days: 1,
  });
  const id = String(created.body.id);
  const path = await linkTo(host, "jo@example.test");
  const later = new Date(Date.parse(String(created.body.expires_at)) + 1000);
  const expired = await host.runtime.runPromise(
    expireW9Requests().pipe(Effect.provideService(Clock, { now: () => later })),
  );
  assert.ok(expired >= 1);
  const r = (await keyedCall(host.base, "GET", `/v1/w9-requests/${id}`)).body;
  assert.is(r.status, "expired");
  const b = new Browser(host.base);
  assert.is((await b.go("GET", path)).status, 410);
  const events = (await keyedCall(host.base, "GET", "/v1/events?limit=50")).body.data as {
    type: string;
    data: { id?: string };
  }[];
  assert.ok(events.some((e) => e.type === "w9_request.expired" && e.data.id === id));
  assert.is((await keyedCall(host.base, "POST", `/v1/w9-requests/${id}/resend`)).status, 409);

  const open = await keyedCall(host.base, "POST", "/v1/w9-requests", {
    payer,
    name: "Kim Payee",
    email: "kim@example.test",
  });
  const first = await linkTo(host, "kim@example.test");
  const resent = await keyedCall(host.base, "POST", `/v1/w9-requests/${String(open.body.id)}/resend`);
  assert.is(resent.body.email_delivery.sends, 2);
  assert.is((await b.go("GET", first)).status, 404, "the earlier link stops working");
  const canceled = await keyedCall(host.base, "POST", `/v1/w9-requests/${String(open.body.id)}/cancel`);
  assert.is(canceled.body.status, "canceled");
  assert.is((await keyedCall(host.base, "GET", `/v1/w9-requests/${String(open.body.id)}/pdf`)).status, 409);
  const paper = await keyedCall(host.base, "POST", "/v1/recipients", {
    payer,
    name: "Lou Paper",
    tin: "900004430",
    email: "lou@example.test",
    address_line1: "5 Dock St",
    city: "Tacoma",
    state: "WA",
    postal_code: "98402",
  });
  const lettered = await keyedCall(host.base, "POST", "/v1/w9-requests", {
    recipient: paper.body.id,
    send_letter: true,
  });
  assert.is(lettered.status, 201, JSON.stringify(lettered.body));
  assert.is(lettered.body.letter.status, "sent");
  assert.match(String(lettered.body.letter.vendor_id), /^ltr_/, "the Lob emulator's letter");
  const hook = await keyedCall(host.base, "POST", "/v1/webhooks", {
    url: "https://example.com/w9",
    events: ["w9_request.completed", "w9_request.expired"],
  });
  assert.is(hook.status, 201);
});

s.run();
