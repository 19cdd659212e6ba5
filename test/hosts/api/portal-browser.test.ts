// The recipient portal in a real browser (Debian's chromium through playwright-core), on a phone-sized screen: an
// electronic recipient without consent gets the invitation in the sandbox's outbox, follows its link, signs in by
// the labelled fields, reads the disclosures, opens the test PDF, types its code, consents, and downloads the
// statement's PDF; the payer then sees the consent. Skips without chromium locally; under CI (CI=1, set by .ci/run)
// a missing browser fails instead. PORTAL_SCREENSHOT_DIR=/tmp saves screenshots.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { keyedCall } from "../../support/api.ts";
import { loadPlaywright, type Playwright, launchChromium } from "../../support/browser.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { openStatementsHost } from "../../support/statements-host.ts";

const playwright = await loadPlaywright();
const s = suite("recipient portal in chromium");
const shots = process.env["PORTAL_SCREENSHOT_DIR"];

if (!playwright && process.env["CI"])
  s("chromium and playwright-core are installed (CI runs the browser tests)", () => {
    assert.unreachable(
      "no chromium at /usr/bin/chromium or no playwright-core: .ci/packages installs chromium",
    );
  });

(playwright ? s : s.skip)(
  "invitation link → sign in → disclosures → test PDF code → consent → PDF download",
  async () => {
    const host = await openStatementsHost();
    const browser = await launchChromium(playwright as Playwright);
    try {
      const { base } = host;
      const payer = (await keyedCall(base, "POST", "/v1/payers", payerBody("Browser Payer LLC", "123450511")))
        .body.id;
      const intake = await keyedCall(base, "POST", `/v1/payers/${payer}/forms`, {
        addToCart: true,
        forms: necRows(1, 51_100, { taxYear: 2026 }),
      });
      assert.is(intake.status, 201, JSON.stringify(intake.body));
      const filing = (intake.body.forms as { id: string }[])[0]?.id ?? "";
      const f = (await keyedCall(base, "GET", `/v1/filings/${filing}`)).body;
      const recipientId = String(f.recipient ?? f.recipient_id);
      await keyedCall(base, "PATCH", `/v1/recipients/${recipientId}`, {
        delivery_method: "electronic",
        email: "browser.recipient@example.com",
      });
      const recipient = (await keyedCall(base, "GET", `/v1/recipients/${recipientId}`)).body;
      assert.is((await keyedCall(base, "POST", "/v1/cart/pay")).status, 200);
      let link = "";
      await host.until("the invitation", async () => {
        const outbox = (await keyedCall(base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as {
          to: string;
          links: string[];
        }[];
        link = outbox.find((m) => m.to === "browser.recipient@example.com")?.links[0] ?? "";
        return link !== "";
      });
      // The portal's public address is the test host's.
      const url = `${base}${new URL(link).pathname}`;

      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await page.goto(url);
      assert.match(page.url(), /\/portal\/verify$/);
      assert.ok(await page.getByText("Browser Payer LLC").first().isVisible());
      // The first Tab reaches the first field: the form is in reading order.
      await page.keyboard.press("Tab");
      assert.is(await page.evaluate("document.activeElement && document.activeElement.id"), "tin_last4");
      if (shots) await page.screenshot({ path: join(shots, "portal-verify.png"), fullPage: true });
      await page.getByLabel("Last four digits of your SSN or TIN").fill(String(recipient.tin_last4));
      await page.getByLabel("ZIP code of your mailing address").fill(String(recipient.postal_code));
      await page.getByRole("button", { name: "Open my documents" }).click();
      await page.waitForURL(/\/portal\/home$/);
      assert.ok(
        await page.getByRole("heading", { name: /Your tax documents from Browser Payer LLC/ }).isVisible(),
      );
      const width = Number(await page.evaluate("document.documentElement.scrollWidth"));
      assert.ok(width <= 390, `fits a phone (${String(width)}px)`);
      if (shots) await page.screenshot({ path: join(shots, "portal-home.png"), fullPage: true });

      await page.getByRole("link", { name: "Choose electronic delivery" }).click();
      await page.waitForURL(/\/portal\/consent$/);
      for (const heading of ["Paper is the default", "How to withdraw your consent", "What you need"])
        assert.ok(await page.getByRole("heading", { name: heading }).isVisible(), heading);
      // The test PDF, fetched with the browser's own cookies, as a PDF viewer would open it.
      const testPdf = await page.request.get(`${base}/portal/consent/test.pdf`);
      assert.is(testPdf.headers()["content-type"], "application/pdf");
      const text = pageTexts(inflated(new Uint8Array(await testPdf.body())))
        .flat()
        .join(" ");
      const code = /code is (\d{6})/.exec(text)?.[1];
      assert.ok(code, text);
      await page.getByLabel("Code from the test PDF").fill(code ?? "");
      await page.getByLabel(/I consent to receive my tax statements/).check();
      if (shots) await page.screenshot({ path: join(shots, "portal-consent.png"), fullPage: true });
      await page.getByRole("button", { name: "Give consent" }).click();
      await page.waitForURL(/\/portal\/home\?done=consent$/);
      assert.ok(
        await page
          .getByRole("status")
          .getByText(/delivered electronically/)
          .isVisible(),
      );

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: /Download PDF/ }).click(),
      ]);
      const saved = await download.path();
      const bytes = await readFile(saved);
      assert.is(bytes.subarray(0, 5).toString("latin1"), "%PDF-");
      assert.match(download.suggestedFilename(), /^1099-NEC-2026-/);

      const after = (await keyedCall(base, "GET", `/v1/recipients/${recipientId}`)).body;
      assert.is(after.consent.status, "given");
      const activity = (
        await keyedCall(base, "GET", `/v1/recipients/${recipientId}/portal-activity?limit=20`)
      ).body.data as { action: string; ip: string }[];
      assert.ok(activity.some((a) => a.action === "consent_given" && a.ip.length > 0));
      assert.ok(activity.some((a) => a.action === "viewed"));
      await context.close();
    } finally {
      await browser.close();
      await host.close();
    }
  },
);

s.run();
