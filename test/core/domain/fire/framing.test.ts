// Record framing as real FIRE software writes it (Pub 1220: positions 749-750 are "blank or carriage return/line
// feed"), and the writer keeping what the parser read: T vendor block, amount codes, K order, blank fields, framing.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FORM_SPECS, parseFire, writeFire, type FireProblem } from "../../../../core/domain/fire/index.ts";
import { ascii, bytesOf, fileInput, fullForm, mustParse, payer, transmitter } from "./helpers.ts";

const sample = new Uint8Array(
  readFileSync(join(import.meta.dirname, "../../../../fixtures/fire/sample-ty2025.txt")),
);
const sampleLines = ascii(sample)
  .split("\r\n")
  .filter((l) => l !== "");
const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;

/** The hand-written sample with each record cut to 748 characters and CR LF in positions 749-750. */
const crlf749 = bytesOf(sampleLines.map((l) => `${l.slice(0, 748)}\r\n`).join(""));

function problems(bytes: Uint8Array): FireProblem[] {
  const r = parseFire(bytes);
  if (r.ok) throw new Error("expected problems");
  return r.problems;
}

test("748 characters + CR LF per record (CR LF in positions 749-750) imports like the same file with 750 + CR LF", () => {
  assert.is(crlf749.length, sampleLines.length * 750);
  const a = mustParse(parseFire(crlf749));
  const b = mustParse(parseFire(sample));
  assert.equal(
    a.forms.map((f) => ({ ...f, offset: 0 })),
    b.forms.map((f) => ({ ...f, offset: 0 })),
  );
  assert.equal(
    a.forms.map((f) => f.offset),
    [2 * 750, 3 * 750, 7 * 750, 10 * 750],
  );
  assert.equal(a.transmitter, b.transmitter);
  assert.is(a.rows, 4);
  assert.equal(a.framing, { lineEnding: "crlf-749", lastTerminated: true, trailer: "" });
  assert.is(ascii(writeFire({ ...a, forms: a.forms })), ascii(crlf749), "written back byte for byte");
});

test("CR LF at 749-750 without the last record's terminator area is still a short record", () => {
  const cut = bytesOf(
    sampleLines
      .map((l, i) => (i === sampleLines.length - 1 ? l.slice(0, 748) : `${l.slice(0, 748)}\r\n`))
      .join(""),
  );
  const ps = problems(cut);
  assert.ok(
    ps.some((p) => p.recordType === "F" && p.field === "RecordLength" && p.position === 749),
    JSON.stringify(ps),
  );
});

test("748 characters + LF alone, or 749 + CR LF, are short records with their position", () => {
  const lf = bytesOf(sampleLines.map((l) => `${l.slice(0, 748)}\n`).join(""));
  assert.ok(problems(lf).some((p) => p.record === 1 && p.field === "RecordLength" && p.position === 749));
  const odd = bytesOf(sampleLines.map((l, i) => (i === 2 ? `${l.slice(0, 749)}\r\n` : `${l}\r\n`)).join(""));
  const ps = problems(odd);
  assert.ok(
    ps.some(
      (p) => p.record === 3 && p.recordType === "B" && p.field === "RecordLength" && p.position === 750,
    ),
    JSON.stringify(ps),
  );
});

test("the T record's vendor block (519-740) is read and written back", () => {
  const vendor = {
    name: "SAMPLE SOFTWARE CO",
    address: "5 CODE WAY",
    city: "AUSTIN",
    state: "TX",
    postalCode: "787010000",
    contactName: "VAL VENDOR",
    contactPhone: "5125550100",
    foreign: true,
  };
  const bytes = writeFire(
    fileInput([fullForm(nec, 0, payer())], { transmitter: { ...transmitter, vendorIndicator: "V", vendor } }),
  );
  const t = ascii(bytes).slice(0, 750);
  assert.is(t.slice(518, 536), "SAMPLE SOFTWARE CO");
  assert.is(t.slice(638, 649), "TX787010000");
  assert.is(t[739], "1");
  const r = mustParse(parseFire(bytes));
  assert.equal(r.transmitter.vendor, vendor);
  assert.is(r.transmitter.vendorIndicator, "V");
  assert.is(ascii(writeFire({ ...r, forms: r.forms })), ascii(bytes));
});

test("a bad vendor foreign entity indicator is located", () => {
  const ls = sampleLines.slice();
  ls[0] = `${ls[0]!.slice(0, 739)}X${ls[0]!.slice(740)}`;
  const ps = problems(bytesOf(ls.map((l) => `${l}\r\n`).join("")));
  assert.ok(
    ps.some(
      (p) =>
        p.record === 1 &&
        p.recordType === "T" &&
        p.position === 740 &&
        p.field === "VendorForeignEntityIndicator",
    ),
    JSON.stringify(ps),
  );
});

test("what the model does not determine is kept: declared zero columns, K order, blank tax fields, CF/SF 00, framing", () => {
  const p = payer({ combinedFederalState: true });
  const lines = ascii(
    writeFire(
      fileInput([
        { ...fullForm(nec, 0, p), state: { code: "MA", stateTaxWithheldCents: 5 } },
        { ...fullForm(nec, 2, p), state: { code: "CA", stateTaxWithheldCents: 7 } },
        { ...fullForm(nec, 5, p), state: null },
      ]),
      { lineEnding: "lf" },
    ),
  ).split("\n");
  assert.equal(lines.map((l) => l[0]).join(""), "TABBBCKKF");
  // Another writer's choices: codes 1, 3, 4 and A declared, K for MA before CA, blank tax fields, CF/SF 00.
  lines[1] = `${lines[1]!.slice(0, 27)}${"134".padEnd(24)}${lines[1]!.slice(51)}`;
  const k = [lines[6]!, lines[7]!];
  [lines[6], lines[7]] = [
    k[1]!.replace(/^(.{499})\d{8}/, "$100000007"),
    k[0]!.replace(/^(.{499})\d{8}/, "$100000008"),
  ];
  lines[4] = `${lines[4]!.slice(0, 722)}${" ".repeat(24)}00${lines[4]!.slice(748)}`;
  const edited = bytesOf(`${lines.slice(0, -1).join("\n")}\n\u001a`);
  const r = mustParse(parseFire(edited));
  assert.is(r.forms[0]!.payer.amountCodes, "134");
  assert.equal(r.forms[0]!.payer.stateOrder, ["25", "06"]);
  assert.equal(r.forms[2]!.raw, {
    StateIncomeTaxWithheld: "",
    LocalIncomeTaxWithheld: "",
    CombinedFederalStateCode: "00",
  });
  assert.equal(r.framing, { lineEnding: "lf", lastTerminated: true, trailer: "\u001a" });
  assert.is(ascii(writeFire({ ...r, forms: r.forms })), ascii(edited));
});

test("a file without a terminator after its last record is written back the same way", () => {
  const crlf = ascii(sample);
  const bytes = bytesOf(crlf.slice(0, -2));
  const r = mustParse(parseFire(bytes));
  assert.is(r.framing.lastTerminated, false);
  assert.is(ascii(writeFire({ ...r, forms: r.forms })), crlf.slice(0, -2));
});

test.run();
