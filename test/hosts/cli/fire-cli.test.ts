// `npm run cli -- fire validate|to-iris` as processes: no database or configuration needed, exit statuses, located
// problems, the files written.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FORM_SPECS, writeFire } from "../../../core/domain/fire/index.ts";
import { fileInput, irsValidInput, payer, recipient, validInput } from "../../core/domain/fire/helpers.ts";
import { nodeArgs } from "../../support/node-entry.ts";

const root = join(import.meta.dirname, "../../..");
const dir = mkdtempSync(join(tmpdir(), "fire-cli-"));

function cli(args: string[]) {
  // No DATABASE_URL, DATA_DIR or keys: the fire commands must not need them.
  const env = { PATH: process.env["PATH"] ?? "", HOME: dir };
  const r = spawnSync(process.execPath, [...nodeArgs("hosts/cli/entry.ts"), ...args], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
const misc = FORM_SPECS.find((s) => s.form === "1099-MISC")!;
// A test file (IRIS TestCd T): test TINs starting 000 for the payer and the recipients (SMF027, SHAREDIRFORM021).
const testPayer = payer({ tin: "000456789" });
const testRecipient = recipient({ tin: "000450001" });
/** A form within the layout, the catalogue and the IRS business rules. */
const irsForm = (spec: typeof nec) => ({ ...irsValidInput(spec, testPayer), recipient: testRecipient });
const good = join(dir, "good.txt");
writeFileSync(
  good,
  writeFire(
    fileInput([
      irsForm(nec),
      { ...irsForm(FORM_SPECS.find((s) => s.form === "1099-R")!), accountNumber: "R-1" },
    ]),
  ),
);
// Passes the layout and the catalogue, breaks IRS rule SHAREDIRFORM018 (Reject): the FATCA filing requirement
// box checked without the payee's account number, on the second B record (record 4).
const fatca = join(dir, "fatca.txt");
writeFileSync(
  fatca,
  writeFire(
    fileInput([
      irsForm(misc),
      {
        ...irsForm(misc),
        indicators: { ...irsForm(misc).indicators, FATCAFilingRequirementInd: true },
        accountNumber: "",
      },
    ]),
    { lineEnding: "lf" },
  ),
);
const bad = join(dir, "bad.txt");
const badBytes = writeFire(fileInput([validInput(nec, payer())]), { lineEnding: "lf" });
badBytes[751 * 2 + 60] = "X".charCodeAt(0);
writeFileSync(bad, badBytes);

test("fire validate: a valid file exits 0 and says what it holds", () => {
  const r = cli(["fire", "validate", good]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /valid\. 2 B record\(s\), 2 form\(s\) for tax year 2025 \(test file\)/);
});

test("fire validate: problems exit 1, each with record, type, field and position; --json lists them", () => {
  const r = cli(["fire", "validate", bad]);
  assert.is(r.code, 1);
  assert.match(r.stdout, /1 problem\(s\)/);
  assert.match(r.stdout, /record 3 \(B\) PaymentAmount1 position 55: payment amount 1 must be 12 digits/);
  const j = JSON.parse(cli(["fire", "validate", bad, "--json"]).stdout) as {
    problems: Array<{ record: number; field: string; position: number }>;
  };
  assert.equal(
    [j.problems[0]!.record, j.problems[0]!.field, j.problems[0]!.position],
    [3, "PaymentAmount1", 55],
  );
});

test("fire validate: a record breaking an IRS business rule exits 1, located and citing the rule", () => {
  const r = cli(["fire", "validate", fatca]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /1 problem\(s\)/);
  assert.match(
    r.stdout,
    /record 4 \(B\) PayerAccountNumberForPayee position 21: IRS rule SHAREDIRFORM018 \(Reject\): If 'FATCAFilingRequirementInd' equals a value of "1", then 'RecipientAccountNum' must have a value\./,
  );
  const j = JSON.parse(cli(["fire", "validate", fatca, "--json"]).stdout) as {
    forms: number;
    problems: Array<{ record: number; recordType: string; field: string; position: number; code: string }>;
  };
  assert.equal(
    j.problems.map((p) => [p.code, p.record, p.recordType, p.field, p.position]),
    [["SHAREDIRFORM018", 4, "B", "PayerAccountNumberForPayee", 21]],
  );
  assert.is(j.forms, 1);
});

test("fire to-iris: a file breaking an IRS business rule is refused, nothing written", () => {
  const out = join(dir, "fatca-out");
  const r = cli([
    "fire",
    "to-iris",
    fatca,
    "--tax-year",
    "2025",
    "--out",
    out,
    "--software-id",
    "25A0000001",
  ]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /1 problem\(s\); no IRIS files written\./);
  assert.match(r.stdout, /record 4 \(B\) PayerAccountNumberForPayee position 21: IRS rule SHAREDIRFORM018/);
  assert.not.ok(existsSync(out), "nothing written");
  const j = JSON.parse(
    cli(["fire", "to-iris", fatca, "--tax-year", "2025", "--out", out, "--json"]).stdout,
  ) as { ok: boolean; problems: Array<{ code: string; record: number }> };
  assert.is(j.ok, false);
  assert.equal(
    j.problems.map((p) => [p.code, p.record]),
    [["SHAREDIRFORM018", 4]],
  );
  assert.not.ok(existsSync(out), "nothing written");
});

test("fire to-iris: one XML file per payer and summary.json; nothing written when the file has problems", () => {
  const out = join(dir, "iris");
  const r = cli(["fire", "to-iris", good, "--tax-year", "2025", "--out", out, "--software-id", "25A0000001"]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const files = readdirSync(out).sort();
  assert.equal(files, ["payer-01-6789-original-1.xml", "summary.json"]);
  const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as {
    files: Array<{ records: number; forms: Record<string, number> }>;
    tax_year: number;
  };
  assert.is(summary.tax_year, 2025);
  assert.equal(summary.files[0]!.forms, { "1099-NEC": 1, "1099-R": 1 });
  assert.match(readFileSync(join(out, files[0]!), "utf8"), /<SoftwareId>25A0000001<\/SoftwareId>/);
  assert.match(r.stdout, /2 form\(s\) of 1 payer\(s\) written as 1 IRIS transmission\(s\)/);

  const out2 = join(dir, "none");
  const b = cli(["fire", "to-iris", bad, "--tax-year", "2025", "--out", out2]);
  assert.is(b.code, 1);
  assert.not.ok(existsSync(out2), "nothing written");
  const y = cli(["fire", "to-iris", good, "--tax-year", "2026", "--out", out2]);
  assert.is(y.code, 1);
  assert.match(y.stdout, /record 1 \(T\) PaymentYear position 2: the file is for tax year 2025/);
});

// Issue 41: a record breaking only a Report Error rule (F1099NEC001, withholding above the other amounts): record 4.
const warned = join(dir, "warned.txt");
writeFileSync(
  warned,
  writeFire(
    fileInput([
      irsForm(nec),
      {
        ...irsForm(nec),
        accountNumber: "W-1",
        recipient: recipient({ tin: "000450002" }),
        amountsByCode: { "1": 100_00, "4": 900_00 },
      },
    ]),
  ),
);

test("fire validate: warnings are printed apart and exit 0; --strict fails on them (issue 41)", () => {
  const r = cli(["fire", "validate", warned]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /valid, with warnings\. 2 B record\(s\), 2 form\(s\)/);
  assert.match(r.stdout, /1 warning\(s\): the IRS accepts these forms/);
  assert.match(
    r.stdout,
    /warning: record 4 \(B\) PaymentAmount4 position \d+: IRS rule F1099NEC001 \(Report Error and Reject if over Threshold\)/,
  );
  const j = JSON.parse(cli(["fire", "validate", warned, "--json"]).stdout) as {
    problems: unknown[];
    warnings: Array<{ code: string; severity: string; record: number; field: string }>;
  };
  assert.equal(j.problems, []);
  assert.equal(
    j.warnings.map((w) => [w.code, w.severity, w.record, w.field]),
    [["F1099NEC001", "Report Error and Reject if over Threshold", 4, "PaymentAmount4"]],
  );
  const strict = cli(["fire", "validate", warned, "--strict"]);
  assert.is(strict.code, 1, strict.stdout);
  assert.match(strict.stdout, /1 problem\(s\)/);
  assert.match(strict.stdout, /record 4 \(B\) PaymentAmount4 position \d+: IRS rule F1099NEC001/);
});

test("fire to-iris: a file with only warnings is written, warnings in summary.json; --strict writes nothing", () => {
  const out = join(dir, "warned-out");
  const r = cli([
    "fire",
    "to-iris",
    warned,
    "--tax-year",
    "2025",
    "--out",
    out,
    "--software-id",
    "25A0000001",
  ]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /2 form\(s\) of 1 payer\(s\)/);
  assert.match(r.stdout, /warning: record 4 \(B\)/);
  const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as {
    warnings: Array<{ code: string }>;
  };
  assert.equal(
    summary.warnings.map((w) => w.code),
    ["F1099NEC001"],
  );
  const xml = readdirSync(out).filter((f) => f.endsWith(".xml"));
  assert.ok(xml.length >= 1);
  assert.match(readFileSync(join(out, xml[0]!), "utf8"), /<FederalIncomeTaxWithheldAmt>900\.00</);
  const none = join(dir, "warned-strict");
  const strict = cli(["fire", "to-iris", warned, "--tax-year", "2025", "--out", none, "--strict"]);
  assert.is(strict.code, 1, strict.stdout);
  assert.not.ok(existsSync(none), "nothing written");
});

test("usage: missing file or tax year, unknown command: exit 2", () => {
  assert.is(cli(["fire", "validate"]).code, 2);
  assert.is(cli(["fire", "validate", join(dir, "nope.txt")]).code, 2);
  assert.is(cli(["fire", "to-iris", good]).code, 2);
  assert.is(cli(["fire", "frobnicate", good]).code, 2);
  assert.match(cli(["fire", "--help"]).stdout, /fire to-iris FILE --tax-year YYYY/);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
