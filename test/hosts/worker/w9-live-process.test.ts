// W-9s and B-notices in live mode end to end, every part a process of its own on Postgres (issue 40): the IRS
// emulator (`npm run irs-emulator`, whose TIN Matching the live adapter calls), the Lob emulator, a real SMTP server
// (test/support/smtp-sink.ts), the API and the worker configured as production is. The payer requests a W-9; the
// e-mail reaches the SMTP server with the hosted W-9's link and no TIN; the payee signs it in Chromium; the live
// TIN match goes over HTTP to the IRS emulator and its result is on the request and the recipient. Then the payer
// uploads a CP2100 naming that payee and a TIN it has no recipient for: one first notice, mailed through the Lob
// emulator with Pub 1281's words and the TIN masked, and one unmatched row; the recipient shows backup withholding
// pending until the withhold-by date. No TIN in any e-mail, letter metadata or process log. Made-up TINs.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadPlaywright, type Playwright, launchChromium } from "../../support/browser.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { payerBody } from "../../support/forms.ts";
import { startLiveStack, until, type LiveStack, type Mail } from "../../support/live-stack.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";

const playwright = await loadPlaywright();
/** The payee's made-up SSN (even last digit: the emulator's TIN Matching answers a match) and an unknown one. */
const TIN = "900005512";
const UNKNOWN_TIN = "900005598";
const ANY_TIN = /900005512|900-00-5512|900005598|900-00-5598/;

const s = suite<{ stack: LiveStack }>(
  "W-9s and B-notices live: IRS, Lob, SMTP, API and worker as processes (postgres)",
);

if (!POSTGRES_URL || (!playwright && !process.env["CI"]))
  s.skip("needs DATABASE_URL and chromium", () => undefined);
else {
  s.before(async (ctx) => {
    ctx.stack = await startLiveStack({ tag: "40" });
  });
  s.after(async (ctx) => {
    await ctx.stack?.stop();
  });

  s(
    "a W-9 requested, e-mailed, signed in Chromium and TIN-matched at the IRS emulator; a CP2100 upload mails a first B-notice through Lob",
    async ({ stack }) => {
      const { call, mails, letters, outputs, live } = stack;
      const API = stack.api;
      const letterText = async (id: string) =>
        pageTexts(
          inflated(
            new Uint8Array(await (await fetch(`${stack.lob}/__emulator/letters/${id}/file`)).arrayBuffer()),
          ),
        )
          .flat()
          .join(" ");
      const payer = (await call("POST", "/v1/payers", payerBody("Live W9 LLC", "123450401"))).body
        .id as string;
      const requested = await call("POST", "/v1/w9-requests", {
        payer,
        name: "Lena Live",
        email: "lena.live@example.com",
      });
      assert.is(requested.status, 201, requested.text);
      assert.is(requested.body.livemode, true);
      const requestId = String(requested.body.id);

      let invitation: Mail | undefined;
      await until("the W-9 request e-mail", async () => {
        invitation = (await mails()).find((m) => m.rcpt.includes("lena.live@example.com"));
        return invitation !== undefined;
      });
      const link = /https?:\/\/\S+\/portal\/w9\/[\w-]+/.exec(invitation?.text ?? "")?.[0] ?? "";
      assert.ok(link.startsWith(`${API}/portal/w9/`), invitation?.text);
      assert.not.match(invitation?.raw ?? "", ANY_TIN);

      const browser = await launchChromium(playwright as Playwright);
      try {
        const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
        await page.goto(link);
        await page.getByLabel("1. Name of entity/individual").fill("Lena Live");
        await page.getByLabel("Individual/sole proprietor").check();
        await page.getByLabel("5. Address (number, street, and apt. or suite no.)").fill("7 Oak Ave");
        await page.getByLabel("6. City").fill("Boise");
        await page.getByLabel("6. State").fill("ID");
        await page.getByLabel("6. ZIP code").fill("83702");
        await page.getByLabel("Social security number (or ITIN)").check();
        await page.getByLabel("Taxpayer identification number").fill("900-00-5512");
        await page.getByLabel("Signature of U.S. person: type your full name").fill("Lena Live");
        await page.getByLabel(/I have read the certification above/).check();
        await page.getByRole("button", { name: "Sign and submit Form W-9" }).click();
        await page.waitForURL(/\/portal\/w9\/signed$/);
      } finally {
        await browser.close();
      }

      // The live TIN match: the worker asks the IRS emulator's TIN Matching over HTTP.
      let request: Record<string, unknown> = {};
      await until("the live TIN match", async () => {
        request = (await call("GET", `/v1/w9-requests/${requestId}`)).body;
        return (request.tin_match as { result?: string } | null)?.result === "match";
      });
      assert.is(request.status, "completed");
      const irsStats = (await (await fetch(`${stack.irs}/__emulator/stats`)).json()) as {
        stats: { tinMatchRequests: number };
      };
      assert.is(irsStats.stats.tinMatchRequests, 1, "one TIN match, asked of the IRS emulator");
      const recipientId = String(request.recipient);
      const recipient = (await call("GET", `/v1/recipients/${recipientId}`)).body;
      assert.is(recipient.tin_last4, "5512");
      assert.is(recipient.livemode, true);
      const pdf = await fetch(`${API}/v1/w9-requests/${requestId}/pdf`, {
        headers: { authorization: `Bearer ${live}` },
      });
      assert.is(pdf.status, 200);
      const signed = pageTexts(inflated(new Uint8Array(await pdf.arrayBuffer())))
        .flat()
        .join(" ");
      assert.match(signed, /Lena Live/);

      // A CP2100 names the payee and a TIN the payer has no recipient for: one first notice, one unmatched row.
      const today = new Date().toISOString().slice(0, 10);
      const uploaded = await call(
        "POST",
        `/v1/payers/${payer}/cp2100?notice_date=${today}`,
        `name,tin,account_number,tax_year\nLena Live,${TIN},,2025\nNo Body,${UNKNOWN_TIN},Z-9,2025\n`,
        "text/csv",
      );
      assert.is(uploaded.status, 201, uploaded.text);
      assert.equal(
        (uploaded.body.rows as { result: string }[]).map((r) => r.result),
        ["first", "unmatched"],
      );
      assert.not.match(uploaded.text, ANY_TIN);
      const noticeId = String((uploaded.body.rows as { b_notice: string }[])[0]?.b_notice);

      let mailed: Awaited<ReturnType<typeof letters>>[number] | undefined;
      await until("the B-notice letter at Lob", async () => {
        mailed = (await letters()).find((l) => l.to.name === "Lena Live");
        return mailed !== undefined;
      });
      assert.is(mailed?.to.address_line1, "7 Oak Ave");
      assert.not.match(JSON.stringify(mailed?.metadata), ANY_TIN);
      const text = await letterText(String(mailed?.id));
      assert.match(text, /backup withholding/i);
      assert.match(text, /24%/);
      assert.match(text, /Live W9 LLC/);
      assert.not.match(text, ANY_TIN, "the letter shows the TIN masked");
      await until("the notice mailed", async () => {
        const n = (await call("GET", `/v1/b-notices/${noticeId}`)).body;
        return n.status === "mailed";
      });
      const flagged = (await call("GET", `/v1/recipients/${recipientId}`)).body.backup_withholding as {
        status: string;
        withhold_by: string;
        notice_id: string;
        clears_on: string;
      };
      assert.is(flagged.status, "pending");
      assert.is(flagged.notice_id, noticeId);
      assert.is(flagged.clears_on, "new_w9");
      assert.ok(flagged.withhold_by > today);

      for (const [script, output] of outputs)
        assert.not.match(output(), ANY_TIN, `no TIN in ${script}'s log`);
    },
  );
}

s.run();
