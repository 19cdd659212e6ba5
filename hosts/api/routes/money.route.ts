import { addCartItems, cartDetails, cartValue, removeCartItem } from "../../../core/use-cases/money/cart.ts";
import { parsePayBody, payCart } from "../../../core/use-cases/money/pay.ts";
import {
  entryView,
  getBalance,
  listEntries,
  setAutoReplenish,
  setPaymentMethod,
  topUp,
} from "../../../core/use-cases/money/balance.ts";
import { orderListView } from "../../../core/domain/cart/views.ts";
import { getOrder, listOrders } from "../../../core/use-cases/money/orders.ts";
import { getQuote, getRateCard } from "../../../core/use-cases/money/prices.ts";
import { orThrow, pageQuery, principalOf, scopeOf, type Api, type ApiContext } from "../http.ts";
import { answer, answerList, confinedPayer, idParam, PAYERS, SCOPES, type RouteDef } from "./route.ts";
import { bodyTargets, type PayerTarget } from "../../../core/use-cases/oauth/payer-access.ts";

// The filings added, and the cart they are added to: a payer-scoped grant may change the cart only while it holds
// only its payer's forms (issue 38: adding its own form to a cart holding another payer's was let through).
const itemFilings = (ctx: ApiContext): readonly PayerTarget[] => [
  ...bodyTargets.cartItems(ctx.state.body),
  { openCart: true },
];

// Payer-scoped grants: the cart is theirs to see, change and pay only while it holds only their payer's
// forms; balance writes, the ledger and the order list are account-wide (no payer rule).
export function moneyRoutes(api: Api): RouteDef[] {
  const addItems = (cartParam: boolean) => async (ctx: ApiContext) => {
    const cartId = cartParam ? idParam(ctx) : null;
    const r = await api.run(addCartItems(scopeOf(ctx), cartId, ctx.state.body));
    // Each caller gets the shape it used: the description's line item (201) or the reference's cart (200).
    if (r.shape === "item") {
      ctx.status = 201;
      ctx.body = r.items[0];
    } else {
      ctx.status = 200;
      ctx.body = r.cart;
    }
  };
  return [
    {
      method: "get",
      path: "/v1/prices",
      scopes: SCOPES.filingsRead,
      payers: "none",
      handler: answer(api, () => getRateCard()),
    },
    {
      method: "get",
      path: "/v1/prices/quote",
      scopes: SCOPES.filingsRead,
      payers: "none",
      handler: answer(api, (ctx) => getQuote(ctx.query)),
    },
    {
      method: "get",
      path: "/v1/cart/details",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.openCart,
      handler: answer(api, (ctx) => cartDetails(scopeOf(ctx))),
    },
    {
      method: "get",
      path: "/v1/cart/value",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.openCart,
      handler: answer(api, (ctx) => cartValue(scopeOf(ctx))),
    },
    {
      method: "post",
      path: "/v1/cart/items",
      scopes: SCOPES.filingsWrite,
      payers: itemFilings,
      handler: addItems(false),
    },
    {
      method: "post",
      path: "/v1/carts/:id/items",
      scopes: SCOPES.filingsWrite,
      payers: itemFilings,
      handler: addItems(true),
    },
    {
      method: "delete",
      path: "/v1/cart/items/:id",
      scopes: SCOPES.filingsWrite,
      payers: (ctx) => [{ cartItem: idParam(ctx) }],
      handler: answer(api, (ctx) => removeCartItem(scopeOf(ctx), idParam(ctx))),
    },
    {
      method: "post",
      path: "/v1/cart/pay",
      scopes: SCOPES.paymentsWrite,
      ownerOnly: true,
      payers: PAYERS.openCart,
      handler: answer(api, (ctx) =>
        payCart(scopeOf(ctx), principalOf(ctx), orThrow(parsePayBody(ctx.state.body))),
      ),
    },
    {
      method: "get",
      path: "/v1/balance",
      scopes: SCOPES.paymentsRead,
      // The balance is the account's; its recent entries are account-wide and left out for a payer-scoped grant.
      payers: "confined",
      handler: answer(api, (ctx) => getBalance(scopeOf(ctx), { recent: confinedPayer(ctx) === null })),
    },
    {
      method: "patch",
      path: "/v1/balance",
      scopes: SCOPES.paymentsWrite,
      ownerOnly: true,
      handler: answer(api, (ctx) => setAutoReplenish(scopeOf(ctx), ctx.state.body)),
    },
    {
      method: "get",
      path: "/v1/balance/entries",
      scopes: SCOPES.paymentsRead,
      handler: answerList(api, (ctx) => listEntries(scopeOf(ctx), pageQuery(ctx)), entryView),
    },
    {
      method: "post",
      path: "/v1/balance/top-ups",
      scopes: SCOPES.paymentsWrite,
      ownerOnly: true,
      handler: answer(api, (ctx) => topUp(scopeOf(ctx), ctx.state.body), { status: 201 }),
    },
    {
      method: "put",
      path: "/v1/payment-method",
      scopes: SCOPES.paymentsWrite,
      ownerOnly: true,
      handler: answer(api, (ctx) => setPaymentMethod(scopeOf(ctx), ctx.state.body)),
    },
    {
      method: "get",
      path: "/v1/orders",
      scopes: SCOPES.paymentsRead,
      handler: answerList(api, (ctx) => listOrders(scopeOf(ctx), pageQuery(ctx)), orderListView),
    },
    {
      method: "get",
      path: "/v1/orders/:id",
      scopes: SCOPES.paymentsRead,
      payers: PAYERS.order,
      handler: answer(api, (ctx) => getOrder(scopeOf(ctx), idParam(ctx))),
    },
  ];
}
