import { Context, type Effect } from "effect";
import type { CardDeclined, InvalidRequest, ServiceUnavailable } from "../domain/shared/errors.ts";

export interface CardSummary { readonly brand: string; readonly last4: string }

/** The card on file (D16): tokens come from the processor's own client-side form, never card numbers. */
export class CardProcessor extends Context.Service<CardProcessor, {
  /** Checks a token and describes the card; an unknown token is 422. */
  readonly describe: (token: string) => Effect.Effect<CardSummary, InvalidRequest>;
  /** Charges the card; the same idempotency key never charges twice. */
  readonly charge: (input: { token: string; amountCents: number; idempotencyKey: string; description: string }) =>
    Effect.Effect<{ chargeId: string }, CardDeclined | ServiceUnavailable>;
  /** Returns a charge (compensation when a payment could not be recorded). */
  readonly refund: (chargeId: string) => Effect.Effect<void, ServiceUnavailable>;
}>()("core/CardProcessor") {}
