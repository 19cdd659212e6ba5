// The cart as priced (SPEC "Cart", D13), and the request shapes of adding items; its wire views are in views.ts.
import type { Filing } from "../filing/filing.ts";
import type { Recipient } from "../parties/recipient.ts";
import {
  DELIVERY_PROPS,
  priceOrder,
  resolveDelivery,
  type DeliveryFields,
  type PricedOrder,
  type PricingItem,
  type RateCard,
} from "../pricing/index.ts";
import type { CartItem } from "./model.ts";
import { InvalidRequest } from "../shared/errors.ts";
import { compileBody } from "../shared/validation.ts";

export function pricingKind(f: Pick<Filing, "corrects" | "refileOf">): PricingItem["kind"] {
  return f.corrects ? "correction" : f.refileOf ? "refile" : "original";
}

/** What pricing and the cart view read of a filing in a cart (not its form contents). */
export type CartFiling = Pick<Filing, "id" | "form" | "taxYear" | "reference" | "corrects" | "refileOf">;

/** What pay reads of a filing in the cart: pricing's part, its state and parties, and the rules it passed at intake (no form contents). */
export type PayFiling = CartFiling &
  Pick<Filing, "status" | "payerId" | "recipientId"> & {
    readonly rulesChecked: string | null;
    /** Issue 41: how many of its warnings are IRS findings the IRS accepts it with (`irsWarnings`). */
    readonly irsWarnings: number;
  };

/** What pay reads of a recipient: the address a filing needs (recipientMissingForFiling). */
export type PayRecipient = Pick<Recipient, "id" | "addressLine1" | "city" | "state" | "postalCode">;

export function priceCart(
  card: RateCard,
  items: readonly CartItem[],
  filings: ReadonlyMap<string, CartFiling>,
): PricedOrder {
  return priceOrder(
    card,
    items.map((i) => {
      const f = filings.get(i.filingId);
      const d = resolveDelivery(i.service, i.physicalMail, i.portalAccess);
      const delivery = d.ok ? d.delivery : { efile: true, printMail: true, portal: true };
      return { ref: i.id, delivery, kind: f ? pricingKind(f) : "original" };
    }),
  );
}

/** Items of a cart that price alike (same delivery choices and kind), counted: enough to total a cart. */
export interface CartItemGroup {
  readonly service: CartItem["service"];
  readonly physicalMail: boolean | null;
  readonly portalAccess: boolean | null;
  readonly kind: PricingItem["kind"];
  readonly count: number;
}

/** The same total as `priceCart` over the items the groups count (a cart's total does not depend on item order). */
export function priceCartGroups(card: RateCard, groups: readonly CartItemGroup[]): PricedOrder {
  const items: PricingItem[] = [];
  for (const g of groups) {
    const d = resolveDelivery(g.service, g.physicalMail, g.portalAccess);
    const item: PricingItem = {
      ref: "",
      delivery: d.ok ? d.delivery : { efile: true, printMail: true, portal: true },
      kind: g.kind,
    };
    for (let i = 0; i < g.count; i++) items.push(item);
  }
  return priceOrder(card, items);
}

export interface AddRequest {
  readonly formId: string;
  readonly service: unknown;
  readonly physicalMail: boolean | undefined;
  readonly portalAccess: boolean | undefined;
}

export const describedShape = compileBody<{ filing_id: string } & DeliveryFields>({
  type: "object",
  additionalProperties: false,
  required: ["filing_id"],
  properties: { filing_id: { type: "string", maxLength: 64 }, ...DELIVERY_PROPS },
});
export const referenceShape = compileBody<{ forms: Array<{ form_id: string } & DeliveryFields> }>({
  type: "object",
  additionalProperties: false,
  required: ["forms"],
  properties: {
    forms: {
      type: "array",
      minItems: 1,
      maxItems: 1000,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["form_id"],
        properties: { form_id: { type: "string", maxLength: 64 }, ...DELIVERY_PROPS },
      },
    },
  },
});

/** Both body shapes of SPEC: `{ filing_id, service? }` (description) or `{ forms: [...] }` (reference). */
export function parseAddItems(
  body: unknown,
): { shape: "item" | "cart"; requests: AddRequest[] } | InvalidRequest {
  if (typeof body === "object" && body !== null && "forms" in body) {
    const c = referenceShape(body);
    if (!c.ok) return c.error;
    return {
      shape: "cart",
      requests: c.value.forms.map((f) => ({
        formId: f.form_id,
        service: f.service,
        physicalMail: f.physical_mail,
        portalAccess: f.portal_access,
      })),
    };
  }
  const c = describedShape(body);
  if (!c.ok) return c.error;
  return {
    shape: "item",
    requests: [
      {
        formId: c.value.filing_id,
        service: c.value.service,
        physicalMail: c.value.physical_mail,
        portalAccess: c.value.portal_access,
      },
    ],
  };
}
