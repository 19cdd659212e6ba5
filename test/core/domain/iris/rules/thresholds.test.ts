// Reporting thresholds (notices, never blocking) and the S1H012 hint of intake.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { THRESHOLD_CODE, checkForm } from "../../../../../core/domain/iris/rules/index.ts";
import { factsOf } from "./support.ts";

const notice = (form: string, extra: Record<string, unknown>, taxYear: number) =>
  checkForm(factsOf(form, extra, { taxYear })).warnings.find((f) => f.code === THRESHOLD_CODE);

test("1099-NEC: $1,999.99 in tax year 2026 is below the $2,000 threshold; $2,000 is not; $600 was the threshold for 2025", () => {
  const below = notice("1099-NEC", { NonemployeeCompensationAmt: 1999.99 }, 2026);
  assert.ok(below);
  assert.is(below.severity, "Notice");
  assert.is(below.path, "jsonForm.NonemployeeCompensationAmt");
  assert.match(below.message, /1999\.99/);
  assert.match(below.message, /\$2000\.00/);
  assert.match(below.message, /allowed/);
  assert.is(notice("1099-NEC", { NonemployeeCompensationAmt: 2000 }, 2026), undefined);
  assert.is(notice("1099-NEC", { NonemployeeCompensationAmt: 1000 }, 2025), undefined);
  assert.match(notice("1099-NEC", { NonemployeeCompensationAmt: 599.99 }, 2025)?.message ?? "", /\$600\.00/);
  assert.is(notice("1099-NEC", { NonemployeeCompensationAmt: 600 }, 2025), undefined);
});

test("1099-NEC below the threshold with backup withholding or another box is required anyway: no notice", () => {
  assert.is(
    notice("1099-NEC", { NonemployeeCompensationAmt: 500, FederalIncomeTaxWithheldAmt: 120 }, 2026),
    undefined,
  );
  assert.is(
    notice("1099-NEC", { NonemployeeCompensationAmt: 500, ExcessParachutePaymentAmt: 10 }, 2026),
    undefined,
  );
});

test("1099-MISC: the IRC 6041 boxes (rents, other income, medical, crop insurance) together below $2,000 in 2026", () => {
  assert.ok(notice("1099-MISC", { RentAmt: 1000, OtherIncomeAmt: 900 }, 2026));
  assert.is(notice("1099-MISC", { RentAmt: 1000, OtherIncomeAmt: 1000 }, 2026), undefined);
  assert.is(notice("1099-MISC", { RentAmt: 1000, OtherIncomeAmt: 900 }, 2025), undefined);
  assert.is(
    notice("1099-MISC", { RentAmt: 100, RoyaltyAmt: 50 }, 2026),
    undefined,
    "royalties have their own $10 threshold",
  );
});

test("1099-K third party network: required above $20,000 and above 200 transactions", () => {
  const k = (gross: number, count: number, extra: Record<string, unknown> = {}) =>
    notice(
      "1099-K",
      {
        ThirdPartyNetworkInd: true,
        PSEInd: true,
        GrossAmt: gross,
        JanuaryAmt: gross,
        PaymentTransactionCnt: count,
        ...extra,
      },
      2026,
    );
  assert.match(k(20000, 500)?.message ?? "", /not more than the \$20000\.00/);
  assert.is(k(20000, 500)?.path, "jsonForm.GrossAmt");
  assert.match(k(50000, 200)?.message ?? "", /PaymentTransactionCnt is 200/);
  assert.is(k(50000, 200)?.path, "jsonForm.PaymentTransactionCnt");
  assert.is(k(20000.01, 201), undefined);
  assert.is(
    notice(
      "1099-K",
      { PaymentCardInd: true, PSEInd: true, GrossAmt: 100, JanuaryAmt: 100, PaymentTransactionCnt: 2 },
      2026,
    ),
    undefined,
    "payment card transactions have no threshold",
  );
});

test("S1H012 at intake: a 1099-INT without interest gets a warning (pay decides), one with interest does not", () => {
  const w = checkForm(factsOf("1099-INT", { BondPremiumAmt: 20 })).warnings.find((f) => f.code === "S1H012");
  assert.is(w?.severity, "Reject");
  assert.is(w?.path, "jsonForm.InterestIncomeAmt");
  assert.is(checkForm(factsOf("1099-INT", { BondPremiumAmt: 20 })).rejects.length, 0);
  assert.not.ok(
    checkForm(factsOf("1099-INT", { TaxExemptInterestAmt: 20 })).warnings.some((f) => f.code === "S1H012"),
  );
});

test.run();
