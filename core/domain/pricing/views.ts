// Wire views (SPEC field names) of the rate card (GET /v1/prices, SPEC "Rate card") and of a price quote
// (GET /v1/prices/quote): the one home of these shapes.
//
// Reading of the service row fields (SPEC lists `{ id, label, unit_cents?, print_mail_cents?, online_access_cents }`):
// - `unit_cents`: the per-form base price when it is flat. Present for `print_mail` (the paper copy). Absent for
//   the e-file services, whose per-form e-file price is progressive and given by `brackets`.
// - `print_mail_cents`: the mail add-on included in the service. Present for `efile_print_mail` only (for
//   `print_mail` the mailing is the unit itself).
// - `online_access_cents`: the recipient portal price per form. Included in both e-file services; for
//   `print_mail` it is the price of the optional `portal_access: true` add-on.
// `correction_cents` is a compatible addition: the correction fee charged on top of a correction's delivery.

import { SERVICE_LABELS, SERVICES, type Service } from "./delivery.ts";
import type { ChargeLine, OrderSummary, PricingSegment } from "./price-order.ts";
import { bracketLabel, type RateCard } from "./rate-card.ts";

export interface RateCardServiceView {
  readonly id: Service;
  readonly label: string;
  readonly unit_cents?: number;
  readonly print_mail_cents?: number;
  readonly online_access_cents: number;
}

export interface RateCardView {
  readonly object: "rate_card";
  readonly currency: "usd";
  readonly services: readonly RateCardServiceView[];
  readonly brackets: readonly { readonly forms: string; readonly efile_cents: number }[];
  readonly correction_cents: number;
}

export function rateCardView(card: RateCard): RateCardView {
  const services = SERVICES.map((id): RateCardServiceView => {
    const row: {
      id: Service;
      label: string;
      unit_cents?: number;
      print_mail_cents?: number;
      online_access_cents: number;
    } = {
      id,
      label: SERVICE_LABELS[id],
      online_access_cents: card.recipient_portal_cents,
    };
    if (id === "print_mail") row.unit_cents = card.print_mail_cents;
    if (id === "efile_print_mail") row.print_mail_cents = card.print_mail_cents;
    return row;
  });
  return {
    object: "rate_card",
    currency: "usd",
    services,
    brackets: card.efile_brackets.map((b) => ({ forms: bracketLabel(b), efile_cents: b.efile_cents })),
    correction_cents: card.correction_cents,
  };
}

export interface PriceQuote {
  readonly object: "price_quote";
  readonly form: string;
  readonly quantity: number;
  readonly service: Service;
  readonly currency: "usd";
  readonly unit_cents: number;
  readonly total_cents: number;
  readonly charge_lines: readonly ChargeLine[];
  readonly pricing_segments: readonly PricingSegment[];
}

/** `quantity` forms of `form` with `service`, priced as one order (`summary`); unit_cents is the average, halves up. */
export function priceQuoteView(
  form: string,
  quantity: number,
  service: Service,
  summary: OrderSummary,
): PriceQuote {
  return {
    object: "price_quote",
    form,
    quantity,
    service,
    currency: "usd",
    unit_cents: Math.floor((summary.total_cents * 2 + quantity) / (quantity * 2)),
    total_cents: summary.total_cents,
    charge_lines: summary.charge_lines,
    pricing_segments: summary.pricing_segments,
  };
}
