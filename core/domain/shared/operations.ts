// The calls a message can point its reader to, as data: the core names the operation (and the resource), each
// host words it (the HTTP host as method and path, hosts/api/operations.ts). The core holds no URL.
export type Operation =
  | { readonly op: "refile_filing"; readonly id: string }
  | { readonly op: "void_filing" }
  | { readonly op: "update_payer"; readonly id: string }
  | { readonly op: "update_recipient"; readonly id: string }
  | { readonly op: "add_cart_items" }
  | { readonly op: "cart_details" }
  | { readonly op: "pay_cart" }
  | { readonly op: "set_payment_method" }
  | { readonly op: "list_forms" }
  | { readonly op: "tin_match" };

/** Plain words for an operation, for hosts without their own (the embedder's facade, logs). */
export function operationName(o: Operation): string {
  switch (o.op) {
    case "refile_filing": return `re-file of filing ${o.id}`;
    case "void_filing": return "void of the filing";
    case "update_payer": return `update of payer ${o.id}`;
    case "update_recipient": return `update of recipient ${o.id}`;
    case "add_cart_items": return "add to cart";
    case "cart_details": return "cart details";
    case "pay_cart": return "cart payment";
    case "set_payment_method": return "payment method update";
    case "list_forms": return "form list";
    case "tin_match": return "TIN match";
  }
}
