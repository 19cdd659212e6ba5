// `npm run cli -- fire validate FILE` and `npm run cli -- fire to-iris FILE --tax-year YYYY [--out DIR]`: offline
// tools for filers moving from FIRE to IRIS. No server, no database, no configuration: the file is read, checked
// as the import checks it (the Pub 1220 layout, the form catalogue and the IRS business rules intake runs), and
// (to-iris) written as IRIS A2A transmissions, one per payer, plus a summary.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { checkFire, fireToIris, type FireLocatedProblem } from "../../core/domain/fire/index.ts";
import { argumentError } from "./usage.ts";

export const FIRE_USAGE = `  fire validate FILE [--strict] [--json]
              check a Pub 1220 (FIRE) file as the import does (layout, forms, IRS business rules);
              exit status 1 when it has errors; warnings (IRS Report Error rules: the IRS accepts the form
              with errors) are printed apart and fail it only with --strict
  fire to-iris FILE --tax-year YYYY [--out DIR] [--software-id ID] [--strict] [--json]
              convert it to IRIS A2A transmission XML, one file per payer, plus summary.json (default DIR: ./iris-out);
              forms with warnings are written too, unless --strict`;

const USAGE = `Usage: npm run cli -- fire <command>\n\n${FIRE_USAGE}\n\nFILE is at most 12 MB. Problems name the record, its type, the Pub 1220 field and position, and the IRS rule a
record breaks. A test file (T record position 28) becomes IRIS TestCd T, where the IRS wants test TINs (000...).`;

const MAX_BYTES = 12 * 1024 * 1024;

function megabytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}
/** Printed problems (all of them go to --json and summary files). */
const SHOWN = 50;

function where(p: FireLocatedProblem): string {
  const pos = p.position !== undefined ? ` position ${p.position}` : "";
  return p.record > 0 ? `record ${p.record} (${p.recordType}) ${p.field}${pos}` : p.field;
}

function printProblems(problems: readonly FireLocatedProblem[], prefix = ""): void {
  for (const p of problems.slice(0, SHOWN)) console.log(`${prefix}${where(p)}: ${p.message}`);
  if (problems.length > SHOWN)
    console.log(`${prefix}... and ${problems.length - SHOWN} more (--json lists them all)`);
}

/** Issue 41: the findings a file is accepted with, printed apart from its errors. */
function printWarnings(warnings: readonly FireLocatedProblem[]): void {
  if (warnings.length === 0) return;
  console.log(
    `${warnings.length} warning(s): the IRS accepts these forms and reports the errors (accepted_with_errors); --strict refuses them.`,
  );
  printProblems(warnings, "warning: ");
}

function read(file: string | undefined): Uint8Array | string {
  if (!file) return "FILE is required.";
  if (!existsSync(file) || !statSync(file).isFile()) return `No such file: ${file}`;
  if (statSync(file).size > MAX_BYTES) return `${file} is larger than 12 MB, the FIRE file limit.`;
  return new Uint8Array(readFileSync(file));
}

/**
 * Where progress lines go while a long command runs: stderr when it is a terminal (so scripts reading stdout, or
 * --json, see nothing of it); tests pass their own.
 */
export type Progress = ((line: string) => void) | null;
const terminalProgress: Progress = process.stderr.isTTY
  ? (line) => {
      process.stderr.write(`${line}\n`);
    }
  : null;

export async function fireCommand(
  argv: readonly string[],
  progress: Progress = terminalProgress,
): Promise<number> {
  let values: {
    "tax-year"?: string;
    out?: string;
    "software-id"?: string;
    strict?: boolean;
    json?: boolean;
    help?: boolean;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        "tax-year": { type: "string" },
        out: { type: "string" },
        "software-id": { type: "string" },
        strict: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    console.error(`${argumentError(e) ?? (e instanceof Error ? e.message : String(e))}\n\n${USAGE}`);
    return 2;
  }
  const [command, file, ...extra] = positionals;
  if (values.help || command === undefined) {
    console.log(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (extra.length > 0) {
    console.error(`Unexpected arguments: ${extra.join(" ")}\n\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const cpuMs = () => {
    const c = process.cpuUsage(cpu0);
    return Math.round((c.user + c.system) / 1000);
  };

  if (command === "validate") {
    const bytes = read(file);
    if (typeof bytes === "string") {
      console.error(bytes);
      return 2;
    }
    progress?.(`Checking ${file} (${megabytes(bytes.length)})…`);
    const strict = values.strict === true;
    const check = checkFire(bytes, { keepForms: false, strict });
    const ms = Math.round(performance.now() - started);
    if (values.json) {
      console.log(
        JSON.stringify({
          object: "fire_validation",
          file,
          bytes: bytes.length,
          rows: check.parsed?.rows ?? 0,
          forms: check.checked,
          strict,
          problems: check.problems,
          warnings: check.warnings,
          notes: check.notes,
          ms,
          cpu_ms: cpuMs(),
        }),
      );
    } else if (check.problems.length > 0) {
      console.log(
        `${file}: ${check.problems.length} problem(s); nothing in it can be imported until they are fixed.`,
      );
      printProblems(check.problems);
      printWarnings(check.warnings);
    } else {
      console.log(
        `${file}: valid${check.warnings.length > 0 ? ", with warnings" : ""}. ${check.parsed?.rows ?? 0} B record(s), ${check.checked} form(s) for tax year ${check.parsed?.taxYear ?? ""}${check.parsed?.test ? " (test file)" : ""}; checked in ${ms} ms.`,
      );
      printWarnings(check.warnings);
      for (const n of check.notes) console.log(`note: ${n}`);
    }
    return check.problems.length > 0 ? 1 : 0;
  }

  if (command === "to-iris") {
    const bytes = read(file);
    if (typeof bytes === "string") {
      console.error(bytes);
      return 2;
    }
    if (!values["tax-year"] || !/^\d{4}$/.test(values["tax-year"])) {
      console.error(`--tax-year YYYY is required.\n\n${USAGE}`);
      return 2;
    }
    const out = values.out ?? "iris-out";
    // IRIS requires the software id the IRS assigns after communication testing; FIRE files carry none.
    const softwareId = values["software-id"] ?? "00000000";
    // Each file is written as soon as it is built; a problem found while building removes what was written.
    const written: string[] = [];
    progress?.(`Converting ${file} (${megabytes(bytes.length)}) for tax year ${values["tax-year"]}…`);
    const result = fireToIris(bytes, {
      taxYear: Number(values["tax-year"]),
      softwareId,
      newTransmissionId: randomUUID,
      strict: values.strict === true,
      onFile: (f) => {
        if (written.length === 0) mkdirSync(out, { recursive: true });
        writeFileSync(join(out, f.name), f.xml);
        written.push(join(out, f.name));
        progress?.(
          `  [${written.length}] ${join(out, f.name)}: ${f.records} form(s), ${Math.round(performance.now() - started)} ms`,
        );
      },
    });
    const ms = Math.round(performance.now() - started);
    if (!result.ok) {
      for (const w of written) rmSync(w, { force: true });
      if (values.json)
        console.log(
          JSON.stringify({
            object: "fire_to_iris",
            file,
            ok: false,
            problems: result.problems,
            warnings: result.warnings,
            notes: result.notes,
            ms,
          }),
        );
      else {
        console.log(`${file}: ${result.problems.length} problem(s); no IRIS files written.`);
        printProblems(result.problems);
        printWarnings(result.warnings);
      }
      return 1;
    }
    mkdirSync(out, { recursive: true });
    const summary = {
      object: "fire_to_iris",
      file,
      tax_year: result.taxYear,
      test_file: result.test,
      rows: result.rows,
      software_id: softwareId,
      files: result.files.map((f) => ({
        name: f.name,
        unique_transmission_id: f.uniqueTransmissionId,
        payer: f.payer.name,
        payer_tin_last4: f.payer.tinLast4,
        a_records: f.payer.aRecords,
        records: f.records,
        forms: f.forms,
      })),
      warnings: result.warnings,
      notes: result.notes,
      ms,
      cpu_ms: cpuMs(),
    };
    writeFileSync(join(out, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    if (values.json) {
      console.log(JSON.stringify(summary));
      return 0;
    }
    const records = result.files.reduce((n, f) => n + f.records, 0);
    console.log(
      `${file}: ${records} form(s) of ${result.files.length === 0 ? 0 : new Set(result.files.map((f) => f.payer.tinLast4 + f.payer.name)).size} payer(s) written as ${result.files.length} IRIS transmission(s) to ${out}/ in ${ms} ms.`,
    );
    for (const f of result.files)
      console.log(
        `  ${f.name}  ${f.payer.name} (TIN ending ${f.payer.tinLast4}): ${Object.entries(f.forms)
          .map(([k, v]) => `${v} ${k}`)
          .join(", ")}`,
      );
    if (values["software-id"] === undefined)
      console.log(
        "  SoftwareId is 00000000: pass --software-id with the id the IRS assigned to your software before transmitting.",
      );
    if (result.test) console.log("  The FIRE file is a test file: the transmissions carry TestCd T.");
    printWarnings(result.warnings);
    for (const n of result.notes) console.log(`note: ${n}`);
    return 0;
  }

  console.error(`Unknown command "fire ${command}".\n\n${USAGE}`);
  return 2;
}
