// Configuration of the card processors: STRIPE_SECRET_KEY checked and kept redacted, STRIPE_API_BASE checked,
// and each environment routed to its own processor.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import * as Effect from "effect/Effect";
import * as Redacted from "effect/Redacted";
import { loadConfig } from "../../../hosts/shared/config.ts";
import { byEnvironment, cardProcessorFor, cardProcessorNames } from "../../../hosts/shared/card-processor.ts";
import { testConfig } from "../../support/api.ts";
import { makeSandboxCardProcessor } from "../../../adapters/sandbox-card/sandbox-card.ts";
import { CardProcessor } from "../../../core/ports/card-processor.port.ts";
import { CardDeclined } from "../../../core/domain/shared/errors.ts";

const base = { TIN_ENCRYPTION_KEY: "k", DATA_DIR: "memory://" };
const KEY = "sk_live_" + "Q7".repeat(12);

test("STRIPE_SECRET_KEY: a Stripe key is kept redacted; anything else fails with one line that does not show it", () => {
  const config = loadConfig({ ...base, STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: "http://127.0.0.1:12111" });
  assert.is(Redacted.value(config.stripeSecretKey!), KEY);
  assert.not.ok(JSON.stringify(config).includes(KEY));
  assert.not.ok(inspect(config, { depth: 5 }).includes(KEY));
  assert.is(config.stripeApiBase, "http://127.0.0.1:12111");
  assert.is(loadConfig(base).stripeSecretKey, undefined);
  for (const bad of ["pk_live_" + "Q".repeat(24), "sk_live_short1", "hunter2-hunter2"]) {
    try {
      loadConfig({ ...base, STRIPE_SECRET_KEY: bad });
      assert.unreachable(bad);
    } catch (e) {
      assert.match((e as Error).message, /^STRIPE_SECRET_KEY is not a Stripe secret key/);
      assert.not.ok((e as Error).message.includes(bad));
    }
  }
});

test("without a Stripe key both environments use the sandbox processor; with one, production uses Stripe", async () => {
  const scope = (livemode: boolean) => ({
    scope: { accountId: "a", livemode },
    token: "tok_visa",
    customer: null,
  });
  const plain = cardProcessorFor(testConfig());
  assert.is((await Effect.runPromise(plain.attach(scope(true)))).card.token, "tok_visa");
  assert.equal(cardProcessorNames(testConfig()), { sandbox: "sandbox cards", live: "sandbox cards" });
  const withKey = testConfig({
    stripeSecretKey: Redacted.make(KEY),
    stripeApiBase: "http://127.0.0.1:12111",
  });
  assert.equal(cardProcessorNames(withKey), {
    sandbox: "sandbox cards",
    live: "Stripe (http://127.0.0.1:12111)",
  });
  assert.throws(
    () =>
      cardProcessorFor(
        testConfig({ stripeSecretKey: Redacted.make(KEY), stripeApiBase: "https://api.stripe.com/v1" }),
      ),
    /STRIPE_API_BASE/,
  );
});

test("byEnvironment: each call goes to its environment's processor", async () => {
  const live = CardProcessor.of({
    attach: () => Effect.fail(new CardDeclined({ message: "live" })),
    charge: () => Effect.fail(new CardDeclined({ message: "live" })),
    refund: () => Effect.void,
    charges: () => Effect.succeed([]),
  });
  const cards = byEnvironment(makeSandboxCardProcessor(), live);
  const sandboxScope = { accountId: "a", livemode: false };
  const saved = await Effect.runPromise(
    cards.attach({ scope: sandboxScope, token: "tok_visa", customer: null }),
  );
  assert.match(
    (
      await Effect.runPromise(
        cards.charge({
          scope: sandboxScope,
          card: saved.card,
          customer: null,
          amountCents: 100,
          idempotencyKey: "k",
          description: "d",
        }),
      )
    ).chargeId,
    /^ch_sb_/,
  );
  const exit = await Effect.runPromiseExit(
    cards.charge({
      scope: { accountId: "a", livemode: true },
      card: saved.card,
      customer: null,
      amountCents: 100,
      idempotencyKey: "k",
      description: "d",
    }),
  );
  assert.is(exit._tag, "Failure");
  assert.match(String(exit._tag === "Failure" ? exit.cause : ""), /live/);
  // Reconciliation lists each environment's own charges: the sandbox charge above, none from live.
  const window = { createdFrom: "2000-01-01T00:00:00.000Z", createdBefore: "3000-01-01T00:00:00.000Z" };
  const listed = await Effect.runPromise(cards.charges({ livemode: false, ...window }));
  assert.equal(
    listed.map((c) => [c.accountId, c.idempotencyKey, c.amountCents]),
    [["a", "k", 100]],
  );
  assert.equal(await Effect.runPromise(cards.charges({ livemode: true, ...window })), []);
});

test.run();
