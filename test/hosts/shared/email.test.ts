// The Mailer of each environment (hosts/shared/email.ts): the sandbox keeps every message in its outbox (once per
// key, listed newest first), a live key cannot read it, and live e-mail without SMTP_URL waits instead of being
// recorded as sent.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { makeFakeStore } from "../../../adapters/in-memory/store.fake.ts";
import { systemIds } from "../../../adapters/system/system.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import { Ids } from "../../../core/ports/ids.port.ts";
import { Mailer } from "../../../core/ports/mailer.port.ts";
import { Store } from "../../../core/ports/store.port.ts";
import { listOutbox } from "../../../core/use-cases/statements/outbox.ts";
import { emailLayer } from "../../../hosts/shared/email.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { testConfig } from "../../support/api.ts";

const accountId = "00000000-0000-4000-8000-00000000e001";
const sandbox = { accountId, livemode: false };
const live = { accountId, livemode: true };

test("sandbox → outbox once per key; live without SMTP_URL waits; the outbox refuses a live key", async () => {
  const store = makeFakeStore();
  let t = Date.UTC(2026, 0, 5);
  const base = Layer.mergeAll(
    Layer.succeed(Store, store),
    Layer.succeed(Ids, systemIds),
    Layer.succeed(Clock, { now: () => new Date((t += 1000)) }),
  );
  const layer = Layer.mergeAll(
    base,
    emailLayer(testConfig(), makeLogger("silent")).pipe(Layer.provide(base)),
  );
  const run = <A, E>(e: Effect.Effect<A, E, Mailer | Store>) =>
    Effect.runPromise(Effect.scoped(e.pipe(Effect.provide(layer))) as Effect.Effect<A, never>);
  const send = (m: ReturnType<typeof msg>) =>
    Effect.gen(function* () {
      return yield* (yield* Mailer).send(m);
    });
  const msg = (key: string, scope = sandbox) => ({
    scope,
    idempotencyKey: key,
    to: "pat@example.com",
    subject: "IMPORTANT TAX RETURN DOCUMENT AVAILABLE",
    text: "Open https://files.example.com/portal/statements/sdl_1",
    html: '<a href="https://files.example.com/portal/statements/sdl_1">Open</a>',
  });
  const first = await run(send(msg("notice:a")));
  const again = await run(send(msg("notice:a")));
  assert.is(first.kind, "sent");
  assert.equal(again, first, "the same key answers the same message");
  await run(send(msg("notice:b")));
  const page = await run(listOutbox(sandbox, { limit: 10, startingAfter: null }));
  assert.equal(
    page.data.map((m) => m.idempotencyKey),
    ["notice:b", "notice:a"],
  );
  assert.equal(page.data[0]?.links, ["https://files.example.com/portal/statements/sdl_1"]);

  const waits = await run(Effect.flip(send(msg("notice:c", live))));
  assert.is(waits._tag, "ServiceUnavailable");
  assert.match(waits.message, /SMTP_URL/);
  assert.is(waits.retryAfterSeconds, 3600);
  const refused = await run(Effect.flip(listOutbox(live, { limit: 10, startingAfter: null })));
  assert.is(refused._tag, "Forbidden");
});

test.run();
