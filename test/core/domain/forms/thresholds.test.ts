// Reporting thresholds as data (TY2025 vs TY2026) and the pure check the rule engine turns into intake warnings.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  REPORTING_THRESHOLDS,
  getFormDefinition,
  reportingThresholds,
  thresholdFindings,
} from "../../../../core/domain/forms/index.ts";

test("1099-NEC and 1099-MISC: $600 for 2025, $2,000 for payments after 2025", () => {
  assert.equal(
    reportingThresholds("1099-NEC", 2025).map((t) => t.amountCents),
    [60000],
  );
  assert.equal(
    reportingThresholds("1099-NEC", 2026).map((t) => t.amountCents),
    [200000],
  );
  assert.equal(
    reportingThresholds("1099-NEC", 2027).map((t) => t.amountCents),
    [200000],
  );
  assert.equal(
    reportingThresholds("1099-MISC", 2026).map((t) => [
      t.amountCents,
      t.elements.includes("RentAmt"),
      t.elements.includes("RoyaltyAmt"),
    ]),
    [
      [200000, true, false],
      [1000, false, true],
    ],
  );
  assert.equal(reportingThresholds("1099-INT", 2026), []);
});

test("1099-K: more than $20,000 and more than 200 transactions, third party network transactions only", () => {
  const [k] = reportingThresholds("1099-K", 2026);
  assert.equal(
    [k?.amountCents, k?.comparison, k?.transactionsMoreThan, k?.onlyWhen],
    [2000000, "more_than", 200, "ThirdPartyNetworkInd"],
  );
  const tpso = (gross: number, count: number) =>
    thresholdFindings("1099-K", 2026, {
      ThirdPartyNetworkInd: true,
      GrossAmt: gross,
      PaymentTransactionCnt: count,
    });
  assert.is(tpso(20000, 500).length, 1, "exactly $20,000 is not more than $20,000");
  assert.is(tpso(20000.01, 200).length, 1, "200 transactions is not more than 200");
  assert.is(tpso(20000.01, 201).length, 0);
  assert.is(
    thresholdFindings("1099-K", 2026, { PaymentCardInd: true, GrossAmt: 5 }).length,
    0,
    "payment cards: any amount",
  );
});

test("findings: below every threshold only, withholding makes any amount reportable, message cites the law", () => {
  assert.is(thresholdFindings("1099-NEC", 2026, { NonemployeeCompensationAmt: 1999.99 }).length, 1);
  assert.is(thresholdFindings("1099-NEC", 2026, { NonemployeeCompensationAmt: 2000 }).length, 0);
  assert.is(thresholdFindings("1099-NEC", 2025, { NonemployeeCompensationAmt: "600.00" }).length, 0);
  assert.is(
    thresholdFindings("1099-NEC", 2026, { NonemployeeCompensationAmt: 50, FederalIncomeTaxWithheldAmt: 12 })
      .length,
    0,
  );
  assert.is(
    thresholdFindings("1099-MISC", 2026, { RentAmt: 1500, RoyaltyAmt: 10 }).length,
    0,
    "royalties of $10 are reportable",
  );
  const [f] = thresholdFindings("1099-MISC", 2026, { RentAmt: 1500, RoyaltyAmt: 9.99 });
  assert.is(f?.code, "below_reporting_threshold");
  assert.match(f?.message ?? "", /at least \$2,000 in RentAmt/);
  assert.match(f?.message ?? "", /sec\. 70433/);
  assert.equal(thresholdFindings("1099-R", 2026, { GrossDistributionAmt: 1 }), []);
});

test("every threshold names amount elements of its form in the catalogue", () => {
  for (const t of REPORTING_THRESHOLDS) {
    const def = getFormDefinition(t.form, t.fromTaxYear);
    assert.ok(def, t.form);
    for (const e of [...t.elements, ...(t.onlyWhen ? [t.onlyWhen] : [])])
      assert.ok(
        def?.elements.some((d) => d.name === e),
        `${t.form} ${e}`,
      );
  }
});

test.run();
