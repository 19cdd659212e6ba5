// Form W-2 employee copies (B, C, 2), W-2c and W-3 drawn by the pdfkit renderer: every filled box is printed, the
// employee's SSN only as its last four digits, the employer's EIN whole; no text leaves its cell.
import { test } from "uvu";
import * as assert from "uvu/assert";
import PDFDocument from "pdfkit";
import * as Effect from "effect/Effect";
import { makePdfkitRenderer, statementGeometry } from "../../../adapters/pdfkit/copy-b.pdfkit.ts";
import { validateForm } from "../../../core/domain/forms/index.ts";
import { sealTins } from "../../../core/domain/filing/filing.ts";
import { buildW2Copies, buildW3 } from "../../../core/domain/statements/w2.ts";
import { parseEfw2, w3Totals } from "../../../core/domain/efw2/index.ts";
import { oneEmployerEfw2, w2Form, w2cForm } from "../../support/w2.ts";
import { pageCount, pageTexts, placedRuns } from "./pdf-text.ts";

const renderer = makePdfkitRenderer({ compress: false });
const metrics = new PDFDocument({ autoFirstPage: false });
const widthOf = (font: string, size: number, text: string) =>
  metrics.font(font).fontSize(size).widthOfString(text);
const employer = {
  name: "Wire Employer LLC",
  addressLines: ["1 Elm St", "Austin, TX 73301"],
  ein: "123450092",
};

function stored(form: Record<string, unknown>, code = "W-2"): Record<string, unknown> {
  const v = validateForm(code, 2025, form);
  if (!v.ok) throw new Error(JSON.stringify(v.issues));
  return v.value.jsonForm;
}
const full = () =>
  stored({
    ...w2Form({ wages: 250_000 }),
    AllocatedTipsAmt: 120,
    SocialSecurityTipsAmt: 0,
    NonqualifiedPlansAmt: 900,
    StatutoryEmployeeInd: true,
    ThirdPartySickPayInd: true,
    EmployersUseGrp: [
      { EmployersUseCd: "D", EmployersUseAmt: 3000 },
      { EmployersUseCd: "DD", EmployersUseAmt: 6400.5 },
      { EmployersUseCd: "W", EmployersUseAmt: 1000 },
      { EmployersUseCd: "AA", EmployersUseAmt: 500 },
    ],
  });

test("W-2: Copy B, C and 2 carry every filled box; the SSN truncated, the EIN whole", async () => {
  const jsonForm = full();
  const { jsonForm: sealed } = sealTins(jsonForm, () => "sealed");
  const copies = buildW2Copies({
    form: "W-2",
    taxYear: 2025,
    jsonForm: sealed,
    employer,
    filingId: "fil_1",
    receiptId: "AB12CD",
  });
  assert.equal(
    copies.map((c) => c.cells.find((x) => x.kind === "copy")?.text[0]),
    ["Copy B", "Copy C", "Copy 2"],
  );
  const pdf = await Effect.runPromise(renderer.render(copies));
  assert.is(pageCount(pdf), 3);
  for (const page of pageTexts(pdf)) {
    const text = page.join(" ");
    for (const v of [
      "***-**-6789",
      "12-3450092",
      "Wire Employer LLC",
      "A-1",
      "Jane Q Roe",
      "2 Oak Ave",
      "Reno, NV 89501",
      "$247,000.00",
      "$25,000.00",
      "$176,100.00",
      "$10,918.20",
      "$250,000.00",
      "$4,075.00",
      "$120.00",
      "$1,000.00",
      "$900.00",
      "D $3,000.00",
      "DD $6,400.50",
      "W $1,000.00",
      "AA $500.00",
      "UNION DUES $240.00",
      "CA",
      "123-4567-8",
      "$1,200.00",
      "$10.00",
      "SF",
      "SSA WFID AB12CD",
    ]) {
      assert.ok(text.replace(/\s+/g, " ").includes(v), `${v} printed`);
    }
    assert.not.ok(text.includes("123-45-6789") || text.includes("123456789"), "the SSN never prints whole");
  }
  // Nothing drawn outside its cell: every run of the first page starts inside the frame.
  const { frame } = statementGeometry(copies[0] as (typeof copies)[number]);
  const [runs = []] = placedRuns(pdf, widthOf);
  for (const r of runs.filter((x) => x.baseline < frame.y + frame.h))
    assert.ok(r.right <= frame.x + frame.w + 0.6, `"${r.text}" stays inside the form`);
});

test("W-2c copies print both columns; W-3 prints the RT totals", async () => {
  const c = stored({ ...w2cForm(), OriginalEmployeeSSN: "123-45-6780" }, "W-2c");
  const copies = buildW2Copies({
    form: "W-2c",
    taxYear: 2025,
    jsonForm: sealTins(c, () => "x").jsonForm,
    employer,
    filingId: "fil_2",
  });
  const text = pageTexts(await Effect.runPromise(renderer.render(copies))).map((p) =>
    p.join(" ").replace(/\s+/g, " "),
  );
  assert.is(text.length, 3);
  for (const v of [
    "Previously reported",
    "Correct information",
    "$40,000.00",
    "$45,000.00",
    "$2,480.00",
    "$2,790.00",
    "***-**-6780",
    "***-**-6789",
  ])
    assert.ok(text[0]?.includes(v), v);

  const submitter = {
    ein: "000000001",
    userId: "ABCDEFGH",
    name: "S",
    address: { line1: "1 A", city: "Austin", state: "TX", postalCode: "73301", country: "US" },
    contactName: "x",
    contactPhone: "1",
    contactEmail: "a@b",
  };
  const records = parseEfw2(
    "efw2",
    oneEmployerEfw2(submitter, [
      { filingId: "a", jsonForm: full() },
      { filingId: "b", jsonForm: stored(w2Form({ ssn: "234-56-7890" })) },
    ]),
  ).records;
  const [t] = w3Totals("efw2", records);
  const w3 = buildW3(t as NonNullable<typeof t>, {
    corrected: false,
    employer,
    fileId: "ssa_1_2025",
    wfid: null,
    states: [{ state: "CA", wages: 9_400_000, tax: 240_000, localWages: 200_000, localTax: 2000 }],
  });
  const w3Text =
    pageTexts(await Effect.runPromise(renderer.render([w3])))[0]
      ?.join(" ")
      .replace(/\s+/g, " ") ?? "";
  for (const v of ["Form W-3", "$294,000.00", "$226,100.00", "$14,018.20", "12-3450092", "$94,000.00"])
    assert.ok(w3Text.includes(v), v);
});

test.run();
