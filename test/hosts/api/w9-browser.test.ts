// The hosted W-9 in a real browser (Debian's chromium through playwright-core) on a phone-sized screen (issue 40):
// a payer requests three W-9s; one payee fills in and signs (the TIN matches), one enters a TIN that mismatches and
// gets the payer's re-request with its reason shown, one never answers and the link expires (the sweep on a driven
// clock). The events fire and the signed PDF reads back. Skips without chromium locally; CI=1 fails instead.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { Clock } from "../../../core/ports/clock.port.ts";
import { expireW9Requests } from "../../../core/use-cases/parties/w9-requests.ts";
import { keyedCall, TEST_KEY } from "../../support/api.ts";
import { loadPlaywright, type Playwright, launchChromium } from "../../support/browser.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { openStatementsHost, type StatementsHost } from "../../support/statements-host.ts";

const playwright = await loadPlaywright();
const s = suite("hosted W-9 in chromium");

if (!playwright && process.env["CI"])
  s("chromium and playwright-core are installed (CI runs the browser tests)", () => {
    assert.unreachable("no chromium at /usr/bin/chromium or no playwright-core");
  });

async function linkOf(host: StatementsHost, to: string): Promise<string> {
  const outbox = (await keyedCall(host.base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as {
    to: string;
    links: string[];
  }[];
  const link = outbox.find((m) => m.to === to)?.links[0];
  assert.ok(link, `a W-9 link e-mailed to ${to}`);
  return `${host.base}${new URL(link ?? "http://x/").pathname}`;
}

const request = async (host: StatementsHost, payer: string, name: string, email: string) => {
  const r = await keyedCall(host.base, "POST", "/v1/w9-requests", { payer, name, email });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return String(r.body.id);
};

const eventsOf = async (host: StatementsHost, type: string) =>
  (
    (await keyedCall(host.base, "GET", "/v1/events?limit=100")).body.data as {
      type: string;
      data: { id?: string };
    }[]
  )
    .filter((e) => e.type === type)
    .map((e) => e.data.id);

(playwright ? s : s.skip)(
  "three W-9s: one matches, one mismatches and is re-requested, one expires",
  async () => {
    const host = await openStatementsHost();
    const browser = await launchChromium(playwright as Playwright);
    try {
      const payer = String(
        ((await keyedCall(host.base, "GET", "/v1/payers")).body.data as { id: string }[])[0]?.id,
      );
      const good = await request(host, payer, "Lena Good", "lena@example.test");
      const odd = await request(host, payer, "Omar Odd", "omar@example.test");
      const silent = await request(host, payer, "Sal Silent", "sal@example.test");

      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const fill = async (name: string, tin: string) => {
        await page.getByLabel("1. Name of entity/individual").fill(name);
        await page.getByLabel("Individual/sole proprietor").check();
        await page.getByLabel("5. Address (number, street, and apt. or suite no.)").fill("7 Oak Ave");
        await page.getByLabel("6. City").fill("Boise");
        await page.getByLabel("6. State").fill("ID");
        await page.getByLabel("6. ZIP code").fill("83702");
        await page.getByLabel("Social security number (or ITIN)").check();
        await page.getByLabel("Taxpayer identification number").fill(tin);
        await page.getByLabel("Signature of U.S. person: type your full name").fill(name);
      };

      // 1. The payee signs; a missing affirmation is refused first, naming the box.
      await page.goto(await linkOf(host, "lena@example.test"));
      assert.ok(await page.getByText("Under penalties of perjury, I certify that:").isVisible());
      assert.ok(
        ((await page.evaluate("document.documentElement.scrollWidth")) as number) <= 390,
        "fits a phone's width",
      );
      await fill("Lena Good", "900-00-5512");
      await page.getByRole("button", { name: "Sign and submit Form W-9" }).click();
      assert.ok(
        await page
          .getByRole("alert")
          .getByText(/check the box to certify/)
          .isVisible(),
      );
      assert.is(
        await page.getByLabel("Taxpayer identification number").inputValue(),
        "",
        "the TIN is not echoed",
      );
      await page.getByLabel("Taxpayer identification number").fill("900-00-5512");
      await page.getByLabel("Social security number (or ITIN)").check();
      await page.getByLabel(/I have read the certification above/).check();
      await page.getByRole("button", { name: "Sign and submit Form W-9" }).click();
      await page.waitForURL(/\/portal\/w9\/signed$/);
      assert.ok(await page.getByRole("heading", { name: "Form W-9 signed" }).isVisible());
      await host.until("the match", async () => {
        const r = (await keyedCall(host.base, "GET", `/v1/w9-requests/${good}`)).body;
        return r.tin_match?.result === "match";
      });

      // 2. A TIN that mismatches (sandbox: odd last digit); the payer asks again with a reason the page shows.
      await page.goto(await linkOf(host, "omar@example.test"));
      await fill("Omar Odd", "900-00-5513");
      await page.getByLabel(/I have read the certification above/).check();
      await page.getByRole("button", { name: "Sign and submit Form W-9" }).click();
      await page.waitForURL(/\/portal\/w9\/signed$/);
      await host.until("the mismatch", async () => {
        const r = (await keyedCall(host.base, "GET", `/v1/w9-requests/${odd}`)).body;
        return r.tin_match?.result === "mismatch";
      });
      const recipient = String((await keyedCall(host.base, "GET", `/v1/w9-requests/${odd}`)).body.recipient);
      const again = await keyedCall(host.base, "POST", "/v1/w9-requests", {
        recipient,
        reason: "Your name and TIN do not match IRS records.",
      });
      assert.is(again.status, 201);
      await page.goto(await linkOf(host, "omar@example.test"));
      assert.ok(
        await page
          .getByRole("status")
          .getByText(/Your name and TIN do not match IRS records/)
          .isVisible(),
      );
      assert.is(
        await page.getByLabel("6. City").inputValue(),
        "Boise",
        "the recipient's address is filled in",
      );

      // 3. Never answered: the sweep on a clock past its expiry; the link says it has expired.
      const silentLink = await linkOf(host, "sal@example.test");
      const expiresAt = Date.parse(
        String((await keyedCall(host.base, "GET", `/v1/w9-requests/${silent}`)).body.expires_at),
      );
      await host.runtime.runPromise(
        expireW9Requests().pipe(Effect.provideService(Clock, { now: () => new Date(expiresAt) })),
      );
      const gone = await page.goto(silentLink);
      assert.is(gone?.status(), 410);
      assert.ok(await page.getByRole("heading", { name: "This link has expired" }).isVisible());

      assert.ok((await eventsOf(host, "w9_request.completed")).includes(good));
      assert.ok((await eventsOf(host, "w9_request.completed")).includes(odd));
      assert.equal(await eventsOf(host, "w9_request.expired"), [silent]);
      const pdf = await fetch(`${host.base}/v1/w9-requests/${good}/pdf`, {
        headers: { authorization: `Bearer ${TEST_KEY}` },
      });
      const text = pageTexts(inflated(new Uint8Array(await pdf.arrayBuffer())))
        .flat()
        .join(" ");
      assert.match(text, /Lena Good/);
      assert.match(text, /Under penalties of perjury/);
      await context.close();
    } finally {
      await browser.close();
      await host.close();
    }
  },
);

s.run();
