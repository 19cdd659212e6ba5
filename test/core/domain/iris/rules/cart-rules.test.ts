// The cart rules of pay: S1H012 per submission, TMFST020, FTMFST008 and the correction rules.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  checkCart,
  type CartEntry,
  type CorrectedOriginal,
  type TransmitterProfile,
} from "../../../../../core/domain/iris/rules/index.ts";
import { canonical } from "./support.ts";

const INT_ZERO = canonical("1099-INT", { BondPremiumAmt: 20 });
const INT_SOME = canonical("1099-INT", { InterestIncomeAmt: 20 });
const NEC = canonical("1099-NEC", { NonemployeeCompensationAmt: 5000 });

const entry = (ref: string, extra: Partial<CartEntry> = {}): CartEntry => ({
  ref,
  payerId: "p1",
  formTypeCd: "1099NEC",
  taxYear: 2025,
  efile: true,
  jsonForm: NEC,
  ...extra,
});
const codes = (entries: CartEntry[], t?: TransmitterProfile) =>
  checkCart(entries, t).map((f) => `${f.ref}:${f.finding.code}`);
const ORIGINAL: CorrectedOriginal = {
  id: "orig-1",
  formTypeCd: "1099NEC",
  taxYear: 2025,
  status: "accepted",
  receiptId: "2025-12345678901-abcdefghi",
  submissionId: 1,
  recordId: 1,
};

test("S1H012: a payer's 1099-INT submission of forms without interest is refused, each of its forms named", () => {
  const bad = [
    entry("a", { formTypeCd: "1099INT", jsonForm: INT_ZERO }),
    entry("b", { formTypeCd: "1099INT", jsonForm: INT_ZERO }),
  ];
  assert.equal(codes(bad), ["a:S1H012", "b:S1H012"]);
  const f = checkCart(bad)[0]?.finding;
  assert.is(f?.severity, "Reject");
  assert.match(f?.message ?? "", /^IRS rule S1H012 \(Reject\)/);
  // One form with interest in the same submission carries it.
  assert.equal(
    codes([
      entry("a", { formTypeCd: "1099INT", jsonForm: INT_ZERO }),
      entry("b", { formTypeCd: "1099INT", jsonForm: INT_SOME }),
    ]),
    [],
  );
  // ... but not one of another payer (another submission), nor a print-only form (not transmitted).
  assert.equal(
    codes([
      entry("a", { formTypeCd: "1099INT", jsonForm: INT_ZERO }),
      entry("b", { payerId: "p2", formTypeCd: "1099INT", jsonForm: INT_SOME }),
    ]),
    ["a:S1H012"],
  );
  assert.equal(codes([entry("a", { formTypeCd: "1099INT", jsonForm: INT_ZERO, efile: false })]), []);
  // Issue 41: a form kept apart (threshold-graded warnings) is in a submission of its own, as the planner puts it.
  const apart = checkCart([
    entry("a", { formTypeCd: "1099INT", jsonForm: INT_ZERO, keptApart: true }),
    entry("b", { formTypeCd: "1099INT", jsonForm: INT_SOME }),
  ]);
  assert.equal(
    apart.map((f) => `${f.ref}:${f.finding.code}`),
    ["a:S1H012"],
  );
  assert.match(apart[0]?.finding.message ?? "", /submission of their own/);
});

test("TMFST020: the software id must start with the tax year's last two digits; none configured for the year is refused too", () => {
  const only25: TransmitterProfile = {
    test: false,
    softwareIdFor: (y) => (y === 2025 ? "25A0000001" : undefined),
  };
  const wrong: TransmitterProfile = { test: false, softwareIdFor: () => "24A0000001" };
  assert.equal(codes([entry("a"), entry("b", { taxYear: 2026 })], only25), ["b:TMFST020"]);
  assert.equal(codes([entry("a")], wrong), ["a:TMFST020"]);
  assert.match(
    checkCart([entry("b", { taxYear: 2026 })], only25)[0]?.finding.message ?? "",
    /no IRS software id for tax year 2026/,
  );
  assert.equal(
    codes([entry("a", { taxYear: 2026, efile: false })], only25),
    [],
    "print-only forms are not transmitted",
  );
  assert.equal(codes([entry("a")]), [], "without a profile the rule is left to the transmission build");
});

test("FTMFST008: two corrections of the same original in one cart", () => {
  assert.equal(codes([entry("a", { correctionOf: ORIGINAL }), entry("b", { correctionOf: ORIGINAL })]), [
    "b:FTMFST008",
  ]);
  assert.equal(
    codes([
      entry("a", { correctionOf: ORIGINAL }),
      entry("b", { correctionOf: { ...ORIGINAL, id: "orig-2" } }),
    ]),
    [],
  );
});

test("SHAREDIRFORM009_001: a correction of an original without an IRS acceptance", () => {
  assert.equal(codes([entry("a", { correctionOf: { ...ORIGINAL, status: "rejected" } })]), [
    "a:SHAREDIRFORM009_001",
  ]);
  assert.equal(codes([entry("a", { correctionOf: { ...ORIGINAL, receiptId: null } })]), [
    "a:SHAREDIRFORM009_001",
  ]);
  assert.equal(codes([entry("a", { correctionOf: { ...ORIGINAL, status: "accepted_with_errors" } })]), []);
});

test("SHAREDIRFORM010_001 and SHAREDIRFORM026: a correction keeps the original's tax year and form type", () => {
  assert.equal(codes([entry("a", { correctionOf: { ...ORIGINAL, taxYear: 2024 } })]), [
    "a:SHAREDIRFORM010_001",
  ]);
  assert.equal(codes([entry("a", { correctionOf: { ...ORIGINAL, formTypeCd: "1099MISC" } })]), [
    "a:SHAREDIRFORM026",
  ]);
  assert.equal(codes([entry("a", { correctionOf: ORIGINAL })]), []);
});

test.run();
