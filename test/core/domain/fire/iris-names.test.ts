// Every IRIS element name the FIRE mapping produces must exist, for that form, in the IRIS TY2025 schema
// extract (fixtures/iris/iris_elements.json; IRIS_ELEMENTS_JSON names another package's extract).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import {
  AMOUNT_CODES,
  FORM_SPECS,
  REQUIRED_FORM_SPECS,
  SPEC_BY_TYPE,
  indicatorNames,
} from "../../../../core/domain/fire/index.ts";
import {
  getFormDefinition,
  listIrisForms,
  type ElementDefinition,
} from "../../../../core/domain/forms/index.ts";
import { REQUIRED_FORMS } from "../../../support/forms.ts";
import { IRIS_ELEMENTS } from "../../../support/iris-package.ts";

interface IrisForm {
  amountElements: string[];
  indicatorElements: string[];
  elements: string[] | Record<string, string>;
}

const irisPath = process.env["IRIS_ELEMENTS_JSON"] ?? IRIS_ELEMENTS;
const iris = JSON.parse(readFileSync(irisPath, "utf8")) as Record<string, IrisForm>;

// IRIS amount elements no Pub 1220 amount code carries (IRIS splits or adds boxes FIRE does not have).
const NOT_IN_FIRE: Record<string, string[]> = {
  "1099-PATR": [
    "Form8844CreditAmt",
    "Form8896CreditAmt",
    "Form8941CreditAmt",
    "Form8932CreditAmt",
    "EPASulfurRegDeductionAmt",
    "Form8864CreditAmt",
  ],
};

test("every required form has a Pub 1220 type of return and spec", () => {
  assert.equal(
    REQUIRED_FORM_SPECS.map((s) => s.form),
    REQUIRED_FORMS,
  );
  const forms = FORM_SPECS.map((s) => s.form);
  for (const f of [
    "5498-SA",
    "5498-ESA",
    "3921",
    "3922",
    "1097-BTC",
    "1098-C",
    "1098-F",
    "1098-Q",
    "1099-CAP",
    "1099-LS",
    "1099-SB",
  ]) {
    assert.ok(forms.includes(f), `extra form ${f} is mapped`);
  }
  // Every catalogue form Pub 1220 lays out imports: only IRIS-only forms have no spec.
  const withoutLayout = listIrisForms()
    .map((f) => f.form)
    .filter((f) => !forms.includes(f));
  assert.equal(withoutLayout.sort(), ["1099-DA", "1099-QA", "5498-QA"]);
  assert.is(new Set(FORM_SPECS.map((s) => s.typeOfReturn)).size, FORM_SPECS.length, "type codes are unique");
  for (const s of FORM_SPECS) assert.is(SPEC_BY_TYPE.get(s.typeOfReturn), s);
});

for (const spec of FORM_SPECS) {
  test(`${spec.form}: amount, indicator and code element names exist in IRIS`, () => {
    const form = iris[spec.form];
    assert.ok(form, `${spec.form} in iris_elements.json`);
    const elements = new Set(Array.isArray(form!.elements) ? form!.elements : Object.keys(form!.elements));
    const mapped = new Set<string>();
    for (const [code, def] of Object.entries(spec.amounts)) {
      assert.ok(
        AMOUNT_CODES.includes(code) && code.length === 1,
        `${spec.form} amount code ${code} is one of 1-9, A-H, J`,
      );
      if (def.iris === null) continue;
      assert.ok(
        form!.amountElements.includes(def.iris),
        `${spec.form} code ${code} -> ${def.iris} is an IRIS amount element`,
      );
      assert.not.ok(mapped.has(def.iris), `${def.iris} mapped once`);
      mapped.add(def.iris);
    }
    for (const name of indicatorNames(spec)) {
      assert.ok(
        form!.indicatorElements.includes(name),
        `${spec.form} indicator ${name} is an IRIS indicator element`,
      );
    }
    const def = getFormDefinition(spec.form, 2025);
    assert.ok(def, `${spec.form} in the catalogue`);
    for (const t of spec.tail) {
      if ((t.kind === "text" || t.kind === "date" || t.kind === "year") && t.iris !== null) {
        // A dotted name is a path into a group, resolved through the catalogue's element tree.
        let level = def!.elements;
        let found: ElementDefinition | undefined;
        for (const seg of t.iris.split(".")) {
          found = level.find((e) => e.name === seg);
          level = found?.children ?? [];
        }
        assert.ok(
          found && found.kind !== "group",
          `${spec.form} ${t.name} -> ${t.iris} is an IRIS leaf element`,
        );
        if (!t.iris.includes("."))
          assert.ok(elements.has(t.iris), `${spec.form} ${t.name} -> ${t.iris} is in the IRIS extract`);
      }
    }
    if (spec.accountNumberElement)
      assert.ok(
        def!.elements.some((e) => e.name === spec.accountNumberElement),
        spec.accountNumberElement,
      );
    const missing = form!.amountElements.filter(
      (e) => !mapped.has(e) && !(NOT_IN_FIRE[spec.form] ?? []).includes(e),
    );
    assert.equal(missing, [], `${spec.form}: IRIS amount elements without a Pub 1220 amount code`);
  });
}

test.run();
