// Issue 39 through the real hosts: the Koa API and the worker on PGlite, the sandbox's Lob adapter on the in-process
// Lob emulator, durable jobs on the in-memory queue. Pay, the IRS accepts, the worker plans and mails each
// statement, the emulator's signed tracking events move the letters (delivered, returned), an undeliverable address
// is refunded, and the payer reads it all through GET /v1/filings/{id}/statement, GET /v1/statement-deliveries and
// the events. POST /webhooks/lob refuses what Lob did not sign.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { lobSignature } from "../../../adapters/lob/tracking.lob.ts";
import { SEND_STATEMENT_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import { DEFAULT_RATE_CARD } from "../../../core/domain/pricing/index.ts";
import { keyedCall } from "../../support/api.ts";
import {
  LOB_WEBHOOK_SECRET,
  openStatementsHost,
  type StatementsHost,
} from "../../support/statements-host.ts";
import { madeUpTin, necRows, payerBody, RECIPIENT_ADDRESS } from "../../support/forms.ts";
import { w2Form } from "../../support/w2.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";

const SECRET = LOB_WEBHOOK_SECRET;

type Ctx = StatementsHost;

const s = suite<Ctx>("worker: recipient statements mailed through the sandbox's Lob emulator");

s.before(async (ctx) => {
  Object.assign(ctx, await openStatementsHost());
});
s.after(async (ctx) => {
  await ctx.close();
});

const call = keyedCall;

const withLine1 = (line1: string, n: number, from: number) =>
  necRows(n, from, {
    detail: { MailingAddressGrp: { USAddress: { ...RECIPIENT_ADDRESS, AddressLine1Txt: line1 } } },
  });

s(
  "pay → accepted → mailed and delivered; returned and undeliverable refunded once; all visible to the payer",
  async (ctx) => {
    const { base } = ctx;
    const payer = (await call(base, "POST", "/v1/payers", payerBody("Mail Payer LLC", "123450391"))).body.id;
    const rows = [
      ...necRows(1, 39_100),
      ...withLine1("7 Returned Rd", 1, 39_200),
      ...withLine1("9 Undeliverable Ave", 1, 39_300),
    ];
    const intake = await call(base, "POST", `/v1/payers/${payer}/forms`, { addToCart: true, forms: rows });
    assert.is(intake.status, 201, JSON.stringify(intake.body));
    const [ok, returned, undeliverable] = (intake.body.forms as { id: string }[]).map((f) => f.id);
    const before = (await call(base, "GET", "/v1/filings/" + ok + "/statement")).body;
    assert.is(before.status, "awaiting_copy_b");
    assert.equal(before.deliveries, []);

    assert.is((await call(base, "POST", "/v1/cart/pay")).status, 200);
    const statement = async (id: string | undefined) =>
      (await call(base, "GET", `/v1/filings/${String(id)}/statement`)).body;
    await ctx.until("the letters", async () => {
      const [a, b, c] = await Promise.all([statement(ok), statement(returned), statement(undeliverable)]);
      return (
        a.deliveries[0]?.status === "delivered" &&
        b.deliveries[0]?.status === "returned" &&
        c.deliveries[0]?.status === "undeliverable" &&
        b.not_furnished_reason === "undeliverable" &&
        c.mail_refunded_cents > 0
      );
    });

    const a = await statement(ok);
    assert.is(a.object, "statement");
    assert.is(a.furnished, true);
    assert.is(a.status, "furnished");
    const letter = a.deliveries[0];
    assert.equal([letter.channel, letter.kind], ["mail", "letter"]);
    assert.match(letter.vendor_id, /^ltr_/);
    assert.equal(
      letter.events.map((e: { status: string }) => e.status),
      ["queued", "mailed", "in_transit", "delivered"],
    );
    assert.ok(letter.expected_delivery_date);
    const emulated = ctx.mail
      .sandboxEmulator()
      .letters()
      .find((l) => l.id === letter.vendor_id);
    assert.ok(emulated, "the emulator holds the letter");
    assert.is(emulated?.to.address_line1, "100 Main St");
    assert.is(emulated?.from.name, "Sandbox Returns", "returned mail comes back to the service");
    // The service's own ids may hold nine digits in a row; the recipient's TIN never.
    assert.not.ok(
      JSON.stringify(emulated?.metadata).includes(madeUpTin(39_100)),
      "no TIN in the letter's metadata",
    );

    const b = await statement(returned);
    assert.equal(
      [b.furnished, b.status, b.mail_refunded_cents],
      [false, "not_furnished", DEFAULT_RATE_CARD.print_mail_cents],
    );
    const c = await statement(undeliverable);
    assert.equal([c.furnished, c.deliveries.length], [false, 1]);
    assert.ok(c.deliveries[0].failure_reason);
    assert.is(
      ctx.mail
        .sandboxEmulator()
        .letters()
        .filter((l) => /undeliverable/i.test(l.to.address_line1 ?? "")).length,
      0,
    );

    // One job per delivery, each done once.
    const sends = ctx.jobs.jobs(SEND_STATEMENT_QUEUE);
    assert.is(sends.length, 3);
    assert.ok(sends.every((j) => j.state === "completed"));

    // The season's returned mail in one query; a status the API does not have is refused.
    const list = await call(base, "GET", "/v1/statement-deliveries?status=returned");
    assert.is(list.status, 200);
    assert.equal(
      list.body.data.map((d: { filing: string }) => d.filing),
      [returned],
    );
    assert.is(list.body.data[0].object, "statement_delivery");
    const bad = await call(base, "GET", "/v1/statement-deliveries?status=lost");
    assert.is(bad.status, 422);
    assert.is(bad.body.error.param, "status");

    // The payer's events, and the ledger's two refunds of their own kind.
    const events = (await call(base, "GET", "/v1/events?limit=100")).body.data as {
      type: string;
      data: Record<string, unknown>;
    }[];
    const of = (type: string, filing: string | undefined) =>
      events.filter((e) => e.type === type && e.data["filing"] === filing).length;
    assert.is(of("statement.mailed", ok), 1);
    assert.is(of("statement.delivered", ok), 1);
    assert.is(of("statement.returned", returned), 1);
    assert.is(of("statement.undeliverable", undeliverable), 1);
    assert.is(of("statement.mail_refunded", returned), 1);
    assert.is(of("statement.mail_refunded", undeliverable), 1);
    const entries = (await call(base, "GET", "/v1/balance/entries?limit=100")).body.data as {
      kind: string;
      amount_cents: number;
    }[];
    const refunds = entries.filter((e) => e.kind === "mail_refund");
    assert.is(refunds.length, 2);
    assert.ok(refunds.every((e) => e.amount_cents === DEFAULT_RATE_CARD.print_mail_cents));

    // A new address for the returned recipient re-mails it, with no new charge.
    const filing = (await call(base, "GET", `/v1/filings/${String(returned)}`)).body;
    const balance = (await call(base, "GET", "/v1/balance")).body.available_cents;
    const patched = await call(
      base,
      "PATCH",
      `/v1/recipients/${String(filing.recipient ?? filing.recipient_id)}`,
      {
        address_line1: "12 Better St",
      },
    );
    assert.is(patched.status, 200, JSON.stringify(patched.body));
    await ctx.until("the re-mailing", async () => {
      const st = await statement(returned);
      return st.furnished === true && st.deliveries.length === 2;
    });
    assert.is((await call(base, "GET", "/v1/balance")).body.available_cents, balance, "no second charge");
  },
);

s(
  "an electronic recipient without consent: the invitation is in the sandbox's outbox, and paper goes out",
  async (ctx) => {
    const { base } = ctx;
    const payer = (await call(base, "POST", "/v1/payers", payerBody("Outbox Payer LLC", "123450392"))).body
      .id;
    const intake = await call(base, "POST", `/v1/payers/${payer}/forms`, {
      addToCart: true,
      forms: necRows(1, 39_400),
    });
    assert.is(intake.status, 201, JSON.stringify(intake.body));
    const filingId = (intake.body.forms as { id: string }[])[0]?.id;
    const filing = (await call(base, "GET", `/v1/filings/${String(filingId)}`)).body;
    const recipient = String(filing.recipient ?? filing.recipient_id);
    const patched = await call(base, "PATCH", `/v1/recipients/${recipient}`, {
      delivery_method: "electronic",
      email: "pat.outbox@example.com",
    });
    assert.is(patched.status, 200, JSON.stringify(patched.body));
    assert.is((await call(base, "POST", "/v1/cart/pay")).status, 200);
    const mine = async () =>
      (
        (await call(base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as Record<string, unknown>[]
      ).filter((m) => m["to"] === "pat.outbox@example.com");
    await ctx.until("the invitation and the letter", async () => {
      const st = (await call(base, "GET", `/v1/filings/${String(filingId)}/statement`)).body;
      return (await mine()).length === 1 && st.furnished === true;
    });
    const [message] = await mine();
    assert.is(message?.["object"], "outbox_message");
    assert.match(String(message?.["id"]), /^msg_/);
    assert.match(
      String(message?.["subject"]),
      /Choose how to receive your Form 1099-NEC from Outbox Payer LLC/,
    );
    const links = message?.["links"] as string[];
    assert.is(links.length, 1);
    assert.match(links[0] ?? "", /\/portal\/statements\/sdl_/);
    assert.ok(String(message?.["text"]).includes(links[0] ?? "-"), "the text carries the link");
    assert.ok(String(message?.["html"]).includes(`href="${links[0]}"`), "so does the HTML");
    assert.not.ok(/\d{3}-?\d{2}-?\d{4}/.test(JSON.stringify(message)), "no TIN in the message");
    const st = (await call(base, "GET", `/v1/filings/${String(filingId)}/statement`)).body;
    const channels = (st.deliveries as { channel: string; kind: string; status: string }[])
      .map((d) => `${d.channel}:${d.kind}:${d.status}`)
      .sort();
    assert.equal(channels, ["email:invitation:sent", "mail:letter:delivered"]);
    // The invitation's delivery names the outbox message; a job run again finds the same message.
    const invitation = (st.deliveries as { kind: string; vendor_id: string }[]).find(
      (d) => d.kind === "invitation",
    );
    assert.is(invitation?.vendor_id, message?.["id"]);
    const paged = await call(base, "GET", "/v1/sandbox/outbox?limit=1&starting_after=msg_unknown");
    assert.is(paged.status, 422, JSON.stringify(paged.body));
    assert.is(paged.body.error.param, "starting_after");
  },
);

s(
  "POST /webhooks/lob: unsigned, forged or stale refused with 401 in the envelope; a signed repeat moves nothing",
  async (ctx) => {
    const { base } = ctx;
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${base}/webhooks/lob`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
    const letter = ctx.mail.sandboxEmulator().letters()[0];
    const body = JSON.stringify({
      id: "evt_test1",
      event_type: { id: "letter.delivered" },
      body: { id: letter?.id ?? "ltr_none" },
      date_created: new Date().toISOString(),
    });
    const unsigned = await post(body, {});
    assert.is(unsigned.status, 401);
    const envelope = (await unsigned.json()) as { error: { type: string; message: string } };
    assert.is(envelope.error.type, "unauthorized");
    assert.ok(envelope.error.message.length > 0);
    const now = String(Date.now());
    const forged = await post(body, {
      "lob-signature": lobSignature("wrong-secret", now, body),
      "lob-signature-timestamp": now,
    });
    assert.is(forged.status, 401);
    const old = String(Date.now() - 3_600_000);
    const stale = await post(body, {
      "lob-signature": lobSignature(SECRET, old, body),
      "lob-signature-timestamp": old,
    });
    assert.is(stale.status, 401);
    const signed = await post(body, {
      "lob-signature": lobSignature(SECRET, now, body),
      "lob-signature-timestamp": now,
    });
    assert.is(signed.status, 200);
    assert.equal(await signed.json(), { received: true, events: 1, moved: 0 });
    const get = await fetch(`${base}/webhooks/lob`);
    assert.is(get.status, 405);
  },
);

s(
  "W-2s: the employee copies B, C and 2 in one letter; an electronic employee without consent is invited, and paper follows",
  async (ctx) => {
    const { base } = ctx;
    const employer = (await call(base, "POST", "/v1/payers", payerBody("Letter Employer LLC", "123450393")))
      .body.id;
    const intake = await call(base, "POST", `/v1/payers/${employer}/forms`, {
      addToCart: true,
      forms: [
        { form: "W-2", tax_year: 2025, jsonForm: w2Form({ ssn: "123-45-0493", last: "Paper" }) },
        { form: "W-2", tax_year: 2025, jsonForm: w2Form({ ssn: "123-45-0494", last: "Online" }) },
      ],
    });
    assert.is(intake.status, 201, JSON.stringify(intake.body));
    const [paper, online] = (intake.body.forms as { id: string }[]).map((f) => f.id);
    const onlineFiling = (await call(base, "GET", `/v1/filings/${String(online)}`)).body;
    const employee = String(onlineFiling.recipient ?? onlineFiling.recipient_id);
    const patched = await call(base, "PATCH", `/v1/recipients/${employee}`, {
      delivery_method: "electronic",
      email: "w2.online@example.com",
    });
    assert.is(patched.status, 200, JSON.stringify(patched.body));
    assert.is((await call(base, "POST", "/v1/cart/pay")).status, 200);
    const statement = async (id: string | undefined) =>
      (await call(base, "GET", `/v1/filings/${String(id)}/statement`)).body;
    await ctx.until("both employees' letters delivered", async () => {
      const [a, b] = await Promise.all([statement(paper), statement(online)]);
      return a.deliveries[0]?.status === "delivered" && b.furnished === true;
    });
    const a = await statement(paper);
    const letter = ctx.mail
      .sandboxEmulator()
      .letters()
      .find((l) => l.id === a.deliveries[0].vendor_id);
    assert.ok(letter, "the emulator holds the W-2 letter");
    assert.match(String(letter?.to.name), /Paper/);
    const text = pageTexts(inflated(letter?.file ?? new Uint8Array()))
      .flat()
      .join(" ");
    for (const copy of ["Copy B", "Copy C", "Copy 2"])
      assert.ok(text.includes(copy), `${copy} in the letter`);
    assert.ok(
      text.includes("Form W-2 for tax year 2025 from Letter Employer LLC"),
      "the cover names the W-2",
    );
    assert.not.ok(text.includes("123-45-0493") || text.includes("123450493"), "the SSN is not printed whole");

    const b = await statement(online);
    assert.equal(b.deliveries.map((d: { channel: string; kind: string }) => [d.channel, d.kind]).sort(), [
      ["email", "invitation"],
      ["mail", "letter"],
    ]);
    const invitation = (
      (await call(base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as { to: string; subject: string }[]
    ).find((m) => m.to === "w2.online@example.com");
    assert.is(invitation?.subject, "Choose how to receive your Form W-2 from Letter Employer LLC");
  },
);

s.run();
