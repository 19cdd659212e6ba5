import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { necRows } from "../../support/forms.ts";

const s = suite<{ api: TestApi }>("extensions and sandbox reset");
s.before(async (ctx) => {
  ctx.api = await startApi();
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s(
  "extensions: free, accepted, duplicate per payer/year/form families returns the original (D24)",
  async ({ api }) => {
    const body = { payer: api.mainPayerId, tax_year: 2025, forms: ["1099", "5498"] };
    const a = await api.request("POST", "/v1/extensions", { body });
    assert.is(a.status, 201, a.text);
    assert.is(a.body.object, "extension");
    assert.is(a.body.status, "accepted");
    assert.is(a.body.already_requested, false);
    assert.match(a.body.receipt_id, /^[1-9]\d{3}-\d{11}-[0-9A-Za-z]{9}$/);
    const b = await api.request("POST", "/v1/extensions", { body: { ...body, forms: ["5498", "1099"] } });
    assert.is(b.status, 200);
    assert.is(b.body.already_requested, true);
    assert.is(b.body.id, a.body.id);
    assert.is((await api.request("GET", `/v1/extensions/${a.body.id}`)).body.id, a.body.id);
    assert.is((await api.request("GET", "/v1/extensions")).body.data.length, 1);
    const balance = (await api.request("GET", "/v1/balance")).body.recent.length;
    assert.is(balance, 1, "free: no ledger entry");
  },
);

s("extensions: 2026 needs a reason (F8809016); unknown form family, bad payer: 422", async ({ api }) => {
  const noReason = await api.request("POST", "/v1/extensions", {
    body: { payer: api.mainPayerId, tax_year: 2026, forms: ["1099"] },
  });
  assert.is(noReason.status, 422);
  assert.is(noReason.body.error.param, "reasons");
  assert.ok(noReason.body.error.message.includes("F8809016"));
  const ok = await api.request("POST", "/v1/extensions", {
    body: { payer: api.mainPayerId, tax_year: 2026, forms: ["1099"], reasons: { data_not_received: true } },
  });
  assert.is(ok.status, 201);
  const fam = await api.request("POST", "/v1/extensions", {
    body: { payer: api.mainPayerId, tax_year: 2025, forms: ["W2"] },
  });
  assert.is(fam.status, 422);
  assert.match(fam.body.error.param, /^forms/);
  const payer = await api.request("POST", "/v1/extensions", {
    body: { payer: "00000000-0000-4000-8000-000000000000", tax_year: 2025, forms: ["1099"] },
  });
  assert.is(payer.status, 422);
  assert.is(payer.body.error.param, "payer");
  const reason = await api.request("POST", "/v1/extensions", {
    body: { payer: api.mainPayerId, tax_year: 2026, forms: ["1099"], reasons: { bored: true } },
  });
  assert.is(reason.status, 422);
});

s("sandbox reset clears filings, carts and orders; live keys are refused", async ({ api }) => {
  await api.request("POST", `/v1/payers/${api.mainPayerId}/forms`, {
    body: { addToCart: true, forms: necRows(3, 777) },
  });
  const r = await api.request("POST", "/v1/sandbox/reset");
  assert.is(r.status, 200);
  assert.equal(r.body, { object: "sandbox_reset", status: "reset", cleared: 3 });
  assert.is((await api.request("GET", "/v1/filings")).body.data.length, 0);
  assert.is((await api.request("GET", "/v1/cart/value")).body.item_count, 0);
  assert.is((await api.request("GET", "/v1/balance")).body.available_cents, 100000);
  const live = await api.liveKey();
  const refused = await api.request("POST", "/v1/sandbox/reset", { key: live });
  assert.is(refused.status, 403);
  assert.ok((await api.request("GET", "/v1/payers")).body.data.length >= 1, "payers stay");
});

s.run();
