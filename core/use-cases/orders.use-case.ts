// Orders (SPEC "Order", D17): the stored charge lines and segments, never re-priced.
import { Effect } from "effect";
import { NotFound } from "../domain/shared/errors.ts";
import type { PageQuery } from "../domain/shared/paging.ts";
import { Store, type Order, type Scope } from "../ports/store.port.ts";

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

export const listOrders = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  return yield* (yield* Store).scoped(scope).orders.list(page);
});

export const getOrder = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const repos = (yield* Store).scoped(scope);
  const order = /^ord_[A-Za-z0-9]{6,40}$/.test(id) ? yield* repos.orders.get(id) : undefined;
  if (!order) return yield* new NotFound({ message: `No order ${id} in this environment.` });
  const filingIds = ((order.receipt["filings"] ?? []) as Array<{ id: string }>).map((f) => f.id);
  const filings = yield* repos.filings.getMany(filingIds);
  const byId = new Map(filings.map((f) => [f.id, f] as const));
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
    forms: filingIds.map((id) => {
      const f = byId.get(id);
      return {
        id,
        form: f?.form ?? null,
        recipient: f?.recipientId ?? null,
        status: f?.status ?? null,
        amount_charged_cents: f?.amountChargedCents ?? 0,
      };
    }),
  };
});
