// Which card processor serves which environment: the sandbox always uses the sandbox processor (or the one a
// test injects); production uses Stripe when STRIPE_SECRET_KEY is set, else the sandbox processor too.
import * as Effect from "effect/Effect";
import { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { makeSandboxCardProcessor } from "../../adapters/sandbox-card/sandbox-card.ts";
import { makeStripeCardProcessor } from "../../adapters/stripe/card-processor.stripe.ts";
import type { Config } from "./config.ts";
import { withChargeFault } from "./fault-injection.ts";

/** One processor per environment, chosen by the scope every call carries. */
export function byEnvironment(
  sandbox: CardProcessor["Service"],
  live: CardProcessor["Service"],
): CardProcessor["Service"] {
  const pick = (livemode: boolean) => (livemode ? live : sandbox);
  return CardProcessor.of({
    attach: (input) => Effect.suspend(() => pick(input.scope.livemode).attach(input)),
    charge: (input) => Effect.suspend(() => pick(input.scope.livemode).charge(input)),
    refund: (input) => Effect.suspend(() => pick(input.scope.livemode).refund(input)),
    charges: (input) => Effect.suspend(() => pick(input.livemode).charges(input)),
  });
}

export function cardProcessorFor(config: Config): CardProcessor["Service"] {
  return withChargeFault(chosen(config), config.faultInjection);
}

function chosen(config: Config): CardProcessor["Service"] {
  const sandbox = config.cardProcessor ?? makeSandboxCardProcessor();
  if (!config.stripeSecretKey) return sandbox;
  const stripe = makeStripeCardProcessor({
    secretKey: config.stripeSecretKey,
    apiBase: config.stripeApiBase,
    log: (line) => {
      process.stderr.write(`${line}\n`);
    },
  });
  return byEnvironment(sandbox, stripe);
}

/** For the start-up line: the processor of each environment, no secrets. */
export function cardProcessorNames(config: Config): { sandbox: string; live: string } {
  return {
    sandbox: "sandbox cards",
    live: config.stripeSecretKey
      ? `Stripe (${config.stripeApiBase ?? "https://api.stripe.com"})`
      : "sandbox cards",
  };
}
