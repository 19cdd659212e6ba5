// POST /v1/payers/{payerId}/forms on the real host (SPEC "Forms and intake", "Payer forms intake result",
// D8, D10, D11, D13, D30, D37): row results, addToCart, validation per row, limits, recipient matching by TIN,
// duplicates, idempotent replay. Runs on PGlite, and on Postgres too when DATABASE_URL is set.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { fillSkeleton, madeUpTin, necForm, necRow, necRows } from "../../support/forms.ts";
import { formElementTypes, formSkeleton } from "../../../core/domain/forms/index.ts";
import { createAccount, createApiKey } from "../../../core/use-cases/accounts/accounts.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Row = {
  reference: string | null;
  id: string | null;
  status: string;
  added_to_cart: boolean;
  cart_item_id: string | null;
  service: string;
  error?: { type: string; message: string; param?: string; rule?: string };
};

let payerCount = 0;
async function newPayer(api: TestApi, key?: string): Promise<string> {
  const r = await api.request("POST", "/v1/payers", {
    key,
    body: { name: `Intake Payer ${payerCount++}`, tin: "987654321" },
  });
  assert.is(r.status, 201, r.text);
  return r.body.id as string;
}

const intake = (
  api: TestApi,
  payerId: string,
  body: unknown,
  opts: { key?: string; headers?: Record<string, string> } = {},
) => api.request("POST", `/v1/payers/${payerId}/forms`, { body, ...opts });

async function filingsOf(api: TestApi, payerId: string, key?: string): Promise<Array<Record<string, any>>> {
  const r = await api.request("GET", `/v1/filings?payer=${payerId}&limit=500`, { key });
  assert.is(r.status, 200, r.text);
  return r.body.data;
}

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`payer forms intake (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  s(
    "201 payer_forms_intake: rows in order, reference#index, ready_to_file, default service",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await intake(api, payer, { reference: "inv-7", forms: necRows(3, 1000) });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.object, "payer_forms_intake");
      assert.is(r.body.payer, payer);
      assert.match(r.body.batch, /^bat_/);
      assert.is(r.body.created, 3);
      assert.is(r.body.failed, 0);
      assert.is(r.body.livemode, false);
      const rows = r.body.forms as Row[];
      assert.is(rows.length, 3);
      rows.forEach((row, i) => {
        assert.is(row.reference, `inv-7#${i}`);
        assert.match(row.id ?? "", UUID);
        assert.is(row.status, "ready_to_file");
        assert.is(row.added_to_cart, false);
        assert.is(row.cart_item_id, null);
        assert.is(row.service, "efile_print_mail");
        assert.is(row.error, undefined);
      });
      assert.is(new Set(rows.map((x) => x.id)).size, 3);
      // Same order as submitted: row i is the filing of recipient i.
      for (const [i, row] of rows.entries()) {
        const f = (await api.request("GET", `/v1/filings/${row.id}`)).body;
        assert.is(f.jsonForm.RecipientDetail.TINLast4, madeUpTin(1000 + i).slice(-4));
        assert.is(f.reference, `inv-7#${i}`);
        assert.is(f.batch, r.body.batch);
        assert.is(f.status, "ready_to_file");
      }
    },
  );

  s("no reference: rows carry reference null; a row's own reference wins", async ({ api }) => {
    const payer = await newPayer(api);
    const r = await intake(api, payer, {
      forms: [
        necRow({ tin: madeUpTin(1100) }),
        { ...necRow({ tin: madeUpTin(1101) }), reference: "own-ref" },
      ],
    });
    assert.is(r.status, 201, r.text);
    assert.is(r.body.forms[0].reference, null);
    assert.is(r.body.forms[1].reference, "own-ref");
  });

  s("addToCart: rows in_cart with added_to_cart and a cart item; service honoured", async ({ api }) => {
    const payer = await newPayer(api);
    const r = await intake(api, payer, { addToCart: true, service: "efile", forms: necRows(2, 1200) });
    assert.is(r.status, 201, r.text);
    const rows = r.body.forms as Row[];
    for (const row of rows) {
      assert.is(row.status, "in_cart");
      assert.is(row.added_to_cart, true);
      assert.type(row.cart_item_id, "string");
      assert.ok((row.cart_item_id ?? "").length > 0);
      assert.is(row.service, "efile");
    }
    assert.is.not(rows[0]?.cart_item_id, rows[1]?.cart_item_id);
    const f = (await api.request("GET", `/v1/filings/${rows[0]?.id}`)).body;
    assert.is(f.status, "in_cart");
    assert.is(f.service, "efile");
    // Default service with addToCart and no service given.
    const d = await intake(api, payer, { addToCart: true, forms: necRows(1, 1210) });
    assert.is(d.body.forms[0].service, "efile_print_mail");
    assert.is(d.body.forms[0].status, "in_cart");
  });

  s(
    "without addToCart, service / physical_mail / portal_access are ignored (default efile_print_mail)",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await intake(api, payer, {
        service: "print_mail",
        portal_access: false,
        physical_mail: false,
        forms: necRows(1, 1300),
      });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.forms[0].service, "efile_print_mail");
      assert.is(r.body.forms[0].status, "ready_to_file");
      const f = (await api.request("GET", `/v1/filings/${r.body.forms[0].id}`)).body;
      assert.is(f.service, "efile_print_mail");
    },
  );

  s(
    "portal_access false with an e-file service and addToCart is 422 param portal_access; nothing saved",
    async ({ api }) => {
      const payer = await newPayer(api);
      for (const service of ["efile", "efile_print_mail", undefined]) {
        const r = await intake(api, payer, {
          addToCart: true,
          service,
          portal_access: false,
          forms: necRows(1, 1400),
        });
        assert.is(r.status, 422, `${service}: ${r.text}`);
        assert.is(r.body.error.type, "invalid_request");
        assert.is(r.body.error.param, "portal_access");
      }
      assert.is((await filingsOf(api, payer)).length, 0);
      const pm = await intake(api, payer, {
        addToCart: true,
        service: "print_mail",
        portal_access: true,
        forms: necRows(1, 1400),
      });
      assert.is(pm.status, 201, "portal_access true with print_mail is allowed");
      assert.is(pm.body.forms[0].service, "print_mail");
    },
  );

  s(
    "mixed batch: good rows saved, bad rows failed with id null and an error naming the element and rule",
    async ({ api }) => {
      const payer = await newPayer(api);
      const forms = [
        necRow({ tin: madeUpTin(1500) }),
        necRow({ tin: madeUpTin(1501), amount: 10.125 }),
        necRow({ tin: madeUpTin(1502), amount: -5 }),
        necRow({ tin: "12345678" }),
        { form: "1099-ZZZ", tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(1504) }) },
        necRow({ tin: madeUpTin(1505), extra: { NotAnIrisElementAmt: 5 } }),
        necRow({ tin: madeUpTin(1506), amount: "12.3456" }),
        { form: "1099-NEC", tax_year: 2019, jsonForm: necForm({ tin: madeUpTin(1507) }) },
        necRow({ tin: madeUpTin(1508) }),
      ];
      const r = await intake(api, payer, { reference: "mix", forms });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.created, 2);
      assert.is(r.body.failed, 7);
      const rows = r.body.forms as Row[];
      assert.is(rows.length, forms.length);
      const expect: Array<[number, string, string]> = [
        [1, "jsonForm.NonemployeeCompensationAmt", "max_decimals"],
        [2, "jsonForm.NonemployeeCompensationAmt", "negative"],
        [3, "jsonForm.RecipientDetail.TIN", "pattern"],
        [4, "form", "unknown_form"],
        [5, "jsonForm.NotAnIrisElementAmt", "unknown_element"],
        [6, "jsonForm.NonemployeeCompensationAmt", "max_decimals"],
        [7, "tax_year", "unsupported_tax_year"],
      ];
      for (const [i, param, rule] of expect) {
        const row = rows[i] as Row;
        assert.is(row.status, "failed", `row ${i}`);
        assert.is(row.id, null, `row ${i}`);
        assert.is(row.reference, `mix#${i}`);
        assert.is(row.added_to_cart, false);
        assert.is(row.cart_item_id, null);
        assert.is(row.error?.type, "invalid_request", `row ${i}`);
        assert.is(row.error?.param, param, `row ${i}: ${JSON.stringify(row.error)}`);
        assert.is(row.error?.rule, rule, `row ${i}: ${JSON.stringify(row.error)}`);
        assert.type(row.error?.message, "string");
      }
      for (const i of [0, 8]) {
        assert.is(rows[i]?.status, "ready_to_file");
        assert.match(rows[i]?.id ?? "", UUID);
      }
      const saved = await filingsOf(api, payer);
      assert.equal(saved.map((f) => f.id).sort(), [rows[0]?.id, rows[8]?.id].sort());
    },
  );

  s("a row that is not an object, or lacks form / tax_year / jsonForm, fails alone", async ({ api }) => {
    const payer = await newPayer(api);
    const forms = [
      "not a row",
      { tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(1600) }) },
      { form: "1099-NEC", tax_year: "2025", jsonForm: necForm({ tin: madeUpTin(1601) }) },
      { form: "1099-NEC", tax_year: 2025, jsonForm: "nope" },
      { form: "1099-NEC", tax_year: 2025, jsonForm: necForm({ tin: madeUpTin(1602) }), bogus: 1 },
      necRow({ tin: madeUpTin(1603) }),
    ];
    const r = await intake(api, payer, { forms });
    assert.is(r.status, 201, r.text);
    assert.equal(
      (r.body.forms as Row[]).map((x) => x.status),
      ["failed", "failed", "failed", "failed", "failed", "ready_to_file"],
    );
    assert.equal(
      (r.body.forms as Row[]).slice(1, 5).map((x) => x.error?.param),
      ["form", "tax_year", "jsonForm", "bogus"],
    );
  });

  s(
    "every row failing is 422 invalid_request with the forms rows in the body (D10); nothing saved",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await intake(api, payer, {
        reference: "bad",
        forms: [necRow({ tin: "1234" }), necRow({ tin: madeUpTin(1700), amount: 1.001 })],
      });
      assert.is(r.status, 422, r.text);
      assert.is(r.body.error.type, "invalid_request");
      assert.is(r.body.error.param, "jsonForm.RecipientDetail.TIN");
      assert.type(r.body.error.message, "string");
      assert.is(r.body.forms.length, 2);
      assert.equal(
        (r.body.forms as Row[]).map((x) => [x.reference, x.status, x.id, x.error?.param]),
        [
          ["bad#0", "failed", null, "jsonForm.RecipientDetail.TIN"],
          ["bad#1", "failed", null, "jsonForm.NonemployeeCompensationAmt"],
        ],
      );
      assert.is((await filingsOf(api, payer)).length, 0);
      const recipients = (await api.request("GET", `/v1/recipients?payer=${payer}`)).body.data;
      assert.is(recipients.length, 0, "no recipient is created for failed rows");
    },
  );

  s(
    "limits: 1000 rows accepted, 1001 refused with 422 param forms, 0 refused; malformed bodies",
    async ({ api }) => {
      const payer = await newPayer(api);
      const big = await intake(api, payer, { forms: necRows(1000, 10_000) });
      assert.is(big.status, 201, big.text.slice(0, 500));
      assert.is(big.body.created, 1000);
      assert.is(big.body.failed, 0);
      assert.is(big.body.forms.length, 1000);
      const over = await intake(api, payer, { forms: necRows(1001, 20_000) });
      assert.is(over.status, 422);
      assert.is(over.body.error.param, "forms");
      assert.match(over.body.error.message, /1000/);
      const none = await intake(api, payer, { forms: [] });
      assert.is(none.status, 422);
      assert.is(none.body.error.param, "forms");
      const missing = await intake(api, payer, { reference: "x" });
      assert.is(missing.status, 422);
      assert.is(missing.body.error.param, "forms");
      const notArray = await intake(api, payer, { forms: necRow() });
      assert.is(notArray.status, 422);
      assert.is(notArray.body.error.param, "forms");
      const unknownField = await intake(api, payer, { forms: necRows(1, 21_000), bogus: true });
      assert.is(unknownField.status, 422);
      const notJson = await api.request("POST", `/v1/payers/${payer}/forms`, {
        raw: "{not json",
        headers: { "content-type": "application/json" },
      });
      assert.is(notJson.status, 400);
      assert.is(notJson.body.error.type, "invalid_request");
      assert.is((await filingsOf(api, payer)).length, 500, "first page; the 1001-row call saved nothing");
      const count = (
        await api.request(
          "GET",
          `/v1/filings?payer=${payer}&limit=500&starting_after=${(await filingsOf(api, payer)).at(-1)?.id}`,
        )
      ).body.data.length;
      assert.is(count, 500, "exactly the 1000 rows of the accepted call");
    },
  );

  s(
    "payer in the path: unknown, malformed, another account's and the other environment's are 404",
    async ({ api }) => {
      const body = { forms: necRows(1, 2000) };
      const unknown = await intake(api, "00000000-0000-4000-8000-000000000000", body);
      assert.is(unknown.status, 404);
      assert.is(unknown.body.error.type, "not_found");
      assert.is((await intake(api, "not-a-uuid", body)).status, 404);
      const other = await api.runtime.runPromise(createAccount("Other intake"));
      const otherKey = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
      const otherPayer = await newPayer(api, otherKey);
      const foreign = await intake(api, otherPayer, body);
      assert.is(foreign.status, 404);
      assert.is(foreign.body.error.type, "not_found");
      const live = await api.liveKey();
      const livePayer = await newPayer(api, live);
      assert.is((await intake(api, livePayer, body)).status, 404, "sandbox key, live payer");
      const sandboxPayer = await newPayer(api);
      assert.is(
        (await intake(api, sandboxPayer, body, { key: live })).status,
        404,
        "live key, sandbox payer",
      );
      assert.is((await filingsOf(api, otherPayer, otherKey)).length, 0);
      assert.is((await filingsOf(api, livePayer, live)).length, 0);
      // The live key files under its own live payer; livemode true in the result.
      const ok = await intake(api, livePayer, body, { key: live });
      assert.is(ok.status, 201, ok.text);
      assert.is(ok.body.livemode, true);
    },
  );

  s(
    "recipients are matched by TIN under the payer (hyphens ignored) and created from RecipientDetail",
    async ({ api }) => {
      const payer = await newPayer(api);
      const tin = madeUpTin(2100); // 100002100
      const first = await intake(api, payer, {
        forms: [
          necRow({ tin, first: "Ada", last: "Lovelace", accountNum: "A1" }),
          necRow({
            tin: `${tin.slice(0, 3)}-${tin.slice(3, 5)}-${tin.slice(5)}`,
            first: "Ada",
            last: "Lovelace",
            accountNum: "A2",
          }),
          {
            form: "1099-MISC",
            tax_year: 2025,
            jsonForm: {
              ...necForm({ tin, first: "Ada", last: "Lovelace" }),
              NonemployeeCompensationAmt: undefined,
              RentAmt: 50,
            },
          },
        ],
      });
      assert.is(first.status, 201, first.text);
      assert.is(first.body.created, 3);
      const recipients = (await api.request("GET", `/v1/recipients?payer=${payer}`)).body.data;
      assert.is(recipients.length, 1, JSON.stringify(recipients));
      const rec = recipients[0];
      assert.is(rec.tin_last4, tin.slice(-4));
      assert.is(rec.name, "Ada Lovelace");
      assert.is(rec.address_line1, "100 Main St");
      assert.is(rec.city, "Springfield");
      assert.is(rec.state, "IL");
      assert.is(rec.postal_code, "62701");
      assert.is(rec.payer, payer);
      assert.not.ok("tin" in rec);
      const filings = await filingsOf(api, payer);
      assert.is(filings.length, 3);
      assert.ok(filings.every((f) => f.recipient === rec.id));
      // A later call with the same TIN reuses the recipient.
      const later = await intake(api, payer, { forms: [necRow({ tin, accountNum: "A3" })] });
      assert.is(later.status, 201);
      assert.is((await api.request("GET", `/v1/filings/${later.body.forms[0].id}`)).body.recipient, rec.id);
      assert.is((await api.request("GET", `/v1/recipients?payer=${payer}`)).body.data.length, 1);
      // The same TIN under another payer is another recipient.
      const payer2 = await newPayer(api);
      const other = await intake(api, payer2, { forms: [necRow({ tin })] });
      const otherRec = (await api.request("GET", `/v1/filings/${other.body.forms[0].id}`)).body.recipient;
      assert.is.not(otherRec, rec.id);
    },
  );

  s("a recipient created through POST /v1/recipients is matched by intake", async ({ api }) => {
    const payer = await newPayer(api);
    const tin = madeUpTin(2200);
    const rec = await api.request("POST", "/v1/recipients", { body: { payer, name: "Pre Existing", tin } });
    assert.is(rec.status, 201);
    const r = await intake(api, payer, { forms: [necRow({ tin })] });
    assert.is((await api.request("GET", `/v1/filings/${r.body.forms[0].id}`)).body.recipient, rec.body.id);
    assert.is((await api.request("GET", `/v1/recipients?payer=${payer}`)).body.data.length, 1);
  });

  s("D8: with TINSubmittedTypeCd the match is restricted to that TIN type", async ({ api }) => {
    const payer = await newPayer(api);
    const tin = madeUpTin(2300);
    const ssn = await api.request("POST", "/v1/recipients", {
      body: { payer, name: "Person", tin, tin_type: "ssn" },
    });
    const biz = await intake(api, payer, {
      forms: [necRow({ tin, tinType: "BUSINESS_TIN", accountNum: "B" })],
    });
    assert.is(biz.status, 201, biz.text);
    const bizRec = (await api.request("GET", `/v1/filings/${biz.body.forms[0].id}`)).body.recipient;
    assert.is.not(bizRec, ssn.body.id, "an EIN row does not match the SSN recipient");
    const ind = await intake(api, payer, {
      forms: [necRow({ tin, tinType: "INDIVIDUAL_TIN", accountNum: "I" })],
    });
    assert.is((await api.request("GET", `/v1/filings/${ind.body.forms[0].id}`)).body.recipient, ssn.body.id);
    const recs = (await api.request("GET", `/v1/recipients?payer=${payer}`)).body.data;
    assert.is(recs.length, 2);
    assert.is(recs.find((x: { id: string }) => x.id === bizRec)?.tin_type, "ein");
  });

  s(
    "the TIN never appears in any response; stored jsonForm has TINLast4, no TIN, amounts as numbers (D37)",
    async ({ api }) => {
      const payer = await newPayer(api);
      const tin = "918273645";
      const r = await intake(api, payer, {
        reference: "tin",
        forms: [necRow({ tin, amount: "1234.50", extra: { FederalIncomeTaxWithheldAmt: "10" } })],
      });
      assert.is(r.status, 201, r.text);
      const id = r.body.forms[0].id;
      const f = await api.request("GET", `/v1/filings/${id}`);
      assert.is(f.status, 200);
      const rd = f.body.jsonForm.RecipientDetail;
      assert.is(rd.TINLast4, "3645");
      assert.not.ok("TIN" in rd);
      assert.is(f.body.jsonForm.NonemployeeCompensationAmt, 1234.5);
      assert.is(f.body.jsonForm.FederalIncomeTaxWithheldAmt, 10);
      assert.is(rd.PersonName.PersonFirstNm, "Jane");
      const texts = [
        r.text,
        f.text,
        (await api.request("GET", `/v1/filings/${f.body.short_id}`)).text,
        (await api.request("GET", `/v1/filings?payer=${payer}`)).text,
        (await api.request("GET", `/v1/batches/${r.body.batch}`)).text,
        (await api.request("GET", `/v1/recipients?payer=${payer}`)).text,
        (await api.request("GET", `/v1/recipients/${f.body.recipient}`)).text,
      ];
      for (const t of texts) assert.not.ok(t.includes(tin), t.slice(0, 300));
      // Failed rows and the all-failed 422 never echo a TIN either.
      const bad = await intake(api, payer, {
        forms: [necRow({ tin, amount: -1 }), necRow({ tin: "91827364" })],
      });
      assert.is(bad.status, 422);
      assert.not.ok(bad.text.includes(tin));
      assert.not.ok(bad.text.includes("91827364"));
      // A duplicate's conflict row neither.
      const dup = await intake(api, payer, {
        forms: [necRow({ tin, amount: "1234.50" }), necRow({ tin: madeUpTin(2400) })],
      });
      assert.is(dup.body.forms[0].error.type, "conflict");
      assert.not.ok(dup.text.includes(tin));
    },
  );

  s(
    "other TINs inside jsonForm (1099-LTC insured, 3921 transferor) are never returned in full either (D6)",
    async ({ api }) => {
      const payer = await newPayer(api);
      const insuredTin = "987650001";
      const ltc = {
        form: "1099-LTC",
        tax_year: 2025,
        jsonForm: {
          RecipientDetail: necForm({ tin: madeUpTin(2500) })["RecipientDetail"],
          GrossLTCBenefitPaidAmt: 100,
          InsuredGrp: {
            TIN: insuredTin,
            PersonName: { PersonFirstNm: "Ins", PersonLastNm: "Ured" },
            MailingAddressGrp: {
              USAddress: {
                AddressLine1Txt: "1 A St",
                CityNm: "Reno",
                StateAbbreviationCd: "NV",
                ZIPCd: "89501",
              },
            },
          },
        },
      };
      const transferorTin = "987650002";
      const { jsonForm: iso } = fillSkeleton(
        "3921",
        2025,
        formSkeleton("3921", 2025),
        formElementTypes("3921", 2025),
        madeUpTin(2501),
      );
      Object.assign(iso["OtherThanTransferorGrp"] as object, {
        TIN: transferorTin,
        BusinessName: { BusinessNameLine1Txt: "Transferor Corp" },
      });
      const r = await intake(api, payer, { forms: [ltc, { form: "3921", tax_year: 2025, jsonForm: iso }] });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.created, 2, r.text);
      const f = await api.request("GET", `/v1/filings/${r.body.forms[0].id}`);
      assert.is(f.status, 200);
      const g = await api.request("GET", `/v1/filings/${r.body.forms[1].id}`);
      assert.is(g.status, 200);
      const list = (await api.request("GET", `/v1/filings?payer=${payer}`)).text;
      const leaks = [
        f.text.includes(insuredTin)
          ? `1099-LTC InsuredGrp: ${JSON.stringify(f.body.jsonForm.InsuredGrp)}`
          : null,
        g.text.includes(transferorTin)
          ? `3921 OtherThanTransferorGrp: ${JSON.stringify(g.body.jsonForm.OtherThanTransferorGrp)}`
          : null,
        list.includes(insuredTin) || list.includes(transferorTin) ? "GET /v1/filings" : null,
      ].filter(Boolean);
      assert.equal(leaks, [], `TINs returned in full: ${leaks.join("; ")}`);
    },
  );

  s(
    "D11: same payer + TIN + form + year + account number again is a failed conflict row",
    async ({ api }) => {
      const payer = await newPayer(api);
      const tin = madeUpTin(2600);
      const first = await intake(api, payer, { forms: [necRow({ tin, accountNum: "ACC1" })] });
      assert.is(first.status, 201);
      const again = await intake(api, payer, {
        reference: "again",
        forms: [necRow({ tin, accountNum: "ACC1", amount: 5 }), necRow({ tin: madeUpTin(2601) })],
      });
      assert.is(again.status, 201, again.text);
      assert.is(again.body.created, 1);
      assert.is(again.body.failed, 1);
      const row = again.body.forms[0] as Row;
      assert.is(row.status, "failed");
      assert.is(row.id, null);
      assert.is(row.error?.type, "conflict");
      assert.is(row.error?.param, "jsonForm.RecipientDetail.TIN");
      assert.is(row.reference, "again#0");
      // Hyphenated TIN is the same TIN.
      const hyph = await intake(api, payer, {
        forms: [
          necRow({ tin: `${tin.slice(0, 2)}-${tin.slice(2)}`, accountNum: "ACC1" }),
          necRow({ tin: madeUpTin(2602) }),
        ],
      });
      assert.is(hyph.body.forms[0].error?.type, "conflict");
      // Not duplicates: another account number, no account number, another year, another form.
      const distinct = await intake(api, payer, {
        forms: [
          necRow({ tin, accountNum: "ACC2" }),
          necRow({ tin }),
          necRow({ tin, accountNum: "ACC1", taxYear: 2026 }),
          {
            form: "1099-MISC",
            tax_year: 2025,
            jsonForm: {
              RecipientDetail: necForm({ tin })["RecipientDetail"],
              RecipientAccountNum: "ACC1",
              RentAmt: 10,
            },
          },
        ],
      });
      assert.is(distinct.status, 201, distinct.text);
      assert.is(distinct.body.created, 4, distinct.text);
      // Another payer with the same recipient TIN is not a duplicate.
      const payer2 = await newPayer(api);
      assert.is(
        (await intake(api, payer2, { forms: [necRow({ tin, accountNum: "ACC1" })] })).body.created,
        1,
      );
      // A batch whose only row is a duplicate fails as a whole (D10).
      const only = await intake(api, payer, { forms: [necRow({ tin, accountNum: "ACC1" })] });
      assert.is(only.status, 422);
      assert.is(only.body.forms[0].error.type, "conflict");
    },
  );

  s("D11: two identical rows inside one batch: one saved, one failed", async ({ api }) => {
    const payer = await newPayer(api);
    const row = necRow({ tin: madeUpTin(2700), accountNum: "X" });
    const r = await intake(api, payer, { forms: [row, row, necRow({ tin: madeUpTin(2701) })] });
    assert.is(r.status, 201, r.text);
    assert.is(r.body.created, 2);
    assert.is(r.body.failed, 1);
    assert.is(r.body.forms[0].status, "ready_to_file");
    assert.is(r.body.forms[1].status, "failed");
    assert.is(r.body.forms[1].error.type, "conflict");
    assert.is((await filingsOf(api, payer)).length, 2);
    assert.is((await api.request("GET", `/v1/recipients?payer=${payer}`)).body.data.length, 2);
  });

  s("D11 with addToCart: the duplicate gets no cart item, the good row does", async ({ api }) => {
    const payer = await newPayer(api);
    const row = necRow({ tin: madeUpTin(2800) });
    await intake(api, payer, { forms: [row] });
    const r = await intake(api, payer, { addToCart: true, forms: [row, necRow({ tin: madeUpTin(2801) })] });
    assert.is(r.status, 201, r.text);
    assert.is(r.body.forms[0].status, "failed");
    assert.is(r.body.forms[0].added_to_cart, false);
    assert.is(r.body.forms[0].cart_item_id, null);
    assert.is(r.body.forms[1].status, "in_cart");
    assert.type(r.body.forms[1].cart_item_id, "string");
  });

  s(
    "Idempotency-Key: a replayed batch returns the same response and files nothing twice; another body is 422",
    async ({ api }) => {
      const payer = await newPayer(api);
      const body = { reference: "idem", forms: necRows(3, 2900) };
      const headers = { "Idempotency-Key": `intake-${backend}-1` };
      const a = await intake(api, payer, body, { headers });
      const b = await intake(api, payer, body, { headers });
      assert.is(a.status, 201);
      assert.is(b.status, 201);
      assert.is(a.headers.get("idempotent-replayed"), null);
      assert.is(b.headers.get("idempotent-replayed"), "true");
      assert.equal(b.body, a.body);
      assert.is((await filingsOf(api, payer)).length, 3);
      const c = await intake(api, payer, { ...body, forms: necRows(3, 2950) }, { headers });
      assert.is(c.status, 422);
      assert.is(c.body.error.type, "idempotency_key_reused");
      assert.is((await filingsOf(api, payer)).length, 3);
      // Without the key, the same body is a new call whose rows are all D11 duplicates.
      const d = await intake(api, payer, body);
      assert.is(d.status, 422);
      assert.ok((d.body.forms as Row[]).every((x) => x.error?.type === "conflict"));
    },
  );

  s("the batch of an intake call is readable: GET /v1/batches/{id}", async ({ api }) => {
    const payer = await newPayer(api);
    const r = await intake(api, payer, {
      reference: "b",
      forms: [necRow({ tin: madeUpTin(3000) }), necRow({ tin: "1" })],
    });
    const b = await api.request("GET", `/v1/batches/${r.body.batch}`);
    assert.is(b.status, 200, b.text);
    assert.is(b.body.object, "batch");
    assert.is(b.body.id, r.body.batch);
    assert.is(b.body.kind, "payer_forms");
    assert.is(b.body.payer, payer);
    assert.is(b.body.reference, "b");
    assert.is(b.body.created, 1);
    assert.is(b.body.failed, 1);
    assert.is(b.body.livemode, false);
    assert.equal(b.body.forms, r.body.forms);
    const listed = await api.request("GET", `/v1/filings?batch=${r.body.batch}`);
    assert.equal(
      listed.body.data.map((f: { id: string }) => f.id),
      [r.body.forms[0].id],
    );
  });

  if (backend === "postgres") {
    s("concurrent batches with the same new TIN under one payer make one recipient", async ({ api }) => {
      const payer = await newPayer(api);
      const tin = madeUpTin(3100);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          intake(api, payer, { forms: [necRow({ tin, accountNum: `C${i}` })] }),
        ),
      );
      assert.ok(
        results.every((r) => r.status === 201),
        results.map((r) => r.status).join(","),
      );
      const recs = (await api.request("GET", `/v1/recipients?payer=${payer}`)).body.data;
      assert.is(recs.length, 1, `${recs.length} recipients for one TIN under one payer`);
    });

    // Past COPY_MIN_ROWS the rows are COPY'd straight into the tables; a clash with a concurrent intake's rows makes
    // the COPY fail and the rows take the guarded path.
    s(
      "concurrent bulk batches sharing 250 new TINs under one payer: one recipient per TIN, all filings saved",
      async ({ api }) => {
        const payer = await newPayer(api);
        const results = await Promise.all(
          ["K0", "K1", "K2"].map((accountNum) =>
            intake(api, payer, { forms: necRows(250, 5000, { accountNum }) }),
          ),
        );
        assert.equal(
          results.map((r) => [r.status, r.body.created]),
          [
            [201, 250],
            [201, 250],
            [201, 250],
          ],
        );
        const recs = (await api.request("GET", `/v1/recipients?payer=${payer}&limit=500`)).body.data;
        assert.is(recs.length, 250);
        // Each TIN's three filings point at its one recipient.
        const byTin = new Map<string, Set<string>>();
        let listed = 0;
        for (let cursor: string | null = null, more = true; more; ) {
          const page: { data: Array<Record<string, any>>; has_more: boolean } = (
            await api.request(
              "GET",
              `/v1/filings?payer=${payer}&limit=500${cursor ? `&starting_after=${cursor}` : ""}`,
            )
          ).body;
          for (const f of page.data) {
            const tin =
              f.jsonForm.RecipientDetail.TINLast4 + f.jsonForm.RecipientDetail.PersonName?.PersonLastNm;
            byTin.set(tin, (byTin.get(tin) ?? new Set()).add(f.recipient));
          }
          listed += page.data.length;
          more = page.has_more;
          cursor = page.data.at(-1)?.id ?? null;
        }
        assert.is(listed, 750);
        assert.is(byTin.size, 250);
        assert.ok([...byTin.values()].every((ids) => ids.size === 1));
      },
    );

    s(
      "concurrent identical bulk batches: D11 holds across transactions (one batch saved)",
      async ({ api }) => {
        const payer = await newPayer(api);
        const body = { forms: necRows(250, 6000, { accountNum: "SAME" }) };
        const results = await Promise.all(Array.from({ length: 3 }, () => intake(api, payer, body)));
        assert.equal(results.map((r) => r.status).sort(), [201, 422, 422]);
        assert.is(results.find((r) => r.status === 201)?.body.created, 250);
        assert.is((await filingsOf(api, payer)).length, 250);
        const recs = (await api.request("GET", `/v1/recipients?payer=${payer}&limit=500`)).body.data;
        assert.is(recs.length, 250);
      },
    );

    s("concurrent identical rows: D11 holds across transactions (one saved)", async ({ api }) => {
      const payer = await newPayer(api);
      const row = necRow({ tin: madeUpTin(3200), accountNum: "SAME" });
      const results = await Promise.all(
        Array.from({ length: 6 }, () => intake(api, payer, { forms: [row] })),
      );
      assert.is(results.filter((r) => r.status === 201).length, 1, results.map((r) => r.status).join(","));
      assert.is(results.filter((r) => r.status === 422).length, 5);
      assert.is((await filingsOf(api, payer)).length, 1);
    });
  }

  s.run();
}
