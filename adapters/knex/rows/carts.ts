// Rows of carts, cart items (alone, with their filings, as pay reads them, grouped for pricing), orders and the
// dispatch queue.
import type { Cart, CartItem, Order } from "../../../core/domain/cart/model.ts";
import { FILING_STATUSES, SERVICES } from "../../../core/domain/filing/status.ts";
import type { ChargeLineType, PricingItemKind } from "../../../core/domain/pricing/index.ts";
import {
  arrayOf,
  Bool,
  type Decoded,
  json,
  JsonObject,
  literals,
  Null,
  NullableBool,
  NullableText,
  Num,
  oneOf,
  rowCodec,
  type SameMembers,
  struct,
  Text,
  Timestamp,
  tuple,
} from "./columns.ts";

const PRICING_KINDS = ["original", "correction", "refile"] as const;
const CHARGE_LINE_TYPES = [
  "Membership",
  "FederalEFile",
  "RecipientPortal",
  "PrintAndMail",
  "StateFiling",
  "Correction",
  "Discount",
] as const;
const lists: [
  SameMembers<(typeof PRICING_KINDS)[number], PricingItemKind>,
  SameMembers<(typeof CHARGE_LINE_TYPES)[number], ChargeLineType>,
] = [true, true];
void lists;

export const CartRow = rowCodec(
  "carts",
  struct({ id: Text, status: literals(["open", "paid"]), order_id: NullableText, created_at: Timestamp }),
);
export function toCart(row: unknown): Cart {
  const r = CartRow.decode(row);
  return { id: r.id, status: r.status, orderId: r.order_id, createdAt: r.created_at };
}

const CART_ITEM = {
  id: Text,
  cart_id: Text,
  filing_id: Text,
  service: literals(SERVICES),
  physical_mail: NullableBool,
  portal_access: NullableBool,
  created_at: Timestamp,
} as const;
export const CartItemRow = rowCodec("cart_items", struct(CART_ITEM));
export const cartItemFrom = (r: Decoded<typeof CART_ITEM>): CartItem => ({
  id: r.id,
  cartId: r.cart_id,
  filingId: r.filing_id,
  service: r.service,
  physicalMail: r.physical_mail,
  portalAccess: r.portal_access,
  createdAt: r.created_at,
});
export const toCartItem = (row: unknown): CartItem => cartItemFrom(CartItemRow.decode(row));

/** `itemsWithFilings`: a cart item and the pricing columns of its filing (`f_*`, all null when none joined). */
export const CartItemWithFilingRow = rowCodec(
  "cart_items joined to filings",
  oneOf(
    struct({
      ...CART_ITEM,
      f_id: Text,
      f_form: Text,
      f_tax_year: Num,
      f_reference: NullableText,
      f_corrects: NullableText,
      f_refile_of: NullableText,
    }),
    struct({
      ...CART_ITEM,
      f_id: Null,
      f_form: Null,
      f_tax_year: Null,
      f_reference: Null,
      f_corrects: Null,
      f_refile_of: Null,
    }),
  ),
);

const PAY_ITEM = [Text, Text, literals(SERVICES), NullableBool, NullableBool, Num] as const;
const PAY_FILING = [
  Text,
  Num,
  NullableText,
  NullableText,
  NullableText,
  literals(FILING_STATUSES),
  Text,
  Text,
  NullableText,
  Num,
] as const;
/** Whether the filing's recipient joined, then its address (all null when it did not). */
const PAY_RECIPIENT = [Bool, NullableText, NullableText, NullableText, NullableText] as const;
/** The cells of a filing that did not join (left join): all null. */
const NO_FILING = [Null, Null, Null, Null, Null, Null, Null, Null, Null, Null] as const;
/**
 * `payItems`: JSON texts of the items' cells (json_build_array), each of a share of the cart: the item's 5 and its
 * created_at in microseconds (the sort key, and the ISO text made from it: not formatted by to_char, which added
 * 50–100 ms of Postgres's time for 100,000 items, nor parsed as a date per item here), its filing's 10 (its id is
 * the item's filing_id), whether the filing's recipient joined, and the recipient's address.
 */
export const PayItemsRow = rowCodec(
  "cart_items (pay)",
  struct({
    rows: json(
      arrayOf(
        oneOf(
          tuple(...PAY_ITEM, ...PAY_FILING, ...PAY_RECIPIENT),
          tuple(...PAY_ITEM, ...NO_FILING, ...PAY_RECIPIENT),
        ),
      ),
    ),
  }),
);

/** `itemGroups`: a cart's items counted by what prices them. */
export const ItemGroupRow = rowCodec(
  "cart_items (groups)",
  struct({
    service: literals(SERVICES),
    physical_mail: NullableBool,
    portal_access: NullableBool,
    kind: literals(PRICING_KINDS),
    n: Num,
  }),
);

const ChargeLineColumn = struct({ type: literals(CHARGE_LINE_TYPES), label: Text, amount_cents: Num });
const PricingSegmentColumn = struct({
  pricing_group: literals(["FederalInformationReturns"]),
  bracket: Text,
  from_position: Num,
  to_position: Num,
  quantity: Num,
  unit_cents: Num,
  amount_cents: Num,
});
export const OrderRow = rowCodec(
  "orders",
  struct({
    id: Text,
    number: Text,
    cart_id: Text,
    payment_status: literals(["paid"]),
    forms: Num,
    charge_lines: json(arrayOf(ChargeLineColumn)),
    pricing_segments: json(arrayOf(PricingSegmentColumn)),
    grand_total_cents: Num,
    from_balance_cents: Num,
    from_card_cents: Num,
    card_charge_id: NullableText,
    auto_topup_charge_id: NullableText,
    // The receipt as pay built it: checked to be an object (see JsonObject).
    receipt: json(JsonObject),
    created_at: Timestamp,
  }),
);
export function toOrder(row: unknown): Order {
  const r = OrderRow.decode(row);
  return {
    id: r.id,
    number: r.number,
    cartId: r.cart_id,
    paymentStatus: r.payment_status,
    forms: r.forms,
    chargeLines: r.charge_lines,
    pricingSegments: r.pricing_segments,
    grandTotalCents: r.grand_total_cents,
    fromBalanceCents: r.from_balance_cents,
    fromCardCents: r.from_card_cents,
    cardChargeId: r.card_charge_id,
    autoTopupChargeId: r.auto_topup_charge_id,
    receipt: r.receipt,
    createdAt: r.created_at,
  };
}

/** A pending dispatch (the dispatch queue). */
export const DispatchRow = rowCodec(
  "dispatches",
  struct({ order_id: Text, account_id: Text, livemode: Bool }),
);

/** `pg_try_advisory_xact_lock(...) as ok`. */
export const LockTakenRow = rowCodec("advisory lock", struct({ ok: Bool }));
