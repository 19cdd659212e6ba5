// Byte-level field decoding for fixed-width ASCII records. Offsets here are 0-based file offsets.

export const SP = 0x20;
export const CR = 0x0d;
export const LF = 0x0a;

const CHARS: string[] = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i));

/** The field's text with leading and trailing blanks removed. */
export function str(b: Uint8Array, s: number, len: number): string {
  let e = s + len;
  while (e > s && b[e - 1] === SP) e--;
  let i = s;
  while (i < e && b[i] === SP) i++;
  let out = "";
  for (; i < e; i++) out += CHARS[b[i]!]!;
  return out;
}

export function isBlank(b: Uint8Array, s: number, len: number): boolean {
  const e = s + len;
  for (let i = s; i < e; i++) if (b[i] !== SP) return false;
  return true;
}

/** Unsigned value of an all-digit field, or -1 when any byte is not a digit. */
export function digits(b: Uint8Array, s: number, len: number): number {
  let v = 0;
  const e = s + len;
  for (let i = s; i < e; i++) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

export function allDigits(b: Uint8Array, s: number, len: number): boolean {
  const e = s + len;
  for (let i = s; i < e; i++) {
    const c = b[i]!;
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * A money field in cents. Unsigned fields must be all digits. Signed fields may carry a leading
 * `-`/`+` or a sign overpunch in the units position (`}` / J-R negative, `{` / A-I positive).
 * Returns NaN when the field is not a valid amount.
 */
export function amount(b: Uint8Array, s: number, len: number, signed: boolean): number {
  const e = s + len - 1;
  let i = s;
  let neg = false;
  if (signed) {
    const c0 = b[i]!;
    if (c0 === 0x2d || c0 === 0x2b) {
      neg = c0 === 0x2d;
      i++;
    }
  }
  let v = 0;
  for (; i < e; i++) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) return NaN;
    v = v * 10 + d;
  }
  const last = b[e]!;
  let d = last - 48;
  if (d < 0 || d > 9) {
    if (!signed || neg) return NaN;
    if (last === 0x7d) {
      d = 0;
      neg = true;
    } else if (last >= 0x4a && last <= 0x52) {
      d = last - 0x49;
      neg = true;
    } else if (last === 0x7b) d = 0;
    else if (last >= 0x41 && last <= 0x49) d = last - 0x40;
    else return NaN;
  }
  v = v * 10 + d;
  return neg ? -v : v;
}

/** Printable form of one byte for messages. */
export function showByte(c: number): string {
  return c >= 0x21 && c <= 0x7e
    ? `'${String.fromCharCode(c)}'`
    : c === SP
      ? "blank"
      : `byte 0x${c.toString(16).padStart(2, "0")}`;
}

export function isValidDate(y: number, m: number, d: number): boolean {
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const days = [
    31,
    (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ][m - 1]!;
  return d <= days;
}
