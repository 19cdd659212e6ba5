// The Copy B view model: values read from jsonForm into the form's boxes, one line per state row, TINs as Pub 1179 allows.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { composeCopyB, formatPhone } from "../../../../core/domain/statements/build.ts";
import { formatTin, type CopyBStatement } from "../../../../core/domain/statements/copy-b.ts";
import { input } from "../../../adapters/pdfkit/statements.fixture.ts";

const boxOf = (s: CopyBStatement, no: string) => s.cells.find((c) => c.kind === "box" && c.box === no);
const linesOf = (s: CopyBStatement, no: string) => boxOf(s, no)?.fields.map((f) => f.lines) ?? [];

test("boxes carry the form's titles and the formatted values of their elements", () => {
  const s = composeCopyB(
    input("1099-MISC", {
      jsonForm: {
        RentAmt: "24000",
        RoyaltyAmt: 1530.25,
        FATCAFilingRequirementInd: true,
        NonqlfyDeferredCompensationAmt: 0,
      },
    }),
  );
  assert.is(s.formTitle, "Miscellaneous Information");
  assert.is(boxOf(s, "1")?.title, "Rents");
  assert.equal(linesOf(s, "1"), [["$24,000.00"]]);
  assert.equal(linesOf(s, "2"), [["$1,530.25"]]);
  assert.equal(boxOf(s, "13")?.fields[0], { style: "check", lines: ["X"] });
  assert.equal(linesOf(s, "15"), [[]], "a zero amount prints blank");
  assert.equal(linesOf(s, "3"), [[]], "every box prints, empty or not");
  assert.ok(
    s.cells.some((c) => c.kind === "box" && c.box === "14" && c.fields.length === 0),
    "reserved box 14 is on the grid",
  );
});

test("every state row prints, each state's values on the same line of each state box", () => {
  const s = composeCopyB(
    input("1099-NEC", {
      jsonForm: {
        NonemployeeCompensationAmt: 100,
        StateLocalTaxGrp: [
          { StateAbbreviationCd: "IL", StateTaxGrp: { StateIdNum: "1234", StateIncomeAmt: 60 } },
          {
            StateAbbreviationCd: "WI",
            StateTaxGrp: { StateIdNum: "9876", StateTaxWithheldAmt: 2.5, StateIncomeAmt: 40 },
          },
          { StateAbbreviationCd: "MN", StateTaxGrp: { StateTaxWithheldAmt: 1 } },
        ],
      },
    }),
  );
  assert.equal(linesOf(s, "5"), [["", "$2.50", "$1.00"]]);
  assert.equal(linesOf(s, "6"), [["IL 1234", "WI 9876", "MN"]]);
  assert.equal(linesOf(s, "7"), [["$60.00", "$40.00", ""]]);
});

test("dates print as on the form, percentages with %, titles name the form's years", () => {
  const r = composeCopyB(
    input("1099-R", {
      jsonForm: {
        PaymentDt: "2025-03-14",
        RcpntTotalDistributionPct: 12.5,
        OtherDistributionAmt: 10,
        RcpntOthDistributionPct: 40,
      },
    }),
  );
  assert.equal(linesOf(r, "13"), [["03/14/2025"]]);
  assert.equal(linesOf(r, "9a"), [["12.5%"]]);
  assert.equal(linesOf(r, "8"), [["$10.00"], ["40%"]]);
  const b = composeCopyB(input("1099-B", { taxYear: 2026, jsonForm: {} }));
  assert.is(boxOf(b, "9")?.title, "Unrealized profit or (loss) on open contracts\u201412/31/2025");
  assert.is(boxOf(b, "8")?.title, "Profit or (loss) realized in 2026 on closed contracts");
});

test("party cells: the payer's TIN whole, the recipient's masked, the address split as the form asks", () => {
  const s = composeCopyB(input("1099-NEC"));
  const cell = (kind: string) => s.cells.find((c) => c.kind === kind);
  assert.equal(cell("payerTin")?.text, ["98-7654321"]);
  assert.equal(cell("recipientTin")?.text, ["***-**-1234"]);
  assert.equal(cell("street")?.text, ["77 Maple Street, Apt. 3B"]);
  assert.equal(cell("city")?.text, ["Oak Park, IL 60302"]);
  assert.equal(cell("account")?.text, ["CONTRACTOR-00042"]);
  assert.equal(cell("copy")?.text, ["Copy B", "For Recipient"]);
  const w2g = composeCopyB(input("W-2G"));
  assert.equal(w2g.cells.find((c) => c.kind === "payerPhone")?.text, ["(217) 555-0142"]);
  assert.not.ok(
    w2g.cells.find((c) => c.kind === "payer")?.text.includes("(217) 555-0142"),
    "the phone has its own cell on W-2G",
  );
  assert.is(w2g.cells.find((c) => c.kind === "recipientTin")?.box, "9");
});

test("group elements print as names, addresses and masked TINs", () => {
  const s = composeCopyB(
    input("1099-LTC", {
      jsonForm: {
        InsuredGrp: {
          TINLast4: "4321",
          PersonName: { PersonFirstNm: "Ana", PersonLastNm: "Diaz" },
          MailingAddressGrp: {
            USAddress: {
              AddressLine1Txt: "1 Elm St",
              CityNm: "Austin",
              StateAbbreviationCd: "TX",
              ZIPCd: "78701",
            },
          },
        },
      },
    }),
  );
  const all = s.cells.flatMap((c) => c.fields.flatMap((f) => f.lines));
  for (const v of ["*****4321", "Ana Diaz", "1 Elm St", "Austin, TX 78701"]) assert.ok(all.includes(v), v);
  assert.not.ok(
    all.some((v) => /\d{5,}/.test(v) && v.includes("*")),
    "no more than four digits beside a mask",
  );
});

test("formatTin and formatPhone", () => {
  assert.is(formatTin("987654321", "ein"), "98-7654321");
  assert.is(formatTin("123456789", "ssn"), "123-45-6789");
  assert.throws(() => formatTin("1234", "ein"), RangeError);
  assert.is(formatPhone("2175550142"), "(217) 555-0142");
  assert.is(formatPhone("12175550142"), "(217) 555-0142");
  assert.is(formatPhone("4420794601"), "(442) 079-4601");
  assert.is(formatPhone("442079460123"), "442079460123");
});

test.run();
