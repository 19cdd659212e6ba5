import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Ajv } from "ajv";
import {
  LATEST_TAX_YEAR,
  SUPPORTED_TAX_YEARS,
  canonicalFormCode,
  formElementTypes,
  formJsonSchema,
  formSkeleton,
  getFormDefinition,
  isKnownForm,
  listIrisForms,
  precompileFormValidators,
  registerFormKeywords,
  statementBoxes,
  type ElementDefinition,
} from "../../../../core/domain/forms/index.ts";
import { REQUIRED_FORMS } from "../../../support/forms.ts";
import { IRIS_ELEMENTS } from "../../../support/iris-package.ts";

const KINDS = new Set(["amount", "indicator", "code", "text", "integer", "date", "decimal", "group"]);
const JSON_TYPES = new Set(["number", "string", "boolean", "integer", "object", "array"]);

function walk(elements: readonly ElementDefinition[], visit: (e: ElementDefinition) => void): void {
  for (const e of elements) {
    visit(e);
    if (e.children) walk(e.children, visit);
  }
}

test("tax years 2025 and 2026; every required form is listed for both", () => {
  assert.equal([...SUPPORTED_TAX_YEARS], [2025, 2026]);
  assert.is(LATEST_TAX_YEAR, 2026);
  const forms = listIrisForms();
  for (const code of REQUIRED_FORMS) {
    const f = forms.find((x) => x.form === code);
    assert.ok(f, code);
    assert.equal(f?.tax_years, [2025, 2026], code);
    assert.ok((f?.title.length ?? 0) > 3, code);
  }
  assert.is(new Set(forms.map((f) => f.form)).size, forms.length);
  assert.ok(forms.length >= 35);
});

test("form codes: canonical, case-insensitive, without hyphen", () => {
  assert.is(canonicalFormCode("1099-nec"), "1099-NEC");
  assert.is(canonicalFormCode(" 1099NEC "), "1099-NEC");
  assert.is(canonicalFormCode("Form 1099-MISC"), "1099-MISC");
  assert.is(canonicalFormCode("w-2g"), "W-2G");
  assert.is(canonicalFormCode("W2G"), "W-2G");
  assert.is(canonicalFormCode("1098"), "1098");
  assert.is(canonicalFormCode("W-2"), "W-2");
  assert.is(canonicalFormCode("w2c"), "W-2c");
  assert.is(canonicalFormCode("1042-S"), undefined);
  assert.ok(isKnownForm("1099-nec"));
  assert.not.ok(isKnownForm("1099-XYZ"));
  assert.is(getFormDefinition("1099-nec", 2025)?.form, "1099-NEC");
  assert.is(getFormDefinition("1099-NEC", 2024), undefined);
  assert.is(getFormDefinition("1099-NEC", 2026)?.taxYear, 2026);
});

test("element definitions are complete and well-formed", () => {
  for (const { form, tax_years } of listIrisForms()) {
    for (const year of tax_years) {
      const def = getFormDefinition(form, year);
      if (!def) throw new Error(`${form} ${year}`);
      assert.ok(
        def.elements.some((e) => e.name === "RecipientDetail" && e.required),
        form,
      );
      const names = new Set(def.elements.map((e) => e.name));
      for (const plumbing of [
        "TaxYr",
        "RecordId",
        "VoidInd",
        "CorrectedInd",
        "PrevSubmittedRecRecipientGrp",
        "IssuerOfficeCd",
      ]) {
        assert.not.ok(names.has(plumbing), `${form} leaves out ${plumbing}`);
        assert.ok(
          def.omitted.some((o) => o.name === plumbing && o.reason.length > 0),
          `${form} documents ${plumbing}`,
        );
      }
      walk(def.elements, (e) => {
        assert.ok(KINDS.has(e.kind), `${form} ${e.path} kind ${e.kind}`);
        assert.ok(JSON_TYPES.has(e.jsonType), `${form} ${e.path} json ${e.jsonType}`);
        assert.ok(e.label.length > 0, `${form} ${e.path} label`);
        assert.is(e.path.split(".").pop(), e.name);
        if (e.kind === "amount") {
          assert.is(e.jsonType, "number");
          assert.is(e.constraints.fractionDigits, 2);
          assert.type(e.constraints.negative, "boolean");
          assert.is(e.constraints.negative, e.xsdType === "USDecimalAmountType", `${form} ${e.path}`);
        }
        if (e.kind === "indicator") assert.is(e.jsonType, "boolean");
        if (e.kind === "group") assert.ok((e.children?.length ?? 0) > 0);
      });
    }
  }
  const nec = getFormDefinition("1099-NEC", 2025);
  const box1 = nec?.elements.find((e) => e.name === "NonemployeeCompensationAmt");
  assert.equal(
    {
      kind: box1?.kind,
      jsonType: box1?.jsonType,
      box: box1?.box,
      required: box1?.required,
      negative: box1?.constraints.negative,
    },
    { kind: "amount", jsonType: "number", box: "1", required: false, negative: false },
  );
  const rd = nec?.elements.find((e) => e.name === "RecipientDetail");
  const tin = rd?.children?.find((e) => e.name === "TIN");
  assert.is(tin?.required, true);
  assert.is(
    rd?.children?.find((e) => e.name === "TINSubmittedTypeCd")?.constraints.enum?.join(),
    "INDIVIDUAL_TIN,BUSINESS_TIN,UNKNOWN",
  );
  assert.equal(rd?.choices?.[0]?.members, ["PersonName", "BusinessName"]);
});

// The IRS TY2025 element extract (fixtures/iris); IRIS_ELEMENTS_JSON names another package's.
const irisPath = process.env["IRIS_ELEMENTS_JSON"] ?? IRIS_ELEMENTS;

interface IrisEl {
  path: string;
  type: string;
}
interface IrisForm {
  elementDetails: IrisEl[];
  amountElements: string[];
  indicatorElements: string[];
}
type Iris = Record<string, unknown> & { _commonTypes: Record<string, { elements: IrisEl[] }> };

function knownPaths(iris: Iris, form: string): Set<string> {
  const out = new Set<string>();
  const addType = (prefix: string, type: string) => {
    const common = iris._commonTypes[type];
    if (!common) return;
    for (const c of common.elements) {
      out.add(`${prefix}.${c.path}`);
      addType(`${prefix}.${c.path}`, c.type);
    }
  };
  for (const e of (iris[form] as IrisForm).elementDetails) {
    out.add(e.path);
    addType(e.path, e.type);
  }
  return out;
}

test("every catalogue element name exists in iris_elements.json for its form", () => {
  const iris = JSON.parse(readFileSync(irisPath, "utf8")) as Iris;
  for (const { form, tax_years } of listIrisForms()) {
    const known = knownPaths(iris, form);
    const irisForm = iris[form] as IrisForm;
    for (const year of tax_years) {
      const def = getFormDefinition(form, year);
      if (!def) throw new Error(form);
      walk(def.elements, (e) =>
        assert.ok(known.has(e.path), `${form} ${year}: ${e.path} is not an IRIS element`),
      );
      // Every top-level IRIS element is either in the catalogue or documented as left out.
      const top = new Set(def.elements.map((e) => e.name));
      for (const e of irisForm.elementDetails) {
        if (e.path.includes(".")) continue;
        assert.ok(
          top.has(e.path) || def.omitted.some((o) => o.name === e.path),
          `${form}: ${e.path} neither in nor out`,
        );
      }
      for (const a of irisForm.amountElements.filter((n) => top.has(n))) {
        assert.is(def.elements.find((e) => e.name === a)?.kind, "amount", `${form} ${a}`);
      }
      for (const i of irisForm.indicatorElements.filter((n) => top.has(n))) {
        assert.is(def.elements.find((e) => e.name === i)?.kind, "indicator", `${form} ${i}`);
      }
    }
  }
});

test("element types and skeleton describe the same elements", () => {
  for (const { form } of listIrisForms()) {
    const types = formElementTypes(form, 2025);
    assert.is(types["RecipientDetail"], "object");
    assert.is(types["RecipientDetail.TIN"], "string");
    const paths: string[] = [];
    const collect = (o: unknown, prefix: string) => {
      if (Array.isArray(o)) return collect(o[0], prefix);
      if (typeof o !== "object" || o === null) return;
      for (const [k, v] of Object.entries(o)) {
        const p = prefix ? `${prefix}.${k}` : k;
        paths.push(p);
        collect(v, p);
      }
    };
    collect(formSkeleton(form, 2025), "");
    assert.equal(paths.sort(), Object.keys(types).sort(), form);
  }
  const nec = formElementTypes("1099-NEC", 2025);
  assert.is(nec["NonemployeeCompensationAmt"], "number");
  assert.is(nec["SecondTINNoticeInd"], "boolean");
  assert.is(nec["StateLocalTaxGrp"], "array");
  assert.is(nec["TaxYr"], undefined);
  const sk = formSkeleton("1099-NEC", 2025);
  assert.is(sk["NonemployeeCompensationAmt"], 0);
  assert.is(sk["DirectSaleAboveThresholdInd"], false);
  assert.equal((sk["RecipientDetail"] as Record<string, unknown>)["PersonName"], {
    PersonFirstNm: "",
    PersonMiddleNm: "",
    PersonLastNm: "",
    SuffixNm: "",
  });
  // A fresh object each time: callers fill it.
  (sk["RecipientDetail"] as Record<string, unknown>)["TIN"] = "x";
  assert.is((formSkeleton("1099-NEC", 2025)["RecipientDetail"] as Record<string, unknown>)["TIN"], "");
  assert.throws(() => formSkeleton("1099-NOPE", 2025));
});

test("JSON Schemas: additionalProperties false on every object, compile with another ajv", () => {
  for (const { form, tax_years } of listIrisForms()) {
    for (const year of tax_years) {
      const schema = formJsonSchema(form, year);
      assert.ok(Object.isFrozen(schema));
      let objects = 0;
      const check = (s: unknown, at: string) => {
        if (typeof s !== "object" || s === null) return;
        const o = s as Record<string, unknown>;
        if (o["type"] === "object") {
          objects++;
          assert.is(o["additionalProperties"], false, `${form} ${at}`);
        }
        for (const [k, v] of Object.entries(o)) if (typeof v === "object") check(v, `${at}/${k}`);
      };
      check(schema, "#");
      assert.ok(objects >= 6, `${form}: ${objects} objects`);
    }
  }
  const other = registerFormKeywords(
    new Ajv({ allErrors: true, allowUnionTypes: true, strictRequired: false }),
  );
  const validate = other.compile(formJsonSchema("1099-NEC", 2025));
  assert.ok(
    validate({
      RecipientDetail: { TIN: "123456789", BusinessName: { BusinessNameLine1Txt: "Acme" } },
      NonemployeeCompensationAmt: "10.50",
    }),
  );
  assert.not.ok(
    validate({
      RecipientDetail: { TIN: "123456789", BusinessName: { BusinessNameLine1Txt: "Acme" } },
      NonemployeeCompensationAmt: 10.555,
    }),
  );
  assert.is(formJsonSchema("1099-NEC", 2025), formJsonSchema("1099-nec", 2025));
});

test("statement boxes in print order", () => {
  const misc = statementBoxes("1099-MISC", 2025);
  const numbered = misc.filter((b) => /^[0-9]/.test(b.box)).map((b) => b.box);
  assert.equal(numbered, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "15"]);
  assert.equal(misc[0], { box: "1", label: "An amount of rent", element: "RentAmt", kind: "amount" });
  assert.is(misc.find((b) => b.box === "13")?.element, "FATCAFilingRequirementInd");
  assert.ok(
    misc.some((b) => b.element === "StateLocalTaxGrp.StateTaxGrp.StateTaxWithheldAmt" && b.box === "State"),
  );
  const div = statementBoxes("1099-DIV", 2025)
    .map((b) => b.box)
    .filter((b) => /^[0-9]/.test(b));
  assert.equal(div.slice(0, 9), ["1a", "1b", "2a", "2b", "2c", "2d", "2e", "2f", "3"]);
  const r = statementBoxes("1099-R", 2025);
  assert.equal(
    r.filter((b) => b.box === "2b").map((b) => b.element),
    ["TxblAmountNotDeterminedInd", "TotalDistributionInd"],
  );
  const ira = statementBoxes("5498", 2025);
  assert.ok(
    ira.some((b) => b.element === "PostponedOrLateContributionGrp.ContributionAmt" && b.box === "13a"),
  );
  const ltc = statementBoxes("1099-LTC", 2025);
  assert.ok(ltc.some((b) => b.element === "InsuredGrp" && b.kind === "group"));
  for (const { form } of listIrisForms()) {
    const boxes = statementBoxes(form, 2026);
    assert.ok(boxes.length > 0, form);
    assert.not.ok(
      boxes.some((b) => b.element.startsWith("RecipientDetail")),
      form,
    );
  }
});

test("precompiling every validator works and is idempotent", () => {
  precompileFormValidators();
  precompileFormValidators();
});

test.run();
