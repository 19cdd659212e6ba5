// GET /docs in a real browser (Debian's chromium through playwright-core): the reference page loads from this
// server alone (any request elsewhere fails the test: no CDN), lists the endpoints, and logs no console error.
// Skips when chromium or playwright-core is missing (`bash .ci/packages` installs chromium).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { loadPlaywright, type Playwright, launchChromium } from "../../support/browser.ts";

const playwright = await loadPlaywright();
const s = suite<{ api: TestApi }>("API reference page in chromium");
s.before(async (ctx) => {
  ctx.api = await startApi();
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("GET /docs and its assets need no credential", async ({ api }) => {
  const page = await api.request("GET", "/docs", { key: null });
  assert.is(page.status, 200);
  assert.match(page.headers.get("content-type") ?? "", /text\/html/);
  for (const src of [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string)) {
    assert.ok(src.startsWith("/docs/"), `${src} is served here`);
    assert.is((await api.request("GET", src, { key: null })).status, 200, src);
  }
  assert.is(
    (await api.request("GET", "/docs/assets/package.json", { key: null })).status,
    404,
    "only the listed assets are served",
  );
});

(playwright ? s : s.skip)(
  "the page renders every endpoint with no console error and no request to another origin",
  async ({ api }) => {
    const browser = await launchChromium(playwright as Playwright);
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const foreign: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(api.base) || url.startsWith("data:")) return route.continue();
        foreign.push(url);
        return route.abort();
      });
      await page.goto(`${api.base}/docs`);
      await page.locator(".opblock").first().waitFor({ timeout: 20_000 });
      const doc = (await api.request("GET", "/v1/openapi.json", { key: null })).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      const expected = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
      assert.is(await page.locator(".opblock").count(), expected, "one block per operation");
      for (const path of ["/v1/payers/{payerId}/forms", "/v1/cart/pay", "/v1/filings/{id}/copy-b"]) {
        assert.ok(await page.locator(`.opblock-summary-path[data-path="${path}"]`).first().isVisible(), path);
      }
      assert.ok(await page.getByText("Information return filing API").first().isVisible());
      assert.equal(errors, []);
      assert.equal(foreign, []);
    } finally {
      await browser.close();
    }
  },
);

s.run();
