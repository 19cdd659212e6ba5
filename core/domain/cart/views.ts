// Wire views (SPEC field names) of the cart, its items, the payment receipt and orders (SPEC "Cart, pricing and
// payment", "Order", D13, D17): the one home of these shapes.
import type { Filing } from "../filing/filing.ts";
import type { FilingStatus } from "../filing/status.ts";
import type { PaymentPlan } from "../ledger/ledger.ts";
import type { PricedOrder } from "../pricing/index.ts";
import { pricingKind, type CartFiling } from "./cart.ts";
import type { CartItem, Order } from "./model.ts";

export function cartView(
  cartId: string | null,
  items: readonly CartItem[],
  filings: ReadonlyMap<string, CartFiling>,
  priced: PricedOrder,
) {
  const amounts = new Map(priced.items.map((p) => [p.ref, p.amount_cents]));
  return {
    object: "cart",
    id: cartId,
    item_count: items.length,
    total_cents: priced.total_cents,
    currency: "usd",
    charge_lines: priced.charge_lines,
    pricing_segments: priced.pricing_segments,
    items: items.map((i) => cartItemView(i, filings.get(i.filingId), amounts.get(i.id) ?? 0)),
  };
}

export function cartItemView(i: CartItem, f: CartFiling | undefined, amountCents: number) {
  return {
    object: "cart_item",
    id: i.id,
    cart: i.cartId,
    form_id: i.filingId,
    filing_id: i.filingId,
    form: f?.form ?? null,
    tax_year: f?.taxYear ?? null,
    reference: f?.reference ?? null,
    service: i.service,
    physical_mail: i.physicalMail,
    portal_access: i.portalAccess,
    kind: f ? pricingKind(f) : "original",
    amount_cents: amountCents,
    created_at: i.createdAt,
  };
}

/** GET /v1/cart/value: the open cart's count and total (`cartId` null when no cart is open). */
export function cartValueView(cartId: string | null, priced: Pick<PricedOrder, "items" | "total_cents">) {
  return {
    object: "cart_value",
    id: cartId,
    item_count: priced.items.length,
    total_cents: priced.total_cents,
    currency: "usd",
  } as const;
}

/** DELETE /v1/cart/items/{id}: the item removed and the status its filing went back to. */
export function removedCartItemView(item: CartItem, filingStatus: FilingStatus) {
  return {
    object: "cart_item",
    id: item.id,
    deleted: true,
    filing: item.filingId,
    filing_status: filingStatus,
  };
}

/** POST /v1/cart/pay: the receipt, stored with the order and replayed for `already_paid`. */
export function cartPaymentView(p: {
  readonly cartId: string;
  readonly orderId: string;
  readonly number: string;
  readonly items: readonly CartItem[];
  readonly filings: ReadonlyMap<string, Pick<CartFiling, "reference"> & { readonly irsWarnings?: number }>;
  readonly amountOf: ReadonlyMap<string, number>;
  readonly priced: Pick<PricedOrder, "total_cents">;
  readonly plan: Pick<PaymentPlan, "fromBalanceCents" | "fromCardCents">;
  readonly filingStatus: FilingStatus;
}) {
  const warned = p.items.filter((i) => (p.filings.get(i.filingId)?.irsWarnings ?? 0) > 0).length;
  return {
    object: "cart_payment",
    cart: p.cartId,
    order: p.orderId,
    order_number: p.number,
    status: "paid",
    filed: p.items.length,
    failed: 0,
    amount_charged: p.priced.total_cents,
    currency: "usd",
    from_balance_cents: p.plan.fromBalanceCents,
    from_card_cents: p.plan.fromCardCents,
    // Issue 41: forms filed although the IRS will report errors on them (their `warnings`; pay without strict).
    filed_with_warnings: warned,
    filings: p.items.map((i) => ({
      reference: p.filings.get(i.filingId)?.reference ?? null,
      id: i.filingId,
      status: p.filingStatus,
      amount_charged: p.amountOf.get(i.id) ?? 0,
    })),
  };
}

/** An order in the list of orders. */
export function orderListView(o: Order) {
  return {
    object: "order",
    id: o.id,
    number: o.number,
    payment_status: o.paymentStatus,
    forms: o.forms,
    grand_total_cents: o.grandTotalCents,
    currency: "usd",
    created_at: o.createdAt,
  };
}

/** The ids of the filings an order paid for, as its receipt lists them. */
export function orderFilingIds(order: Order): string[] {
  return ((order.receipt["filings"] ?? []) as Array<{ id: string }>).map((f) => f.id);
}

/** One order: its stored charge lines and segments (never re-priced) and its filings as they are now. */
export function orderView(
  order: Order,
  filings: ReadonlyMap<string, Pick<Filing, "form" | "recipientId" | "status" | "amountChargedCents">>,
) {
  return {
    object: "order",
    id: order.id,
    number: order.number,
    payment_status: order.paymentStatus,
    created_at: order.createdAt,
    charge_lines: order.chargeLines.map((l) => ({
      type: l.type,
      label: l.label,
      amount_cents: l.amount_cents,
    })),
    pricing_segments: order.pricingSegments,
    grand_total_cents: order.grandTotalCents,
    currency: "usd",
    from_balance_cents: order.fromBalanceCents,
    from_card_cents: order.fromCardCents,
    forms: orderFilingIds(order).map((id) => {
      const f = filings.get(id);
      return {
        id,
        form: f?.form ?? null,
        recipient: f?.recipientId ?? null,
        status: f?.status ?? null,
        amount_charged_cents: f?.amountChargedCents ?? 0,
      };
    }),
  };
}
