// Orders (SPEC "Order", D17): the stored charge lines and segments, never re-priced.
import * as Effect from "effect/Effect";
import { NotFound } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { orderFilingIds, orderView } from "../../domain/cart/views.ts";
import { Store, type Scope } from "../../ports/store.port.ts";

export const listOrders = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  return yield* (yield* Store).scoped(scope).orders.list(page);
});

export const getOrder = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const repos = (yield* Store).scoped(scope);
  const order = /^ord_[A-Za-z0-9]{6,40}$/.test(id) ? yield* repos.orders.get(id) : undefined;
  if (!order) return yield* new NotFound({ message: `No order ${id} in this environment.` });
  const filings = yield* repos.filings.getMany(orderFilingIds(order));
  return orderView(order, new Map(filings.map((f) => [f.id, f] as const)));
});
