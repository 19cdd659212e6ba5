import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { CardDeclined, InvalidRequest, ServiceUnavailable } from "../domain/shared/errors.ts";
import type { Scope } from "./store.port.ts";

export interface CardSummary {
  readonly brand: string;
  readonly last4: string;
}

/** A card saved with the processor; `token` is what charges name (a sandbox token, a Stripe PaymentMethod id). */
export interface SavedCard extends CardSummary {
  readonly token: string;
}

/** A charge this service made, as the processor keeps it: succeeded and not refunded. */
export interface ProcessorCharge {
  readonly chargeId: string;
  /** The account the charge was made for, and the caller's idempotency key, both kept with it at the processor. */
  readonly accountId: string;
  readonly idempotencyKey: string;
  readonly amountCents: number;
  /** When the processor made it (ISO 8601). */
  readonly createdAt: string;
}

/**
 * The card on file (D16): tokens come from the processor's own client-side form, never card numbers. Every call
 * names the account and environment it is for, so one service can route the sandbox and production apart.
 * `customer` is the account's customer at the processor (null where the processor has none); the caller stores
 * the one `attach` returns and passes it back, so an account keeps one customer across card changes.
 */
export class CardProcessor extends Context.Service<
  CardProcessor,
  {
    /** Saves the card a token stands for; an unknown token is 422, a card the processor refuses is 402. */
    readonly attach: (input: {
      scope: Scope;
      token: string;
      customer: string | null;
    }) => Effect.Effect<
      { card: SavedCard; customer: string | null },
      InvalidRequest | CardDeclined | ServiceUnavailable
    >;
    /**
     * Charges the saved card. The same charge (amount, card, customer, description) under the same idempotency key
     * is the charge made under it, never a second one, while that charge stands; once it was refunded (a
     * reconciliation returned it), or when the parameters differ, the key makes a new charge: a charge that is
     * refunded is never the one a caller records. The caller derives the key from what it records (an order, a
     * top-up of an idempotent operation), so a retry after a crash finds the charge its first attempt made.
     */
    readonly charge: (input: {
      scope: Scope;
      card: SavedCard;
      customer: string | null;
      amountCents: number;
      idempotencyKey: string;
      description: string;
    }) => Effect.Effect<{ chargeId: string }, CardDeclined | ServiceUnavailable>;
    /** Returns a charge (compensation when a payment could not be recorded); refunding twice refunds once. */
    readonly refund: (input: { scope: Scope; chargeId: string }) => Effect.Effect<void, ServiceUnavailable>;
    /**
     * The environment's charges made by this service in [createdFrom, createdBefore) that succeeded and are not
     * refunded, for reconciliation: a charge whose payment a crash kept from being recorded is found here.
     */
    readonly charges: (input: {
      livemode: boolean;
      createdFrom: string;
      createdBefore: string;
    }) => Effect.Effect<readonly ProcessorCharge[], ServiceUnavailable>;
  }
>()("core/CardProcessor") {}
