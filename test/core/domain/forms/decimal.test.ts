import { test } from "uvu";
import * as assert from "uvu/assert";
import { amountToCents, centsToAmount } from "../../../../core/domain/forms/index.ts";
import { checkDecimal, decimalText, parseDecimal } from "../../../../core/domain/forms/decimal.ts";

const AMOUNT = { fractionDigits: 2, integerDigits: 13, negative: false };

test("amounts to exact cents", () => {
  assert.is(amountToCents(0.29), 29);
  assert.is(amountToCents(19.99), 1999);
  assert.is(amountToCents("1234567.89"), 123456789);
  assert.is(amountToCents(1234567.89), 123456789);
  assert.is(amountToCents("0.1"), 10);
  assert.is(amountToCents(".5"), 50);
  assert.is(amountToCents("5."), 500);
  assert.is(amountToCents("007.50"), 750);
  assert.is(amountToCents("-12.34"), -1234);
  assert.is(amountToCents("-0.00"), 0);
  assert.is(amountToCents(-0), 0);
  assert.is(amountToCents("1.500"), 150, "trailing zeros are not decimals");
  assert.is(amountToCents(1.005), undefined);
  assert.is(amountToCents("abc"), undefined);
  assert.is(amountToCents(""), undefined);
  assert.is(amountToCents("-"), undefined);
  assert.is(amountToCents(Number.NaN), undefined);
  assert.is(amountToCents(Number.POSITIVE_INFINITY), undefined);
});

test("centsToAmount is exact", () => {
  assert.is(centsToAmount(12345), 123.45);
  assert.is(centsToAmount(29), 0.29);
  assert.is(centsToAmount(1999), 19.99);
  assert.is(centsToAmount(-5), -0.05);
  assert.is(centsToAmount(0), 0);
  assert.is(String(centsToAmount(999999999999999)), "9999999999999.99");
  assert.throws(() => centsToAmount(1.5));
});

test("decimal rules", () => {
  assert.is(checkDecimal(1.005, AMOUNT), "max_decimals");
  assert.is(checkDecimal("1.005", AMOUNT), "max_decimals");
  assert.is(checkDecimal(1e-7, AMOUNT), "max_decimals");
  assert.is(checkDecimal(12345678901234, AMOUNT), "max_digits");
  assert.is(checkDecimal(1e21, AMOUNT), "max_digits");
  assert.is(checkDecimal(-1, AMOUNT), "negative");
  assert.is(checkDecimal(-1, { ...AMOUNT, negative: true }), undefined);
  assert.is(checkDecimal("1,000", AMOUNT), "type");
  assert.is(checkDecimal("1e5", AMOUNT), "type");
  assert.is(checkDecimal("+5", AMOUNT), "type");
  assert.is(checkDecimal(" 5", AMOUNT), "type");
  assert.is(
    checkDecimal(1.5, { fractionDigits: 5, integerDigits: 1, negative: false, minimum: 0, maximum: 1 }),
    "maximum",
  );
  assert.equal(parseDecimal(1.5e-7), { negative: false, int: "", frac: "00000015" });
  assert.equal(parseDecimal(1.5e22), { negative: false, int: "15000000000000000000000", frac: "" });
  assert.is(decimalText({ negative: true, int: "", frac: "5" }), "-0.5");
});

test.run();
