// Reading a canonical jsonForm the way the IRS rule texts speak of it: "has a value", "non-zero", "equals 1".
import { amountToCents } from "../../forms/index.ts";
import type { RecordFacts } from "./model.ts";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at a dotted path of top-level groups ("PropertyAddressGrp.USAddress"); arrays are not entered. */
export function valueAt(form: Readonly<Record<string, unknown>>, path: string): unknown {
  // Most rule paths name a top-level element: no split (an array per read, for every rule on every form).
  if (!path.includes(".")) return Object.hasOwn(form, path) ? form[path] : undefined;
  let node: unknown = form;
  for (const key of path.split(".")) {
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

export class FormReader {
  constructor(readonly facts: RecordFacts) {}

  get formTypeCd(): string {
    return this.facts.formTypeCd;
  }
  get taxYear(): number {
    return this.facts.taxYear;
  }

  /** An amount in integer cents; a blank box is 0. */
  cents(path: string): number {
    return amountToCents(valueAt(this.facts.jsonForm, path)) ?? 0;
  }

  /** "has a value": present and not blank (a stored form leaves blank and zero optional boxes out). */
  has(path: string): boolean {
    const v = valueAt(this.facts.jsonForm, path);
    if (v === undefined || v === null || v === false) return false;
    if (typeof v === "string") return v.trim() !== "";
    if (Array.isArray(v)) return v.length > 0;
    return true;
  }

  /** "has a non-zero value". */
  nonZero(path: string): boolean {
    return this.cents(path) !== 0;
  }

  /** An indicator as the IRS counts it: 1 when set, 0 otherwise. */
  ind(path: string): 0 | 1 {
    const v = valueAt(this.facts.jsonForm, path);
    return v === true || v === 1 || v === "1" ? 1 : 0;
  }

  text(path: string): string | undefined {
    const v = valueAt(this.facts.jsonForm, path);
    return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
  }

  /** An integer element (counts, years); a blank one is undefined. */
  integer(path: string): number | undefined {
    const v = valueAt(this.facts.jsonForm, path);
    const n =
      typeof v === "number" ? v : typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
    return Number.isInteger(n) ? n : undefined;
  }

  /** A date element as YYYY-MM-DD, or undefined. */
  date(path: string): string | undefined {
    const v = valueAt(this.facts.jsonForm, path);
    return typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
  }

  /** Sum of amounts in cents. */
  sum(paths: readonly string[]): number {
    return paths.reduce((n, p) => n + this.cents(p), 0);
  }

  /** Names of the top-level amount elements present in the form (its boxes with money in them). */
  amountNames(): string[] {
    const out: string[] = [];
    const form = this.facts.jsonForm;
    for (const k of Object.keys(form)) {
      if (k.endsWith("Amt") && amountToCents(form[k]) !== undefined) out.push(k);
    }
    return out;
  }
}

/** 123456 -> "1234.56" (dollars, for messages). */
export function dollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}
