// The cart (SPEC "Cart, pricing and payment"): add ready forms with a delivery service, remove them, price it.
import * as Effect from "effect/Effect";
import {
  parseAddItems,
  priceCart,
  priceCartGroups,
  pricingKind,
  type CartFiling,
} from "../../domain/cart/cart.ts";
import { cartItemView, cartValueView, cartView, removedCartItemView } from "../../domain/cart/views.ts";
import type { Filing } from "../../domain/filing/filing.ts";
import { resolveDelivery, type RateCard } from "../../domain/pricing/index.ts";
import { Conflict, InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import { looksLikeFilingId } from "../filing/filings.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Pricing } from "../../ports/pricing.port.ts";
import {
  Store,
  type CartItem,
  type NewCartItem,
  type Scope,
  type ScopedStore,
} from "../../ports/store.port.ts";
import { move } from "../../domain/filing/status.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

const ADD = move("add_to_cart");
const REMOVE = move("remove_from_cart");

/** The open cart's items, their filings, and the live price. */
export const loadCart = Effect.fn("loadCart")(function* (
  repos: ScopedStore,
  cartId: string | null,
  card: RateCard,
) {
  const { items, filings } = cartId
    ? yield* repos.carts.itemsWithFilings(cartId)
    : { items: [] as readonly CartItem[], filings: new Map<string, CartFiling>() };
  return { items, filings, priced: priceCart(card, items, filings) };
});

export const cartDetails = Effect.fn("cartDetails")(function* (scope: Scope) {
  const repos = (yield* Store).scoped(scope);
  const cart = yield* repos.carts.current();
  const { items, filings, priced } = yield* loadCart(repos, cart?.id ?? null, (yield* Pricing).rateCard);
  return cartView(cart?.id ?? null, items, filings, priced);
});

/** GET /v1/cart/value: the open cart's count and total from its items counted by price group (carts of 100,000 forms). */
export const cartValue = Effect.fn("cartValue")(function* (scope: Scope) {
  const repos = (yield* Store).scoped(scope);
  const cart = yield* repos.carts.current();
  const groups = cart ? yield* repos.carts.itemGroups(cart.id) : [];
  const priced = priceCartGroups((yield* Pricing).rateCard, groups);
  return cartValueView(cart?.id ?? null, priced);
});

export const addCartItems = Effect.fn("addCartItems")(function* (
  scope: Scope,
  cartIdInPath: string | null,
  body: unknown,
) {
  const parsed = parseAddItems(body);
  if (parsed instanceof InvalidRequest) return yield* parsed;
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  const card = (yield* Pricing).rateCard;
  const param = (i: number, k: string) =>
    parsed.shape === "cart" ? `forms.${i}.${k}` : k === "form_id" ? "filing_id" : k;
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      if (cartIdInPath !== null) {
        const current = yield* tx.carts.current();
        if (!current || current.id !== cartIdInPath) {
          const other = yield* tx.carts.get(cartIdInPath);
          if (!other) return yield* new NotFound({ message: `No cart ${cartIdInPath} in this environment.` });
          return yield* new Conflict({
            message: `Cart ${cartIdInPath} is ${other.status}; items go to the open cart.`,
          });
        }
      }
      const cartId = (yield* tx.carts.openCart(ids.short("crt_"), now)).id;
      const added: NewCartItem[] = [];
      const seen = new Set<string>();
      for (const [i, r] of parsed.requests.entries()) {
        const filing = looksLikeFilingId(r.formId) ? yield* tx.filings.get(r.formId) : undefined;
        if (!filing) return yield* new NotFound({ message: `No filing ${r.formId} in this environment.` });
        if (seen.has(filing.id))
          return yield* new InvalidRequest({
            param: param(i, "form_id"),
            message: `Filing ${r.formId} is listed twice.`,
          });
        seen.add(filing.id);
        if (!ADD.from.includes(filing.status)) {
          return yield* new Conflict({
            param: param(i, "form_id"),
            message: `Filing ${filing.id} is ${filing.status}; only ready_to_file forms can be added to the cart.`,
          });
        }
        const d = resolveDelivery(r.service, r.physicalMail, r.portalAccess);
        if (!d.ok) return yield* new InvalidRequest({ param: param(i, d.param), message: d.message });
        const moved = yield* tx.filings.update(filing.id, ADD.from, {
          status: ADD.to,
          service: d.delivery.service,
          physicalMail: r.physicalMail ?? null,
          portalAccess: r.portalAccess ?? null,
          updatedAt: now,
        });
        if (!moved)
          return yield* new Conflict({
            message: `Filing ${filing.id} changed while it was being added; retry.`,
          });
        added.push({
          id: ids.short("cit_"),
          cartId,
          filingId: filing.id,
          service: d.delivery.service,
          physicalMail: r.physicalMail ?? null,
          portalAccess: r.portalAccess ?? null,
          createdAt: now,
          kind: pricingKind(filing),
        });
      }
      yield* tx.carts.insertItems(added);
      const { items, filings, priced } = yield* loadCart(tx, cartId, card);
      const amounts = new Map(priced.items.map((p) => [p.ref, p.amount_cents]));
      return {
        shape: parsed.shape,
        cart: cartView(cartId, items, filings, priced),
        items: added.map((a) => cartItemView(a, filings.get(a.filingId), amounts.get(a.id) ?? 0)),
      };
    }),
  );
});

/** Compatible addition: DELETE /v1/cart/items/{id}; the form returns to ready_to_file. */
export const removeCartItem = Effect.fn("removeCartItem")(function* (scope: Scope, itemId: string) {
  const now = (yield* Clock).now().toISOString();
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const current = yield* tx.carts.holdOpen();
      const items = current ? yield* tx.carts.items(current.id) : [];
      const item = items.find((i) => i.id === itemId || i.filingId === itemId);
      if (!item) return yield* new NotFound({ message: `No item ${itemId} in the open cart.` });
      const back: Filing | undefined = yield* tx.filings.update(item.filingId, REMOVE.from, {
        status: REMOVE.to,
        updatedAt: now,
      });
      if (!back) return yield* new Conflict({ message: `Filing ${item.filingId} is no longer in the cart.` });
      yield* tx.carts.removeItem(item.id);
      return removedCartItemView(item, back.status);
    }),
  );
});
