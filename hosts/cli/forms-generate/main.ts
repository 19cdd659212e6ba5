// `npm run forms:generate -- --schemas DIR --tax-year YYYY [--package-id ID] [--check]`: imports an IRS IRIS schema
// package (the A2A XSD library and, when present, the business-rule spreadsheets) into the form catalogue. Writes
// core/domain/forms/packages/<id>.generated.ts, rewrites core/domain/forms/catalogue.generated.ts (which package
// serves each tax year) and, for the newest package, core/domain/iris/business-rules.generated.ts. `--check`
// writes nothing and exits 1 when a committed file differs. Step list: docs/schema-packages.md.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  buildPackage,
  packageFileName,
  renderIndexSource,
  renderPackageSource,
  type PackageSource,
} from "../../../core/domain/forms/generate.ts";
import type { RawSchemaPackage } from "../../../core/domain/forms/model.ts";
import { renderRules, ruleRows, type RuleRow } from "./rules.ts";
import { readSheetRows } from "./xlsx.ts";
import { extractPackage } from "./xsd.ts";
import { argumentError } from "../usage.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..");
export const FORMS_DIR = join(ROOT, "core", "domain", "forms");
export const PACKAGES_DIR = join(FORMS_DIR, "packages");
export const INDEX_FILE = join(FORMS_DIR, "catalogue.generated.ts");
export const RULES_FILE = join(ROOT, "core", "domain", "iris", "business-rules.generated.ts");

export class UsageError extends Error {}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

export interface GenerateOptions {
  /** The IRS package as unpacked: a folder holding "IRIS A2A INTAKE XML LIBRARY <year>" (and the rules folder). */
  readonly schemas: string;
  readonly taxYear: number;
  readonly packageId?: string;
}

/** Every file the import writes, by absolute path, with its content. */
export async function generateFiles(opts: GenerateOptions): Promise<Map<string, string>> {
  if (!existsSync(opts.schemas) || !statSync(opts.schemas).isDirectory())
    throw new UsageError(`--schemas ${opts.schemas} is not a folder.`);
  if (!Number.isInteger(opts.taxYear) || opts.taxYear < 2000 || opts.taxYear > 2100)
    throw new UsageError("--tax-year must be a four-digit year.");
  const all = walk(opts.schemas);
  const xsds: Record<string, string> = {};
  for (const f of all) if (f.endsWith(".xsd")) xsds[relative(opts.schemas, f)] = readFileSync(f, "utf8");
  if (!Object.keys(xsds).some((p) => /(^|\/)FORM_TYPES\//.test(p))) {
    throw new UsageError(
      `No FORM_TYPES/*.xsd under ${opts.schemas}: point --schemas at the unpacked IRS package (the folder holding "IRIS A2A INTAKE XML LIBRARY ...").`,
    );
  }
  // The package names its year and version in its folder names: "IRIS A2A INTAKE XML LIBRARY 2025", "IRIS Form Rules TY2025 v1.2".
  const names = all.map((f) => relative(opts.schemas, f)).join("\n");
  const libraryYear = /IRIS A2A INTAKE XML LIBRARY (\d{4})/i.exec(names)?.[1];
  const rulesTag = /TY(\d{4})\s*-?\s*v(\d+(?:\.\d+)*)/i.exec(names);
  const declared = Number(libraryYear ?? rulesTag?.[1] ?? opts.taxYear);
  if (declared !== opts.taxYear)
    throw new UsageError(
      `The package in ${opts.schemas} is the IRS's TY${declared} package, not TY${opts.taxYear}.`,
    );
  const version = rulesTag?.[2];
  const id = opts.packageId ?? `iris-ty${opts.taxYear}${version ? `-v${version}` : ""}`;
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(id))
    throw new UsageError("--package-id takes lower-case letters, digits, dots and hyphens.");

  const extract = extractPackage(xsds, "");
  const description = `IRIS A2A schema and business rules TY${opts.taxYear}${version ? ` v${version}` : ""} (SchemaVersionNum fixed ${extract._schemaVersionNum})`;
  extract._meta.schemaPackage = description;
  const pkg = buildPackage(extract, { id, taxYear: opts.taxYear });
  const out = new Map<string, string>();
  out.set(join(PACKAGES_DIR, packageFileName(id)), renderPackageSource(pkg));

  // Packages already imported, and the tax years the catalogue serves today.
  const packages: PackageSource[] = [{ id, taxYear: opts.taxYear }];
  if (existsSync(PACKAGES_DIR)) {
    for (const f of readdirSync(PACKAGES_DIR)
      .filter((n) => n.endsWith(".generated.ts"))
      .sort()) {
      if (f === packageFileName(id)) continue;
      const mod = (await import(pathToFileURL(join(PACKAGES_DIR, f)).href)) as Record<
        string,
        RawSchemaPackage
      >;
      for (const p of Object.values(mod))
        if (typeof p === "object" && p !== null && "taxYear" in p)
          packages.push({ id: p.id, taxYear: p.taxYear });
    }
  }
  let years: number[] = [];
  if (existsSync(INDEX_FILE)) {
    try {
      const index = (await import(pathToFileURL(INDEX_FILE).href)) as {
        TAX_YEAR_PACKAGES?: Record<number, unknown>;
      };
      years = Object.keys(index.TAX_YEAR_PACKAGES ?? {}).map(Number);
    } catch {
      years = [];
    }
  }
  out.set(INDEX_FILE, renderIndexSource(packages, [...years, opts.taxYear]));

  // The business rules follow the newest package.
  const sheets = all
    .filter((f) => f.endsWith(".xlsx") && /Rules/i.test(basename(f)))
    .sort((a, b) => (basename(a) < basename(b) ? -1 : 1));
  if (sheets.length > 0 && packages.every((p) => p.taxYear <= opts.taxYear)) {
    const rules: Array<{ sheet: string; rules: RuleRow[] }> = sheets.map((f) => ({
      sheet: basename(f).replace(/\.xlsx$/i, ""),
      rules: ruleRows(readSheetRows(new Uint8Array(readFileSync(f)))),
    }));
    out.set(RULES_FILE, renderRules(rules, description));
  }
  return out;
}

const USAGE = `Usage: npm run forms:generate -- --schemas DIR --tax-year YYYY [--package-id ID] [--check]

  --schemas DIR     the IRS IRIS schema package, unpacked (holds "IRIS A2A INTAKE XML LIBRARY <year>")
  --tax-year YYYY   the tax year the package is for
  --package-id ID   catalogue id of the package (default iris-ty<year>-v<version>)
  --check           write nothing; exit 1 when a committed file differs from what would be written`;

/** Progress of the long import on stderr, when it is a terminal. */
const progress = process.stderr.isTTY
  ? (line: string) => {
      process.stderr.write(`${line}\n`);
    }
  : null;

/** The command; its exit status. A bad flag prints one line and the usage (exit 2). */
export async function formsGenerate(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        schemas: { type: "string" },
        "tax-year": { type: "string" },
        "package-id": { type: "string" },
        check: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    const line = argumentError(e);
    if (line === null) throw e;
    console.error(`${line}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.schemas || !values["tax-year"]) {
    console.error(USAGE);
    return 2;
  }
  try {
    const started = performance.now();
    progress?.(
      `Reading the IRS schema package in ${values.schemas} (XSD library and business-rule spreadsheets)…`,
    );
    const files = await generateFiles({
      schemas: values.schemas,
      taxYear: Number(values["tax-year"]),
      ...(values["package-id"] ? { packageId: values["package-id"] } : {}),
    });
    progress?.(`Built ${files.size} file(s) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    let differs = 0;
    for (const [path, content] of files) {
      const same = existsSync(path) && readFileSync(path, "utf8") === content;
      if (values.check) {
        if (!same) {
          differs++;
          console.log(`differs: ${relative(ROOT, path)}`);
        }
      } else if (!same) {
        writeFileSync(path, content);
        console.log(`wrote ${relative(ROOT, path)}`);
      } else {
        console.log(`unchanged ${relative(ROOT, path)}`);
      }
    }
    return differs > 0 ? 1 : 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  formsGenerate(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
      process.exit(1);
    },
  );
}
