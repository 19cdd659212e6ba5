// Issue 13 finding 2: every list walks to its end with a small `limit`, and the walk equals the full list.
// Also D34's cursor rule (a cursor naming no item of the list is 422 `starting_after`) and the ledger's order
// (finding 8: entries list by sequence, so balance_after_cents is a chain).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { fanOutEvents } from "../../../core/use-cases/webhooks/deliveries.ts";

const pagerBody = (i: number) => payerBody(`Pager ${i} LLC`, String(987650000 + i));

async function walk(api: TestApi, path: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 500; pages++) {
    const sep = path.includes("?") ? "&" : "?";
    const r = await api.request(
      "GET",
      `${path}${sep}limit=${limit}${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ""}`,
    );
    assert.is(r.status, 200, `${path}: ${r.text}`);
    assert.ok(r.body.data.length <= limit);
    ids.push(...r.body.data.map((x: { id: string }) => x.id));
    if (!r.body.has_more) {
      assert.is(r.body.next_cursor, null);
      return ids;
    }
    assert.is(r.body.data.length, limit, `${path}: a page with has_more is full`);
    assert.is(r.body.next_cursor, r.body.data[r.body.data.length - 1].id);
    cursor = r.body.next_cursor;
  }
  throw new Error(`${path}: no end after 500 pages`);
}

for (const backend of backends) {
  const s = suite<{ api: TestApi; endpoint: string }>(`paging every list to its end (${backend})`);
  s.before(async (ctx) => {
    const api = await startApi(backend);
    ctx.api = api;
    const payers: string[] = [];
    for (let i = 0; i < 5; i++)
      payers.push((await api.request("POST", "/v1/payers", { body: pagerBody(i) })).body.id);
    ctx.endpoint = (
      await api.request("POST", "/v1/webhooks", { body: { url: "https://example.com/h", events: ["*"] } })
    ).body.id;
    for (let i = 0; i < 4; i++)
      await api.request("POST", "/v1/webhooks", {
        body: { url: `https://example.com/h${i}`, events: ["cart.paid"] },
      });
    for (let round = 0; round < 3; round++) {
      // Several orders and events; each pay also draws from the balance (ledger entries).
      await api.request("POST", `/v1/payers/${payers[round]}/forms`, {
        body: { addToCart: true, forms: necRows(3, round * 10) },
      });
      assert.is((await api.request("POST", "/v1/cart/pay")).status, 200);
      await api.request("POST", "/v1/balance/top-ups", { body: { amount_cents: 100 + round } });
    }
    await api.request("POST", `/v1/payers/${payers[4]}/forms`, { body: { forms: necRows(4, 100) } });
    for (let i = 0; i < 5; i++)
      await api.request("POST", "/v1/tin-match", {
        body: { entries: [{ name: `Person ${i}`, tin: String(123456780 + i) }] },
      });
    for (let i = 0; i < 5; i++) {
      const r = await api.request("POST", "/v1/extensions", {
        body: { payer: payers[i], tax_year: 2025, forms: ["1099"] },
      });
      assert.is(r.status, 201, r.text);
    }
    await api.runtime.runPromise(fanOutEvents(500));
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  const lists = (endpoint: string) => [
    "/v1/payers",
    "/v1/recipients",
    "/v1/filings",
    "/v1/filings?status=queued",
    "/v1/events",
    "/v1/orders",
    "/v1/balance/entries",
    "/v1/tin-match",
    "/v1/webhooks",
    `/v1/webhooks/${endpoint}/deliveries`,
    "/v1/extensions",
  ];

  s("each list walked 2 at a time (and 3, and 1) equals the whole list", async ({ api, endpoint }) => {
    for (const path of lists(endpoint)) {
      const sep = path.includes("?") ? "&" : "?";
      const all = (await api.request("GET", `${path}${sep}limit=500`)).body.data.map(
        (x: { id: string }) => x.id,
      ) as string[];
      assert.ok(all.length >= 3, `${path} has ${all.length} items; the test needs at least 3`);
      assert.is(new Set(all).size, all.length, `${path}: ids are distinct`);
      for (const limit of [1, 2, 3])
        assert.equal(await walk(api, path, limit), all, `${path} walked ${limit} at a time`);
    }
  });

  s("filings and recipients also page from their short ids", async ({ api }) => {
    for (const path of ["/v1/filings", "/v1/recipients"]) {
      const all = (await api.request("GET", `${path}?limit=500`)).body.data as Array<{
        id: string;
        short_id: string;
      }>;
      const second = all[1];
      assert.ok(second);
      const byShort = (
        await api.request("GET", `${path}?limit=500&starting_after=${second.short_id}`)
      ).body.data.map((x: { id: string }) => x.id);
      assert.equal(
        byShort,
        all.slice(2).map((x) => x.id),
      );
    }
  });

  s("a cursor that names no item of the list is 422 starting_after", async ({ api, endpoint }) => {
    const event = (await api.request("GET", "/v1/events?limit=1")).body.data[0].id;
    for (const path of lists(endpoint)) {
      const sep = path.includes("?") ? "&" : "?";
      for (const cursor of ["evt_doesnotexist", "00000000-0000-4000-8000-000000000000", "nonsense", event]) {
        if (path === "/v1/events" && cursor === event) continue;
        const r = await api.request("GET", `${path}${sep}starting_after=${encodeURIComponent(cursor)}`);
        assert.is(r.status, 422, `${path} after ${cursor}: ${r.status} ${r.text}`);
        assert.is(r.body.error.type, "invalid_request");
        assert.is(r.body.error.param, "starting_after");
      }
    }
  });

  s(
    "ledger entries list by sequence: each balance_after_cents is the next older one's plus its amount",
    async ({ api }) => {
      // Two entries in one instant (a pay with an auto top-up, refunds of one order) must still read as a chain.
      const filings = (await api.request("GET", "/v1/filings?status=queued&limit=500")).body.data as Array<{
        id: string;
      }>;
      await Promise.all(filings.slice(0, 4).map((f) => api.request("DELETE", `/v1/filings/${f.id}`)));
      const entries = (await api.request("GET", "/v1/balance/entries?limit=500")).body.data as Array<{
        amount_cents: number;
        balance_after_cents: number;
      }>;
      assert.ok(entries.length >= 8);
      for (let i = 0; i + 1 < entries.length; i++) {
        const newer = entries[i];
        const older = entries[i + 1];
        assert.is(
          newer?.balance_after_cents,
          (older?.balance_after_cents ?? 0) + (newer?.amount_cents ?? 0),
          `entry ${i}`,
        );
      }
    },
  );

  s.run();
}
