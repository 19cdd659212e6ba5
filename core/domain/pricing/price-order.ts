// The one pricing function used by the cart view, the quote and pay (SPEC "Cart", "Order", DECISIONS D12, D17, D20).
//
// Pricing rules:
// - FederalEFile is progressive per order. Each e-filed ORIGINAL takes the next position (1, 2, 3, ... in item
//   order) and is charged the unit price of the bracket containing that position.
// - PrintAndMail and RecipientPortal are flat per form that has them in its delivery.
// - A correction is priced as the Correction fee plus its chosen delivery (SPEC Correction rules 2, D12).
//   Decision (the spec is silent on whether an e-filed correction also pays a FederalEFile bracket price): the
//   Correction fee IS the e-file charge of a correction. An e-filed correction therefore has no FederalEFile line
//   and takes no bracket position; "its chosen delivery" adds PrintAndMail and/or RecipientPortal. Charging the
//   correction fee and a bracket price on top would bill the same IRS transmission twice, which a customer would
//   rightly call unfair. A print-only correction pays the Correction fee plus PrintAndMail, the same fee: the fee
//   covers preparing the corrected return whichever way it is furnished.
// - A re-file of a rejected filing (D20) has its FederalEFile line waived: no FederalEFile line and no bracket
//   position (a zero-priced form does not occupy a volume slot, so it neither pushes other forms into a cheaper
//   bracket nor takes a slot away from them). Its other delivery lines (PrintAndMail, RecipientPortal) are
//   charged as chosen, per D12 ("waives its FederalEFile line"), which is the only waiver D12 grants.
// - Zero-amount lines are omitted, both in the order's charge lines and in each item's lines.
//
// Item shares: every item's amount is the sum of its own lines (its bracket unit price for FederalEFile, flat
// prices for the rest). All prices are integer cents and no line is split across items, so the items' amounts
// sum exactly to the total with no rounding. Refunds (void, or a charged form that cannot be transmitted) use
// `items[i].amount_cents`. Refunding one item does not re-price the others: positions are fixed at order time.
//
// Performance: one pass over the items with a moving bracket pointer (O(items + brackets)); segments are
// computed arithmetically per bracket, never per position.

import type { Delivery } from "./delivery.ts";
import { bracketLabel, type RateCard } from "./rate-card.ts";

export type ChargeLineType =
  | "Membership"
  | "FederalEFile"
  | "RecipientPortal"
  | "PrintAndMail"
  | "StateFiling"
  | "Correction"
  | "Discount";

export interface ChargeLine {
  readonly type: ChargeLineType;
  readonly label: string;
  readonly amount_cents: number;
}

export interface PricingSegment {
  readonly pricing_group: "FederalInformationReturns";
  /** "1-10", "10001+" */
  readonly bracket: string;
  readonly from_position: number;
  readonly to_position: number;
  readonly quantity: number;
  readonly unit_cents: number;
  readonly amount_cents: number;
}

export type PricingItemKind = "original" | "correction" | "refile";

export interface PricingItem {
  /** Caller's reference for the item (cart item id, filing id, ...); echoed in `items`. */
  readonly ref: string;
  readonly delivery: Pick<Delivery, "efile" | "printMail" | "portal">;
  readonly kind: PricingItemKind;
}

export interface ItemLine {
  readonly type: ChargeLineType;
  readonly amount_cents: number;
}

export interface PricedItem {
  readonly ref: string;
  readonly kind: PricingItemKind;
  readonly amount_cents: number;
  /** FederalEFile position in the order (1-based), or null when the item takes none. */
  readonly efile_position: number | null;
  readonly lines: readonly ItemLine[];
}

export interface PricedOrder {
  readonly currency: "usd";
  readonly item_count: number;
  readonly total_cents: number;
  readonly charge_lines: readonly ChargeLine[];
  readonly pricing_segments: readonly PricingSegment[];
  readonly items: readonly PricedItem[];
}

/** Counts from which the order-level lines and segments are derived (shared by priceOrder and quote). */
export interface PricingCounts {
  /** E-filed originals: they take bracket positions 1..efiled. */
  readonly efiled: number;
  readonly printMail: number;
  readonly portal: number;
  readonly corrections: number;
}

export interface OrderSummary {
  readonly total_cents: number;
  readonly charge_lines: readonly ChargeLine[];
  readonly pricing_segments: readonly PricingSegment[];
}

/** Prices an order. Positions are assigned in item order. */
export function priceOrder(card: RateCard, items: readonly PricingItem[]): PricedOrder {
  const brackets = card.efile_brackets;
  const printCents = card.print_mail_cents;
  const portalCents = card.recipient_portal_cents;
  const correctionCents = card.correction_cents;

  let position = 0;
  let bi = 0;
  let bracketTo = brackets[0]?.to ?? null;
  let unit = brackets[0]?.efile_cents ?? 0;
  let printMail = 0;
  let portal = 0;
  let corrections = 0;
  let total = 0;

  const priced: PricedItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as PricingItem;
    const d = item.delivery;
    const lines: ItemLine[] = [];
    let amount = 0;
    let itemPosition: number | null = null;

    if (item.kind === "correction") {
      corrections++;
      if (correctionCents > 0) lines.push({ type: "Correction", amount_cents: correctionCents });
      amount += correctionCents;
    } else if (item.kind === "original" && d.efile) {
      position++;
      while (bracketTo !== null && position > bracketTo) {
        bi++;
        const b = brackets[bi];
        if (b === undefined) throw new Error("rate card brackets do not cover every position");
        bracketTo = b.to;
        unit = b.efile_cents;
      }
      itemPosition = position;
      if (unit > 0) lines.push({ type: "FederalEFile", amount_cents: unit });
      amount += unit;
    }
    if (d.printMail) {
      printMail++;
      if (printCents > 0) lines.push({ type: "PrintAndMail", amount_cents: printCents });
      amount += printCents;
    }
    if (d.portal) {
      portal++;
      if (portalCents > 0) lines.push({ type: "RecipientPortal", amount_cents: portalCents });
      amount += portalCents;
    }
    total += amount;
    priced.push({
      ref: item.ref,
      kind: item.kind,
      amount_cents: amount,
      efile_position: itemPosition,
      lines,
    });
  }

  const summary = summarise(card, { efiled: position, printMail, portal, corrections });
  if (summary.total_cents !== total) {
    // Both are exact integer sums of the same prices; a difference would be a bug in this file.
    throw new Error(`pricing invariant broken: items sum to ${total}, lines to ${summary.total_cents}`);
  }
  return {
    currency: "usd",
    item_count: items.length,
    total_cents: summary.total_cents,
    charge_lines: summary.charge_lines,
    pricing_segments: summary.pricing_segments,
    items: priced,
  };
}

/** Order-level charge lines, segments and total from counts alone (O(brackets)). */
export function summarise(card: RateCard, counts: PricingCounts): OrderSummary {
  const segments = efileSegments(card, counts.efiled);
  let efileCents = 0;
  for (const s of segments) efileCents += s.amount_cents;

  const lines: ChargeLine[] = [];
  const push = (type: ChargeLineType, label: string, amount: number): void => {
    if (amount !== 0) lines.push({ type, label, amount_cents: amount });
  };
  push("FederalEFile", `Federal e-file (${forms(counts.efiled)})`, efileCents);
  push(
    "Correction",
    `Correction fee (${counts.corrections} ${counts.corrections === 1 ? "correction" : "corrections"})`,
    counts.corrections * card.correction_cents,
  );
  push(
    "PrintAndMail",
    `Print and mail (${forms(counts.printMail)})`,
    counts.printMail * card.print_mail_cents,
  );
  push(
    "RecipientPortal",
    `Recipient portal access (${forms(counts.portal)})`,
    counts.portal * card.recipient_portal_cents,
  );

  let total = 0;
  for (const l of lines) total += l.amount_cents;
  return { total_cents: total, charge_lines: lines, pricing_segments: segments };
}

/** Segments tiling positions 1..n of the e-filed forms, one per bracket touched. Empty when n is 0. */
export function efileSegments(card: RateCard, n: number): PricingSegment[] {
  const out: PricingSegment[] = [];
  for (const b of card.efile_brackets) {
    if (n < b.from) break;
    const to = b.to === null ? n : Math.min(n, b.to);
    const quantity = to - b.from + 1;
    out.push({
      pricing_group: "FederalInformationReturns",
      bracket: bracketLabel(b),
      from_position: b.from,
      to_position: to,
      quantity,
      unit_cents: b.efile_cents,
      amount_cents: quantity * b.efile_cents,
    });
  }
  return out;
}

function forms(n: number): string {
  return n === 1 ? "1 form" : `${n} forms`;
}
