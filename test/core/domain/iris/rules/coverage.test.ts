// Every rule number of the IRS table is either checked by a rule table or listed as not checked with a reason,
// never both; the docs page lists each of them and the counts it states are the engine's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { IRIS_BUSINESS_RULES } from "../../../../../core/domain/iris/business-rules.generated.ts";
import {
  CHECKED_BY_THE_IRS,
  NOT_FILED,
  checkedRules,
  ruleCoverage,
} from "../../../../../core/domain/iris/rules/index.ts";

const DOC = readFileSync(join(import.meta.dirname, "../../../../../docs/irs-business-rules.md"), "utf8");

test("every IRS rule is checked or listed as not checked, exactly once; no unknown rule numbers", () => {
  const checked = checkedRules();
  const notChecked = [...CHECKED_BY_THE_IRS, ...NOT_FILED].map((n) => n.code);
  assert.is(new Set(notChecked).size, notChecked.length);
  for (const code of Object.keys(IRIS_BUSINESS_RULES)) {
    assert.is(Number(checked.has(code)) + Number(notChecked.includes(code)), 1, code);
  }
  for (const code of [...checked.keys(), ...notChecked]) assert.ok(code in IRIS_BUSINESS_RULES, code);
  const c = ruleCoverage();
  assert.is(c.total, 236);
  assert.is(c.checked + c.byTheIrs + c.notFiled, c.total);
  for (const n of CHECKED_BY_THE_IRS) assert.ok(n.why.length > 20, n.code);
});

test("the issue's Reject rules that used to pass intake and pay are all checked", () => {
  const checked = checkedRules();
  for (const code of [
    "S1H012",
    "SHAREDIRFORM018",
    "SHAREDIRFORM021",
    "F1099DA015",
    "F1099R002",
    "F1099K004",
    "F1099B001",
    "TMFST020",
  ]) {
    assert.ok(
      checked.get(code)?.some((w) => w === "intake" || w === "pay"),
      code,
    );
  }
});

test("docs/irs-business-rules.md lists every rule in its section and states the engine's counts", () => {
  const c = ruleCoverage();
  assert.ok(DOC.includes(`**${String(c.checked)} rules are checked by the service**`));
  assert.ok(DOC.includes(`**${String(c.byTheIrs)} rules are checked by the IRS only**`));
  assert.ok(DOC.includes(`**${String(c.notFiled)} rules concern Form 1042-S**`));
  const section = (title: string) =>
    DOC.slice(DOC.indexOf(title), DOC.indexOf("\n## ", DOC.indexOf(title) + 1) >>> 0 || undefined);
  const checkedPart = section("## Rules checked by the service");
  for (const [code, where] of checkedRules())
    assert.ok(checkedPart.includes(`| ${code} |`) && checkedPart.includes(where.join(", ")), code);
  const irsPart = section("## Rules checked by the IRS only");
  for (const n of CHECKED_BY_THE_IRS)
    assert.ok(irsPart.includes(`| ${n.code} |`) && irsPart.includes(n.why), n.code);
  const notFiledPart = section("## Rules about forms the service does not file");
  for (const n of NOT_FILED) assert.ok(notFiledPart.includes(n.code), n.code);
  assert.not.ok(/\.\.\/shared/.test(DOC), "the docs never link outside the repository");
});

test.run();
