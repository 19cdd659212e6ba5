import { test } from "uvu";
import * as assert from "uvu/assert";
import { Effect } from "effect";
import { layer, makePdfkitRenderer } from "../../../adapters/pdfkit/copy-b.pdfkit.ts";
import { StatementRenderer } from "../../../core/ports/statement-renderer.port.ts";
import { maskTin, type CopyBStatement } from "../../../core/domain/statements/copy-b.ts";
import { divStatement, necStatement } from "./statements.fixture.ts";
import { latin1, pageCount, pageTexts } from "./pdf-text.ts";

const plain = makePdfkitRenderer({ compress: false });
const render = (statements: readonly CopyBStatement[], renderer = plain) => Effect.runPromise(renderer.render(statements));
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
    pages.forEach((runs, i) => assert.ok(runs.some((r) => r.includes(`fil_${i}`)), `page ${i + 1} carries its filing id`));
  }
  const compressed = await render(Array.from({ length: 7 }, () => divStatement()), makePdfkitRenderer());
  assert.is(pageCount(compressed), 7);
});

test("the page carries the form, year, copy, parties, every box and the notice", async () => {
  const [page] = pageTexts(await render([necStatement()]));
  const text = (page ?? []).join(" ");
  for (const expected of [
    "Copy B", "For Recipient", "1099-NEC", "2025", "Nonemployee Compensation", "For calendar year",
    "Acme Widgets LLC", "DBA Acme Consulting", "Tel. (217) 555-0142", "Jordan A. Rivera", "77 Maple Street, Apt. 3B", "Oak Park, IL 60302",
    "CONTRACTOR-00042", "$12,345.67", "$1,234.00", "IL 1234-5678", "Nonemployee compensation", "State income",
    "This is important tax information and is being furnished to the IRS.", "www.irs.gov/Form1099NEC",
    "Department of the Treasury - Internal Revenue Service", "fil_3kT9xQ2mWb7LpA0ZcV5nR8sD", "2025-00000123-ABC",
    "PAYER\u2019S TIN", "RECIPIENT\u2019S TIN",
  ]) {
    assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)}`);
  }
});

test("TINs print masked to the last four, never whole", async () => {
  const statement = necStatement({
    payer: { ...necStatement().payer, tinMasked: maskTin("987654321", "ein") },
    recipient: { ...necStatement().recipient, tinMasked: maskTin("123456789", "ssn") },
  });
  // A caller that forgot to mask: the renderer still keeps only the last four digits.
  const careless = necStatement({ recipient: { ...necStatement().recipient, tinMasked: "123-45-6789" } });
  const bytes = await render([statement, careless]);
  const pages = pageTexts(bytes);
  const all = pages.flat().join("\n");
  assert.ok(pages[0]?.includes("***-**-6789"), "recipient TIN masked");
  assert.ok(pages[0]?.includes("**-***4321"), "payer TIN masked");
  assert.ok(pages[1]?.includes("***-**-6789"), "unmasked input redacted");
  for (const whole of ["123456789", "987654321", "123-45-6789", "98-7654321"]) {
    assert.not.ok(all.includes(whole), `${whole} printed`);
    assert.not.ok(latin1(bytes).includes(whole), `${whole} in the file`);
  }
  assert.not.ok(/\d{5,}/.test(pages.flat().filter((r) => r.includes("*")).join(" ")), "no more than four digits beside a mask");
});

test("CORRECTED is checked only on corrected statements", async () => {
  const pages = pageTexts(await render([necStatement(), divStatement({ corrected: true }), necStatement({ corrected: false })]));
  const checked = pages.map((runs) => {
    const at = runs.indexOf(CORRECTED);
    assert.ok(at >= 0, "the CORRECTED box is always printed");
    return runs[at - 1] === "X";
  });
  assert.equal(checked, [false, true, false]);
});

test("a form with many boxes and long labels stays on one page", async () => {
  const boxes = Array.from({ length: 60 }, (_, i) => ({
    box: String(i + 1),
    label: `A rather long box label number ${i + 1} that has to wrap over several lines to be readable at all`,
    value: "$1,000,000.00",
  }));
  const bytes = await render([divStatement({ boxes }), necStatement()]);
  assert.is(pageCount(bytes), 2);
  const text = pageTexts(bytes)[0]?.join(" ") ?? "";
  assert.ok(text.includes("60"));
});

test("text outside WinAnsi prints as a stand-in instead of failing", async () => {
  const bytes = await render([necStatement({ recipient: { ...necStatement().recipient, name: "Jos\u00e9 Mu\u00f1oz \u674e\u2603" } })]);
  const text = pageTexts(bytes)[0] ?? [];
  assert.ok(text.includes("Jos\u00e9 Mu\u00f1oz ??"));
});

test("layer provides the renderer", async () => {
  const bytes = await Effect.runPromise(
    Effect.gen(function* () {
      const renderer = yield* StatementRenderer;
      return yield* renderer.render([necStatement(), divStatement()]);
    }).pipe(Effect.provide(layer)),
  );
  assert.is(pageCount(bytes), 2);
});

test.run();
