// Form 8809 rules on an extension request: S2H001 (after the tax year), S2H002 (by the due date), S2H013 (once
// per form family), and the due dates themselves.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkExtension, extensionDueDate } from "../../../../../core/domain/iris/rules/index.ts";

const codes = (taxYear: number, forms: string[], now: string) =>
  checkExtension({ taxYear, forms, now: new Date(now) }).map((f) => `${f.code}@${f.path}`);

test("S2H001: an extension for tax year 2026 is asked for from 2027 on", () => {
  assert.equal(codes(2026, ["1099"], "2026-11-24T10:00:00Z"), ["S2H001@tax_year"]);
  assert.equal(codes(2026, ["1099"], "2027-01-02T10:00:00Z"), []);
});

test("S2H002: by the due date of the returns (1099: March 31; 5498: May 31; 1042-S: March 15)", () => {
  assert.equal(codes(2026, ["1099"], "2027-03-31T23:00:00Z"), []);
  assert.equal(codes(2026, ["1099", "5498"], "2027-04-01T00:00:01Z"), ["S2H002@forms.0"]);
  assert.equal(codes(2026, ["1042S"], "2027-03-16T12:00:00Z"), ["S2H002@forms.0"]);
  const f = checkExtension({ taxYear: 2026, forms: ["1099"], now: new Date("2027-05-01T00:00:00Z") })[0];
  assert.is(f?.severity, "Reject");
  assert.match(f?.message ?? "", /^IRS rule S2H002 \(Reject\): .*due 2027-03-31/);
});

test("S2H013: a form family asked for twice", () => {
  assert.equal(codes(2025, ["1099", "1099"], "2026-01-10T00:00:00Z"), ["S2H013@forms.1"]);
  assert.equal(codes(2025, ["1099", "5498"], "2026-01-10T00:00:00Z"), []);
});

test("due dates move past weekends and Memorial Day", () => {
  assert.is(extensionDueDate("1099", 2025), "2026-03-31"); // Tuesday
  assert.is(extensionDueDate("1099", 2026), "2027-03-31"); // Wednesday
  assert.is(extensionDueDate("5498", 2026), "2027-06-01"); // May 31 2027 is Memorial Day
  assert.is(extensionDueDate("5498", 2025), "2026-06-01"); // May 31 2026 is a Sunday
  assert.is(extensionDueDate("1099", 2029), "2030-04-01"); // March 31 2030 is a Sunday
  assert.is(extensionDueDate("W2", 2025), undefined);
});

test.run();
