// Offline FIRE -> IRIS: the check reports what the import would refuse (located), and the conversion writes one
// transmission per payer that validates against the IRS XSD.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FORM_SPECS, checkFire, fireToIris, writeFire } from "../../../../core/domain/fire/index.ts";
import { parseXml, childrenNamed, childText, childNamed } from "../../../../core/domain/iris/index.ts";
import { XSD } from "../iris/fixtures.ts";
import { fileInput, irsValidInput, payer as anyPayer, recipient, validInput } from "./helpers.ts";

let uuid = 0;
const ids = () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, "0")}`;
const opts = { taxYear: 2025, softwareId: "25A0000001", newTransmissionId: ids };
/**
 * fileInput writes test files, which become IRIS TestCd T, where the IRS wants test TINs (SMF027, SHAREDIRFORM021):
 * payers and recipients here have TINs starting 000.
 */
const payer: typeof anyPayer = (o = {}) => anyPayer({ tin: "000456789", ...o });
const testRecipient = { ...recipient(), tin: "000450001" };
/** A form within the IRS business rules of a test file. */
const irsInput = (...args: Parameters<typeof irsValidInput>) => ({
  ...irsValidInput(...args),
  recipient: testRecipient,
});

function allForms() {
  const a = payer({ tin: "000456780", name: "FIRST PAYER INC", combinedFederalState: true });
  const b = payer({ tin: "000556780", name: "SECOND PAYER LLC" });
  return FORM_SPECS.map((spec, i) => {
    const p = i % 2 === 0 ? a : b;
    const f = irsValidInput(
      spec,
      spec.tail.some((t) => t.kind === "cfsf") ? p : { ...p, combinedFederalState: false },
    );
    return {
      ...f,
      recipient: recipient({
        tin: `0000000${String(10 + i)}`,
        name: `PAT SAMPLE ${"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i % 26]}`,
      }),
    };
  });
}

test("checkFire: a clean file has no problems and counts its forms; a refused element is located", () => {
  const ok = checkFire(writeFire(fileInput(allForms())));
  assert.equal(ok.problems, []);
  assert.is(ok.checked, FORM_SPECS.length);
  const spec = FORM_SPECS.find((s) => s.form === "W-2G")!;
  const bad = {
    ...validInput(spec, payer()),
    codes: { ...validInput(spec, payer()).codes, GamblingWinWagerTypeCd: "Z" },
  };
  const r = checkFire(writeFire(fileInput([bad]), { lineEnding: "none" }));
  assert.is(r.problems.length, 1);
  assert.equal(
    [r.problems[0]!.record, r.problems[0]!.field, r.problems[0]!.position, r.problems[0]!.offset],
    [3, "TypeOfWagerCode", 547, 2 * 750 + 546],
  );
  const parse = checkFire(new Uint8Array([1, 2, 3]));
  assert.ok(parse.problems.length > 0 && parse.parsed === null);
});

test("checkFire: the IRS business rules intake runs, each problem located at its record and citing the rule", () => {
  const misc = FORM_SPECS.find((s) => s.form === "1099-MISC")!;
  const good = irsInput(misc, payer());
  // FATCA filing requirement without the payee's account number: SHAREDIRFORM018 (Reject).
  const fatca = {
    ...good,
    indicators: { ...good.indicators, FATCAFilingRequirementInd: true },
    accountNumber: "",
  };
  const r = checkFire(writeFire(fileInput([good, fatca]), { lineEnding: "none" }));
  assert.equal(
    r.problems.map((p) => [p.code, p.record, p.recordType, p.field, p.position, p.offset]),
    [["SHAREDIRFORM018", 4, "B", "PayerAccountNumberForPayee", 21, 3 * 750 + 20]],
  );
  assert.match(r.problems[0]!.message, /^IRS rule SHAREDIRFORM018 \(Reject\): /);
  assert.is(r.checked, 1);
  // fireToIris refuses it.
  const t = fireToIris(writeFire(fileInput([good, fatca])), opts);
  assert.not.ok(t.ok);
  if (!t.ok)
    assert.equal(
      t.problems.map((p) => p.code),
      ["SHAREDIRFORM018"],
    );
});

test("checkFire: a test file becomes TestCd T, where the IRS wants test TINs (SHAREDIRFORM021 per form, SMF027 per A record)", () => {
  const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
  const real = anyPayer({ tin: "123456789" });
  const forms = [irsValidInput(nec, real), { ...irsValidInput(nec, real), accountNumber: "B-2" }];
  const r = checkFire(writeFire(fileInput(forms)));
  assert.equal(
    r.problems.map((p) => [p.code, p.record, p.recordType, p.field, p.position]),
    [
      ["SHAREDIRFORM021", 3, "B", "PayeeTIN", 12],
      ["SMF027", 2, "A", "PayerTIN", 12],
      ["SHAREDIRFORM021", 4, "B", "PayeeTIN", 12],
    ],
  );
  assert.not.ok(r.problems.some((p) => p.message.includes("123456789") || p.message.includes("123450001")));
  // A production file (TestCd P), or a transmitter profile given in TestCd P: no test-TIN rule.
  assert.equal(checkFire(writeFire(fileInput(forms, { test: false }))).problems, []);
  assert.equal(
    checkFire(writeFire(fileInput(forms)), { transmitter: { test: false, softwareIdFor: () => undefined } })
      .problems,
    [],
  );
});

test("checkFire: a rule the IRS reports without rejecting is a warning, not a problem (S1H001); strict refuses it", () => {
  const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
  const short = payer({ phone: "5550100" });
  const bytes = writeFire(fileInput([irsInput(nec, short), irsInput(nec, short)]));
  const r = checkFire(bytes);
  assert.equal(r.problems, []);
  assert.is(r.checked, 2);
  // A payer rule once per A record, not once per form of the payer.
  assert.equal(
    r.warnings.map((w) => [w.code, w.severity, w.record, w.recordType, w.field, w.position]),
    [["S1H001", "Report Error", 2, "A", "PayerTelephoneNumber", 225]],
  );
  const strict = checkFire(bytes, { strict: true });
  assert.equal(
    strict.problems.map((p) => [p.code, p.record]),
    [["S1H001", 2]],
  );
  assert.equal(strict.warnings, []);
  assert.is(strict.checked, 0);
});

test("fireToIris: one transmission per payer, submissions per form, records per B record, the T record as transmitter", () => {
  const r = fireToIris(writeFire(fileInput(allForms())), opts);
  if (!r.ok) throw new Error(JSON.stringify(r.problems.slice(0, 5)));
  assert.is(r.files.length, 2);
  assert.equal(
    r.files.map((f) => [f.payer.name, f.payer.tinLast4, f.records]),
    [
      ["FIRST PAYER INC", "6780", 16],
      ["SECOND PAYER LLC", "6780", 16],
    ],
  );
  assert.match(r.files[0]!.name, /^payer-01-6780-original-1\.xml$/);
  const root = parseXml(r.files[0]!.xml);
  const manifest = childNamed(root, "IRTransmissionManifest")!;
  assert.is(childText(manifest, "TaxYr"), "2025");
  assert.is(childText(manifest, "TestCd"), "T");
  assert.is(childText(childNamed(manifest, "TransmitterGrp")!, "TransmitterControlCd"), "TST01");
  assert.is(childText(manifest, "SoftwareId"), "25A0000001");
  assert.is(childrenNamed(root, "IRSubmission1Grp").length, 16);
});

test("fireToIris: wrong tax year, corrections and a foreign payer without a country are reported", () => {
  const bytes = writeFire(fileInput(allForms()));
  const y = fireToIris(bytes, { ...opts, taxYear: 2026 });
  assert.not.ok(y.ok);
  if (!y.ok)
    assert.equal(
      [y.problems[0]!.record, y.problems[0]!.field, y.problems[0]!.position],
      [1, "PaymentYear", 2],
    );
  const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
  const withG = [
    irsInput(nec, payer()),
    { ...irsInput(nec, payer()), corrected: "G" as const, accountNumber: "G-1" },
  ];
  const g = fireToIris(writeFire(fileInput(withG)), opts);
  assert.ok(g.ok);
  if (g.ok) {
    assert.is(g.files[0]!.records, 1);
    assert.ok(
      g.notes.some((n) => n.startsWith("1 correction(s)")),
      JSON.stringify(g.notes),
    );
  }
  const foreign = payer({ foreign: true, city: "SOMEWHERE 123", state: "", postalCode: "" });
  const f = fireToIris(writeFire(fileInput([irsInput(nec, foreign)])), opts);
  assert.not.ok(f.ok);
  if (!f.ok)
    assert.equal(
      [f.problems[0]!.record, f.problems[0]!.recordType, f.problems[0]!.field, f.problems[0]!.position],
      [2, "A", "PayerCity", 174],
    );
  const noId = fireToIris(bytes, { ...opts, softwareId: "" });
  assert.not.ok(noId.ok);
});

const haveXmllint = spawnSync("xmllint", ["--version"]).status === 0 && existsSync(XSD);
(haveXmllint ? test : test.skip)(
  "xmllint: every form Pub 1220 lays out, converted from FIRE, validates against the IRS XSD",
  () => {
    const r = fireToIris(writeFire(fileInput(allForms())), opts);
    if (!r.ok) throw new Error(JSON.stringify(r.problems.slice(0, 5)));
    const dir = mkdtempSync(join(tmpdir(), "fire-iris-"));
    try {
      for (const f of r.files) {
        const path = join(dir, f.name);
        writeFileSync(path, f.xml);
        const v = spawnSync("xmllint", ["--noout", "--schema", XSD, path], { encoding: "utf8" });
        assert.is(v.status, 0, `${f.name}: ${v.stderr}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test.run();
