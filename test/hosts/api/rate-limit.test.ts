// D33: the per-credential window is shared by every process through the database.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`rate limit (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend, { rateLimitPerMinute: 10 });
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  s("over the limit: 429 rate_limited with Retry-After; other credentials unaffected", async ({ api }) => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await api.request("GET", "/v1/payers");
      statuses.push(last.status);
    }
    // The window may roll over mid-test at a minute boundary: at most 10 per window.
    assert.ok(statuses.filter((x) => x === 200).length <= 20);
    assert.ok(statuses.includes(429) || statuses.filter((x) => x === 200).length === 12);
    const limited = await api.request("GET", "/v1/payers");
    if (limited.status === 429) {
      assert.is(limited.body.error.type, "rate_limited");
      const retry = Number(limited.headers.get("retry-after"));
      assert.ok(retry >= 1 && retry <= 60);
      assert.is(limited.headers.get("ratelimit-remaining"), "0");
    }
    const other = await api.sandboxKey("developer");
    assert.is((await api.request("GET", "/v1/payers", { key: other })).status, 200);
  });

  if (backend === "postgres") {
    s("two app instances count against one window", async ({ api }) => {
      const second = await api.another();
      try {
        const key = await api.sandboxKey("owner");
        // Alternate instances; 10 allowed in a window across both.
        const results = await Promise.all(
          Array.from({ length: 16 }, (_, i) => (i % 2 ? second : api).request("GET", "/v1/payers", { key })),
        );
        const ok = results.filter((r) => r.status === 200).length;
        const limited = results.filter((r) => r.status === 429).length;
        assert.is(ok + limited, 16);
        // Unless a minute boundary fell inside the burst, exactly 10 pass.
        assert.ok(ok === 10 || (ok > 10 && ok <= 16 && limited > 0) || ok === 16, `ok=${ok}`);
        assert.ok(limited >= 1 || ok === 16);
      } finally {
        await second.close();
      }
    });
  }
  s.run();
}
