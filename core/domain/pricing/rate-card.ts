// Rate card: the prices the service charges, in integer cents (DECISIONS D12).
//
// FederalEFile is progressive per order: the e-filed form at position p of an order is charged the unit price of
// the bracket that contains p. Brackets tile positions 1..infinity without gaps; the last bracket is open-ended.
// PrintAndMail, RecipientPortal and the Correction fee are flat per form.
//
// Pure code: no Node modules, no I/O.

/** One FederalEFile bracket. `to` is null for the last, open-ended bracket. */
export interface EFileBracket {
  readonly from: number;
  readonly to: number | null;
  readonly efile_cents: number;
}

export interface RateCard {
  readonly currency: "usd";
  /** Sorted, contiguous, starting at position 1, last one open-ended. */
  readonly efile_brackets: readonly EFileBracket[];
  readonly print_mail_cents: number;
  readonly recipient_portal_cents: number;
  readonly correction_cents: number;
}

/** D12 default rate card. */
export const DEFAULT_RATE_CARD: RateCard = deepFreeze({
  currency: "usd",
  efile_brackets: [
    { from: 1, to: 10, efile_cents: 299 },
    { from: 11, to: 100, efile_cents: 199 },
    { from: 101, to: 1000, efile_cents: 119 },
    { from: 1001, to: 10000, efile_cents: 79 },
    { from: 10001, to: null, efile_cents: 49 },
  ],
  print_mail_cents: 179,
  recipient_portal_cents: 35,
  correction_cents: 199,
});

/**
 * A bracket as given in an override. Either `from`/`to` (to null or omitted = open-ended) or the range string
 * used by the rate card view (`forms: "1-10"`, `forms: "10001+"`), so a rate card view can be fed back as config.
 */
export type EFileBracketInput =
  | { readonly from: number; readonly to?: number | null; readonly efile_cents: number }
  | { readonly forms: string; readonly efile_cents: number };

/** Partial override of the default card. `efile_brackets`, when given, replaces the whole bracket list. */
export interface RateCardOverride {
  readonly efile_brackets?: readonly EFileBracketInput[];
  readonly print_mail_cents?: number;
  readonly recipient_portal_cents?: number;
  readonly correction_cents?: number;
}

export type RateCardResult =
  | { readonly ok: true; readonly card: RateCard }
  | { readonly ok: false; readonly param: string; readonly message: string };

/**
 * Builds a rate card from the default plus a partial override, validating it. Values are checked at run time
 * even though they are typed, because overrides usually come from configuration files or the environment.
 * Refuses: non-integer or negative cents, brackets that do not start at 1, gaps or overlaps between brackets,
 * a closed last bracket (the card must price any position), an open bracket that is not last.
 * The result is frozen.
 */
export function buildRateCard(
  override: RateCardOverride = {},
  base: RateCard = DEFAULT_RATE_CARD,
): RateCardResult {
  if (typeof override !== "object" || override === null || Array.isArray(override)) {
    return fail("rate_card", "the rate card override must be an object");
  }
  const flat: Array<"print_mail_cents" | "recipient_portal_cents" | "correction_cents"> = [
    "print_mail_cents",
    "recipient_portal_cents",
    "correction_cents",
  ];
  for (const key of flat) {
    const value: unknown = override[key];
    if (value !== undefined && !isCents(value)) {
      return fail(key, `${key} must be a non-negative integer number of cents`);
    }
  }

  let brackets: readonly EFileBracket[] = base.efile_brackets;
  if (override.efile_brackets !== undefined) {
    const parsed = parseBrackets(override.efile_brackets);
    if (!parsed.ok) return parsed;
    brackets = parsed.brackets;
  }

  const card: RateCard = {
    currency: "usd",
    efile_brackets: brackets.map((b) => ({ from: b.from, to: b.to, efile_cents: b.efile_cents })),
    print_mail_cents: override.print_mail_cents ?? base.print_mail_cents,
    recipient_portal_cents: override.recipient_portal_cents ?? base.recipient_portal_cents,
    correction_cents: override.correction_cents ?? base.correction_cents,
  };
  return { ok: true, card: deepFreeze(card) };
}

/** "1-10" for a closed bracket, "10001+" for the open-ended one. */
export function bracketLabel(bracket: Pick<EFileBracket, "from" | "to">): string {
  return bracket.to === null ? `${bracket.from}+` : `${bracket.from}-${bracket.to}`;
}

/** Parses "1-10" or "10001+" (surrounding blanks allowed). Returns null when the text is not a range. */
export function parseBracketRange(text: string): { from: number; to: number | null } | null {
  const m = /^\s*(\d{1,15})\s*(?:-\s*(\d{1,15})|\+)\s*$/.exec(text);
  if (m === null) return null;
  const from = Number(m[1]);
  const to = m[2] === undefined ? null : Number(m[2]);
  return { from, to };
}

/** Sum of the e-file prices of positions 1..n (n >= 0), computed per bracket, not per position. */
export function efileCumulativeCents(card: RateCard, n: number): number {
  let total = 0;
  for (const b of card.efile_brackets) {
    if (n < b.from) break;
    const upper = b.to === null ? n : Math.min(n, b.to);
    total += (upper - b.from + 1) * b.efile_cents;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------------------

type ParsedBrackets =
  | { readonly ok: true; readonly brackets: EFileBracket[] }
  | { readonly ok: false; readonly param: string; readonly message: string };

function parseBrackets(input: unknown): ParsedBrackets {
  if (!Array.isArray(input) || input.length === 0) {
    return fail("efile_brackets", "efile_brackets must be a non-empty array");
  }
  const out: EFileBracket[] = [];
  let expectedFrom = 1;
  for (let i = 0; i < input.length; i++) {
    const param = `efile_brackets[${i}]`;
    const raw: unknown = input[i];
    if (typeof raw !== "object" || raw === null) return fail(param, `${param} must be an object`);
    const rec = raw as Record<string, unknown>;
    let from: unknown;
    let to: unknown;
    if (typeof rec["forms"] === "string") {
      const range = parseBracketRange(rec["forms"]);
      if (range === null) return fail(`${param}.forms`, `${param}.forms must look like "1-10" or "10001+"`);
      from = range.from;
      to = range.to;
    } else {
      from = rec["from"];
      to = rec["to"] ?? null;
    }
    if (!isPositiveInt(from)) return fail(`${param}.from`, `${param}.from must be a positive integer`);
    if (to !== null && !isPositiveInt(to))
      return fail(`${param}.to`, `${param}.to must be a positive integer or null`);
    if (!isCents(rec["efile_cents"])) {
      return fail(
        `${param}.efile_cents`,
        `${param}.efile_cents must be a non-negative integer number of cents`,
      );
    }
    if (from !== expectedFrom) {
      return fail(
        `${param}.from`,
        i === 0
          ? `brackets must start at position 1, not ${from}`
          : `brackets must tile positions without gaps or overlaps: expected ${param}.from to be ${expectedFrom}, got ${from}`,
      );
    }
    if (to !== null && to < from)
      return fail(`${param}.to`, `${param}.to (${to}) is below its from (${from})`);
    const last = i === input.length - 1;
    if (to === null && !last) return fail(`${param}.to`, "only the last bracket may be open-ended");
    if (to !== null && last) {
      return fail(
        `${param}.to`,
        'the last bracket must be open-ended (to: null or "N+") so every position has a price',
      );
    }
    out.push({ from, to, efile_cents: rec["efile_cents"] });
    if (to !== null) expectedFrom = to + 1;
  }
  return { ok: true, brackets: out };
}

function isCents(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
}

function isPositiveInt(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 1;
}

function fail(param: string, message: string): { ok: false; param: string; message: string } {
  return { ok: false, param, message };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
