// Issue 39: the print-and-mail vendor (Lob in production, its emulator in the sandbox and tests). A letter is one
// recipient statement version to one address, sent under the idempotency key of core/domain/statements/delivery.ts,
// so a worker that died between the send and its record sends the same key and gets the same letter back.
import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { ServiceUnavailable } from "../domain/shared/errors.ts";
import type { AddressFields } from "../domain/parties/address.ts";
import type { Scope } from "./store.port.ts";

export interface MailAddress extends AddressFields {
  readonly name: string;
}

export interface LetterRequest {
  readonly scope: Scope;
  /** The statement delivery's key (`mailKey`): the vendor's idempotency key. */
  readonly idempotencyKey: string;
  readonly to: MailAddress;
  /** The service's return address (PRINT_RETURN_ADDRESS_JSON): returned mail comes back to the service. */
  readonly from: MailAddress;
  /** The statement as a PDF; the address page is the vendor adapter's to add or position. */
  readonly pdf: Uint8Array;
  /** What the vendor keeps with the letter: the filing id and statement version, never a TIN or an amount. */
  readonly metadata: Readonly<Record<string, string>>;
}

export type LetterOutcome =
  | { readonly kind: "queued"; readonly vendorId: string; readonly expectedDeliveryDate: string | null }
  /** The vendor could not verify the address: nothing was printed or charged by the vendor. */
  | { readonly kind: "undeliverable"; readonly reason: string };

/** A tracking event from the vendor, verified by the adapter (a signed webhook). */
export interface LetterEvent {
  readonly vendorId: string;
  readonly status: "mailed" | "in_transit" | "delivered" | "returned";
  readonly at: string;
  /**
   * The statement delivery the letter was sent for (its `metadata.delivery`), when the vendor's event carries it:
   * an event that arrives before the send recorded the letter's id still finds its delivery.
   */
  readonly delivery?: string | undefined;
}

export class MailHouse extends Context.Service<
  MailHouse,
  {
    /** Verifies the address, then creates the letter; the same key answers the same letter. */
    readonly send: (letter: LetterRequest) => Effect.Effect<LetterOutcome, ServiceUnavailable>;
    /** Cancels a letter not yet mailed; false when it is too late (already mailed). */
    readonly cancel: (input: {
      scope: Scope;
      vendorId: string;
    }) => Effect.Effect<boolean, ServiceUnavailable>;
  }
>()("core/MailHouse") {}

/** Where statements come from and point to: the service's return address and the recipient portal's address. */
export class StatementSettings extends Context.Service<
  StatementSettings,
  {
    /** PRINT_RETURN_ADDRESS_JSON: returned mail comes back to the service, not the payer. */
    readonly returnAddress: MailAddress;
    /** PORTAL_BASE_URL: the public address of the recipient portal, in e-mails and letters. */
    readonly portalBaseUrl: string;
  }
>()("core/StatementSettings") {}
