import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { layer, makePdfkitRenderer } from "../../../adapters/pdfkit/copy-b.pdfkit.ts";
import { StatementRenderer } from "../../../core/ports/statement-renderer.port.ts";
import { maskTin, type CopyBStatement } from "../../../core/domain/statements/copy-b.ts";
import { input, miscStatement, necStatement, statement } from "./statements.fixture.ts";
import { latin1, pageCount, pageTexts } from "./pdf-text.ts";

const plain = makePdfkitRenderer({ compress: false });
const render = (statements: readonly CopyBStatement[], renderer = plain) =>
  Effect.runPromise(renderer.render(statements));
const CORRECTED = "CORRECTED (if checked)";

test("output is a PDF, compressed or not", async () => {
  for (const renderer of [plain, makePdfkitRenderer()]) {
    const bytes = await render([necStatement()], renderer);
    assert.is(latin1(bytes.subarray(0, 5)), "%PDF-");
    assert.ok(latin1(bytes.subarray(-6)).includes("%%EOF"));
  }
});

test("one page per statement, in order", async () => {
  for (const n of [0, 1, 3, 25]) {
    const statements = Array.from({ length: n }, (_, i) => necStatement({ filingId: `fil_${i}` }));
    const bytes = await render(statements);
    assert.is(pageCount(bytes), n, `${n} statements`);
    const pages = pageTexts(bytes);
    assert.is(pages.length, n);
    pages.forEach((runs, i) =>
      assert.ok(
        runs.some((r) => r.includes(`fil_${i}`)),
        `page ${i + 1} carries its filing id`,
      ),
    );
  }
  const compressed = await render(
    Array.from({ length: 7 }, () => miscStatement()),
    makePdfkitRenderer(),
  );
  assert.is(pageCount(compressed), 7);
});

test("the page carries the form, year, copy, parties, the boxes as the IRS titles them, and the notice", async () => {
  const [page] = pageTexts(await render([necStatement()]));
  const text = (page ?? []).join(" ");
  for (const expected of [
    "Copy B",
    "For Recipient",
    "1099-NEC",
    "2025",
    "Nonemployee",
    "For calendar year",
    "OMB No. 1545-0116",
    "Acme Widgets LLC",
    "DBA Acme Consulting",
    "(217) 555-0142",
    "Jordan A. Rivera",
    "77 Maple Street, Apt. 3B",
    "Oak Park, IL 60302",
    "CONTRACTOR-00042",
    "$12,345.67",
    "$1,234.00",
    "IL 1234-5678",
    "Nonemployee compensation",
    "State income",
    "Excess golden parachute payments",
    "State/Payer\u2019s state no.",
    "This is important tax information",
    "www.irs.gov/Form1099NEC",
    "Department of the Treasury - Internal Revenue Service",
    "fil_3kT9xQ2mWb7LpA0ZcV5nR8sD",
    "2025-00000123-ABC",
    "PAYER\u2019S TIN",
    "RECIPIENT\u2019S TIN",
    "Account number (see instructions)",
  ]) {
    assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)}`);
  }
});

test("box titles are the form's, never the schema's descriptions", async () => {
  const text = (pageTexts(await render([miscStatement()]))[0] ?? []).join(" ");
  for (const title of [
    "Rents",
    "Royalties",
    "Other income",
    "Fishing boat proceeds",
    "Substitute payments in lieu of",
    "FATCA filing",
    "Nonqualified deferred",
  ]) {
    assert.ok(text.includes(title), title);
  }
  for (const schemaText of ["An amount of rent", "The amount of royalties", "Indicates the FATCA"])
    assert.not.ok(text.includes(schemaText), schemaText);
});

test("every state row prints, each state's values on the same line of every state box", async () => {
  const runs = pageTexts(await render([miscStatement()]))[0] ?? [];
  for (const v of ["IL 1234-5678", "WI 036-0001234567-02", "$600.00", "$410.50", "$14,000.00", "$10,000.00"])
    assert.ok(runs.includes(v), v);
});

test("the payer's TIN prints whole (Pub 1179); the recipient's only as its last four", async () => {
  const s = necStatement({
    recipient: { ...input("1099-NEC").recipient, tinMasked: maskTin("123456789", "ssn") },
  });
  // A caller that forgot to mask the recipient: the renderer still keeps only the last four digits.
  const careless = necStatement({ recipient: { ...input("1099-NEC").recipient, tinMasked: "123-45-6789" } });
  const bytes = await render([s, careless]);
  const pages = pageTexts(bytes);
  assert.ok(pages[0]?.includes("98-7654321"), "payer TIN in full");
  assert.ok(pages[0]?.includes("***-**-6789"), "recipient TIN masked");
  assert.ok(pages[1]?.includes("***-**-6789"), "unmasked recipient input redacted");
  for (const whole of ["123456789", "123-45-6789"]) {
    assert.not.ok(pages.flat().join("\n").includes(whole), `${whole} printed`);
    assert.not.ok(latin1(bytes).includes(whole), `${whole} in the file`);
  }
});

test("CORRECTED is checked only on corrected statements", async () => {
  const pages = pageTexts(
    await render([necStatement(), miscStatement({ corrected: true }), necStatement({ corrected: false })]),
  );
  const checked = pages.map((runs) => {
    const at = runs.indexOf(CORRECTED);
    assert.ok(at >= 0, "the CORRECTED box is always printed");
    return runs[at - 1] === "X";
  });
  assert.equal(checked, [false, true, false]);
});

test("a form with every box filled and many state rows stays on one page", async () => {
  const many = statement("1099-MISC", {
    jsonForm: {
      RentAmt: 1,
      StateLocalTaxGrp: Array.from({ length: 6 }, (_, i) => ({
        StateAbbreviationCd: "NY",
        StateTaxGrp: { StateIdNum: `ID-${i}`, StateTaxWithheldAmt: 10 + i },
      })),
    },
  });
  const bytes = await render([statement("1099-K"), many, statement("1099-R")]);
  assert.is(pageCount(bytes), 3);
  assert.ok(pageTexts(bytes)[1]?.includes("NY ID-5"));
});

test("text outside WinAnsi prints as a stand-in instead of failing", async () => {
  const bytes = await render([
    necStatement({
      recipient: { ...input("1099-NEC").recipient, name: "Jos\u00e9 Mu\u00f1oz \u674e\u2603" },
    }),
  ]);
  const text = pageTexts(bytes)[0] ?? [];
  assert.ok(text.includes("Jos\u00e9 Mu\u00f1oz ??"));
});

test("fonts reused across documents: the same PDF as pdfkit opening them for each document", async () => {
  const own = makePdfkitRenderer({ compress: false, reuseFonts: false });
  // The creation date and the file id differ from one document to the next: everything else is the same.
  const stable = (bytes: Uint8Array) =>
    latin1(bytes)
      .replace(/\/CreationDate \(D:[^)]*\)/g, "")
      .replace(/\/ID \[[^\]]*\]/g, "");
  for (const statements of [[necStatement()], [miscStatement(), necStatement({ filingId: "fil_2" })]]) {
    const expected = stable(await render(statements, own));
    // Twice: the first document may be the one whose fonts are kept, the second is given them.
    for (let i = 0; i < 2; i++) assert.is(stable(await render(statements)), expected);
  }
});

test("layer provides the renderer", async () => {
  const bytes = await Effect.runPromise(
    Effect.gen(function* () {
      const renderer = yield* StatementRenderer;
      return yield* renderer.render([necStatement(), miscStatement()]);
    }).pipe(Effect.provide(layer)),
  );
  assert.is(pageCount(bytes), 2);
});

test.run();
