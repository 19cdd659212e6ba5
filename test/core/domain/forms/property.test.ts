import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  amountToCents,
  centsToAmount,
  listIrisForms,
  validateForm,
} from "../../../../core/domain/forms/index.ts";
import { RECIPIENT } from "./samples.ts";

const FORMS = listIrisForms().map((f) => f.form);
const NAMES = [
  "RecipientDetail",
  "TIN",
  "PersonName",
  "BusinessName",
  "MailingAddressGrp",
  "USAddress",
  "StateLocalTaxGrp",
  "StateTaxGrp",
  "NonemployeeCompensationAmt",
  "RentAmt",
  "SecondTINNoticeInd",
  "Form1099RDistributionCd",
  "__proto__",
  "constructor",
];

// JSON-ish values whose keys are often real IRIS names, so the walk goes deep into the catalogue.
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("leaf"), tie("object"), tie("array")),
  leaf: fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.constantFrom("", "0", "1", "12-3456789", "1.005", "-5", "IL"),
  ),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...NAMES), fc.string()), tie("tree"), { maxKeys: 6 }),
  array: fc.array(tie("tree"), { maxLength: 4 }),
}));

test("random JSON never makes validateForm throw", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...FORMS),
      fc.constantFrom(2025, 2026, 2024),
      fc.oneof(tree, fc.jsonValue()),
      (form, year, json) => {
        const r = validateForm(form, year, json);
        if (r.ok) assert.ok(typeof r.value.recipient.tin === "string");
        else
          for (const i of r.issues)
            assert.ok(i.param === "form" || i.param === "tax_year" || i.param.startsWith("jsonForm"));
      },
    ),
    { numRuns: 3000 },
  );
});

test("random values inside a valid form never throw, and a valid result validates again to itself", () => {
  fc.assert(
    fc.property(fc.constantFrom(...FORMS), fc.constantFrom(...NAMES.slice(6)), tree, (form, name, value) => {
      const r = validateForm(form, 2025, { RecipientDetail: RECIPIENT, [name]: value });
      if (r.ok) {
        const again = validateForm(form, 2025, r.value.jsonForm);
        assert.ok(again.ok);
        if (again.ok) assert.equal(again.value.jsonForm, r.value.jsonForm);
      }
    }),
    { numRuns: 2000 },
  );
});

test("any cents value survives amount -> number/string -> cents exactly", () => {
  fc.assert(
    fc.property(fc.integer({ min: -999999999999999, max: 999999999999999 }), (cents) => {
      const amount = centsToAmount(cents);
      assert.is(amountToCents(amount), cents);
      const abs = Math.abs(cents);
      const str = `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
      assert.is(amountToCents(str), cents);
    }),
    { numRuns: 5000 },
  );
});

test("amounts in a form come back as the same cents", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 999999999999999 }), (cents) => {
      const r = validateForm("1099-NEC", 2025, {
        RecipientDetail: RECIPIENT,
        NonemployeeCompensationAmt: centsToAmount(cents),
      });
      assert.ok(r.ok);
      if (r.ok) {
        assert.is(r.value.amounts["NonemployeeCompensationAmt"], cents);
        assert.is(r.value.jsonForm["NonemployeeCompensationAmt"], centsToAmount(cents));
      }
    }),
    { numRuns: 2000 },
  );
});

test.run();
