// The Copy B recipient statement as the core hands it to a renderer: every value already chosen, formatted and
// masked, so a renderer only lays text out and can never leak what it was not given (D6: TINs print as last four).

export interface CopyBParty {
  name: string;
  name2?: string | null;
  addressLines: string[];
  /** Printed masked; for a recipient only the last four digits show (e.g. "***-**-1234"). */
  tinMasked: string;
}

export interface CopyBPayer extends CopyBParty {
  phone?: string | null;
}

export interface CopyBBox {
  /** The IRS box number as printed on the form: "1", "2a", "15". */
  box: string;
  label: string;
  /** Already formatted: "$1,234.56", "X", a code, a date. */
  value: string;
}

export interface CopyBStatement {
  /** "1099-NEC" */
  form: string;
  /** "Nonemployee Compensation" */
  formTitle: string;
  taxYear: number;
  /** Prints the CORRECTED box checked. */
  corrected: boolean;
  /** A recipient copy is never a VOID form. */
  void?: false;
  payer: CopyBPayer;
  recipient: CopyBParty;
  accountNumber: string | null;
  boxes: CopyBBox[];
  /** Printed small in the footer. */
  filingId: string;
  receiptId?: string | null;
}

/** Integer cents as printed on a form: 123456 -> "$1,234.56", -1200 -> "-$12.00". */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
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

/**
 * Keeps at most the last four digits of an already masked TIN, replacing any earlier digit with "*".
 * Renderers apply it as a last line of defence so a whole TIN can never reach paper.
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
