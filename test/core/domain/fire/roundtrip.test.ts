import { test } from "uvu";
import * as assert from "uvu/assert";
import { FORM_SPECS, parseFire, writeFire, type FireFormInput } from "../../../../core/domain/fire/index.ts";
import { asInput, ascii, fileInput, fullForm, mustParse, payer } from "./helpers.ts";

const ENDINGS = ["crlf", "lf", "none"] as const;

for (const spec of FORM_SPECS) {
  for (const lineEnding of ENDINGS) {
    test(`${spec.form}: every amount code and tail field round-trips (${lineEnding})`, () => {
      const cfsf = payer({ combinedFederalState: true, name: "CFSF PAYER INC", tin: "123456780" });
      const plain = payer({
        lastFiling: true,
        transferAgent: true,
        name2: "TRANSFER AGENT CO",
        nameControl: "EXAM",
      });
      // Variant 0: original under a Combined Federal/State payer; 1: a G correction; 2: original, other payer.
      const forms: FireFormInput[] = [
        fullForm(spec, 0, cfsf),
        fullForm(spec, 1, plain),
        fullForm(spec, 2, plain),
        fullForm(spec, 3, cfsf),
      ];
      const bytes = writeFire(fileInput(forms), { lineEnding });
      const text = ascii(bytes);
      const recordCount =
        lineEnding === "none"
          ? bytes.length / 750
          : text.split(lineEnding === "crlf" ? "\r\n" : "\n").length - 1;
      assert.is(
        bytes.length,
        recordCount * (750 + (lineEnding === "crlf" ? 2 : lineEnding === "lf" ? 1 : 0)),
      );

      const r = mustParse(parseFire(bytes));
      assert.is(r.taxYear, 2025);
      assert.is(r.test, true);
      assert.is(r.rows, 4);
      assert.is(r.forms.length, 4);
      // The writer groups by payer and correction kind: variant 0 and 3 share an A record.
      const byAccount = new Map(r.forms.map((f) => [f.accountNumber, f]));
      for (const input of forms) {
        const parsed = byAccount.get(input.accountNumber);
        assert.ok(parsed, `form ${input.accountNumber} parsed`);
        assert.is(parsed!.form, spec.form);
        assert.is(parsed!.supported, true);
        assert.is(parsed!.typeOfReturn, spec.typeOfReturn);
        assert.is(parsed!.taxYear, 2025);
        assert.equal(asInput(parsed!), input);
        assert.is(
          text.slice(
            (parsed!.record - 1) * (bytes.length / recordCount),
            (parsed!.record - 1) * (bytes.length / recordCount) + 1,
          ),
          "B",
        );
      }
      // Every amount code of the form appears in amountsByCode of variant 0.
      assert.equal(
        Object.keys(byAccount.get(forms[0]!.accountNumber)!.amountsByCode).sort(),
        Object.keys(spec.amounts).sort(),
      );
    });
  }
}

test("K records are written per state for Combined Federal/State payers and parse back", () => {
  const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
  const p = payer({ combinedFederalState: true });
  const a = fullForm(nec, 0, p);
  const b = { ...fullForm(nec, 2, p), state: { code: "MA", stateTaxWithheldCents: 999 } };
  const c = {
    ...fullForm(nec, 5, p),
    state: { code: "CA", stateTaxWithheldCents: 1, localTaxWithheldCents: 2 },
  };
  const bytes = writeFire(fileInput([a, b, c]), { lineEnding: "lf" });
  const lines = ascii(bytes).split("\n");
  assert.equal(lines.map((l) => l[0]).join(""), "TABBBCKKF");
  assert.is(lines[6]!.slice(746, 748), "06");
  assert.is(lines[7]!.slice(746, 748), "25");
  assert.is(lines[6]!.slice(1, 9), "00000002");
  const r = mustParse(parseFire(bytes));
  assert.equal(
    r.forms.map((f) => f.state?.code),
    ["CA", "MA", "CA"],
  );
});

test("K totals count only the taxes the B record can carry (5498 has a CF/SF code but no tax fields)", () => {
  const spec = FORM_SPECS.find((s) => s.form === "5498")!;
  const p = payer({ combinedFederalState: true });
  const f = { ...fullForm(spec, 0, p), state: { code: "CA", stateTaxWithheldCents: 500 } };
  const r = mustParse(parseFire(writeFire(fileInput([f]))));
  assert.equal(r.forms[0]!.state, { code: "CA" });
});

test("unsupported types of return parse and are reported in notes", () => {
  const bytes = writeFire(
    fileInput([
      {
        form: "1099-H",
        corrected: null,
        payer: payer(),
        recipient: fullForm(FORM_SPECS[0]!, 0, payer()).recipient,
        accountNumber: "H-1",
        amounts: {},
        amountsByCode: { "2": 12345 },
        indicators: {},
        codes: {},
        extra: {},
        state: null,
      },
    ]),
  );
  const r = mustParse(parseFire(bytes));
  assert.is(r.forms[0]!.form, "J");
  assert.is(r.forms[0]!.supported, false);
  assert.equal(r.forms[0]!.amountsByCode, { "2": 12345 });
  assert.ok(r.notes.some((n) => n.includes("'J'") && n.includes("1099-H")));
});

test.run();
