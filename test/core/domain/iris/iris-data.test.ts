import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { listIrisForms, getFormDefinition } from "../../../../core/domain/forms/index.ts";
import {
  SEVERITIES,
  businessRule,
  businessRuleCount,
  businessRuleText,
  formTotalsDefinition,
  submissionTotals,
} from "../../../../core/domain/iris/index.ts";
import { IRIS_BUSINESS_RULES } from "../../../support/iris-package.ts";

// The rules as extracted by another tool from the IRS spreadsheets (fixtures/iris/iris_business_rules_ty2025.json;
// the committed table is generated from the spreadsheets themselves by `npm run forms:generate`, and
// test/hosts/cli/forms-generate checks it is up to date).
test("every rule of the IRS sheets is in the table, with its severity", () => {
  const data = JSON.parse(readFileSync(IRIS_BUSINESS_RULES, "utf8")) as Record<string, unknown>;
  let n = 0;
  for (const [sheet, rules] of Object.entries(data)) {
    if (sheet === "_meta" || !Array.isArray(rules)) continue;
    for (const r of rules as { ruleNumber: string; text: string; severity: string }[]) {
      n++;
      const rule = businessRule(r.ruleNumber);
      assert.ok(rule, r.ruleNumber);
      assert.ok(rule?.texts.includes(r.text), r.ruleNumber);
      assert.is(rule?.severity.toLowerCase(), r.severity.toLowerCase(), r.ruleNumber);
    }
  }
  assert.is(n, 270);
});

test("lookups: severities, texts, per-form variants, unknown numbers", () => {
  assert.is(businessRuleCount(), 236);
  assert.is(businessRule("SMF018")?.severity, "Reject");
  assert.is(businessRule("SHAREDIRFORM014")?.severity, "Report Error");
  assert.is(businessRule("F1099NEC001")?.severity, "Report Error and Reject if over Threshold");
  assert.ok(SEVERITIES.includes(businessRule("F1098C003")?.severity ?? "Reject"));
  assert.is(
    businessRuleText("SMD001", "1099MISC"),
    "If 'FormTypeCd' is \"1099MISC\", then 'Form1099MISCDetail' must be present.",
  );
  assert.is(
    businessRuleText("SMD001"),
    "If 'FormTypeCd' is \"1099A\", then 'Form1099ADetail' must be present.",
  );
  assert.is(businessRule("NOPE"), undefined);
  assert.is(businessRule("constructor"), undefined);
  assert.is(businessRule("__proto__"), undefined);
});

test("every catalogue form has a totals group whose elements exist in the form", () => {
  for (const { form } of listIrisForms()) {
    const def = getFormDefinition(form, 2025);
    if (!def) throw new Error(form);
    const totals = formTotalsDefinition(def.formTypeCd);
    assert.ok(totals, form);
    assert.is(totals?.group, `Form${def.formTypeCd}TotalAmtGrp`);
    for (const el of totals?.elements ?? []) {
      const path = (el.path ?? el.name).split(".");
      let elements = def.elements;
      for (const seg of path) {
        const found = elements.find((e) => e.name === seg);
        assert.ok(found, `${form}: ${el.path ?? el.name}`);
        elements = found?.children ?? [];
      }
    }
  }
});

test("submissionTotals: sums top-level and nested amounts in cents, absent as zero", () => {
  const t5498 = formTotalsDefinition("5498");
  if (!t5498) throw new Error("5498");
  const sums = submissionTotals(t5498, [
    { IRAContributionsAmt: 100.1, PostponedOrLateContributionGrp: { ContributionAmt: 5 } },
    {
      IRAContributionsAmt: "0.2",
      PostponedOrLateContributionGrp: [{ ContributionAmt: 1.25 }, { ContributionAmt: 1 }],
    },
    {},
  ]);
  assert.is(sums.get("IRAContributionsAmt"), 10030);
  assert.is(sums.get("ContributionAmt"), 725);
  assert.is(sums.get("RMDAmt"), 0);
});

test.run();
