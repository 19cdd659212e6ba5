// Taxpayer identification numbers. A Tin can be compared and encrypted but never printed or serialised
// whole: String(), JSON and util.inspect all show the masked form.
const DIGITS9 = /^\d{9}$/;
const HYPHENATED = /^(\d{2}-\d{7}|\d{3}-\d{2}-\d{4})$/;

export class Tin {
  readonly #digits: string;
  private constructor(digits: string) {
    this.#digits = digits;
  }

  /** D6: 9 digits, optionally hyphenated as an EIN (12-3456789) or SSN (123-45-6789). */
  static parse(input: unknown): Tin | undefined {
    if (typeof input !== "string") return undefined;
    const s = input.trim();
    if (DIGITS9.test(s)) return new Tin(s);
    if (HYPHENATED.test(s)) return new Tin(s.replace(/-/g, ""));
    return undefined;
  }

  static fromDigits(digits: string): Tin {
    if (!DIGITS9.test(digits)) throw new RangeError("a TIN has 9 digits");
    return new Tin(digits);
  }

  /** The 9 digits, for the vault and the IRS only. */
  reveal(): string {
    return this.#digits;
  }
  get last4(): string {
    return this.#digits.slice(5);
  }
  equals(other: Tin): boolean {
    return this.#digits === other.#digits;
  }
  toString(): string {
    return `***-**-${this.last4}`;
  }
  toJSON(): string {
    return this.toString();
  }
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Tin(${this.toString()})`;
  }
}
