import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";

const s = suite<{ api: TestApi }>("payers and recipients");
s.before(async (ctx) => {
  ctx.api = await startApi();
});
s.after(async (ctx) => {
  await ctx.api.close();
});

const fullPayer = {
  legal_name: "Acme Widgets LLC",
  tin: "12-3456789",
  tin_type: "ein",
  address_line1: "1 Elm St",
  city: "Austin",
  state: "tx",
  postal_code: "73301",
  contact_name: "Pat Doe",
  contact_email: "pat@example.com",
  contact_phone: "512-555-0100",
};

s(
  "create payer: 201, TIN write-only, tin_last4, state upper-cased, country default, both names (D5)",
  async ({ api }) => {
    const r = await api.request("POST", "/v1/payers", { body: fullPayer });
    assert.is(r.status, 201);
    assert.is(r.body.object, "payer");
    assert.match(r.body.id, /^[0-9a-f-]{36}$/);
    assert.is(r.body.tin_last4, "6789");
    assert.is(r.body.state, "TX");
    assert.is(r.body.country, "US");
    assert.is(r.body.legal_name, "Acme Widgets LLC");
    assert.is(r.body.name, "Acme Widgets LLC");
    assert.not.ok("tin" in r.body);
    assert.not.ok("contact_phone" in r.body);
    assert.not.ok(r.text.includes("123456789"));
    assert.not.ok("is_main_company" in r.body);
  },
);

s(
  "create payer with only name and TIN (machine-readable schema); tin_type defaults to ein",
  async ({ api }) => {
    const r = await api.request("POST", "/v1/payers", { body: { name: "Tiny Co", tin: "987654321" } });
    assert.is(r.status, 201);
    assert.is(r.body.tin_type, "ein");
    assert.is(r.body.legal_name, "Tiny Co");
  },
);

s("list payers: is_main_company true on exactly the seeded main company", async ({ api }) => {
  const r = await api.request("GET", "/v1/payers?limit=500");
  assert.is(r.status, 200);
  const main = r.body.data.filter((p: { is_main_company: boolean }) => p.is_main_company);
  assert.is(main.length, 1);
  assert.is(main[0].id, api.mainPayerId);
  assert.ok(r.body.data.every((p: Record<string, unknown>) => typeof p["is_main_company"] === "boolean"));
});

s(
  "PATCH payer changes only named fields; TIN immutable; 404 for unknown and malformed ids",
  async ({ api }) => {
    const created = (await api.request("POST", "/v1/payers", { body: fullPayer })).body;
    const r = await api.request("PATCH", `/v1/payers/${created.id}`, { body: { city: "Dallas" } });
    assert.is(r.status, 200);
    assert.is(r.body.city, "Dallas");
    assert.is(r.body.state, "TX");
    assert.is(r.body.contact_name, "Pat Doe");
    const tin = await api.request("PATCH", `/v1/payers/${created.id}`, { body: { tin: "111111111" } });
    assert.is(tin.status, 422);
    assert.is(tin.body.error.param, "tin");
    assert.is((await api.request("GET", `/v1/payers/${created.id}`)).body.tin_last4, "6789");
    assert.is(
      (await api.request("PATCH", "/v1/payers/00000000-0000-4000-8000-000000000000", { body: { city: "X" } }))
        .status,
      404,
    );
    assert.is((await api.request("PATCH", "/v1/payers/not-a-uuid", { body: { city: "X" } })).status, 404);
    assert.is((await api.request("GET", "/v1/payers/not-a-uuid")).body.error.type, "not_found");
  },
);

s(
  "recipients: create under a payer, short id, tin_last4, GET by either id, filter by payer",
  async ({ api }) => {
    const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body;
    const r = await api.request("POST", "/v1/recipients", {
      body: {
        payer: payer.id,
        name: "Jane Roe",
        tin: "123-45-6780",
        tin_type: "ssn",
        address_line1: "2 Oak",
        city: "Reno",
        state: "nv",
        postal_code: "89501",
      },
    });
    assert.is(r.status, 201);
    assert.is(r.body.object, "recipient");
    assert.is(r.body.payer, payer.id);
    assert.is(r.body.tin_last4, "6780");
    assert.is(r.body.state, "NV");
    assert.is(r.body.delivery_method, "paper");
    assert.match(r.body.short_id, /^rcp_/);
    assert.not.ok("tin" in r.body);
    assert.is((await api.request("GET", `/v1/recipients/${r.body.short_id}`)).body.id, r.body.id);
    assert.is((await api.request("GET", `/v1/recipients/${r.body.id}`)).body.id, r.body.id);
    const filtered = await api.request("GET", `/v1/recipients?payer=${payer.id}`);
    assert.equal(
      filtered.body.data.map((x: { id: string }) => x.id),
      [r.body.id],
    );
  },
);

s(
  "recipients: electronic delivery needs email; unknown payer is 422 payer; PATCH merges",
  async ({ api }) => {
    const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body;
    const e = await api.request("POST", "/v1/recipients", {
      body: { payer: payer.id, name: "E", tin: "123456789", delivery_method: "electronic" },
    });
    assert.is(e.status, 422);
    assert.is(e.body.error.param, "email");
    const u = await api.request("POST", "/v1/recipients", {
      body: { payer: "00000000-0000-4000-8000-000000000000", name: "E", tin: "123456789" },
    });
    assert.is(u.status, 422);
    assert.is(u.body.error.param, "payer");
    const ok = (
      await api.request("POST", "/v1/recipients", { body: { payer: payer.id, name: "E", tin: "123456789" } })
    ).body;
    const p1 = await api.request("PATCH", `/v1/recipients/${ok.id}`, {
      body: { delivery_method: "electronic" },
    });
    assert.is(p1.status, 422);
    const p2 = await api.request("PATCH", `/v1/recipients/${ok.id}`, {
      body: { delivery_method: "electronic", email: "e@example.com" },
    });
    assert.is(p2.status, 200);
    assert.is(p2.body.delivery_method, "electronic");
    assert.is(p2.body.name, "E");
    const tin = await api.request("PATCH", `/v1/recipients/${ok.id}`, { body: { tin: "999-88-7777" } });
    assert.is(tin.status, 200, "no filings yet: the TIN can still change");
    assert.is(tin.body.tin_last4, "7777");
    const mv = await api.request("PATCH", `/v1/recipients/${ok.id}`, { body: { payer: api.mainPayerId } });
    assert.is(mv.status, 422);
  },
);

s("one recipient per TIN under a payer: a second is 409 conflict naming the first", async ({ api }) => {
  const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body;
  const first = await api.request("POST", "/v1/recipients", {
    body: { payer: payer.id, name: "A", tin: "222-33-4444" },
  });
  assert.is(first.status, 201);
  const second = await api.request("POST", "/v1/recipients", {
    body: { payer: payer.id, name: "B", tin: "222334444" },
  });
  assert.is(second.status, 409);
  assert.is(second.body.error.type, "conflict");
  assert.ok(second.body.error.message.includes(first.body.id));
  const other = (
    await api.request("POST", "/v1/recipients", { body: { payer: payer.id, name: "C", tin: "555667777" } })
  ).body;
  const move = await api.request("PATCH", `/v1/recipients/${other.id}`, { body: { tin: "222-33-4444" } });
  assert.is(move.status, 409);
});

s("paging through payers with next_cursor visits each payer once", async ({ api }) => {
  for (let i = 0; i < 5; i++)
    await api.request("POST", "/v1/payers", { body: { name: `Pager ${i}`, tin: "123456789" } });
  const all = (await api.request("GET", "/v1/payers?limit=500")).body.data.map((p: { id: string }) => p.id);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { data: { id: string }[]; next_cursor: string | null; has_more: boolean } } =
      await api.request("GET", `/v1/payers?limit=2${cursor ? `&starting_after=${cursor}` : ""}`);
    seen.push(...page.body.data.map((p) => p.id));
    cursor = page.body.next_cursor;
    assert.is(page.body.has_more, cursor !== null);
  } while (cursor);
  assert.equal(seen, all);
});

s.run();
