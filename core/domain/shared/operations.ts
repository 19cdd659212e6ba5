// The calls a message can point its reader to, as data: the core names the operation (and the resource), each
// host words it (the HTTP host as method and path, hosts/api/operations.ts). The core holds no URL.
export type Operation =
  | { readonly op: "refile_filing"; readonly id: string }
  | { readonly op: "update_payer"; readonly id: string }
  | { readonly op: "update_recipient"; readonly id: string }
  | { readonly op: "add_cart_items" }
  | { readonly op: "cart_details" }
  | { readonly op: "pay_cart" }
  | { readonly op: "set_payment_method" }
  | { readonly op: "list_forms" }
  | { readonly op: "file_payer_forms"; readonly id: string }
  | { readonly op: "get_filing"; readonly id: string };
