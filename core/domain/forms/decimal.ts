// Exact decimal handling for IRIS amounts (D7). A JSON number is read through its shortest round-trip text
// (String(n)), a string as written; digits are then counted and converted without float arithmetic, so
// 0.29 is 29 cents, 19.99 is 1999 cents and 1.005 is refused (three decimals), never rounded.
// Hand-written on purpose: these are the IRS's digit rules (total and fraction digits per XSD type, refusal
// instead of rounding), not general decimal arithmetic, which a big-decimal library would add without them.

export interface DecimalRules {
  readonly fractionDigits: number;
  readonly integerDigits: number;
  /**
   * At most this many integer digits when the value is a JSON number (a double carries 13 + 2 digits exactly);
   * longer amounts, up to `integerDigits`, are sent as strings.
   */
  readonly numberIntegerDigits?: number;
  readonly negative: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
}

export type DecimalRule = "type" | "max_decimals" | "max_digits" | "negative" | "minimum" | "maximum";

/** Sign, integer digits without leading zeros ("" for 0) and fraction digits without trailing zeros. */
export interface DecimalParts {
  readonly negative: boolean;
  readonly int: string;
  readonly frac: string;
}

const DECIMAL_TEXT = /^(-)?([0-9]*)(?:\.([0-9]*))?$/;
const EXPONENT_TEXT = /^(-)?([0-9]+)(?:\.([0-9]+))?e([+-][0-9]+)$/;

function parts(negative: boolean, intDigits: string, fracDigits: string): DecimalParts {
  let i = 0;
  while (i < intDigits.length && intDigits.charCodeAt(i) === 48) i++;
  let j = fracDigits.length;
  while (j > 0 && fracDigits.charCodeAt(j - 1) === 48) j--;
  const int = i === 0 ? intDigits : intDigits.slice(i);
  const frac = j === fracDigits.length ? fracDigits : fracDigits.slice(0, j);
  return { negative: negative && (int.length > 0 || frac.length > 0), int, frac };
}

/** Reads a JSON number or a numeric string ("1234.5", "-0.29", ".5"); undefined when it is neither. */
export function parseDecimal(value: unknown): DecimalParts | undefined {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    const text = String(value);
    const m = DECIMAL_TEXT.exec(text);
    if (m) return parts(m[1] !== undefined, m[2] ?? "", m[3] ?? "");
    const e = EXPONENT_TEXT.exec(text);
    if (!e) return undefined;
    const digits = (e[2] ?? "") + (e[3] ?? "");
    const point = (e[2] ?? "").length + Number(e[4]);
    if (point <= 0) return parts(e[1] !== undefined, "", "0".repeat(-point) + digits);
    if (point >= digits.length)
      return parts(e[1] !== undefined, digits + "0".repeat(point - digits.length), "");
    return parts(e[1] !== undefined, digits.slice(0, point), digits.slice(point));
  }
  if (typeof value === "string") {
    const m = DECIMAL_TEXT.exec(value);
    if (!m) return undefined;
    const int = m[2] ?? "";
    const frac = m[3] ?? "";
    if (int.length === 0 && frac.length === 0) return undefined;
    return parts(m[1] !== undefined, int, frac);
  }
  return undefined;
}

/** The first rule the value breaks, or undefined when it is a valid decimal under `rules`. */
export function checkDecimal(value: unknown, rules: DecimalRules): DecimalRule | undefined {
  const p = parseDecimal(value);
  if (p === undefined) return "type";
  if (p.frac.length > rules.fractionDigits) return "max_decimals";
  const maxInt =
    typeof value === "number" && rules.numberIntegerDigits !== undefined
      ? Math.min(rules.integerDigits, rules.numberIntegerDigits)
      : rules.integerDigits;
  if (p.int.length > maxInt) return "max_digits";
  if (p.negative && !rules.negative) return "negative";
  if (rules.minimum !== undefined || rules.maximum !== undefined) {
    const n = Number(decimalText(p));
    if (rules.minimum !== undefined && n < rules.minimum) return "minimum";
    if (rules.maximum !== undefined && n > rules.maximum) return "maximum";
  }
  return undefined;
}

/** Canonical text: "-12.5", "0", "0.29". */
export function decimalText(p: DecimalParts): string {
  const int = p.int.length > 0 ? p.int : "0";
  return `${p.negative ? "-" : ""}${int}${p.frac.length > 0 ? `.${p.frac}` : ""}`;
}

/** Integer cents of a value already accepted by checkDecimal with at most two fraction digits. */
export function partsToCents(p: DecimalParts): number {
  const cents = Number(p.int + p.frac.padEnd(2, "0"));
  return p.negative ? -cents : cents;
}

/** Integer cents of an amount, or undefined when it is not a decimal with at most two fraction digits. */
export function amountToCents(value: unknown): number | undefined {
  // The common case, a JSON number of at most two decimals, without going through its text: below 10^12 a double
  // is within far less than a cent of one decimal of two places, and c / 100 gives the number back exactly when it
  // is that decimal (as its text would show).
  if (typeof value === "number" && Math.abs(value) < 1e12) {
    const c = Math.round(value * 100);
    if (c / 100 === value) return c === 0 ? 0 : c;
  }
  const p = parseDecimal(value);
  if (p === undefined || p.frac.length > 2) return undefined;
  const cents = partsToCents(p);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/**
 * 12345 -> 123.45. Exact: an integer below 2^53 divided by 100 is the double nearest to the decimal, the
 * same double the literal 123.45 parses to, so it prints back with at most two decimals.
 */
export function centsToAmount(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError("cents must be a safe integer");
  const amount = cents / 100;
  return amount === 0 ? 0 : amount;
}

/** Integer cents as a bigint, exact at any size; undefined when not a decimal with at most two fraction digits. */
export function amountToCentsBig(value: unknown): bigint | undefined {
  const p = parseDecimal(value);
  if (p === undefined || p.frac.length > 2) return undefined;
  const cents = BigInt(p.int + p.frac.padEnd(2, "0"));
  return p.negative ? -cents : cents;
}

/** The XSD text of an amount with two decimals ("1234.50", "-0.05", "123456789012345.67"), from its digits. */
export function amountText(value: unknown): string | undefined {
  const p = parseDecimal(value);
  if (p === undefined || p.frac.length > 2) return undefined;
  return `${p.negative ? "-" : ""}${p.int.length > 0 ? p.int : "0"}.${p.frac.padEnd(2, "0")}`;
}

/** Integer digits an amount may have as a JSON number: 13 + 2 decimals always survive a double exactly. */
export const NUMBER_INTEGER_DIGITS = 13;
