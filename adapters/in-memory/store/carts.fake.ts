import * as Effect from "effect/Effect";
import {
  pricingKind,
  type CartFiling,
  type CartItemGroup,
  type PayFiling,
  type PayRecipient,
} from "../../../core/domain/cart/cart.ts";
import type * as Ports from "../../../core/ports/store.port.ts";
import { irsWarningCount } from "../../../core/domain/iris/rules/index.ts";
import { oldestFirst, pageFrom, type FakeScope } from "./shared.ts";

export function fakeCarts(c: FakeScope): Ports.CartRepo {
  const { ref, scope, mine, toCart } = c;
  const cartById = (id: string) => {
    const c = ref.t.carts.get(id);
    return c && mine(c) ? toCart(c) : undefined;
  };
  const openCart = () => toCart([...ref.t.carts.values()].find((c) => mine(c) && c.status === "open"));
  /** The cart's items, oldest first (as the SQL adapter orders them). */
  const itemsOf = (cartId: string) =>
    [...ref.t.cartItems.values()].filter((i) => mine(i) && i.cartId === cartId).sort(oldestFirst);
  const cartFiling = (f: CartFiling): CartFiling => ({
    id: f.id,
    form: f.form,
    taxYear: f.taxYear,
    reference: f.reference,
    corrects: f.corrects,
    refileOf: f.refileOf,
  });
  return {
    openCart: (newId, now) =>
      Effect.sync(() => {
        const open = [...ref.t.carts.values()].find((c) => mine(c) && c.status === "open");
        if (open) return { id: open.id };
        ref.t.carts.set(newId, {
          id: newId,
          accountId: scope.accountId,
          livemode: scope.livemode,
          status: "open",
          createdAt: now,
        });
        return { id: newId };
      }),
    insertItems: (items) =>
      Effect.sync(() => {
        // The kind is not kept: itemGroups reads it off the filing, which gives the same (it is fixed at intake).
        for (const { kind: _kind, ...i } of items) ref.t.cartItems.set(i.id, { ...i, ...scope });
      }),
    current: () => Effect.sync(openCart),
    // Transactions run one at a time here, so holding a cart is reading it.
    holdOpen: () => Effect.sync(openCart),
    hold: (id) => Effect.sync(() => cartById(id)),
    latestPaid: () =>
      Effect.sync(() =>
        toCart(
          [...ref.t.carts.values()]
            .filter((c) => mine(c) && c.status === "paid")
            .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0],
        ),
      ),
    get: (id) => Effect.sync(() => cartById(id)),
    lockForPay: (id) => Effect.sync(() => cartById(id)),
    items: (cartId) => Effect.sync(() => itemsOf(cartId)),
    itemsWithFilings: (cartId) =>
      Effect.sync(() => {
        const items = itemsOf(cartId);
        const filings = new Map<string, CartFiling>();
        for (const i of items) {
          const f = ref.t.filings.get(i.filingId);
          if (f && mine(f)) filings.set(f.id, cartFiling(f));
        }
        return { items, filings };
      }),
    payItems: (cartId) =>
      Effect.sync(() => {
        const items = itemsOf(cartId);
        const filings = new Map<string, PayFiling>();
        const recipients = new Map<string, PayRecipient>();
        for (const i of items) {
          const f = ref.t.filings.get(i.filingId);
          if (!f || !mine(f)) continue;
          filings.set(f.id, {
            ...cartFiling(f),
            status: f.status,
            payerId: f.payerId,
            recipientId: f.recipientId,
            rulesChecked: f.rulesChecked ?? null,
            irsWarnings: irsWarningCount(f.warnings),
          });
          const r = ref.t.recipients.get(f.recipientId);
          if (r && mine(r))
            recipients.set(r.id, {
              id: r.id,
              addressLine1: r.addressLine1,
              city: r.city,
              state: r.state,
              postalCode: r.postalCode,
            });
        }
        return { items, filings, recipients };
      }),
    itemGroups: (cartId) =>
      Effect.sync(() => {
        const groups = new Map<string, { -readonly [K in keyof CartItemGroup]: CartItemGroup[K] }>();
        for (const i of ref.t.cartItems.values()) {
          if (!mine(i) || i.cartId !== cartId) continue;
          const f = ref.t.filings.get(i.filingId);
          const kind = f && mine(f) ? pricingKind(f) : "original";
          const key = `${i.service}|${String(i.physicalMail)}|${String(i.portalAccess)}|${kind}`;
          const g = groups.get(key);
          if (g) g.count++;
          else
            groups.set(key, {
              service: i.service,
              physicalMail: i.physicalMail,
              portalAccess: i.portalAccess,
              kind,
              count: 1,
            });
        }
        return [...groups.values()];
      }),
    itemByFiling: (filingId) =>
      Effect.sync(() => [...ref.t.cartItems.values()].find((i) => mine(i) && i.filingId === filingId)),
    removeItem: (id) =>
      Effect.sync(() => {
        const i = ref.t.cartItems.get(id);
        if (!i || !mine(i)) return undefined;
        ref.t.cartItems.delete(id);
        return i;
      }),
    markPaid: (id, orderId) =>
      Effect.sync(() => {
        const c = ref.t.carts.get(id);
        if (c) ref.t.carts.set(id, { ...c, status: "paid", orderId } as typeof c);
      }),
  };
}

export function fakeOrders(c: FakeScope): Ports.OrderRepo {
  const { ref, scope, mine } = c;
  return {
    insert: (o) =>
      Effect.sync(() => {
        ref.t.orders.set(o.id, { ...o, ...scope });
      }),
    get: (id) =>
      Effect.sync(() => {
        const o = ref.t.orders.get(id);
        return o && mine(o) ? o : undefined;
      }),
    byCart: (cartId) =>
      Effect.sync(() => [...ref.t.orders.values()].find((o) => mine(o) && o.cartId === cartId)),
    list: (page) => Effect.sync(() => pageFrom([...ref.t.orders.values()].filter(mine), page)),
  };
}

export function fakeDispatches(c: FakeScope): Ports.DispatchRepo {
  const { ref, scope } = c;
  return {
    enqueue: (orderId, now) =>
      Effect.sync(() => {
        if (!ref.t.dispatches.has(orderId))
          ref.t.dispatches.set(orderId, { orderId, ...scope, createdAt: now });
      }),
  };
}
