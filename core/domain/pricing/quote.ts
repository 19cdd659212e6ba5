// Price quote (GET /v1/prices/quote): N forms of one type with one delivery service, priced as one order with
// the same function as the cart and pay (`summarise`, shared with `priceOrder`), so a quote never disagrees with
// what pay would charge for the same forms.
//
// - `quantity` must be an integer from 1 to 1,000,000 (MAX_QUOTE_QUANTITY). A string of digits is accepted, as
//   query strings arrive as text; anything else (0, negatives, fractions, 10^9, "12abc") is refused with
//   param `quantity`.
// - `service`: unrecognised or missing falls back to `efile_print_mail` (D13). The `physical_mail` and
//   `portal_access` overrides are honoured only where a cart is involved (SPEC Service enumeration), so a quote
//   prices the service exactly as the enumeration defines it.
// - `form` is echoed; the caller checks that it names a supported form.
// - `unit_cents` is the average price per form, total_cents / quantity rounded to the nearest cent, halves up.
//   It is informative only: `total_cents` is authoritative and unit_cents * quantity may differ from it by up
//   to quantity / 2 cents.

import { deliveryOf } from "./delivery.ts";
import { summarise } from "./price-order.ts";
import type { RateCard } from "./rate-card.ts";
import { priceQuoteView, type PriceQuote } from "./views.ts";

export const MAX_QUOTE_QUANTITY = 1_000_000;

export interface QuoteInput {
  readonly form: string;
  /** A number, or a string of digits from a query string. */
  readonly quantity: unknown;
  readonly service?: unknown;
}

export type QuoteResult =
  | { readonly ok: true; readonly quote: PriceQuote }
  | { readonly ok: false; readonly param: "quantity"; readonly message: string };

export function quote(card: RateCard, input: QuoteInput): QuoteResult {
  const quantity = parseQuantity(input.quantity);
  if (quantity === null) {
    return {
      ok: false,
      param: "quantity",
      message: `quantity must be an integer from 1 to ${MAX_QUOTE_QUANTITY}`,
    };
  }
  const d = deliveryOf(input.service);
  const summary = summarise(card, {
    efiled: d.efile ? quantity : 0,
    printMail: d.printMail ? quantity : 0,
    portal: d.portal ? quantity : 0,
    corrections: 0,
  });
  return {
    ok: true,
    quote: priceQuoteView(input.form, quantity, d.service, summary),
  };
}

function parseQuantity(raw: unknown): number | null {
  let n: number;
  if (typeof raw === "number") n = raw;
  else if (typeof raw === "string" && /^\s*\d{1,16}\s*$/.test(raw)) n = Number(raw);
  else return null;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_QUOTE_QUANTITY ? n : null;
}
