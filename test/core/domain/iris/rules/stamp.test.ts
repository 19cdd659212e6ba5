// Issue 19: the form rules run at intake and are trusted at pay while the filing's stamp holds; the rules about
// the payer (who can change after intake) are the part pay still checks, without the form.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  RECORD_RULES,
  checkForm,
  checkIssuer,
  rulesStamp,
  stampHolds,
  type TransmitterProfile,
} from "../../../../../core/domain/iris/rules/index.ts";
import { Tin } from "../../../../../core/domain/shared/tin.ts";
import { canonical } from "./support.ts";

const PROD: TransmitterProfile = { test: false, softwareIdFor: () => "25A0000001" };
const TEST: TransmitterProfile = { test: true, softwareIdFor: () => "25A0000001" };

test("a stamp holds under the same rules and transmitter mode, never under IRS test mode", () => {
  assert.ok(stampHolds(rulesStamp(PROD), PROD));
  assert.ok(stampHolds(rulesStamp(undefined), undefined));
  assert.not.ok(stampHolds(rulesStamp(undefined), PROD));
  assert.not.ok(stampHolds(rulesStamp(PROD), TEST));
  assert.not.ok(
    stampHolds(rulesStamp(TEST), TEST),
    "TestCd T rules read TINs, which the stamp does not cover",
  );
  assert.not.ok(stampHolds(null, PROD));
  assert.not.ok(stampHolds("00000000.p", PROD), "another build's rules");
});

test("only the payer rules read the payer: a form's other rules give the same answer whatever the payer", () => {
  const form = canonical("1099-NEC", { NonemployeeCompensationAmt: 5000 });
  const facts = { formTypeCd: "1099NEC", taxYear: 2025, jsonForm: form, transmitter: PROD };
  const a = checkForm({ ...facts, issuer: { phone: "5125550100" } });
  const b = checkForm({ ...facts, issuer: { phone: "555" } });
  const notPayer = (f: { path: string }) => !f.path.startsWith("payer.");
  assert.equal(
    [...a.rejects, ...a.warnings].filter(notPayer),
    [...b.rejects, ...b.warnings].filter(notPayer),
  );
  for (const r of RECORD_RULES) {
    if (r.element.startsWith("payer.")) continue;
    assert.not.ok(String(r.broken).includes("issuer"), `${r.code} reads the payer but is not a payer rule`);
  }
});

test("checkIssuer: the payer rules of checkForm, without the form", () => {
  const short = checkIssuer({
    formTypeCd: "1099NEC",
    taxYear: 2025,
    issuer: { phone: "5550100" },
    transmitter: PROD,
  });
  assert.equal(
    short.warnings.map((f) => f.code),
    ["S1H001"],
  );
  assert.equal(short.rejects, []);
  const testTin = checkIssuer({
    formTypeCd: "1099NEC",
    taxYear: 2025,
    issuer: { phone: "5125550100", tin: Tin.fromDigits("123456789") },
    transmitter: TEST,
  });
  assert.equal(
    testTin.rejects.map((f) => f.code),
    ["SMF027"],
  );
  assert.equal(
    checkIssuer({ formTypeCd: "1099NEC", taxYear: 2025, issuer: { phone: "5125550100" }, transmitter: PROD }),
    { rejects: [], warnings: [] },
  );
});

test.run();
