// The sandbox card processor (D16): `tok_visa` always succeeds, `tok_chargeDeclined` always declines (Stripe's
// test PaymentMethods `pm_card_visa`, `pm_card_chargeDeclined` too). No customer: the sandbox keeps none.
// `failCharges` simulates an outage for failure tests. Charges are kept in this process's memory (sandbox money is
// not real): `charges` lists them for reconciliation as Stripe lists its PaymentIntents.
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
  /** When a charge is made (the clock of the tests that drive it); the wall clock by default. */
  now?: () => Date;
}

interface SandboxCharge {
  amountCents: number;
  refunded: boolean;
  accountId: string;
  livemode: boolean;
  idempotencyKey: string;
  createdAt: string;
}

export function makeSandboxCardProcessor(options: SandboxCardOptions = {}): CardProcessor["Service"] & {
  readonly made: ReadonlyMap<string, SandboxCharge>;
} {
  const now = options.now ?? (() => new Date());
  const byKey = new Map<string, string>();
  const made = new Map<string, SandboxCharge>();
  return {
    made,
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
      charge: ({ scope, card: saved, amountCents, idempotencyKey }) =>
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
          // Keyed per environment and account, as the processor's own idempotency keys are per API key.
          // The same charge under the same key is the charge made, while it stands (the port's rule).
          const key = `${String(scope.livemode)}:${scope.accountId}:${idempotencyKey}:${amountCents}:${saved.token}`;
          const existing = byKey.get(key);
          if (existing && made.get(existing)?.refunded === false)
            return Effect.succeed({ chargeId: existing });
          const chargeId = "ch_sb_" + randomBase62(20);
          byKey.set(key, chargeId);
          made.set(chargeId, {
            amountCents,
            refunded: false,
            accountId: scope.accountId,
            livemode: scope.livemode,
            idempotencyKey,
            createdAt: now().toISOString(),
          });
          return Effect.succeed({ chargeId });
        }),
      refund: ({ chargeId }) =>
        Effect.sync(() => {
          const c = made.get(chargeId);
          if (c) made.set(chargeId, { ...c, refunded: true });
        }),
      charges: ({ livemode, createdFrom, createdBefore }) =>
        Effect.sync(() =>
          [...made]
            .filter(
              ([, c]) =>
                c.livemode === livemode &&
                !c.refunded &&
                c.createdAt >= createdFrom &&
                c.createdAt < createdBefore,
            )
            .map(([chargeId, c]) => ({
              chargeId,
              accountId: c.accountId,
              idempotencyKey: c.idempotencyKey,
              amountCents: c.amountCents,
              createdAt: c.createdAt,
            })),
        ),
    }),
  };
}

export const layer = (options?: SandboxCardOptions) =>
  Layer.succeed(CardProcessor, makeSandboxCardProcessor(options));
