// Property: any set of valid W-2s (random wages, tips, box 12 codes, states, names) builds an EFW2 file that reads
// back without problems, checks out (RT totals = the sums of the RW records) and writes back to the same bytes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { checkEfw2, parseEfw2, w3Totals, writeEfw2 } from "../../../../core/domain/efw2/index.ts";
import { validateForm } from "../../../../core/domain/forms/index.ts";
import { oneEmployerEfw2 } from "../../../support/w2.ts";

const submitter = {
  ein: "000000001",
  userId: "ABCDEFGH",
  name: "Filing Service Inc",
  address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "73301", country: "US" },
  contactName: "Pat Doe",
  contactPhone: "5125550100",
  contactEmail: "ops@example.com",
};
const name = fc
  .stringMatching(/^[A-Z][a-z]{1,12}$/)
  .filter((n) => !["Mr", "Mrs", "Ms", "Miss", "Dr", "Prof", "Rev"].includes(n));
const cents = (max: number) => fc.integer({ min: 0, max });
const w2 = fc.record({
  ssnTail: fc.integer({ min: 1, max: 9999 }),
  first: name,
  last: name,
  wages: cents(30_000_000),
  tips: cents(500_000),
  box12: fc.subarray(["C", "D", "DD", "E", "W", "AA", "EE", "GG", "Z", "J"], { maxLength: 4 }),
  state: fc.constantFrom("CA", "NY", "TX", "PR", "GU"),
});

test("built EFW2 files read back, check out and write back byte-identical", () => {
  fc.assert(
    fc.property(fc.array(w2, { minLength: 1, maxLength: 6 }), (rows) => {
      const employees = rows.map((r, i) => {
        const ss = Math.min(r.wages, 17_610_000 - r.tips);
        const v = validateForm("W-2", 2025, {
          EmployeeSSN: `1${String(i).padStart(2, "0")}45${String(r.ssnTail).padStart(4, "0")}`,
          EmployeeName: { PersonFirstNm: r.first, PersonLastNm: r.last },
          WagesAmt: r.wages / 100,
          SocialSecurityWagesAmt: ss / 100,
          SocialSecurityTipsAmt: r.tips / 100,
          SocialSecurityTaxAmt: Math.round((ss + r.tips) * 0.062) / 100,
          MedicareWagesAndTipsAmt: (r.wages + r.tips) / 100,
          MedicareTaxWithheldAmt: Math.round((r.wages + r.tips) * 0.0145) / 100,
          EmployersUseGrp: r.box12.map((code) => ({ EmployersUseCd: code, EmployersUseAmt: 100 })),
          W2StateLocalTaxGrp: [
            {
              W2StateTaxGrp: {
                StateAbbreviationCd: r.state,
                StateWagesAmt: r.wages / 100,
                StateIncomeTaxAmt: 1,
              },
            },
          ],
        });
        if (!v.ok) throw new Error(JSON.stringify(v.issues));
        return { filingId: `f${String(i)}`, jsonForm: v.value.jsonForm };
      });
      const text = oneEmployerEfw2(submitter, employees);
      const read = parseEfw2("efw2", text);
      assert.equal(read.problems, []);
      assert.equal(checkEfw2("efw2", read.records), []);
      assert.is(writeEfw2("efw2", read.records), text);
      const [t] = w3Totals("efw2", read.records);
      assert.is(
        t?.amounts["wages"],
        rows.reduce((n, r) => n + r.wages, 0),
      );
    }),
    { numRuns: 60 },
  );
});

test.run();
