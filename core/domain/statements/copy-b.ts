// The Copy B recipient statement as the core hands it to a renderer: the form's own grid (box numbers, box titles
// and where each box sits, from the layout table in copy-b-forms.ts) with every value already chosen and formatted.
// A renderer only lays text out and can never leak what it was not given: the recipient's TIN arrives masked to its
// last four digits (Pub 1179 allows truncating it); the payer's TIN arrives whole, as Pub 1179 requires.

/**
 * Where a cell sits on the form: `x` and `w` in hundredths of the form's width, `row` and `rows` in grid rows
 * from the top. A renderer turns rows into points (and may grow a row whose content needs more room).
 */
export interface GridPos {
  readonly x: number;
  readonly w: number;
  readonly row: number;
  readonly rows: number;
}

/** How a field's value is printed inside its box. */
export type FieldStyle = "amount" | "check" | "text" | "percent";

export interface CopyBField {
  readonly style: FieldStyle;
  /** Words printed beside a check box inside a box with several ("Payment card", "Total distribution"). */
  readonly caption?: string;
  /**
   * The printed lines: one for most fields, one per state row for the state boxes (a blank line keeps a state's
   * values on the same line in every state box). A check field prints "X" when checked, "" when not.
   */
  readonly lines: readonly string[];
}

export type CellKind =
  | "box"
  | "payer"
  | "payerTin"
  | "payerPhone"
  | "recipientTin"
  | "recipientName"
  | "street"
  | "city"
  | "account"
  | "formId"
  | "title"
  | "copy"
  | "notice"
  | "blank";

export interface CopyBCell {
  readonly kind: CellKind;
  readonly at: GridPos;
  /** Box number as printed ("1", "2a"); "" for an unnumbered box (the FATCA box of 1099-INT, "Total distribution"). */
  readonly box: string;
  /** The title printed in the cell's top left: the box title, or the party cell's caption ("PAYER'S TIN"). */
  readonly title: string;
  /** Text lines of a party, form-id, title, copy or notice cell. */
  readonly text: readonly string[];
  /** Box values; empty for other cells. */
  readonly fields: readonly CopyBField[];
}

export interface CopyBStatement {
  /** "1099-NEC" */
  readonly form: string;
  /** "Nonemployee Compensation" */
  readonly formTitle: string;
  readonly taxYear: number;
  /** Prints the CORRECTED box checked. */
  readonly corrected: boolean;
  /** Grid rows of the form (every cell's `row + rows` is at most this). */
  readonly rows: number;
  readonly cells: readonly CopyBCell[];
  /** Lines under the form: "Form 1099-NEC (keep for your records)", the web address, the department. */
  readonly footer: { readonly url: string; readonly keep: boolean };
  /** Printed small below the form. */
  readonly filingId: string;
  readonly receiptId?: string | null;
  /** What the receipt is called under the form (default "IRS receipt"; "SSA WFID" for the W-2 family). */
  readonly receiptLabel?: string;
  /** Whether the form has the CORRECTED check box above it (default true; the W-2 family has none). */
  readonly correctedBox?: boolean;
}

/** Integer cents as printed on a form: 123456 -> "$1,234.56", -1200 -> "-$12.00". */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = (abs % 100).toString().padStart(2, "0");
  return `${cents < 0 ? "-" : ""}$${dollars}.${rest}`;
}

/**
 * A TIN masked to its last four digits: EIN "**-***6789", SSN "***-**-1234", unknown type "*****1234".
 * Only the last four digits of the input are ever used, so passing a whole TIN by mistake still prints masked.
 */
export function maskTin(last4: string, type: "ein" | "ssn" | null): string {
  const digits = last4.replace(/\D/g, "").slice(-4).padStart(4, "*");
  if (type === "ein") return `**-***${digits}`;
  if (type === "ssn") return `***-**-${digits}`;
  return `*****${digits}`;
}

/** A whole TIN as printed for the payer (Pub 1179: the filer's TIN is never truncated): "12-3456789", "123-45-6789". */
export function formatTin(digits: string, type: "ein" | "ssn" | null): string {
  const d = digits.replace(/\D/g, "");
  if (d.length !== 9) throw new RangeError("a TIN has 9 digits");
  return type === "ssn"
    ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`
    : `${d.slice(0, 2)}-${d.slice(2)}`;
}

/**
 * Keeps at most the last four digits of an already masked TIN, replacing any earlier digit with "*".
 * Renderers apply it to the recipient's TIN as a last line of defence so it can never reach paper whole.
 */
export function redactTin(masked: string): string {
  let keep = 4;
  let out = "";
  for (let i = masked.length - 1; i >= 0; i--) {
    const ch = masked.charAt(i);
    if (ch >= "0" && ch <= "9") {
      out = (keep > 0 ? ch : "*") + out;
      keep--;
    } else {
      out = ch + out;
    }
  }
  return out;
}
