// Recipient copies in live mode end to end, every part a process of its own on Postgres (issue 39): the IRS
// emulator (`npm run irs-emulator`), the Lob emulator (`npm run lob-emulator`) posting signed tracking events to
// the API, a real SMTP server (test/support/smtp-sink.ts), the API (hosts/api/main.ts) and the worker
// (hosts/worker/main.ts) configured as production is (LOB_API_BASE, SMTP_URL, PORTAL_BASE_URL, IRIS_*). Four
// recipients: one on paper, one electronic without consent, one who consented in the portal (Chromium) before pay,
// and a `print_mail` form whose letter comes back. Pay; the IRS accepts; the letters reach Lob with the portal's
// access code on their cover, the e-mails reach the SMTP server with the right words and no TIN; Lob's tracking
// moves the letters to delivered and returned; the consenting recipient signs in from the notice and downloads
// the PDF; the payer sees it all in the statements, the deliveries, the events and its webhook receiver.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { ParsedMail } from "mailparser";
import { loadPlaywright, type Playwright, launchChromium } from "../../support/browser.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { madeUpTin, necRows, payerBody, RECIPIENT_ADDRESS } from "../../support/forms.ts";
import { startLiveStack, until, type LiveStack } from "../../support/live-stack.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { creditBalance } from "../../../core/use-cases/money/credit-balance.ts";
import { DEFAULT_RATE_CARD } from "../../../core/domain/pricing/index.ts";

const playwright = await loadPlaywright();

interface Receiver {
  server: Server;
  url: string;
  events: Array<{ type: string; data: Record<string, unknown> }>;
}

/** The payer's own webhook receiver: every event posted to it, parsed. */
async function startReceiver(): Promise<Receiver> {
  const events: Receiver["events"] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      try {
        const e = JSON.parse(body) as { type: string; data: Record<string, unknown> };
        events.push({ type: e.type, data: e.data });
      } catch {
        // not an event
      }
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${String(port)}/hooks`, events };
}

interface Ctx {
  stack: LiveStack;
  receiver: Receiver;
}

const s = suite<Ctx>("recipient copies live: IRS, Lob, SMTP, API and worker as processes (postgres)");

if (!POSTGRES_URL || (!playwright && !process.env["CI"]))
  s.skip("needs DATABASE_URL and chromium", () => undefined);
else {
  s.before(async (ctx) => {
    ctx.stack = await startLiveStack({
      tag: "39",
      env: {
        WEBHOOK_RETRY_SCALE: "0.001",
        // The payer's webhook receiver is this test's, on 127.0.0.1, as an on-premises operator's are on its network.
        WEBHOOK_PRIVATE_TARGETS: "true",
      },
    });
    await ctx.stack.setup.runtime.runPromise(
      creditBalance({
        accountId: ctx.stack.setup.accountId,
        livemode: true,
        amountCents: 100_000,
        reference: "WIRE-E2E-39",
      }),
    );
    ctx.receiver = await startReceiver();
  });
  s.after(async (ctx) => {
    ctx.receiver?.server.close();
    await ctx.stack?.stop();
  });

  s(
    "paper, electronic without and with consent, print_mail: pay → letters and e-mails arrive, the portal in Chromium, Lob's tracking → delivered and returned, events and webhooks",
    async ({ stack, receiver }) => {
      const { call, mails, letters, outputs } = stack;
      const API = stack.api;
      const LOB = stack.lob;
      const hook = await call("POST", "/v1/webhooks", { url: receiver.url, events: ["*"] });
      assert.is(hook.status, 201, hook.text);

      const payer = (await call("POST", "/v1/payers", payerBody("Live Letters LLC", "123450391"))).body
        .id as string;
      const intake = await call("POST", `/v1/payers/${payer}/forms`, {
        addToCart: true,
        forms: necRows(3, 39_500, { taxYear: 2026 }),
      });
      assert.is(intake.status, 201, intake.text);
      const [paperF, noConsentF, consentF] = (intake.body.forms as { id: string }[]).map((f) => f.id);
      const returnedRow = necRows(1, 39_600, {
        taxYear: 2026,
        detail: {
          MailingAddressGrp: { USAddress: { ...RECIPIENT_ADDRESS, AddressLine1Txt: "7 Returned Rd" } },
        },
      });
      const printOnly = await call("POST", `/v1/payers/${payer}/forms`, {
        addToCart: true,
        service: "print_mail",
        forms: returnedRow,
      });
      assert.is(printOnly.status, 201, printOnly.text);
      const returnedF = (printOnly.body.forms as { id: string }[])[0]?.id;
      const recipientOf = async (filing: string | undefined) => {
        const f = (await call("GET", `/v1/filings/${String(filing)}`)).body;
        return (await call("GET", `/v1/recipients/${String(f.recipient ?? f.recipient_id)}`)).body as {
          id: string;
          tin_last4: string;
          postal_code: string;
          consent: { status: string };
        };
      };
      const [noConsentR, consentR] = [await recipientOf(noConsentF), await recipientOf(consentF)];
      for (const [r, email] of [
        [noConsentR, "no.consent@example.com"],
        [consentR, "consents@example.com"],
      ] as const)
        assert.is(
          (await call("PATCH", `/v1/recipients/${r.id}`, { delivery_method: "electronic", email })).status,
          200,
        );

      // Before pay, the payer invites the third recipient; it consents in the portal from the e-mail.
      const invite = await call("POST", `/v1/recipients/${consentR.id}/consent-requests`);
      assert.is(invite.status, 201, invite.text);
      let invitation: ParsedMail | undefined;
      await until("the consent request e-mail", async () => {
        invitation = (await mails()).find((m) => m.rcpt.includes("consents@example.com"));
        return invitation !== undefined;
      });
      assert.is(invitation?.subject, "Receive your tax statements from Live Letters LLC electronically");
      const inviteLink = /https?:\/\/\S+\/portal\/\S+/.exec(invitation?.text ?? "")?.[0] ?? "";
      assert.ok(inviteLink.startsWith(`${API}/portal/`), invitation?.text);

      const browser = await launchChromium(playwright as Playwright);
      try {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          acceptDownloads: true,
        });
        const page = await context.newPage();
        const signIn = async (link: string) => {
          await page.goto(link);
          await page.waitForURL(/\/portal\/(verify|home)$/);
          if (page.url().endsWith("/verify")) {
            await page.getByLabel("Last four digits of your SSN or TIN").fill(consentR.tin_last4);
            await page.getByLabel("ZIP code of your mailing address").fill(consentR.postal_code);
            await page.getByRole("button", { name: "Open my documents" }).click();
            await page.waitForURL(/\/portal\/home$/);
          }
        };
        await signIn(inviteLink);
        await page.getByRole("link", { name: "Choose electronic delivery" }).click();
        await page.waitForURL(/\/portal\/consent$/);
        const testPdf = await page.request.get(`${API}/portal/consent/test.pdf`);
        const code = /code is (\d{6})/.exec(
          pageTexts(inflated(new Uint8Array(await testPdf.body())))
            .flat()
            .join(" "),
        )?.[1];
        assert.ok(code, "the test PDF shows its code");
        await page.getByLabel("Code from the test PDF").fill(code ?? "");
        await page.getByLabel(/I consent to receive my tax statements/).check();
        await page.getByRole("button", { name: "Give consent" }).click();
        await page.waitForURL(/\/portal\/home\?done=consent$/);
        assert.is((await recipientOf(consentF)).consent.status, "given");

        const paid = await call("POST", "/v1/cart/pay");
        assert.is(paid.status, 200, paid.text);

        // Letters for the paper recipient, the one who did not consent, and the print_mail form; none for the
        // consenting recipient. Lob's tracking (signed webhooks from the emulator's process) moves them on.
        const statement = async (id: string | undefined) =>
          (await call("GET", `/v1/filings/${String(id)}/statement`)).body;
        await until("the letters delivered and returned, the notice e-mailed", async () => {
          const [a, b, c, d] = await Promise.all([
            statement(paperF),
            statement(noConsentF),
            statement(consentF),
            statement(returnedF),
          ]);
          const mailOf = (x: { deliveries: { channel: string; status: string }[] }) =>
            x.deliveries.find((l) => l.channel === "mail")?.status;
          return (
            mailOf(a) === "delivered" &&
            mailOf(b) === "delivered" &&
            mailOf(d) === "returned" &&
            c.deliveries.some(
              (l: { channel: string; status: string }) => l.channel === "email" && l.status === "sent",
            )
          );
        });
        const sent = await letters();
        assert.is(sent.length, 3, JSON.stringify(sent.map((l) => l.to)));
        assert.ok(
          sent.every((l) => l.from.name === "E2E Filing Returns"),
          "returned mail comes back to the service",
        );
        const recipientTins = [39_500, 39_501, 39_502, 39_600].map(madeUpTin);
        assert.ok(
          sent.every((l) => recipientTins.every((tin) => !JSON.stringify(l.metadata).includes(tin))),
          "no TIN in the letters' metadata (the service's ids may hold nine digits in a row; a TIN never)",
        );
        const paperLetter = sent.find((l) => !/Returned/.test(l.to.address_line1));
        const pdf = new Uint8Array(
          await (await fetch(`${LOB}/__emulator/letters/${String(paperLetter?.id)}/file`)).arrayBuffer(),
        );
        const pdfText = pageTexts(inflated(pdf)).flat().join(" ");
        assert.ok(pdfText.includes(`${API}/portal`), "the cover names the portal");
        // The address and the access code each whole on a line of their own, as the recipient types them.
        assert.match(
          pdfText,
          /Go to http:\/\/127\.0\.0\.1:\d+\/portal and enter your access code [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4} then/,
          pdfText.slice(0, 1500),
        );
        assert.ok(pdfText.includes("1099-NEC"));

        const a = await statement(paperF);
        assert.is(a.furnished, true);
        assert.equal(
          a.deliveries[0].events.map((e: { status: string }) => e.status),
          ["queued", "mailed", "in_transit", "delivered"],
        );
        const d = await statement(returnedF);
        assert.equal([d.furnished, d.mail_refunded_cents], [false, DEFAULT_RATE_CARD.print_mail_cents]);
        const c = await statement(consentF);
        assert.equal(
          [c.furnished, c.deliveries.map((x: { channel: string }) => x.channel)],
          [true, ["email"]],
        );
        const returnedList = (await call("GET", "/v1/statement-deliveries?status=returned")).body.data as {
          filing: string;
        }[];
        assert.equal(
          returnedList.map((x) => x.filing),
          [returnedF],
        );

        // The e-mails: the notice to the consenting recipient, the invitation to the other; no TIN, no amount,
        // nothing attached.
        const all = await mails();
        const notice = all.find(
          (m) =>
            m.rcpt.includes("consents@example.com") &&
            m.subject === "IMPORTANT TAX RETURN DOCUMENT AVAILABLE",
        );
        assert.ok(notice, JSON.stringify(all.map((m) => [m.rcpt, m.subject])));
        const noConsentMail = all.filter((m) => m.rcpt.includes("no.consent@example.com"));
        assert.equal(
          noConsentMail.map((m) => m.subject),
          ["Choose how to receive your Form 1099-NEC from Live Letters LLC"],
        );
        for (const m of all) {
          assert.is(m.attachments.length, 0);
          assert.not.ok(
            /\d{9}|\d{3}-\d{2}-\d{4}|1234\.56/.test(`${m.text ?? ""} ${String(m.html)}`),
            m.subject,
          );
          assert.equal(m.from?.value[0]?.address, "statements@example.com");
        }

        // From the notice, the recipient signs in (the portal remembers it for this browser) and downloads the PDF.
        const noticeLink = /https?:\/\/\S+\/portal\/\S+/.exec(notice?.text ?? "")?.[0] ?? "";
        await signIn(noticeLink);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: /Download PDF/ }).click(),
        ]);
        const bytes = readFileSync(await download.path());
        assert.is(bytes.subarray(0, 5).toString("latin1"), "%PDF-");
        const statementText = pageTexts(inflated(new Uint8Array(bytes)))
          .flat()
          .join(" ");
        assert.ok(statementText.includes(`*****${consentR.tin_last4}`), "the TIN truncated on the statement");
        assert.not.ok(statementText.includes(madeUpTin(39_502)), "never whole");
        await context.close();
      } finally {
        await browser.close();
      }

      // The payer's events, and the same events at its webhook receiver (delivered by the worker process).
      const wanted = [
        "recipient.consent_given",
        "statement.mailed",
        "statement.delivered",
        "statement.returned",
        "statement.emailed",
        "statement.viewed",
      ];
      const events = (await call("GET", "/v1/events?limit=100")).body.data as {
        type: string;
        data: { filing?: string };
      }[];
      for (const type of wanted)
        assert.ok(
          events.some((e) => e.type === type),
          `event ${type}`,
        );
      assert.ok(
        events.some((e) => e.type === "statement.returned" && e.data.filing === returnedF),
        "statement.returned carries the filing",
      );
      // No TIN in any process's log: the service's, the emulators', the SMTP server's.
      const tins = [39_500, 39_501, 39_502, 39_600].map(madeUpTin);
      for (const [script, output] of outputs) {
        const log = output();
        for (const tin of tins) assert.not.ok(log.includes(tin), `no TIN in the log of ${script}`);
      }
      assert.ok(
        (outputs.get("hosts/worker/main.ts")?.() ?? "").includes("statement delivery sent"),
        "the worker logs",
      );
      await until(
        "the webhooks",
        async () => wanted.every((t) => receiver.events.some((e) => e.type === t)),
        60_000,
      );
    },
  );
}

s.run();
