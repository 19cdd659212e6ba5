// Issue 40 item 4: the CP2100/972CG list of a payer's incorrect name/TIN combinations (read by uploadCp2100 in
// core/use-cases/parties/b-notices.ts), as CSV (the fallback format: name, TIN, account number, tax year; a
// header row first). The whole file is checked before anything is used: broken UTF-8, a missing or unknown column, a
// TIN that is not 9 digits, a tax year that is not one, and the same TIN, account and year twice are each a problem
// naming the line and field. A quoted field holding a line break is not read (it is refused as an unclosed quote).
import { Tin } from "../shared/tin.ts";

export interface Cp2100Row {
  /** The file's line (1 is the header). */
  readonly line: number;
  readonly name: string;
  readonly tin: Tin;
  readonly accountNumber: string | null;
  readonly taxYear: number;
}

export interface Cp2100Problem {
  readonly line: number;
  readonly field: string;
  readonly message: string;
}

const COLUMNS = ["name", "tin", "account_number", "tax_year"] as const;
const ALIASES: Readonly<Record<string, (typeof COLUMNS)[number]>> = {
  name: "name",
  payee_name: "name",
  tin: "tin",
  taxpayer_identification_number: "tin",
  account_number: "account_number",
  account: "account_number",
  tax_year: "tax_year",
  year: "tax_year",
};

/** One CSV line into its fields (RFC 4180 quotes; a quote inside a quoted field is doubled). */
function fieldsOf(line: string): string[] | null {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && cur === "") quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (quoted) return null;
  out.push(cur);
  return out.map((f) => f.trim());
}

export function parseCp2100Csv(bytes: Uint8Array): {
  readonly rows: readonly Cp2100Row[];
  readonly problems: readonly Cp2100Problem[];
} {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { rows: [], problems: [{ line: 0, field: "file", message: "The file is not valid UTF-8 text." }] };
  }
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = fieldsOf(lines[0] ?? "") ?? [];
  const index = new Map<string, number>();
  const unknown: string[] = [];
  header.forEach((h, i) => {
    const col = ALIASES[h.toLowerCase().replace(/[\s-]+/g, "_")];
    if (col === undefined) unknown.push(h === "" ? `(empty, column ${String(i + 1)})` : h);
    else if (!index.has(col)) index.set(col, i);
  });
  // A column the service does not know may hold what the payer meant to be read: refused, not ignored.
  if (unknown.length > 0)
    return {
      rows: [],
      problems: [{ line: 1, field: "header", message: `Unknown column(s): ${unknown.join(", ")}.` }],
    };
  const missing = COLUMNS.filter((c) => c !== "account_number" && !index.has(c));
  if (missing.length > 0)
    return {
      rows: [],
      problems: [{ line: 1, field: "header", message: `The header has no ${missing.join(", ")} column.` }],
    };
  const rows: Cp2100Row[] = [];
  const problems: Cp2100Problem[] = [];
  const seen = new Map<string, number>();
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (raw.trim() === "") return;
    const f = fieldsOf(raw);
    if (f === null) {
      problems.push({ line, field: "line", message: "An unclosed quote." });
      return;
    }
    const at = (c: (typeof COLUMNS)[number]) => {
      const k = index.get(c);
      return k === undefined ? "" : (f[k] ?? "");
    };
    const name = at("name");
    if (name === "") problems.push({ line, field: "name", message: "The name is empty." });
    const tin = Tin.parse(at("tin"));
    if (!tin) problems.push({ line, field: "tin", message: "The TIN is not 9 digits." });
    const year = at("tax_year");
    if (!/^\d{4}$/.test(year))
      problems.push({ line, field: "tax_year", message: "The tax year is not a year." });
    const account = at("account_number") || null;
    if (name === "" || !tin || !/^\d{4}$/.test(year)) return;
    const key = `${tin.reveal()}|${account ?? ""}|${year}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        line,
        field: "tin",
        message: `The same TIN, account number and tax year as line ${String(first)}.`,
      });
      return;
    }
    seen.set(key, line);
    rows.push({ line, name, tin, accountNumber: account, taxYear: Number(year) });
  });
  return { rows, problems };
}
