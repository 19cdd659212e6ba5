// POST /v1/filings and POST /v1/filings/batch (D23), GET /v1/filings (paging, filters), GET /v1/filings/{id},
// GET /v1/batches/{id}, and environment / account isolation of all of them, on the real host.
// Runs on PGlite, and on Postgres too when DATABASE_URL is set.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { madeUpTin, necForm, necRow, necRows } from "../../support/forms.ts";
import { createAccount, createApiKey } from "../../../core/use-cases/accounts/accounts.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_SUCH_UUID = "00000000-0000-4000-8000-000000000000";

let payerCount = 0;
async function newPayer(api: TestApi, key?: string): Promise<string> {
  const r = await api.request("POST", "/v1/payers", {
    key,
    body: { name: `Filings Payer ${payerCount++}`, tin: "987654321" },
  });
  assert.is(r.status, 201, r.text);
  return r.body.id as string;
}

const fileOne = (
  api: TestApi,
  body: Record<string, unknown>,
  opts: { key?: string; headers?: Record<string, string> } = {},
) => api.request("POST", "/v1/filings", { body, ...opts });

const fileBatch = (
  api: TestApi,
  body: Record<string, unknown>,
  opts: { key?: string; headers?: Record<string, string> } = {},
) => api.request("POST", "/v1/filings/batch", { body, ...opts });

async function allPages(api: TestApi, query: string, limit: number, key?: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const r: {
      status: number;
      body: { object: string; data: { id: string }[]; has_more: boolean; next_cursor: string | null };
    } = await api.request(
      "GET",
      `/v1/filings?${query}&limit=${limit}${cursor ? `&starting_after=${cursor}` : ""}`,
      { key },
    );
    assert.is(r.status, 200);
    assert.is(r.body.object, "list");
    assert.ok(r.body.data.length <= limit);
    seen.push(...r.body.data.map((f) => f.id));
    assert.is(r.body.has_more, r.body.next_cursor !== null);
    if (r.body.next_cursor !== null)
      assert.is(r.body.next_cursor, r.body.data.at(-1)?.id, "next_cursor is the last item's id");
    cursor = r.body.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error("paging did not end");
}

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`filings (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  s("POST /v1/filings: 201 filing with the D37 fields; short_id fil_sb_ in sandbox", async ({ api }) => {
    const payer = await newPayer(api);
    const r = await fileOne(api, {
      payer,
      form: "1099-nec",
      tax_year: 2025,
      reference: "one-1",
      jsonForm: necForm({ tin: madeUpTin(4000), amount: "99.90" }),
    });
    assert.is(r.status, 201, r.text);
    const f = r.body;
    assert.is(f.object, "filing");
    assert.match(f.id, UUID);
    assert.match(f.short_id, /^fil_sb_[A-Za-z0-9]+$/);
    assert.is(f.form, "1099-NEC");
    assert.is(f.tax_year, 2025);
    assert.is(f.status, "ready_to_file");
    assert.is(f.payer, payer);
    assert.match(f.recipient, UUID);
    assert.is(f.service, "efile_print_mail");
    assert.is(f.livemode, false);
    assert.is(f.reference, "one-1");
    assert.match(f.batch, /^bat_/);
    for (const k of ["order", "corrects", "superseded_by", "refile_of", "receipt_id"])
      assert.is(f[k], null, k);
    assert.is(f.amount_charged_cents, 0);
    assert.ok(!Number.isNaN(Date.parse(f.created_at)) && f.created_at.endsWith("Z"));
    assert.ok(!Number.isNaN(Date.parse(f.updated_at)));
    assert.is(f.added_to_cart, false);
    assert.is(f.cart_item_id, null);
    assert.is(f.jsonForm.NonemployeeCompensationAmt, 99.9);
    assert.is(f.jsonForm.RecipientDetail.TINLast4, madeUpTin(4000).slice(-4));
    assert.not.ok("TIN" in f.jsonForm.RecipientDetail);
    assert.not.ok(r.text.includes(madeUpTin(4000)));
    // GET returns the same filing (without the intake-only cart fields).
    const got = await api.request("GET", `/v1/filings/${f.id}`);
    assert.is(got.status, 200);
    const { added_to_cart: _a, cart_item_id: _c, ...rest } = f;
    assert.equal(got.body, rest);
    // Its batch records the call (kind "filing").
    const b = await api.request("GET", `/v1/batches/${f.batch}`);
    assert.is(b.status, 200);
    assert.is(b.body.kind, "filing");
    assert.is(b.body.created, 1);
    assert.is(b.body.forms[0].id, f.id);
  });

  s(
    "POST /v1/filings with addToCart and service: in_cart with a cart item; portal_access false on e-file is 422",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await fileOne(api, {
        payer,
        form: "1099-NEC",
        tax_year: 2025,
        jsonForm: necForm({ tin: madeUpTin(4100) }),
        addToCart: true,
        service: "print_mail",
        physical_mail: true,
      });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.status, "in_cart");
      assert.is(r.body.service, "print_mail");
      assert.is(r.body.added_to_cart, true);
      assert.type(r.body.cart_item_id, "string");
      const bad = await fileOne(api, {
        payer,
        form: "1099-NEC",
        tax_year: 2025,
        jsonForm: necForm({ tin: madeUpTin(4101) }),
        addToCart: true,
        service: "efile",
        portal_access: false,
      });
      assert.is(bad.status, 422);
      assert.is(bad.body.error.param, "portal_access");
    },
  );

  s("POST /v1/filings: 422 with the failing param; 400 for a body that is not JSON", async ({ api }) => {
    const payer = await newPayer(api);
    const base = { payer, form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(4200) }) };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        "three decimals",
        { ...base, jsonForm: necForm({ tin: madeUpTin(4200), amount: 1.005 }) },
        "jsonForm.NonemployeeCompensationAmt",
      ],
      [
        "negative",
        { ...base, jsonForm: necForm({ tin: madeUpTin(4200), amount: -1 }) },
        "jsonForm.NonemployeeCompensationAmt",
      ],
      ["8-digit TIN", { ...base, jsonForm: necForm({ tin: "12345678" }) }, "jsonForm.RecipientDetail.TIN"],
      [
        "no TIN",
        { ...base, jsonForm: necForm({ detail: { TIN: undefined } }) },
        "jsonForm.RecipientDetail.TIN",
      ],
      [
        "unknown element",
        { ...base, jsonForm: necForm({ tin: madeUpTin(4200), extra: { Bogus: 1 } }) },
        "jsonForm.Bogus",
      ],
      ["unknown form", { ...base, form: "1099-ZZZ" }, "form"],
      ["unsupported year", { ...base, tax_year: 2019 }, "tax_year"],
      ["missing jsonForm", { payer, form: "1099-NEC", tax_year: 2025 }, "jsonForm"],
      ["missing payer", { form: "1099-NEC", tax_year: 2025, jsonForm: base.jsonForm }, "payer"],
      ["tax_year as string", { ...base, tax_year: "2025" }, "tax_year"],
    ];
    for (const [label, body, param] of cases) {
      const r = await fileOne(api, body);
      assert.is(r.status, 422, `${label}: ${r.text}`);
      assert.is(r.body.error.type, "invalid_request", label);
      assert.is(r.body.error.param, param, `${label}: ${r.text}`);
    }
    const extra = await fileOne(api, { ...base, bogus: 1 });
    assert.is(extra.status, 422, "unknown top-level field");
    const notJson = await api.request("POST", "/v1/filings", {
      raw: "[",
      headers: { "content-type": "application/json" },
    });
    assert.is(notJson.status, 400);
    const list = (await api.request("GET", `/v1/filings?payer=${payer}`)).body.data;
    assert.is(list.length, 0, "nothing saved by any refused call");
  });

  s(
    "POST /v1/filings: 404 for an unknown, malformed, foreign or other-environment payer",
    async ({ api }) => {
      const body = { form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(4300) }) };
      const unknown = await fileOne(api, { ...body, payer: NO_SUCH_UUID });
      assert.is(unknown.status, 404);
      assert.is(unknown.body.error.type, "not_found");
      const other = await api.runtime.runPromise(createAccount("Other filings"));
      const otherKey = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
      assert.is((await fileOne(api, { ...body, payer: await newPayer(api, otherKey) })).status, 404);
      const live = await api.liveKey();
      assert.is((await fileOne(api, { ...body, payer: await newPayer(api, live) })).status, 404);
    },
  );

  s(
    "a payer id that is not a UUID is 404 on POST /v1/filings and failed rows on POST /v1/filings/batch, never 500",
    async ({ api }) => {
      const body = { form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(4350) }) };
      const one = await fileOne(api, { ...body, payer: "payer-1" });
      assert.is(one.status, 404, one.text);
      assert.is(one.body.error.type, "not_found");
      // The same call with an unknown UUID as the request's payer, for comparison: every row fails, 422 (D10).
      const unknown = await fileBatch(api, {
        payer: NO_SUCH_UUID,
        forms: [necRow({ tin: madeUpTin(4351) })],
      });
      assert.is(unknown.status, 422, unknown.text);
      assert.is(unknown.body.forms[0].error.param, "payer");
      const malformed = await fileBatch(api, { payer: "payer-1", forms: [necRow({ tin: madeUpTin(4351) })] });
      assert.is(malformed.status, 422, malformed.text);
      assert.is(malformed.body.forms[0].error.type, "not_found");
      assert.is(malformed.body.forms[0].error.param, "payer");
    },
  );

  s(
    "POST /v1/filings: a D11 duplicate is 409 conflict; another account number is not a duplicate",
    async ({ api }) => {
      const payer = await newPayer(api);
      const body = {
        payer,
        form: "1099-NEC",
        tax_year: 2025,
        jsonForm: necForm({ tin: madeUpTin(4400), accountNum: "AC-1" }),
      };
      assert.is((await fileOne(api, body)).status, 201);
      const dup = await fileOne(api, {
        ...body,
        jsonForm: necForm({ tin: madeUpTin(4400), accountNum: "AC-1", amount: 1 }),
      });
      assert.is(dup.status, 409, dup.text);
      assert.is(dup.body.error.type, "conflict");
      assert.type(dup.body.error.message, "string");
      assert.not.ok(dup.text.includes(madeUpTin(4400)));
      const other = await fileOne(api, {
        ...body,
        jsonForm: necForm({ tin: madeUpTin(4400), accountNum: "AC-2" }),
      });
      assert.is(other.status, 201, other.text);
      // A batch after a single intake sees the duplicate too.
      const b = await fileBatch(api, {
        payer,
        forms: [
          { form: "1099-NEC", tax_year: 2025, jsonForm: body.jsonForm },
          necRow({ tin: madeUpTin(4401) }),
        ],
      });
      assert.is(b.body.forms[0].error.type, "conflict");
      assert.is(b.body.forms[1].status, "ready_to_file");
    },
  );

  s(
    "POST /v1/filings/batch: 201 batch with rows; per-row payer; another account's payer fails that row only",
    async ({ api }) => {
      const p1 = await newPayer(api);
      const p2 = await newPayer(api);
      const other = await api.runtime.runPromise(createAccount("Other batch"));
      const otherKey = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
      const foreign = await newPayer(api, otherKey);
      const r = await fileBatch(api, {
        payer: p1,
        reference: "bb",
        forms: [
          necRow({ tin: madeUpTin(4500) }),
          { ...necRow({ tin: madeUpTin(4501) }), payer: p2, reference: "mine" },
          { ...necRow({ tin: madeUpTin(4502) }), payer: foreign },
          { ...necRow({ tin: madeUpTin(4503) }), payer: NO_SUCH_UUID },
          necRow({ tin: madeUpTin(4504), amount: "1.234" }),
        ],
      });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.object, "batch");
      assert.match(r.body.id, /^bat_/);
      assert.is(r.body.created, 2);
      assert.is(r.body.failed, 3);
      assert.is(r.body.livemode, false);
      const rows = r.body.forms;
      assert.is(rows.length, 5);
      assert.equal(
        rows.map((x: { status: string }) => x.status),
        ["ready_to_file", "ready_to_file", "failed", "failed", "failed"],
      );
      assert.equal(
        rows.map((x: { reference: string }) => x.reference),
        ["bb#0", "mine", "bb#2", "bb#3", "bb#4"],
      );
      assert.is(rows[2].error.type, "not_found");
      assert.is(rows[2].error.param, "payer");
      assert.is(rows[3].error.param, "payer");
      assert.is(rows[4].error.param, "jsonForm.NonemployeeCompensationAmt");
      assert.is((await api.request("GET", `/v1/filings/${rows[0].id}`)).body.payer, p1);
      assert.is((await api.request("GET", `/v1/filings/${rows[1].id}`)).body.payer, p2);
      assert.is(
        (await api.request("GET", `/v1/filings?payer=${foreign}`, { key: otherKey })).body.data.length,
        0,
      );
      const b = await api.request("GET", `/v1/batches/${r.body.id}`);
      assert.is(b.status, 200);
      assert.is(b.body.kind, "filings_batch");
      assert.is(b.body.payer, p1);
      assert.equal(b.body.forms, rows);
    },
  );

  s(
    "POST /v1/filings/batch: no payer anywhere fails the row; all rows failing is 422 with the rows; limits",
    async ({ api }) => {
      const payer = await newPayer(api);
      const noPayer = await fileBatch(api, {
        forms: [necRow({ tin: madeUpTin(4600) }), { ...necRow({ tin: madeUpTin(4601) }), payer }],
      });
      assert.is(noPayer.status, 201, noPayer.text);
      assert.is(noPayer.body.forms[0].status, "failed");
      assert.is(noPayer.body.forms[0].error.param, "payer");
      assert.is(noPayer.body.forms[1].status, "ready_to_file");
      const all = await fileBatch(api, {
        payer,
        forms: [necRow({ tin: "12" }), necRow({ tin: madeUpTin(4602), amount: -3 })],
      });
      assert.is(all.status, 422);
      assert.is(all.body.error.type, "invalid_request");
      assert.is(all.body.forms.length, 2);
      assert.ok(
        all.body.forms.every((x: { status: string; id: null }) => x.status === "failed" && x.id === null),
      );
      const none = await fileBatch(api, { payer, forms: [] });
      assert.is(none.status, 422);
      assert.is(none.body.error.param, "forms");
      const over = await fileBatch(api, { payer, forms: necRows(1001, 40_000) });
      assert.is(over.status, 422);
      assert.is(over.body.error.param, "forms");
    },
  );

  s("POST /v1/filings/batch with addToCart and service", async ({ api }) => {
    const payer = await newPayer(api);
    const r = await fileBatch(api, { payer, addToCart: true, service: "efile", forms: necRows(2, 4700) });
    assert.is(r.status, 201, r.text);
    for (const row of r.body.forms) {
      assert.is(row.status, "in_cart");
      assert.is(row.added_to_cart, true);
      assert.is(row.service, "efile");
      assert.type(row.cart_item_id, "string");
    }
    const plain = await fileBatch(api, { payer, service: "efile", forms: necRows(1, 4710) });
    assert.is(plain.body.forms[0].service, "efile_print_mail", "service ignored without addToCart");
  });

  s(
    "Idempotency-Key on POST /v1/filings/batch and POST /v1/filings: replay, no second set, reuse is 422",
    async ({ api }) => {
      const payer = await newPayer(api);
      const body = { payer, forms: necRows(4, 4800) };
      const headers = { "Idempotency-Key": `batch-${backend}` };
      const a = await fileBatch(api, body, { headers });
      const b = await fileBatch(api, body, { headers });
      assert.is(a.status, 201);
      assert.is(b.status, 201);
      assert.is(b.headers.get("idempotent-replayed"), "true");
      assert.equal(b.body, a.body);
      assert.is((await api.request("GET", `/v1/filings?payer=${payer}`)).body.data.length, 4);
      const reuse = await fileBatch(api, { ...body, forms: necRows(4, 4850) }, { headers });
      assert.is(reuse.status, 422);
      assert.is(reuse.body.error.type, "idempotency_key_reused");
      const single = { payer, form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(4890) }) };
      const h1 = { "Idempotency-Key": `single-${backend}` };
      const s1 = await fileOne(api, single, { headers: h1 });
      const s2 = await fileOne(api, single, { headers: h1 });
      assert.is(s1.status, 201);
      assert.is(s2.status, 201);
      assert.is(s2.headers.get("idempotent-replayed"), "true");
      assert.is(s2.body.id, s1.body.id);
      assert.is((await api.request("GET", `/v1/filings?payer=${payer}`)).body.data.length, 5);
      // Same key on another path is another key (D30 scope includes the path).
      const other = await fileBatch(api, { payer, forms: necRows(1, 4895) }, { headers: h1 });
      assert.is(other.status, 201);
      assert.is(other.headers.get("idempotent-replayed"), null);
    },
  );

  s(
    "GET /v1/batches/{id}: 404 for unknown, malformed, another account's and the other environment's batch",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await fileBatch(api, { payer, forms: necRows(1, 4900) });
      assert.is((await api.request("GET", "/v1/batches/bat_doesnotexist00")).status, 404);
      assert.is((await api.request("GET", "/v1/batches/not-a-batch")).body.error.type, "not_found");
      assert.is((await api.request("GET", `/v1/batches/${NO_SUCH_UUID}`)).status, 404);
      const live = await api.liveKey();
      assert.is((await api.request("GET", `/v1/batches/${r.body.id}`, { key: live })).status, 404);
      const other = await api.runtime.runPromise(createAccount("Other batches"));
      const otherKey = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
      assert.is((await api.request("GET", `/v1/batches/${r.body.id}`, { key: otherKey })).status, 404);
    },
  );

  s(
    "GET /v1/filings: paged newest first with limit / starting_after; each filing once; limit bounds",
    async ({ api }) => {
      const payer = await newPayer(api);
      const ids: string[] = [];
      for (let call = 0; call < 3; call++) {
        const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
          body: { forms: necRows(call + 2, 5000 + call * 10) },
        });
        assert.is(r.status, 201);
        ids.push(...r.body.forms.map((x: { id: string }) => x.id));
        await new Promise((res) => setTimeout(res, 5)); // distinct created_at per call
      }
      assert.is(ids.length, 9);
      const everything = (await api.request("GET", `/v1/filings?payer=${payer}&limit=500`)).body;
      assert.is(everything.data.length, 9);
      assert.is(everything.has_more, false);
      assert.is(everything.next_cursor, null);
      const created = everything.data.map((f: { created_at: string }) => f.created_at);
      assert.equal(created, [...created].sort().reverse(), "newest first");
      assert.equal(
        new Set(everything.data.slice(0, 4).map((f: { id: string }) => f.id)),
        new Set(ids.slice(5)),
        "the last call's rows come first",
      );
      for (const limit of [1, 2, 4]) {
        const seen = await allPages(api, `payer=${payer}`, limit);
        assert.equal(
          seen,
          everything.data.map((f: { id: string }) => f.id),
          `limit ${limit}`,
        );
      }
      const def = (await api.request("GET", `/v1/filings?payer=${payer}`)).body;
      assert.is(def.data.length, 9, "default limit 100");
      for (const bad of ["0", "501", "abc", "-1", "1.5"]) {
        const r = await api.request("GET", `/v1/filings?limit=${bad}`);
        assert.is(r.status, 422, `limit=${bad}`);
        assert.is(r.body.error.param, "limit");
      }
      // A cursor that names no filing is a 422 naming starting_after, not a silently empty page (issue 13).
      const unknownCursor = await api.request(
        "GET",
        `/v1/filings?payer=${payer}&starting_after=${NO_SUCH_UUID}`,
      );
      assert.is(unknownCursor.status, 422);
      assert.is(unknownCursor.body.error.param, "starting_after");
    },
  );

  s(
    "GET /v1/filings: status filter, one or several comma-separated; unknown status is 422 param status",
    async ({ api }) => {
      const payer = await newPayer(api);
      const ready = await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: { forms: necRows(2, 5100) },
      });
      const cart = await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: { addToCart: true, forms: necRows(3, 5110) },
      });
      const readyIds = ready.body.forms.map((x: { id: string }) => x.id).sort();
      const cartIds = cart.body.forms.map((x: { id: string }) => x.id).sort();
      const q = async (query: string) => {
        const r = await api.request("GET", `/v1/filings?payer=${payer}&${query}`);
        assert.is(r.status, 200, `${query}: ${r.text}`);
        return r.body.data.map((f: { id: string }) => f.id).sort();
      };
      assert.equal(await q("status=in_cart"), cartIds);
      assert.equal(await q("status=ready_to_file"), readyIds);
      assert.equal(await q("status=in_cart,ready_to_file"), [...readyIds, ...cartIds].sort());
      assert.equal(await q("status=in_cart&status=ready_to_file"), [...readyIds, ...cartIds].sort());
      assert.equal(await q("status=in_cart,%20ready_to_file"), [...readyIds, ...cartIds].sort());
      assert.equal(await q("status=queued"), []);
      assert.equal(await q("status="), [...readyIds, ...cartIds].sort(), "empty status = no filter");
      for (const bad of ["bogus", "in_cart,bogus", "READY_TO_FILE"]) {
        const r = await api.request("GET", `/v1/filings?status=${bad}`);
        assert.is(r.status, 422, bad);
        assert.is(r.body.error.type, "invalid_request");
        assert.is(r.body.error.param, "status");
      }
    },
  );

  s("GET /v1/filings: payer, form, tax_year and batch filters; malformed values are 422", async ({ api }) => {
    const p1 = await newPayer(api);
    const p2 = await newPayer(api);
    const a = await api.request("POST", `/v1/payers/${p1}/forms`, {
      body: {
        forms: [
          necRow({ tin: madeUpTin(5200) }),
          necRow({ tin: madeUpTin(5201), taxYear: 2026 }),
          {
            form: "1099-MISC",
            tax_year: 2025,
            jsonForm: { RecipientDetail: necForm({ tin: madeUpTin(5202) })["RecipientDetail"], RentAmt: 7 },
          },
        ],
      },
    });
    assert.is(a.status, 201, a.text);
    const [nec25, nec26, misc] = a.body.forms.map((x: { id: string }) => x.id);
    const b = await api.request("POST", `/v1/payers/${p2}/forms`, { body: { forms: necRows(1, 5210) } });
    const other = b.body.forms[0].id;
    const q = async (query: string) => {
      const r = await api.request("GET", `/v1/filings?limit=500&${query}`);
      assert.is(r.status, 200, `${query}: ${r.text}`);
      return (r.body.data as { id: string }[]).map((f) => f.id).sort();
    };
    assert.equal(await q(`payer=${p1}`), [nec25, nec26, misc].sort());
    assert.equal(await q(`payer=${p2}`), [other]);
    assert.equal(await q(`payer=${p1}&form=1099-NEC`), [nec25, nec26].sort());
    assert.equal(await q(`payer=${p1}&form=1099-nec`), [nec25, nec26].sort(), "form code canonicalised");
    assert.equal(await q(`payer=${p1}&form=1099-MISC`), [misc]);
    assert.equal(await q(`payer=${p1}&tax_year=2026`), [nec26]);
    assert.equal(await q(`payer=${p1}&tax_year=2025&form=1099-NEC`), [nec25]);
    assert.equal(await q(`payer=${p1}&form=1099-ZZZ`), []);
    assert.equal(await q(`batch=${b.body.batch}`), [other]);
    assert.equal(await q(`payer=${NO_SUCH_UUID}`), []);
    for (const [query, param] of [
      ["payer=nope", "payer"],
      ["tax_year=25", "tax_year"],
      ["tax_year=abcd", "tax_year"],
    ] as const) {
      const r = await api.request("GET", `/v1/filings?${query}`);
      assert.is(r.status, 422, query);
      assert.is(r.body.error.param, param, query);
    }
  });

  s(
    "GET /v1/filings/{id}: by uuid and by short id; 404 for unknown, malformed and another account's",
    async ({ api }) => {
      const payer = await newPayer(api);
      const f = (
        await fileOne(api, {
          payer,
          form: "1099-NEC",
          tax_year: 2025,
          jsonForm: necForm({ tin: madeUpTin(5300) }),
        })
      ).body;
      const byId = await api.request("GET", `/v1/filings/${f.id}`);
      const byShort = await api.request("GET", `/v1/filings/${f.short_id}`);
      assert.is(byId.status, 200);
      assert.is(byShort.status, 200);
      assert.equal(byShort.body, byId.body);
      for (const id of [
        NO_SUCH_UUID,
        "fil_sb_doesnotexist0",
        "fil_doesnotexist00",
        "nope",
        "fil_sb_!!",
        f.short_id.replace("fil_sb_", "fil_"),
      ]) {
        const r = await api.request("GET", `/v1/filings/${encodeURIComponent(id)}`);
        assert.is(r.status, 404, id);
        assert.is(r.body.error.type, "not_found", id);
      }
      const other = await api.runtime.runPromise(createAccount("Other reader"));
      const otherKey = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
      assert.is((await api.request("GET", `/v1/filings/${f.id}`, { key: otherKey })).status, 404);
      assert.is((await api.request("GET", `/v1/filings/${f.short_id}`, { key: otherKey })).status, 404);
      assert.is((await api.request("GET", "/v1/filings", { key: otherKey })).body.data.length, 0);
    },
  );

  s("environments: a live key never sees sandbox filings and batches, and vice versa", async ({ api }) => {
    const live = await api.liveKey();
    const livePayer = await newPayer(api, live);
    const sbPayer = await newPayer(api);
    const lf = await fileOne(
      api,
      { payer: livePayer, form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(5400) }) },
      { key: live },
    );
    assert.is(lf.status, 201, lf.text);
    assert.is(lf.body.livemode, true);
    assert.match(lf.body.short_id, /^fil_[A-Za-z0-9]+$/);
    assert.not.match(lf.body.short_id, /^fil_sb_/);
    const sf = await fileOne(api, {
      payer: sbPayer,
      form: "1099-NEC",
      tax_year: 2025,
      jsonForm: necForm({ tin: madeUpTin(5400) }),
    });
    assert.is(sf.status, 201, "the same TIN and form in the other environment is not a duplicate");
    const lb = await fileBatch(api, { payer: livePayer, forms: necRows(1, 5410) }, { key: live });
    assert.is(lb.status, 201);
    assert.is(lb.body.livemode, true);
    for (const id of [lf.body.id, lf.body.short_id])
      assert.is((await api.request("GET", `/v1/filings/${id}`)).status, 404, `sandbox key, live ${id}`);
    for (const id of [sf.body.id, sf.body.short_id])
      assert.is(
        (await api.request("GET", `/v1/filings/${id}`, { key: live })).status,
        404,
        `live key, sandbox ${id}`,
      );
    assert.is((await api.request("GET", `/v1/batches/${lb.body.id}`)).status, 404);
    assert.is((await api.request("GET", `/v1/batches/${sf.body.batch}`, { key: live })).status, 404);
    const liveIds = (await api.request("GET", "/v1/filings?limit=500", { key: live })).body.data.map(
      (f: { id: string }) => f.id,
    );
    const sbIds = (await api.request("GET", "/v1/filings?limit=500")).body.data.map(
      (f: { id: string }) => f.id,
    );
    assert.ok(liveIds.includes(lf.body.id) && !liveIds.includes(sf.body.id));
    assert.ok(sbIds.includes(sf.body.id) && !sbIds.includes(lf.body.id));
    assert.ok(
      (await api.request("GET", "/v1/filings?limit=500", { key: live })).body.data.every(
        (f: { livemode: boolean }) => f.livemode === true,
      ),
    );
    // A live payer is unknown to sandbox batch rows and vice versa.
    const cross = await fileBatch(api, {
      forms: [
        { ...necRow({ tin: madeUpTin(5420) }), payer: livePayer },
        { ...necRow({ tin: madeUpTin(5421) }), payer: sbPayer },
      ],
    });
    assert.is(cross.body.forms[0].error.type, "not_found");
    assert.is(cross.body.forms[1].status, "ready_to_file");
  });

  s("reads need a credential; writes need one too", async ({ api }) => {
    assert.is((await api.request("GET", "/v1/filings", { key: null })).status, 401);
    assert.is((await api.request("GET", `/v1/filings/${NO_SUCH_UUID}`, { key: null })).status, 401);
    assert.is(
      (await api.request("POST", "/v1/filings/batch", { key: null, body: { forms: [] } })).status,
      401,
    );
    assert.is((await api.request("GET", "/v1/batches/bat_x", { key: null })).status, 401);
  });

  s.run();
}
