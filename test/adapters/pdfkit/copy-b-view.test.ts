import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatAmount, maskTin, redactTin } from "../../../core/domain/statements/copy-b.ts";

test("formatAmount prints dollars with thousands separators and two decimals", () => {
  assert.is(formatAmount(0), "$0.00");
  assert.is(formatAmount(5), "$0.05");
  assert.is(formatAmount(100), "$1.00");
  assert.is(formatAmount(123_456), "$1,234.56");
  assert.is(formatAmount(100_000_000), "$1,000,000.00");
  assert.is(formatAmount(-1_200), "-$12.00");
  assert.is(formatAmount(-123_456_789), "-$1,234,567.89");
  assert.throws(() => formatAmount(1.5), RangeError);
  assert.throws(() => formatAmount(Number.NaN), RangeError);
});

test("maskTin shows the last four digits only", () => {
  assert.is(maskTin("6789", "ein"), "**-***6789");
  assert.is(maskTin("1234", "ssn"), "***-**-1234");
  assert.is(maskTin("1234", null), "*****1234");
  assert.is(maskTin("123456789", "ssn"), "***-**-6789");
  assert.is(maskTin("12-3456789", "ein"), "**-***6789");
  assert.is(maskTin("12", "ssn"), "***-**-**12");
});

test("redactTin keeps at most four digits", () => {
  assert.is(redactTin("***-**-1234"), "***-**-1234");
  assert.is(redactTin("123-45-6789"), "***-**-6789");
  assert.is(redactTin("123456789"), "*****6789");
  assert.is(redactTin(""), "");
});

test.run();
