// IRS business rules on the real host (issue 15 item 3): forms the IRS would reject fail at intake with the IRS
// rule number and the element path; Report Error rules and reporting thresholds come back as warnings on the
// row and the filing; pay refuses (422 cart_not_payable, nothing charged) what only shows in the cart (S1H012)
// or in the transmitter's mode (SHAREDIRFORM021, SMF027, TMFST020). Runs on PGlite, and Postgres with DATABASE_URL.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { RECIPIENT_ADDRESS, necRow, payerBody } from "../../support/forms.ts";
import { payCart } from "../../../core/use-cases/money/pay.ts";
import { intake } from "../../../core/use-cases/filing/intake.ts";
import { parsePayerFormsBody, type ParsedIntake } from "../../../core/domain/filing/intake.ts";
import { IrsTransmitter } from "../../../core/ports/irs-transmitter.port.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import { requestExtension } from "../../../core/use-cases/accounts/platform.ts";
import type { TransmitterProfile } from "../../../core/domain/iris/rules/index.ts";

const PAYER = payerBody("Rules Payer LLC", "12-3456701");
const RECIPIENT_TIN = "234567891";

const recipient = (tin = RECIPIENT_TIN) => ({
  TIN: tin,
  PersonName: { PersonFirstNm: "Ann", PersonLastNm: "Lee" },
  MailingAddressGrp: { USAddress: { ...RECIPIENT_ADDRESS } },
});
const row = (form: string, extra: Record<string, unknown>, taxYear = 2025, tin = RECIPIENT_TIN) => ({
  form,
  tax_year: taxYear,
  jsonForm: { RecipientDetail: recipient(tin), ...extra },
});

/** Rules the IRS rejects a form for ("Reject"): one form breaking each. */
const REJECTING: ReadonlyArray<readonly [code: string, path: string, row: ReturnType<typeof row>]> = [
  [
    "F1099DA015",
    "jsonForm.SoldOrDisposedDt",
    row("1099-DA", {
      DATypeCd: "BTC",
      DANm: "Bitcoin",
      DAUnitQty: 1.5,
      ProceedsAmt: 500,
      SoldOrDisposedDt: "2024-12-31",
    }),
  ],
  [
    "SHAREDIRFORM018",
    "jsonForm.RecipientAccountNum",
    row("1099-MISC", { RentAmt: 5000, FATCAFilingRequirementInd: true }),
  ],
];

/**
 * Issue 41: rules the IRS accepts a form with and reports ("Report Error and Reject if over Threshold"): one form
 * breaking each. Saved with a warning; refused under strict.
 */
const WARNING: ReadonlyArray<readonly [code: string, path: string, row: ReturnType<typeof row>]> = [
  [
    "F1099R002",
    "jsonForm.TaxableAmt",
    row("1099-R", { GrossDistributionAmt: 100, TaxableAmt: 150, Form1099RDistributionCd: "7" }),
  ],
  [
    "F1099K004",
    "jsonForm.PSEInd",
    row("1099-K", { PaymentCardInd: true, GrossAmt: 100, JanuaryAmt: 100, PaymentTransactionCnt: 3 }),
  ],
  [
    "F1099B001",
    "jsonForm.ShortTermGainLossInd",
    row("1099-B", {
      PropertyDesc: "100 sh XYZ",
      ProceedsAmt: 500,
      ShortTermGainLossInd: true,
      LongTermGainLossInd: true,
    }),
  ],
];
const BREAKING = [...REJECTING, ...WARNING];

let tinSeq = 0;
const nextTin = () => String(300_000_000 + tinSeq++);

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`IRS business rules (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  const newPayer = async (api: TestApi, body: Record<string, unknown> = PAYER) => {
    const r = await api.request("POST", "/v1/payers", {
      body: { ...body, tin: body["tin"] === PAYER.tin ? nextTin() : body["tin"] },
    });
    assert.is(r.status, 201, r.text);
    return r.body.id as string;
  };
  /** Files `rows` under `payer` into the cart, to be e-filed. */
  const fileToCart = (api: TestApi, payer: string, ...rows: ReturnType<typeof row>[]) =>
    api.request("POST", `/v1/payers/${payer}/forms`, {
      body: { addToCart: true, service: "efile", forms: rows },
    });
  const emptyCart = async (api: TestApi) => {
    for (const item of (await api.request("GET", "/v1/cart/details")).body.items ?? [])
      await api.request("DELETE", `/v1/cart/items/${item.id}`);
  };

  const breakingRows = (base: number) => [
    necRow({ tin: String(base - 1) }),
    ...BREAKING.map(([, , r], i) => ({
      ...r,
      jsonForm: { ...r.jsonForm, RecipientDetail: recipient(String(base + i)) },
    })),
  ];

  s(
    "intake: a Reject rule fails its row with the rule number and element path; a Report Error rule saves it with the warning (issue 41)",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: { reference: "rules", forms: breakingRows(400_000_000) },
      });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.created, 1 + WARNING.length);
      assert.is(r.body.failed, REJECTING.length);
      assert.is(r.body.forms[0].status, "ready_to_file");
      assert.equal(r.body.forms[0].warnings, []);
      BREAKING.forEach(([code, path], i) => {
        const f = r.body.forms[i + 1];
        if (i < REJECTING.length) {
          assert.is(f.status, "failed", code);
          assert.is(f.id, null);
          assert.is(f.error.type, "invalid_request");
          assert.is(f.error.rule, "irs_business_rule");
          assert.is(f.error.code, code, JSON.stringify(f.error));
          assert.is(f.error.param, path);
          assert.match(f.error.message, new RegExp(`IRS rule ${code} \\(`));
        } else {
          assert.is(f.status, "ready_to_file", code);
          assert.is(f.error, undefined);
          const w = f.warnings.find((x: { code: string }) => x.code === code);
          assert.ok(w, JSON.stringify(f.warnings));
          assert.equal(
            { severity: w.severity, path: w.path },
            { severity: "Report Error and Reject if over Threshold", path },
          );
          assert.match(w.message, new RegExp(`IRS rule ${code} \\(`));
        }
      });
      assert.not.ok(/40000000\d/.test(r.text), "no TIN in the answer");
      const listed = (await api.request("GET", `/v1/filings?payer=${payer}`)).body.data;
      assert.is(listed.length, 1 + WARNING.length, "nothing saved from the failed rows");
      const warned = r.body.forms[REJECTING.length + 1];
      assert.equal((await api.request("GET", `/v1/filings/${warned.id}`)).body.warnings, warned.warnings);
    },
  );

  s(
    "intake with strict: every Report Error rule fails its row as a Reject rule does (issue 41)",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: { reference: "strict", strict: true, forms: breakingRows(410_000_000) },
      });
      assert.is(r.status, 201, r.text);
      assert.is(r.body.created, 1);
      assert.is(r.body.failed, BREAKING.length);
      BREAKING.forEach(([code, path], i) => {
        const f = r.body.forms[i + 1];
        assert.is(f.status, "failed", code);
        assert.is(f.error.code, code);
        assert.is(f.error.param, path);
        if (i >= REJECTING.length) assert.match(f.error.message, /refused under strict/);
      });
      assert.is((await api.request("GET", `/v1/filings?payer=${payer}`)).body.data.length, 1);
    },
  );

  s(
    "a form with a Reject and a Report Error finding is refused for the Reject one and lists the other as a warning",
    async ({ api }) => {
      const payer = await newPayer(api);
      // F1099DA015 (Reject: sold before the tax year) and F1099DA013 (Report Error: withholding above the proceeds).
      const both = row(
        "1099-DA",
        {
          DATypeCd: "BTC",
          DANm: "Bitcoin",
          DAUnitQty: 1.5,
          ProceedsAmt: 100,
          FederalIncomeTaxWithheldAmt: 500,
          SoldOrDisposedDt: "2024-12-31",
        },
        2025,
        "420000001",
      );
      const r = await api.request("POST", `/v1/payers/${payer}/forms`, { body: { forms: [both] } });
      assert.is(r.status, 422, r.text);
      const f = r.body.failed_rows?.[0] ?? r.body.forms?.[0];
      assert.ok(f, r.text);
      assert.is(f.error.code, "F1099DA015");
      assert.not.match(f.error.message, /F1099DA013/);
      assert.equal(
        f.warnings.map((w: { code: string }) => w.code),
        ["F1099DA013"],
      );
    },
  );

  s("single intake (POST /v1/filings): 422 with error.code and error.param", async ({ api }) => {
    const payer = await newPayer(api);
    const [code, path, bad] = REJECTING[0] as (typeof REJECTING)[number];
    const r = await api.request("POST", "/v1/filings", { body: { payer, ...bad } });
    assert.is(r.status, 422, r.text);
    assert.is(r.body.error.type, "invalid_request");
    assert.is(r.body.error.code, code);
    assert.is(r.body.error.param, path);
    assert.not.ok(r.text.includes(RECIPIENT_TIN));
    // A Report Error rule: saved with its warning, or 422 under strict.
    const [wcode, wpath, warn] = WARNING[0] as (typeof WARNING)[number];
    const strict = await api.request("POST", "/v1/filings", { body: { payer, strict: true, ...warn } });
    assert.is(strict.status, 422, strict.text);
    assert.equal(
      { code: strict.body.error.code, param: strict.body.error.param },
      { code: wcode, param: wpath },
    );
    const saved = await api.request("POST", "/v1/filings", { body: { payer, ...warn } });
    assert.is(saved.status, 201, saved.text);
    assert.equal(
      saved.body.warnings.map((w: { code: string }) => w.code),
      [wcode],
    );
  });

  s(
    "pay: without strict a form with warnings is filed and the receipt counts it; strict refuses it, nothing charged (issue 41)",
    async ({ api }) => {
      await emptyCart(api);
      const payer = await newPayer(api);
      const [, , warn] = WARNING[0] as (typeof WARNING)[number];
      const r = await fileToCart(
        api,
        payer,
        { ...warn, jsonForm: { ...warn.jsonForm, RecipientDetail: recipient("430000001") } },
        row("1099-NEC", { NonemployeeCompensationAmt: 5000 }, 2025, "430000002"),
      );
      assert.is(r.status, 201, r.text);
      const before = (await api.request("GET", "/v1/balance")).body.available_cents;
      const refused = await api.request("POST", "/v1/cart/pay", { body: { strict: true } });
      assert.is(refused.status, 422, refused.text);
      assert.is(refused.body.error.type, "cart_not_payable");
      assert.equal(
        refused.body.problems.map((p: { item: string; type: string }) => [p.item, p.type]),
        [[r.body.forms[0].cart_item_id, "irs_warnings"]],
      );
      assert.is((await api.request("GET", "/v1/balance")).body.available_cents, before);
      const bad = await api.request("POST", "/v1/cart/pay", { body: { strict: "yes" } });
      assert.is(bad.status, 422, bad.text);
      assert.is(bad.body.error.param, "strict");
      const paid = await api.request("POST", "/v1/cart/pay", { body: {} });
      assert.is(paid.status, 200, paid.text);
      assert.is(paid.body.filed, 2);
      assert.is(paid.body.filed_with_warnings, 1);
    },
  );

  s(
    "warnings: a Report Error rule and a reporting threshold are saved with the filing and shown on row, filing and list",
    async ({ api }) => {
      const payer = await newPayer(api);
      const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: {
          forms: [
            row("1099-NEC", { NonemployeeCompensationAmt: 1500 }, 2026, "456789123"),
            row(
              "1098-C",
              {
                ContributionDt: "2025-03-01",
                VINOrOtherIdNum: "1HGCM82633A004352",
                VehClaimDedUnderSpcfdAmtInd: true,
                GrossProceedsFromSaleOfVehAmt: 400,
              },
              2025,
              "456789124",
            ),
            row("1099-NEC", { NonemployeeCompensationAmt: 2500 }, 2026, "456789125"),
          ],
        },
      });
      assert.is(r.status, 201, r.text);
      const [nec, car, plain] = r.body.forms;
      assert.equal(
        nec.warnings.map((w: { code: string }) => w.code),
        ["reporting_threshold"],
      );
      assert.equal(Object.keys(nec.warnings[0]).sort(), ["code", "message", "path", "severity"]);
      assert.is(nec.warnings[0].severity, "Notice");
      assert.is(nec.warnings[0].path, "jsonForm.NonemployeeCompensationAmt");
      assert.match(nec.warnings[0].message, /\$2000\.00/);
      assert.equal(
        car.warnings.map((w: { code: string }) => w.code),
        ["F1098C005"],
      );
      assert.is(car.warnings[0].severity, "Report Error");
      assert.equal(plain.warnings, []);
      const got = (await api.request("GET", `/v1/filings/${nec.id}`)).body;
      assert.equal(got.warnings, nec.warnings);
      assert.equal((await api.request("GET", `/v1/filings/${car.id}`)).body.warnings, car.warnings);
      assert.equal((await api.request("GET", `/v1/filings/${plain.id}`)).body.warnings, []);
      const listed = (await api.request("GET", `/v1/filings?payer=${payer}`)).body.data.find(
        (f: { id: string }) => f.id === nec.id,
      );
      assert.equal(listed.warnings, nec.warnings);
      const batch = (await api.request("GET", `/v1/batches/${r.body.batch}`)).body;
      assert.equal(batch.forms[0].warnings, nec.warnings);
      // Each row's warnings as intake answered them (stored once, on the filing, and read back).
      assert.equal(
        batch.forms.map((f: { warnings?: unknown }) => f.warnings),
        r.body.forms.map((f: { warnings?: unknown }) => f.warnings),
      );
      assert.not.ok(r.text.includes("456789123"));
      // Below the threshold is allowed all the way: the form can be paid.
      await emptyCart(api);
      await api.request("POST", "/v1/cart/items", { body: { filing_id: nec.id, service: "efile" } });
      const paid = await api.request("POST", "/v1/cart/pay");
      assert.is(paid.status, 200, paid.text);
    },
  );

  s(
    "pay: S1H012 — a cart whose 1099-INT submission reports no interest is refused with nothing charged; one with interest pays",
    async ({ api }) => {
      await emptyCart(api);
      const payer = await newPayer(api);
      const r = await fileToCart(api, payer, row("1099-INT", { BondPremiumAmt: 20 }, 2025, "567891234"));
      assert.is(r.status, 201, r.text);
      assert.equal(
        r.body.forms[0].warnings.map((w: { code: string }) => w.code),
        ["S1H012"],
      );
      const before = (await api.request("GET", "/v1/balance")).body.available_cents;
      const refused = await api.request("POST", "/v1/cart/pay");
      assert.is(refused.status, 422, refused.text);
      assert.is(refused.body.error.type, "cart_not_payable");
      assert.is(refused.body.problems.length, 1);
      const p = refused.body.problems[0];
      assert.equal(
        { item: p.item, type: p.type, code: p.code, path: p.path },
        {
          item: r.body.forms[0].cart_item_id,
          type: "irs_business_rule",
          code: "S1H012",
          path: "jsonForm.InterestIncomeAmt",
        },
      );
      assert.is((await api.request("GET", "/v1/balance")).body.available_cents, before);
      assert.is((await api.request("GET", `/v1/filings/${r.body.forms[0].id}`)).body.status, "in_cart");
      // A 1099-INT of the same payer with interest makes the submission's totals non-zero.
      const more = await fileToCart(
        api,
        payer,
        row("1099-INT", { InterestIncomeAmt: 50 }, 2025, "567891235"),
      );
      assert.is(more.status, 201, more.text);
      const paid = await api.request("POST", "/v1/cart/pay");
      assert.is(paid.status, 200, paid.text);
    },
  );

  /** The app's own transmitter with another manifest profile (test mode, other software ids). */
  const withProfile =
    (profile: TransmitterProfile) =>
    <A, E, R>(e: Effect.Effect<A, E, R>) =>
      Effect.gen(function* () {
        const irs = yield* IrsTransmitter;
        return yield* Effect.provideService(e, IrsTransmitter, { ...irs, profile: () => profile });
      });
  const scopeOf = (api: TestApi) => ({ accountId: api.accountId, livemode: false });
  const owner = { role: "owner" as const, account: { liveEnabled: false } } as never;

  s(
    "pay under an IRS test-mode transmitter: SHAREDIRFORM021 and SMF027 (TINs must start with 000), nothing charged",
    async ({ api }) => {
      await emptyCart(api);
      const payer = await newPayer(api);
      const r = await fileToCart(
        api,
        payer,
        row("1099-NEC", { NonemployeeCompensationAmt: 5000 }, 2025, "678912345"),
      );
      assert.is(r.status, 201, r.text);
      const test: TransmitterProfile = { test: true, softwareIdFor: (y) => `${String(y).slice(-2)}A0000001` };
      const exit = await api.runtime.runPromiseExit(withProfile(test)(payCart(scopeOf(api), owner)));
      assert.is(exit._tag, "Failure");
      const text = JSON.stringify(exit);
      assert.match(text, /SHAREDIRFORM021/);
      assert.match(text, /SMF027/);
      assert.match(text, /CartNotPayable/);
      assert.not.ok(text.includes("678912345"));
      assert.is((await api.request("GET", `/v1/filings/${r.body.forms[0].id}`)).body.status, "in_cart");
      // Intake under the same transmitter refuses the form at once.
      const parsed = parsePayerFormsBody({
        forms: [row("1099-NEC", { NonemployeeCompensationAmt: 5000 }, 2025, "678912346")],
      }) as ParsedIntake;
      const result = await api.runtime.runPromise(
        withProfile(test)(intake(scopeOf(api), "payer_forms", parsed, payer)),
      );
      assert.is(result.rows[0]?.error?.code, "SHAREDIRFORM021");
      await emptyCart(api);
    },
  );

  s("pay: TMFST020 — no software id for the form's tax year: refused, nothing charged", async ({ api }) => {
    await emptyCart(api);
    const payer = await newPayer(api);
    const r = await fileToCart(
      api,
      payer,
      row("1099-NEC", { NonemployeeCompensationAmt: 5000 }, 2026, "789123456"),
    );
    assert.is(r.status, 201, r.text);
    const only2025: TransmitterProfile = {
      test: false,
      softwareIdFor: (y) => (y === 2025 ? "25A0000001" : undefined),
    };
    const before = (await api.request("GET", "/v1/balance")).body.available_cents;
    const exit = await api.runtime.runPromiseExit(withProfile(only2025)(payCart(scopeOf(api), owner)));
    assert.is(exit._tag, "Failure");
    assert.match(JSON.stringify(exit), /TMFST020/);
    assert.is((await api.request("GET", "/v1/balance")).body.available_cents, before);
    // The sandbox has a software id for every year: the same cart pays.
    const paid = await api.request("POST", "/v1/cart/pay");
    assert.is(paid.status, 200, paid.text);
  });

  s(
    "extensions in production: S2H001 before the tax year has ended, S2H002 after the due date; in time it is granted",
    async ({ api }) => {
      const live = await api.liveKey();
      const p = await api.request("POST", "/v1/payers", { key: live, body: { ...PAYER, tin: nextTin() } });
      assert.is(p.status, 201, p.text);
      const at =
        (iso: string) =>
        <A, E, R>(e: Effect.Effect<A, E, R>) =>
          Effect.provideService(e, Clock, { now: () => new Date(iso) });
      const ask = (iso: string, taxYear: number) =>
        api.runtime.runPromiseExit(
          at(iso)(
            requestExtension(
              { accountId: api.accountId, livemode: true },
              { payer: p.body.id, tax_year: taxYear, forms: ["1099"], reasons: { data_not_received: true } },
            ),
          ),
        );
      const early = await ask("2026-11-24T10:00:00Z", 2026);
      assert.is(early._tag, "Failure");
      assert.match(JSON.stringify(early), /"code":"S2H001"/);
      const late = await ask("2027-04-02T10:00:00Z", 2026);
      assert.match(JSON.stringify(late), /"code":"S2H002"/);
      const ok = await ask("2027-02-01T10:00:00Z", 2026);
      assert.is(ok._tag, "Success", JSON.stringify(ok));
    },
  );

  s.run();
}
