import type { Service } from "../filing/status.ts";
import type { ChargeLine, PricingItem, PricingSegment } from "../pricing/index.ts";

export interface CartItem {
  readonly id: string;
  readonly cartId: string;
  readonly filingId: string;
  readonly service: Service;
  readonly physicalMail: boolean | null;
  readonly portalAccess: boolean | null;
  readonly createdAt: string;
}

/**
 * An item as it is put in a cart, with how its filing prices (`pricingKind`: original, correction or refile; fixed
 * when the filing is made), kept so that a cart's value counts its items without reading their filings.
 */
export interface NewCartItem extends CartItem {
  readonly kind: PricingItem["kind"];
}

export interface Cart {
  readonly id: string;
  readonly status: "open" | "paid";
  readonly orderId: string | null;
  readonly createdAt: string;
}

export interface Order {
  readonly id: string;
  readonly number: string;
  readonly cartId: string;
  readonly paymentStatus: "paid";
  readonly forms: number;
  readonly chargeLines: readonly ChargeLine[];
  readonly pricingSegments: readonly PricingSegment[];
  readonly grandTotalCents: number;
  readonly fromBalanceCents: number;
  readonly fromCardCents: number;
  readonly cardChargeId: string | null;
  /** The auto top-up's card charge made with the order, if any (null for orders recorded before it was kept). */
  readonly autoTopupChargeId?: string | null;
  /** The payment receipt as first returned, replayed for `already_paid`. */
  readonly receipt: Record<string, unknown>;
  readonly createdAt: string;
}
