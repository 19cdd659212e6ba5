// Webhook fan-out and first attempts on the in-memory adapters: one delivery per (event, matching endpoint),
// first attempts straight from the fan-out's rows, each attempt signed and recorded; a failed one plans a retry.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { makeFakeStore } from "../../../adapters/in-memory/store.fake.ts";
import { systemIds } from "../../../adapters/system/system.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import { Ids } from "../../../core/ports/ids.port.ts";
import { Store } from "../../../core/ports/store.port.ts";
import { WebhookSender, type WebhookRequest } from "../../../core/ports/webhook-sender.port.ts";
import { verifySignature } from "../../../core/domain/webhooks/signature.ts";
import { deliverFresh, deliverWebhook, fanOutEvents } from "../../../core/use-cases/webhooks/deliveries.ts";

test("fan-out creates one delivery per matching endpoint; first attempts use its rows, are signed and recorded", async () => {
  const store = makeFakeStore();
  const now = new Date(Date.UTC(2026, 5, 1, 12));
  const sent: WebhookRequest[] = [];
  const layer = Layer.mergeAll(
    Layer.succeed(Store, store),
    Layer.succeed(Clock, { now: () => now }),
    Layer.succeed(Ids, systemIds),
    Layer.succeed(WebhookSender, {
      send: (r: WebhookRequest) =>
        Effect.sync(() => {
          sent.push(r);
          return r.url.endsWith("/down")
            ? { status: 503, retryAfter: null, error: null }
            : { status: 200, retryAfter: null, error: null };
        }),
      sandboxLoopback: false,
    }),
  );
  const run = <A, E>(e: Effect.Effect<A, E, Store | Clock | Ids | WebhookSender>) =>
    Effect.runPromise(Effect.provide(e, layer) as Effect.Effect<A, E>);
  const scope = { accountId: "acc-1", livemode: false };
  const repos = store.scoped(scope);
  const endpoint = (id: string, url: string, events: string[]) => ({
    id,
    url,
    events,
    status: "active" as const,
    secret: `whsec_${id}`,
    previousSecret: null,
    rotatedAt: null,
    livemode: false,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  await run(
    repos.webhooks.insert(endpoint("00000000-0000-4000-8000-000000000001", "https://a.example/ok", ["*"])),
  );
  await run(
    repos.webhooks.insert(
      endpoint("00000000-0000-4000-8000-000000000002", "https://b.example/down", ["filing.accepted"]),
    ),
  );
  await run(
    repos.events.insert({ id: "evt_1", type: "cart.paid", data: { n: 1 }, createdAt: now.toISOString() }),
  );
  await run(
    repos.events.insert({
      id: "evt_2",
      type: "filing.accepted",
      data: { n: 2 },
      createdAt: now.toISOString(),
    }),
  );

  const fresh = await run(fanOutEvents(100));
  // evt_1 -> endpoint a only; evt_2 -> a and b.
  assert.equal(fresh.map((f) => `${f.event.id}->${f.endpoint.url}`).sort(), [
    "evt_1->https://a.example/ok",
    "evt_2->https://a.example/ok",
    "evt_2->https://b.example/down",
  ]);
  assert.ok(
    fresh.every(
      (f) => f.delivery.id === f.deliveryId && f.delivery.status === "pending" && f.delivery.attempts === 0,
    ),
  );
  assert.equal(await run(fanOutEvents(100)), [], "events are fanned out once");

  const results = await Promise.all(fresh.map((f) => run(deliverFresh(f))));
  assert.equal(results.map((r) => r.status).sort(), ["pending", "succeeded", "succeeded"]);
  assert.is(sent.length, 3);
  for (const r of sent) {
    const body = JSON.parse(r.body) as { id: string };
    const f = fresh.find((x) => x.event.id === body.id && x.endpoint.url === r.url);
    assert.ok(f);
    assert.equal(
      verifySignature({
        rawBody: r.body,
        header: r.headers["Service-Signature"] ?? "",
        secret: f.endpoint.secret,
        now,
      }),
      { ok: true },
    );
  }
  for (const f of fresh) {
    const stored = await run(repos.webhooks.getDelivery(f.deliveryId));
    assert.is(stored?.attempts, 1);
    assert.is(stored?.status, f.endpoint.url.endsWith("/down") ? "pending" : "succeeded");
    assert.is(stored?.lastStatusCode, f.endpoint.url.endsWith("/down") ? 503 : 200);
  }
  // A retry (by id, as the retry job runs it) reads the rows again; a finished delivery is not sent twice.
  const done = fresh.find((f) => !f.endpoint.url.endsWith("/down"));
  assert.equal(await run(deliverWebhook(scope, done!.deliveryId)), {
    status: "succeeded",
    retryInSeconds: null,
  });
  assert.is(sent.length, 3);
});

test.run();
