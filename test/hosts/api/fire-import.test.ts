// POST /v1/payers/{payerId}/fire over HTTP: results, staging, notes, located problems, limits, atomicity.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { INTAKE_CHUNK } from "../../../core/use-cases/filing/intake.ts";
import { backends } from "../../support/db.ts";
import { FORM_SPECS, writeFire, type FireFormInput } from "../../../core/domain/fire/index.ts";
import {
  ascii,
  bytesOf,
  fileInput,
  alpha,
  irsValidInput,
  necFireForm,
  payer as firePayer,
  recipient,
  validInput,
} from "../../core/domain/fire/helpers.ts";

const PAYER_TIN = "123456789";
const necForm = (i: number, over: Partial<FireFormInput> = {}): FireFormInput =>
  necFireForm(i, `55500${String(1000 + i).slice(-4)}`, over);

for (const backend of backends) {
  const s = suite<{ api: TestApi; payerId: string }>(`FIRE import (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
    ctx.payerId = (
      await ctx.api.request("POST", "/v1/payers", { body: { name: "Example Payer LLC", tin: PAYER_TIN } })
    ).body.id;
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  const post = (api: TestApi, payerId: string, bytes: Uint8Array, query = "") =>
    api.request("POST", `/v1/payers/${payerId}/fire${query}`, {
      raw: bytes,
      headers: { "content-type": "application/octet-stream" },
    });

  s("imports every form ready_to_file with the SPEC result shape", async ({ api, payerId }) => {
    const bytes = writeFire(fileInput([necForm(1), necForm(2), necForm(3)]), { lineEnding: "crlf" });
    const r = await post(api, payerId, bytes);
    assert.is(r.status, 200, r.text);
    const b = r.body;
    assert.is(b.object, "fire_file");
    assert.is(b.bytes, bytes.length);
    assert.is(b.rows_parsed, 3);
    assert.is(b.forms_imported, 3);
    assert.is(b.forms_added_to_cart, 0);
    assert.is(b.form_ids.length, 3);
    assert.is(b.currency, "usd");
    assert.equal(b.cart_item_ids, []);
    assert.ok(
      b.forms.every(
        (f: { status: string; payer: string; form: string }) =>
          f.status === "ready_to_file" && f.payer === payerId && f.form === "1099-NEC",
      ),
    );
    assert.type(b.next, "string");
    const filing = (await api.request("GET", `/v1/filings/${b.form_ids[0]}`)).body;
    assert.is(filing.jsonForm.NonemployeeCompensationAmt, 100.01);
    assert.is(filing.jsonForm.RecipientDetail.PersonName.PersonLastNm, "SAMPLEB");
    assert.is(filing.jsonForm.RecipientDetail.TINLast4, "1001");
    assert.not.ok(r.text.includes("555001001"));
  });

  s("addToCart=true stages the forms in_cart with efile_print_mail", async ({ api, payerId }) => {
    const r = await post(
      api,
      payerId,
      writeFire(fileInput([necForm(11), necForm(12)]), { lineEnding: "none" }),
      "?addToCart=true",
    );
    assert.is(r.status, 200, r.text);
    assert.is(r.body.forms_added_to_cart, 2);
    assert.is(r.body.service, "efile_print_mail");
    assert.is(r.body.cart_item_ids.length, 2);
    assert.ok(r.body.forms.every((f: { status: string }) => f.status === "in_cart"));
  });

  s(
    "corrections of forms not filed through the service are skipped with a note naming the payee",
    async ({ api, payerId }) => {
      const r = await post(
        api,
        payerId,
        writeFire(fileInput([necForm(21), necForm(22, { corrected: "G" })])),
      );
      assert.is(r.status, 200, r.text);
      assert.is(r.body.forms_imported, 1);
      assert.ok(
        r.body.notes.some(
          (n: string) => n.includes("ALEX SAMPLEW") && n.includes("not filed through this service"),
        ),
        JSON.stringify(r.body.notes),
      );
    },
  );

  s(
    "every form Pub 1220 lays out imports with every field filled (catalogue validation of FIRE rows)",
    async ({ api, payerId }) => {
      const forms = FORM_SPECS.map((spec, i) => {
        const f = irsValidInput(
          spec,
          firePayer({ combinedFederalState: spec.tail.some((t) => t.kind === "cfsf") }),
        );
        return {
          ...f,
          recipient: {
            ...f.recipient,
            name: `RECIPIENT SAMPLE${alpha(i)}`,
            tin: `66600${String(1000 + i).slice(-4)}`,
          },
        };
      });
      const r = await post(api, payerId, writeFire(fileInput(forms)));
      assert.is(r.status, 200, r.text.slice(0, 2000));
      assert.is(r.body.forms_imported, forms.length);
      assert.equal(
        r.body.forms.map((f: { form: string }) => f.form),
        FORM_SPECS.map((spec) => spec.form),
      );
      // What IRIS has no element for is named in the notes, once per form and field.
      assert.ok(
        r.body.notes.some(
          (n: string) =>
            n.startsWith("1099-LTC, StateIncomeTaxWithheld (position 723)") && /no state tax group/.test(n),
        ),
        JSON.stringify(r.body.notes),
      );
      const ltc = (
        await api.request(
          "GET",
          `/v1/filings/${r.body.form_ids[FORM_SPECS.findIndex((x) => x.form === "1099-LTC")]}`,
        )
      ).body;
      assert.equal(ltc.jsonForm.InsuredGrp.PersonName, {
        PersonFirstNm: "JANE",
        PersonMiddleNm: "Q",
        PersonLastNm: "PUBLIC",
      });
      assert.is(ltc.jsonForm.StateLocalTaxGrp, undefined);
      const k = (
        await api.request(
          "GET",
          `/v1/filings/${r.body.form_ids[FORM_SPECS.findIndex((x) => x.form === "1099-K")]}`,
        )
      ).body;
      assert.type(k.jsonForm.PaymentTransactionCnt, "number");
    },
  );

  s("a file written 748 characters + CR LF per record imports", async ({ api, payerId }) => {
    const lines = ascii(writeFire(fileInput([necForm(71), necForm(72)]), { lineEnding: "lf" }))
      .split("\n")
      .filter(Boolean);
    const r = await post(api, payerId, bytesOf(lines.map((l) => `${l.slice(0, 748)}\r\n`).join("")));
    assert.is(r.status, 200, r.text.slice(0, 500));
    assert.is(r.body.forms_imported, 2);
  });

  s(
    "a B record the catalogue refuses is located: record, Pub 1220 field and position, offset",
    async ({ api, payerId }) => {
      const spec = FORM_SPECS.find((x) => x.form === "1099-R")!;
      const bad = {
        ...validInput(spec, firePayer()),
        codes: { ...validInput(spec, firePayer()).codes, Form1099RDistributionCd: "ZZ" },
      };
      const r = await post(api, payerId, writeFire(fileInput([necForm(81), bad]), { lineEnding: "lf" }));
      assert.is(r.status, 422, r.text.slice(0, 500));
      const p = r.body.problems[0];
      assert.equal(
        [p.record, p.recordType, p.field, p.position, p.offset],
        [6, "B", "DistributionCode", 545, 5 * 751 + 544],
        JSON.stringify(p),
      );
      assert.match(r.body.error.message, /record 6, DistributionCode at position 545/);
    },
  );

  s(
    "a file breaking an IRS business rule is refused: the record located, the rule cited, nothing stored",
    async ({ api }) => {
      // A payer of its own, so its lists show exactly what this import stored.
      const tin = "223456789";
      const payerId = (await api.request("POST", "/v1/payers", { body: { name: "Rule Breaker LLC", tin } }))
        .body.id as string;
      const misc = FORM_SPECS.find((x) => x.form === "1099-MISC")!;
      const good = {
        ...irsValidInput(misc, firePayer({ tin })),
        recipient: recipient({ tin: "555009001", name: "ALEX SAMPLEGOOD" }),
      };
      // Passes the layout and the catalogue; breaks SHAREDIRFORM018 (Reject): the FATCA filing requirement box
      // checked without the payee's account number. T, A, then this B record second: record 4.
      const bad = {
        ...good,
        recipient: recipient({ tin: "555009002", name: "ALEX SAMPLEBAD" }),
        indicators: { ...good.indicators, FATCAFilingRequirementInd: true },
        accountNumber: "",
      };
      const filings = async () =>
        (await api.request("GET", `/v1/filings?limit=500&payer=${payerId}`)).body.data as unknown[];
      const recipients = async () =>
        (await api.request("GET", `/v1/recipients?limit=500&payer=${payerId}`)).body.data as unknown[];
      const allFilings = async () => (await api.request("GET", "/v1/filings?limit=500")).body.data.length;
      const before = await allFilings();

      for (const query of ["", "?addToCart=true"]) {
        const r = await post(api, payerId, writeFire(fileInput([good, bad]), { lineEnding: "lf" }), query);
        assert.is(r.status, 422, r.text.slice(0, 500));
        assert.is(r.body.error.type, "invalid_request");
        assert.match(r.body.error.message, /^Nothing was imported: 1 form\(s\) failed\. First: record 4, /);
        assert.match(r.body.error.message, /IRS rule SHAREDIRFORM018 \(Reject\)/);
        assert.is(r.body.problems.length, 1, JSON.stringify(r.body.problems));
        const p = r.body.problems[0];
        assert.equal(
          [p.code, p.record, p.recordType, p.field, p.position, p.offset],
          ["SHAREDIRFORM018", 4, "B", "PayerAccountNumberForPayee", 21, 3 * 751 + 20],
          JSON.stringify(p),
        );
        assert.match(p.message, /IRS rule SHAREDIRFORM018 \(Reject\)/);
        assert.not.ok(r.text.includes("555009002") || r.text.includes(tin), "no full TIN");
        // All or nothing: not even the good form, nor either recipient.
        assert.equal(await filings(), []);
        assert.equal(await recipients(), []);
        assert.is(await allFilings(), before);
      }

      // The same file without the bad record imports, and the lists show it.
      const ok = await post(api, payerId, writeFire(fileInput([good]), { lineEnding: "lf" }));
      assert.is(ok.status, 200, ok.text.slice(0, 500));
      assert.is((await filings()).length, 1);
      assert.is((await recipients()).length, 1);
    },
  );

  s(
    "a file of another payer's TIN is 422 with a located problem, nothing saved",
    async ({ api, payerId }) => {
      const before = (await api.request("GET", "/v1/filings?limit=500")).body.data.length;
      const r = await post(
        api,
        payerId,
        writeFire(fileInput([necForm(31, { payer: firePayer({ tin: "111111111" }) })])),
      );
      assert.is(r.status, 422);
      assert.is(r.body.error.type, "invalid_request");
      assert.is(r.body.problems[0].recordType, "A");
      assert.is((await api.request("GET", "/v1/filings?limit=500")).body.data.length, before);
    },
  );

  s("a duplicate inside the file fails the whole import: one transaction", async ({ api, payerId }) => {
    const before = (await api.request("GET", "/v1/filings?limit=500")).body.data.length;
    const r = await post(api, payerId, writeFire(fileInput([necForm(41), necForm(42), necForm(41)])));
    assert.is(r.status, 422, r.text);
    assert.ok(r.body.problems.some((p: { record: number }) => p.record > 0));
    assert.is((await api.request("GET", "/v1/filings?limit=500")).body.data.length, before);
  });

  s(
    "a file of several intake chunks: a duplicate in the last chunk rolls back every chunk; without it, all saved",
    async ({ api, payerId }) => {
      // Forms 1000 + i, over INTAKE_CHUNK rows twice: four chunks (500, 1,000, 2,000 and the rest), each saved in turn.
      const forms = Array.from({ length: 2 * INTAKE_CHUNK + 2 }, (_, i) =>
        necForm(1000 + i, {
          recipient: recipient({ tin: String(700_000_000 + i), name: `ALEX SAMPLE${alpha(1000 + i)}` }),
        }),
      );
      const recipients = async () =>
        (await api.request("GET", `/v1/recipients?limit=500&payer=${payerId}`)).body.data.length;
      const inCart = async () => (await api.request("GET", "/v1/cart/details")).body.item_count as number;
      const [recipientsBefore, cartBefore] = [await recipients(), await inCart()];
      const withTwin = [...forms, forms[3] as FireFormInput];
      const r = await post(api, payerId, writeFire(fileInput(withTwin)), "?addToCart=true");
      assert.is(r.status, 422, r.text.slice(0, 300));
      assert.is(r.body.problems.length, 1);
      assert.is(r.body.problems[0].record, withTwin.length + 2); // T, A, then the B records
      assert.is(await recipients(), recipientsBefore);
      assert.is(await inCart(), cartBefore);

      const ok = await post(api, payerId, writeFire(fileInput(forms)), "?addToCart=true");
      assert.is(ok.status, 200, ok.text.slice(0, 300));
      assert.is(ok.body.forms_imported, forms.length);
      assert.is(new Set(ok.body.cart_item_ids).size, forms.length);
      assert.is(new Set(ok.body.forms.map((f: { recipient: string }) => f.recipient)).size, forms.length);
      assert.is(await inCart(), cartBefore + forms.length);
    },
  );

  s(
    "bad files: truncated, binary, B before A, letters in amounts: 422 with record, type, field, position",
    async ({ api, payerId }) => {
      const good = writeFire(fileInput([necForm(51)]), { lineEnding: "none" });
      const truncated = good.slice(0, good.length - 10);
      const binary = Uint8Array.from({ length: 3000 }, (_, i) => (i * 37) % 256);
      const letters = Uint8Array.from(good);
      const bStart = 750 * 2; // T, A, then B
      letters[bStart + 60] = "X".charCodeAt(0);
      for (const bytes of [truncated, binary, letters, new Uint8Array(0)]) {
        const r = await post(api, payerId, bytes);
        assert.is(r.status, 422, r.text.slice(0, 300));
        assert.ok(Array.isArray(r.body.problems) && r.body.problems.length > 0);
        const p = r.body.problems[0];
        assert.type(p.record, "number");
        assert.type(p.recordType, "string");
        assert.type(p.field, "string");
        assert.type(p.position, "number");
      }
    },
  );

  s(
    "issue 41: a record breaking a Report Error rule is imported with its located warning; ?strict=true refuses the file; bad strict 422",
    async ({ api, payerId }) => {
      // Withholding above the pay (F1099NEC001) on the second form (B record 4).
      const warned = necForm(61, {
        amounts: { NonemployeeCompensationAmt: 100_00, FederalIncomeTaxWithheldAmt: 900_00 },
      });
      const bytes = writeFire(fileInput([necForm(60), warned]), { lineEnding: "crlf" });
      const refused = await post(api, payerId, bytes, "?strict=true");
      assert.is(refused.status, 422, refused.text);
      assert.equal(
        refused.body.problems.map((p: { code: string; record: number }) => [p.code, p.record]),
        [["F1099NEC001", 4]],
      );
      const bad = await post(api, payerId, bytes, "?strict=maybe");
      assert.is(bad.status, 422);
      assert.is(bad.body.error.param, "strict");
      const r = await post(api, payerId, bytes);
      assert.is(r.status, 200, r.text);
      assert.is(r.body.forms_imported, 2);
      // The first form is below the 1099-NEC reporting threshold: a notice is a warning too.
      assert.is(r.body.forms_with_warnings, 2);
      const w = r.body.warnings.find((x: { code: string }) => x.code === "F1099NEC001");
      assert.equal(
        [w.filing, w.severity, w.path, w.record, w.field],
        [
          r.body.form_ids[1],
          "Report Error and Reject if over Threshold",
          "jsonForm.FederalIncomeTaxWithheldAmt",
          4,
          "PaymentAmount4",
        ],
      );
      assert.type(w.position, "number");
      const filing = (await api.request("GET", `/v1/filings/${r.body.form_ids[1]}`)).body;
      assert.equal(
        filing.warnings.map((x: { code: string; record: number }) => [x.code, x.record]),
        [["F1099NEC001", 4]],
      );
    },
  );

  s("12 MB + 1 byte is 413; unknown payer 404; bad addToCart 422", async ({ api, payerId }) => {
    const big = new Uint8Array(12 * 1024 * 1024 + 1).fill(32);
    const r = await post(api, payerId, big);
    assert.is(r.status, 413);
    assert.is(r.body.error.type, "payload_too_large");
    assert.is(
      (await post(api, "00000000-0000-4000-8000-000000000000", writeFire(fileInput([necForm(61)])))).status,
      404,
    );
    assert.is(
      (await post(api, payerId, writeFire(fileInput([necForm(62)])), "?addToCart=maybe")).status,
      422,
    );
  });

  s.run();
}
