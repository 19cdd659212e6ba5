import type * as Effect from "effect/Effect";
import type { Cart, CartItem, NewCartItem, Order } from "../domain/cart/model.ts";
import type { CartFiling, CartItemGroup, PayFiling, PayRecipient } from "../domain/cart/cart.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface CartRepo {
  /**
   * The environment's open cart, created with `newId` when there is none. In a transaction the cart is held
   * (share-locked) until it ends, so a pay of that cart waits for the change instead of missing it.
   */
  readonly openCart: (newId: string, now: string) => Effect.Effect<{ readonly id: string }>;
  /** The open cart, held like `openCart` holds it; undefined when there is none. */
  readonly holdOpen: () => Effect.Effect<Cart | undefined>;
  /** A cart by id, held like `openCart` holds it. */
  readonly hold: (id: string) => Effect.Effect<Cart | undefined>;
  readonly insertItems: (items: readonly NewCartItem[]) => Effect.Effect<void>;
  /** The open cart, if any. */
  readonly current: () => Effect.Effect<Cart | undefined>;
  readonly latestPaid: () => Effect.Effect<Cart | undefined>;
  readonly get: (id: string) => Effect.Effect<Cart | undefined>;
  /**
   * Takes the cart for paying until the transaction ends: "busy" when another pay of it is in flight; otherwise
   * waits for the adds, removals and voids holding it, so the items read next are final.
   */
  readonly lockForPay: (id: string) => Effect.Effect<Cart | "busy" | undefined>;
  readonly items: (cartId: string) => Effect.Effect<readonly CartItem[]>;
  /**
   * The cart's items (in `items` order) and, by filing id, what pricing and the cart view read of their filings
   * (no form contents): one read, for pricing carts of a hundred thousand forms.
   */
  readonly itemsWithFilings: (cartId: string) => Effect.Effect<{
    readonly items: readonly CartItem[];
    readonly filings: ReadonlyMap<string, CartFiling>;
  }>;
  /**
   * Pay's read (issue 19): the items (in `items` order), by filing id what pay checks of their filings, and by
   * recipient id the recipients' addresses; no form contents. One read for a cart of a hundred thousand forms.
   */
  readonly payItems: (cartId: string) => Effect.Effect<{
    readonly items: readonly CartItem[];
    readonly filings: ReadonlyMap<string, PayFiling>;
    readonly recipients: ReadonlyMap<string, PayRecipient>;
  }>;
  /** The cart's items counted by what prices them (delivery choices and kind): a cart's total without its rows. */
  readonly itemGroups: (cartId: string) => Effect.Effect<readonly CartItemGroup[]>;
  readonly itemByFiling: (filingId: string) => Effect.Effect<CartItem | undefined>;
  readonly removeItem: (id: string) => Effect.Effect<CartItem | undefined>;
  readonly markPaid: (id: string, orderId: string) => Effect.Effect<void>;
}

export interface OrderRepo {
  readonly insert: (order: Order) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<Order | undefined>;
  readonly byCart: (cartId: string) => Effect.Effect<Order | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<Order>>;
}

export interface DispatchRepo {
  /** Records that a paid order's filings are waiting for transmission (durable, in the payment's transaction). */
  readonly enqueue: (orderId: string, now: string) => Effect.Effect<void>;
}

/** Paid orders waiting for transmission, across accounts: the worker's safety net when a job was never sent. */
export interface DispatchQueue {
  readonly pending: (
    createdBefore: string,
    limit: number,
  ) => Effect.Effect<
    readonly { readonly orderId: string; readonly accountId: string; readonly livemode: boolean }[]
  >;
  readonly markDone: (orderId: string) => Effect.Effect<void>;
}
