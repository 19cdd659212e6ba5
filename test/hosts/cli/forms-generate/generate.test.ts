// `npm run forms:generate`: the catalogue, package and business rules are generated from the IRS package itself
// (XSDs and spreadsheets), a TY2026 package would be imported beside TY2025's, and until then 2026 files on 2025's.
// @test-runs-under-tsx: the generator imports the generated TypeScript packages back by path (test/run.ts).
import { cpSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { renderIndexSource, yearPackages } from "../../../../core/domain/forms/generate.ts";
import { getFormDefinition, listForms, schemaPackageFor } from "../../../../core/domain/forms/index.ts";
import {
  INDEX_FILE,
  PACKAGES_DIR,
  RULES_FILE,
  UsageError,
  generateFiles,
} from "../../../../hosts/cli/forms-generate/main.ts";
import { readSheetRows } from "../../../../hosts/cli/forms-generate/xlsx.ts";
import { extractPackage } from "../../../../hosts/cli/forms-generate/xsd.ts";
import { IRIS_ELEMENTS, RULE_SHEETS, unpackTy2025 } from "../../../support/iris-package.ts";

// The IRS TY2025 package, laid out as the IRS ships it from what the repository holds of it (the emulator's XSDs,
// the spreadsheets and samples under fixtures/iris), in a folder of its own for the run.
const TY2025 = unpackTy2025(mkdtempSync(join(tmpdir(), "iris-ty2025-")));
test.after(() => rmSync(TY2025, { recursive: true, force: true }));

function xsdFiles(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const n of readdirSync(dir, { withFileTypes: true })) {
      if (n.isDirectory()) walk(join(dir, n.name), `${rel}${n.name}/`);
      else if (n.name.endsWith(".xsd")) out[`${rel}${n.name}`] = readFileSync(join(dir, n.name), "utf8");
    }
  };
  walk(root, "");
  return out;
}

test("the committed package, index and business rules are what forms:generate writes from the IRS TY2025 package", async () => {
  const files = await generateFiles({ schemas: TY2025, taxYear: 2025 });
  assert.equal(
    [...files.keys()].sort(),
    [INDEX_FILE, join(PACKAGES_DIR, "iris-ty2025-v1.2.generated.ts"), RULES_FILE].sort(),
  );
  for (const [path, content] of files) {
    assert.ok(
      readFileSync(path, "utf8") === content,
      `${path} is stale: run npm run forms:generate -- --schemas <IRS package> --tax-year 2025`,
    );
  }
});

test("the XSD reader gives the same elements as the IRIS element extract, for every form and common type", () => {
  const x = extractPackage(xsdFiles(TY2025), "test") as unknown as Record<
    string,
    { elementDetails: Array<Record<string, string>>; elements?: unknown }
  >;
  const j = JSON.parse(readFileSync(IRIS_ELEMENTS, "utf8")) as Record<
    string,
    { elementDetails?: Array<Record<string, string>> }
  >;
  const norm = (e: Record<string, string>) =>
    JSON.stringify([
      e["path"],
      e["type"],
      e["minOccurs"],
      e["maxOccurs"],
      e["box"],
      e["description"]?.replace(/\s+/g, " ").trim(),
      e["fixed"],
    ]);
  let forms = 0;
  for (const [code, f] of Object.entries(j)) {
    if (code.startsWith("_") || !f.elementDetails || code === "8809") continue;
    forms++;
    assert.ok(x[code], code);
    assert.equal(x[code]!.elementDetails.map(norm), f.elementDetails.map(norm), code);
  }
  assert.ok(forms >= 36, `${forms} forms compared`);
  const x2 = x as unknown as { _countries: Record<string, string>; _schemaVersionNum: string };
  assert.is(x2._schemaVersionNum, "2.0.3");
  assert.is(x2._countries["GM"], "Germany");
  assert.is(x2._countries["CA"], "Canada");
});

test("the business-rule spreadsheets are read cell by cell", () => {
  const rows = readSheetRows(
    new Uint8Array(readFileSync(join(RULE_SHEETS, "IRIS Business Rules Submission 1 TY2025 - v1.2.xlsx"))),
  );
  assert.equal(
    rows[0]?.map((h) => h.trim()),
    ["Rule Number", "Business Rule Text", "Error Category", "Severity", "Status"],
  );
  assert.equal(rows[1], [
    "S1H001",
    "'PhoneNum' in 'IssuerDetail' must have a value.",
    "Missing Data",
    "Report Error",
    "Active",
  ]);
});

test("importing a TY2026 package: its own package file, 2026 served by it, 2025 unchanged, rules from the newer package", async () => {
  const dir = mkdtempSync(join(tmpdir(), "iris-ty2026-"));
  try {
    cpSync(TY2025, dir, { recursive: true });
    renameSync(join(dir, "IRIS A2A INTAKE XML LIBRARY 2025"), join(dir, "IRIS A2A INTAKE XML LIBRARY 2026"));
    renameSync(join(dir, "IRIS Form Rules TY2025 v1.2"), join(dir, "IRIS Form Rules TY2026 v1.0"));
    const files = await generateFiles({ schemas: dir, taxYear: 2026 });
    const pkg = files.get(join(PACKAGES_DIR, "iris-ty2026-v1.0.generated.ts"));
    assert.ok(pkg?.includes("export const IRIS_TY2026_V1_0: RawSchemaPackage"));
    assert.ok(pkg?.includes("taxYear: 2026,"));
    const index = files.get(INDEX_FILE) ?? "";
    assert.match(index, /2025: IRIS_TY2025_V1_2,\n {2}2026: IRIS_TY2026_V1_0,/);
    assert.ok(files.get(RULES_FILE)?.includes("TY2026 v1.0"));
    // A package older than the newest one leaves the rules table alone.
    const older = await generateFiles({ schemas: TY2025, taxYear: 2025 });
    assert.ok(older.has(RULES_FILE), "TY2025 is the newest package committed today");
    await generateFiles({ schemas: dir, taxYear: 2025 }).then(
      () => assert.unreachable("a TY2026 package is not a TY2025 one"),
      (e: unknown) => {
        assert.instance(e, UsageError);
        assert.match((e as Error).message, /TY2026 package, not TY2025/);
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a tax year without its own package is served by the newest earlier one", () => {
  const p25 = { id: "iris-ty2025-v1.2", taxYear: 2025 };
  const p26 = { id: "iris-ty2026-v1.0", taxYear: 2026 };
  assert.equal(
    [...yearPackages([p25], [2025, 2026])],
    [
      [2025, p25],
      [2026, p25],
    ],
  );
  assert.equal(
    [...yearPackages([p26, p25], [2026, 2025, 2027])],
    [
      [2025, p25],
      [2026, p26],
      [2027, p26],
    ],
  );
  assert.equal(
    [...yearPackages([p26], [2025, 2026])],
    [[2026, p26]],
    "no package serves a year before the oldest",
  );
  assert.match(renderIndexSource([p25], [2025, 2026]), /2026: IRIS_TY2025_V1_2/);
});

test("the catalogue knows which package and SchemaVersionNum serve each year; TY2026 forms say they use TY2025's", () => {
  assert.equal(schemaPackageFor(2025), {
    id: "iris-ty2025-v1.2",
    description: "IRIS A2A schema and business rules TY2025 v1.2 (SchemaVersionNum fixed 2.0.3)",
    taxYear: 2025,
    schemaVersionNum: "2.0.3",
  });
  assert.is(schemaPackageFor(2026)?.taxYear, 2025);
  assert.is(schemaPackageFor(2024), undefined);
  assert.is(getFormDefinition("1099-NEC", 2026)?.schemaTaxYear, 2025);
  for (const f of listForms()) assert.equal(f.schema_tax_year, { "2025": 2025, "2026": 2025 }, f.form);
});

test("usage errors: no such folder, no XSDs in it", async () => {
  const empty = mkdtempSync(join(tmpdir(), "iris-none-"));
  try {
    for (const schemas of ["/nonexistent/irs", empty]) {
      await generateFiles({ schemas, taxYear: 2026 }).then(
        () => assert.unreachable(schemas),
        (e: unknown) => assert.instance(e, UsageError),
      );
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test.run();
