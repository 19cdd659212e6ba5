import { test } from "uvu";
import * as assert from "uvu/assert";
import { amountToCents, centsToAmount } from "../../../../core/domain/forms/index.ts";
import {
  checkDecimal,
  decimalText,
  parseDecimal,
  partsToCents,
} from "../../../../core/domain/forms/decimal.ts";

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

// amountToCents reads a number of at most two decimals without its text; what it answers must be what the text
// gives (parseDecimal, then partsToCents) for every number, with the fast path or not.
test("amountToCents of any number equals the cents its decimal text gives", () => {
  const byText = (v: number): number | undefined => {
    const p = parseDecimal(v);
    if (p === undefined || p.frac.length > 2) return undefined;
    const c = partsToCents(p);
    return Number.isSafeInteger(c) ? c : undefined;
  };
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const values: number[] = [
    0,
    -0,
    0.1 + 0.2,
    1.005,
    2.675,
    -0.125,
    0.005,
    1e12,
    1e12 - 0.01,
    123456789012.34,
    1e21,
    5e-7,
  ];
  for (let i = 0; i < 20_000; i++) {
    const scale = 10 ** Math.floor(rand() * 15);
    const sign = rand() < 0.2 ? -1 : 1;
    values.push((sign * Math.round(rand() * scale * 100)) / 100); // two decimals at most
    values.push(sign * rand() * scale); // usually more
    values.push((sign * Math.round(rand() * scale * 1000)) / 1000); // three at most
  }
  let fast = 0;
  for (const v of values) {
    const want = byText(v);
    assert.is(amountToCents(v), want, String(v));
    if (want !== undefined) fast++;
  }
  assert.ok(fast > 20_000, `only ${fast} values had at most two decimals`);
});

test.run();
