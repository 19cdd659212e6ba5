// Fixed-width records of EFW2 / EFW2C files: one writer and one reader for every layout, driven by layout.ts.
// Reading keeps every field as it stands (alphanumeric without its trailing blanks, numeric as its digits, an
// all-blank numeric field as ""), so parse -> write gives the same bytes for any file the reader accepts.
import {
  EFW2C_LAYOUTS,
  EFW2C_RECORD_LENGTH,
  EFW2_LAYOUTS,
  EFW2_RECORD_LENGTH,
  type RecordLayout,
} from "./layout.ts";

export type Efw2Format = "efw2" | "efw2c";

export interface Efw2Record {
  /** Record identifier: RA, RE, RW ... (EFW2) or RCA, RCE, RCW ... (EFW2C). */
  readonly type: string;
  /** Field name -> value; absent: blank (alphanumeric) or zeros (numeric); "" in a numeric field: blanks. */
  readonly fields: Readonly<Record<string, string>>;
}

export interface Efw2Problem {
  /** 1-based record number in the file (0: the file as a whole). */
  readonly record: number;
  readonly field?: string;
  readonly message: string;
}

const CRLF = "\r\n";
/** EFW2 character set: upper-case letters, digits, blank and the punctuation the SSA allows in names and addresses. */
const ALLOWED = /^[A-Z0-9 .,'\-/#&@()]*$/;

export function layoutsOf(format: Efw2Format): ReadonlyMap<string, RecordLayout> {
  return format === "efw2" ? EFW2_LAYOUTS : EFW2C_LAYOUTS;
}

export function recordLength(format: Efw2Format): number {
  return format === "efw2" ? EFW2_RECORD_LENGTH : EFW2C_RECORD_LENGTH;
}

/** One record as its fixed-width text (without CR LF). Throws on a value that does not fit: a bug of the builder. */
export function writeRecord(layout: RecordLayout, record: Efw2Record): string {
  let out = "";
  for (const f of layout.fields) {
    const v = f.name === "id" ? layout.id : record.fields[f.name];
    if (f.kind === "b") {
      out += " ".repeat(f.length);
      continue;
    }
    if (f.kind === "a") {
      const text = (v ?? "").toUpperCase();
      if (text.length > f.length)
        throw new RangeError(`${layout.id}.${f.name}: "${text}" is longer than ${String(f.length)}`);
      out += text.padEnd(f.length, " ");
      continue;
    }
    if (v === "") {
      out += " ".repeat(f.length);
      continue;
    }
    const digits = v ?? "0";
    if (!/^[0-9]+$/.test(digits) || digits.length > f.length)
      throw new RangeError(`${layout.id}.${f.name}: ${digits} is not ${String(f.length)} digits`);
    out += digits.padStart(f.length, "0");
  }
  return out;
}

/** The whole file: every record followed by CR LF. */
export function writeEfw2(format: Efw2Format, records: readonly Efw2Record[]): string {
  const layouts = layoutsOf(format);
  return records
    .map((r) => {
      const l = layouts.get(r.type);
      if (!l) throw new RangeError(`${r.type} is not a ${format.toUpperCase()} record`);
      return writeRecord(l, r) + CRLF;
    })
    .join("");
}

function readRecord(layout: RecordLayout, line: string, n: number, problems: Efw2Problem[]): Efw2Record {
  const fields: Record<string, string> = {};
  for (const f of layout.fields) {
    if (f.name === "id") continue;
    const raw = line.slice(f.start - 1, f.start - 1 + f.length);
    if (f.kind === "b") {
      if (raw.trim() !== "")
        problems.push({
          record: n,
          field: f.name,
          message: `positions ${String(f.start)}-${String(f.start + f.length - 1)} must be blank`,
        });
      continue;
    }
    if (f.kind === "n") {
      if (raw.trim() === "") {
        fields[f.name] = "";
        continue;
      }
      if (!/^[0-9]+$/.test(raw))
        problems.push({
          record: n,
          field: f.name,
          message: `${f.name} must be digits, right-justified and zero-filled`,
        });
      fields[f.name] = raw;
      continue;
    }
    const text = raw.trimEnd();
    if (!ALLOWED.test(text))
      problems.push({
        record: n,
        field: f.name,
        message: `${f.name} has characters outside the EFW2 set (upper case letters, digits, blank, . , ' - / # & @ ( ))`,
      });
    if (text !== "") fields[f.name] = text;
  }
  return { type: layout.id, fields };
}

export interface Efw2Parse {
  readonly records: readonly Efw2Record[];
  readonly problems: readonly Efw2Problem[];
}

/** Reads an EFW2 or EFW2C file: records of the format's length, each followed by CR LF. */
export function parseEfw2(format: Efw2Format, text: string): Efw2Parse {
  const layouts = layoutsOf(format);
  const length = recordLength(format);
  const problems: Efw2Problem[] = [];
  const records: Efw2Record[] = [];
  if (!text.endsWith(CRLF))
    problems.push({ record: 0, message: "every record, the last included, must end with CR LF" });
  const lines = text.split(CRLF);
  if (lines[lines.length - 1] === "") lines.pop();
  const idLength = format === "efw2" ? 2 : 3;
  lines.forEach((line, i) => {
    const n = i + 1;
    if (line.length !== length) {
      problems.push({
        record: n,
        message: `record is ${String(line.length)} characters, not ${String(length)}`,
      });
      return;
    }
    const l = layouts.get(line.slice(0, idLength));
    if (!l) {
      problems.push({ record: n, message: `unknown record identifier ${line.slice(0, idLength)}` });
      return;
    }
    records.push(readRecord(l, line, n, problems));
  });
  return { records, problems };
}
