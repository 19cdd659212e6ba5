// Issue 41: the emulated IRS with `formRules` reads each record back and answers the IRS form rules it breaks. For
// each form the issue names, a record breaking one Report Error rule gets it as its record error (the submission
// "Accepted with Errors", the filing accepted_with_errors), the same form without it none; a Reject rule rejects
// the record; `thresholdPercent` rejects a submission where too many records break a threshold-graded rule
// (ThresholdRule), and the planner's separate submission keeps the clean forms out of it. Without `formRules` (the
// sandbox) nothing changes.
import { randomUUID } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fireToIris, writeFire } from "../../../core/domain/fire/index.ts";
import { recordOutcomes } from "../../../core/domain/iris/ack.ts";
import { parseXml } from "../../../core/domain/iris/xml.ts";
import { judgeTransmission, type JudgeOptions } from "../../../adapters/irs-emulator/rules.ts";
import { fileInput, payer } from "../../core/domain/fire/helpers.ts";
import { SEVERITY_CASES, severityForm } from "../../core/domain/fire/severity-cases.ts";

const PAYER = payer({ tin: "123456789" });

/** The IRIS transmission fire to-iris writes for these forms (one payer: one file). */
function transmission(forms: Parameters<typeof fileInput>[0]): string {
  const r = fireToIris(writeFire(fileInput(forms, { test: false })), {
    taxYear: 2025,
    softwareId: "25A0000001",
    newTransmissionId: randomUUID,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems.slice(0, 3)));
  assert.is(r.files.length, 1);
  return r.files[0]!.xml;
}
const judge = (xml: string, o: JudgeOptions = { formRules: true }) => judgeTransmission(parseXml(xml), o);
const recordCodes = (j: ReturnType<typeof judge>) =>
  j.submissions.flatMap((s) => s.records.flatMap((r) => r.errors.map((e) => e.code)));

test("every form's valid record passes the form rules as the emulator reads it back", () => {
  const xml = transmission(
    SEVERITY_CASES.map((c, i) => severityForm(c, PAYER, String(555_200_000 + i), false)),
  );
  const j = judge(xml);
  assert.equal(recordCodes(j), []);
  assert.is(j.status, "Accepted");
});

for (const c of SEVERITY_CASES) {
  test(`${c.form}: a record breaking ${c.code} is accepted with errors naming the rule at its element`, () => {
    const xml = transmission([severityForm(c, PAYER, "555300001")]);
    const j = judge(xml);
    assert.is(j.status, "Accepted with Errors");
    assert.equal(
      j.submissions.map((s) => s.status),
      ["Accepted with Errors"],
    );
    const errors = j.submissions[0]!.records.flatMap((r) => r.errors);
    assert.equal(
      errors.map((e) => e.code),
      [c.code],
    );
    assert.match(
      errors[0]!.path ?? "",
      new RegExp(
        `/${c.path
          .replace(/^jsonForm\./, "")
          .split(".")
          .join("/")}$`,
      ),
    );
    // The service reads it as accepted_with_errors with the IRS rule id.
    const outcome = recordOutcomes(
      {
        searchId: "x",
        transmission: { uniqueTransmissionId: j.utid, receiptId: null, status: j.status, errors: [] },
        submissions: j.submissions,
      },
      new Map([["1|1", "filing-1"]]),
    );
    assert.ok(outcome.status === "done");
    if (outcome.status === "done") {
      assert.is(outcome.records[0]?.status, "accepted_with_errors");
      assert.equal(
        outcome.records[0]?.errors.map((e) => e.code),
        [c.code],
      );
    }
    // The sandbox's judge (no formRules) accepts it.
    assert.is(judge(xml, {}).status, "Accepted");
  });
}

test("thresholdPercent: a submission over it is rejected with ThresholdRule; the clean submission beside it is accepted", () => {
  const nec = SEVERITY_CASES.find((c) => c.form === "1099-NEC")!;
  const xml = transmission([
    severityForm(nec, PAYER, "555400001", false),
    { ...severityForm(nec, PAYER, "555400002"), accountNumber: "W-1" },
  ]);
  // The planner kept the warned form apart: two submissions of the payer's 1099-NEC.
  const j = judge(xml, { formRules: true, thresholdPercent: 50 });
  assert.equal(
    j.submissions.map((s) => [s.submissionId, s.status, s.errors.map((e) => e.code)]),
    [
      ["1", "Accepted", []],
      ["2", "Rejected", ["ThresholdRule"]],
    ],
  );
  assert.is(j.status, "Partially Accepted");
  // Under no threshold (the default) both are accepted, the second with errors.
  assert.equal(
    judge(xml).submissions.map((s) => s.status),
    ["Accepted", "Accepted with Errors"],
  );
});

test.run();
