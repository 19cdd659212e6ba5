// The sandbox card processor (D16): `tok_visa` always succeeds, `tok_chargeDeclined` always declines (Stripe's
// test PaymentMethods `pm_card_visa`, `pm_card_chargeDeclined` too). No customer: the sandbox keeps none.
// `failCharges` simulates an outage for failure tests.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { CardDeclined, InvalidRequest, ServiceUnavailable } from "../../core/domain/shared/errors.ts";
import { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { randomBase62 } from "../system/system.ts";

const VISA = { brand: "visa", last4: "4242", declines: false };
const DECLINED = { brand: "visa", last4: "0002", declines: true };
const CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  tok_visa: VISA,
  tok_mastercard: { brand: "mastercard", last4: "4444", declines: false },
  tok_chargeDeclined: DECLINED,
  pm_card_visa: VISA,
  pm_card_chargeDeclined: DECLINED,
};

export interface SandboxCardOptions {
  failCharges?: () => boolean;
}

export function makeSandboxCardProcessor(options: SandboxCardOptions = {}): CardProcessor["Service"] & {
  readonly charges: ReadonlyMap<string, { amountCents: number; refunded: boolean }>;
} {
  const byKey = new Map<string, string>();
  const charges = new Map<string, { amountCents: number; refunded: boolean }>();
  return {
    charges,
    ...CardProcessor.of({
      attach: ({ token }) => {
        const card = CARDS[token];
        return card
          ? Effect.succeed({ card: { token, brand: card.brand, last4: card.last4 }, customer: null })
          : Effect.fail(
              new InvalidRequest({
                param: "token",
                message: `Unknown card token. The sandbox accepts ${Object.keys(CARDS).join(", ")}.`,
              }),
            );
      },
      charge: ({ card: saved, amountCents, idempotencyKey }) =>
        Effect.suspend((): Effect.Effect<{ chargeId: string }, CardDeclined | ServiceUnavailable> => {
          if (options.failCharges?.())
            return Effect.fail(
              new ServiceUnavailable({
                message: "The card processor is unavailable; nothing was charged. Retry later.",
                retryAfterSeconds: 5,
              }),
            );
          const card = CARDS[saved.token];
          if (!card || card.declines)
            return Effect.fail(
              new CardDeclined({ message: "The card on file was declined; nothing was charged or filed." }),
            );
          const existing = byKey.get(idempotencyKey);
          if (existing) return Effect.succeed({ chargeId: existing });
          const chargeId = "ch_sb_" + randomBase62(20);
          byKey.set(idempotencyKey, chargeId);
          charges.set(chargeId, { amountCents, refunded: false });
          return Effect.succeed({ chargeId });
        }),
      refund: ({ chargeId }) =>
        Effect.sync(() => {
          const c = charges.get(chargeId);
          if (c) charges.set(chargeId, { ...c, refunded: true });
        }),
    }),
  };
}

export const layer = (options?: SandboxCardOptions) =>
  Layer.succeed(CardProcessor, makeSandboxCardProcessor(options));
