// The consent page in a real browser (Debian's chromium through playwright-core): sign in on the sandbox (no
// password), pick a payer, approve, land on the redirect with a code, exchange it. Skips when chromium or
// playwright-core is missing (`.ci/browsers` installs chromium). OAUTH_SCREENSHOT_DIR=/tmp saves screenshots.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { startApi } from "../../support/api.ts";
import { newApp, newUser, pkcePair, token } from "../../support/oauth.ts";
import { loadPlaywright, type Playwright, launchChromium } from "../../support/browser.ts";

const playwright = await loadPlaywright();
const s = suite("oauth consent page in chromium");
const shots = process.env["OAUTH_SCREENSHOT_DIR"];

(playwright ? s : s.skip)(
  "sign in, pick a payer, approve, land on the redirect with a code, exchange it for tokens",
  async () => {
    const api = await startApi();
    const hits: string[] = [];
    const callback: Server = await new Promise((resolve) => {
      const srv = createServer((req, res) => {
        hits.push(req.url ?? "");
        res.writeHead(200, { "content-type": "text/plain" }).end("Connected.");
      });
      srv.listen(0, "127.0.0.1", () => resolve(srv));
    });
    const redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    const browser = await launchChromium(playwright as Playwright);
    try {
      const second = await api.request("POST", "/v1/payers", {
        body: { name: "Second Payer LLC", tin: "987654321" },
      });
      await newUser(api, "dev@acme.test", "owner", null);
      const app = await newApp(api, {
        redirectUris: [redirectUri],
        scopes: "filings:read filings:write payments:read",
      });
      const pkce = pkcePair();
      const params = new URLSearchParams({
        response_type: "code",
        client_id: app.clientId,
        redirect_uri: redirectUri,
        scope: "filings:read filings:write",
        state: "browser-state",
        code_challenge: pkce.challenge,
        code_challenge_method: "S256",
      });
      const page = await browser.newPage({ viewport: { width: 900, height: 860 } });
      await page.goto(`${api.base}/oauth/authorize?${params}`);
      assert.is(await page.locator('input[type="password"]').count(), 0, "no password field on the sandbox");
      assert.ok(await page.getByText("Acme Payroll").first().isVisible());
      if (shots) await page.screenshot({ path: join(shots, "oauth-sign-in.png"), fullPage: true });
      await page.getByLabel("E-mail address").fill("dev@acme.test");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("radio", { name: /Second Payer LLC/ }).check();
      if (shots) await page.screenshot({ path: join(shots, "oauth-consent.png"), fullPage: true });
      await Promise.all([
        page.waitForURL((u) => u.toString().startsWith(redirectUri)),
        page.getByRole("button", { name: "Approve" }).click(),
      ]);
      const landed = new URL(page.url());
      assert.is(landed.searchParams.get("state"), "browser-state");
      const code = landed.searchParams.get("code") as string;
      assert.match(code, /^code_/);
      assert.is(hits.filter((h) => h.startsWith("/callback")).length, 1);
      const r = await token(
        api,
        { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: pkce.verifier },
        { basic: [app.clientId, app.clientSecret] },
      );
      assert.is(r.status, 200, r.text);
      assert.is(r.body.scope, "filings:read filings:write");
      const payers = await api.request("GET", "/v1/payers", { key: r.body.access_token });
      assert.equal(
        payers.body.data.map((p: { id: string }) => p.id),
        [second.body.id],
        "the token acts for the payer picked",
      );
    } finally {
      await browser.close();
      callback.closeAllConnections();
      await new Promise<void>((r) => callback.close(() => r()));
      await api.close();
    }
  },
);

s.run();
