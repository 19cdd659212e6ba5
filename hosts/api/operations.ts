// How the HTTP host names the operations core messages point to (core/domain/shared/operations.ts).
import type { Operation } from "../../core/domain/shared/operations.ts";

export function httpOperation(o: Operation): string {
  switch (o.op) {
    case "refile_filing":
      return `POST /v1/filings/${o.id}/refile`;
    case "update_payer":
      return `PATCH /v1/payers/${o.id}`;
    case "update_recipient":
      return `PATCH /v1/recipients/${o.id}`;
    case "add_cart_items":
      return "POST /v1/cart/items";
    case "cart_details":
      return "GET /v1/cart/details";
    case "pay_cart":
      return "POST /v1/cart/pay";
    case "set_payment_method":
      return "PUT /v1/payment-method";
    case "list_forms":
      return "GET /v1/forms";
    case "file_payer_forms":
      return `POST /v1/payers/${o.id}/forms`;
    case "get_filing":
      return `GET /v1/filings/${o.id}`;
  }
}

/** A core message followed by the call it points to, when it points to one. */
export function withOperation(message: string, see: Operation | undefined): string {
  return see === undefined ? message : `${message} (${httpOperation(see)})`;
}
