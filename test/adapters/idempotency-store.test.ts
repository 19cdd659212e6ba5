// The IdempotencyStore's operation ids (issue 38) on the in-memory fake, PGlite and Postgres: a retry of the same
// request after a crash (its claim expired) or a failure (its claim released) is the same operation; another body
// after a failure, or the key reused after 24 h, is a new one.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { randomUUID } from "node:crypto";
import type { IdempotencyKeyRef, IdempotencyStore } from "../../core/ports/idempotency.port.ts";
import { makeFakeIdempotencyStore } from "../../adapters/in-memory/access.fake.ts";
import { makeKnexIdempotencyStore } from "../../adapters/knex/idempotency.knex.ts";
import { backends, openTestDb } from "../support/db.ts";

type Store = IdempotencyStore["Service"];
const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e);
const t0 = Date.UTC(2026, 11, 1, 12);
const at = (seconds: number) => new Date(t0 + seconds * 1000);

const adapters: [string, () => Promise<{ store: Store; accountId: string; close: () => Promise<void> }>][] = [
  [
    "in-memory",
    async () => ({ store: makeFakeIdempotencyStore(), accountId: randomUUID(), close: async () => {} }),
  ],
  ...backends.map(
    (backend) =>
      [
        backend,
        async () => {
          const t = await openTestDb(backend);
          return { store: makeKnexIdempotencyStore(t.db.knex), accountId: randomUUID(), close: t.drop };
        },
      ] satisfies [string, unknown],
  ),
];

for (const [name, open] of adapters) {
  const s = suite<{ store: Store; accountId: string; close: () => Promise<void> }>(
    `idempotency store: ${name}`,
  );
  s.before(async (ctx) => {
    Object.assign(ctx, await open());
  });
  s.after(async (ctx) => {
    await ctx.close();
  });
  const ref = (accountId: string, key: string): IdempotencyKeyRef => ({
    accountId,
    livemode: true,
    method: "POST",
    path: "/v1/balance/top-ups",
    key,
  });

  s(
    "a crashed request's retry, once its claim expired, is the same operation",
    async ({ store, accountId }) => {
      const r = ref(accountId, "k-crash");
      const first = await run(store.claim(r, "h1", at(0), 60_000, "op-a"));
      assert.equal(first, { kind: "claimed", operationId: "op-a" });
      assert.is((await run(store.claim(r, "h1", at(30), 60_000, "op-b"))).kind, "in_flight");
      assert.equal(await run(store.claim(r, "h1", at(61), 60_000, "op-c")), {
        kind: "claimed",
        operationId: "op-a",
      });
      assert.is((await run(store.claim(r, "h2", at(200), 60_000, "op-d"))).kind, "mismatch", "another body");
    },
  );

  s(
    "a failed request's retry is the same operation; another body after it a new one",
    async ({ store, accountId }) => {
      const r = ref(accountId, "k-fail");
      await run(store.claim(r, "h1", at(0), 60_000, "op-a"));
      await run(store.release(r));
      assert.equal(await run(store.claim(r, "h1", at(1), 60_000, "op-b")), {
        kind: "claimed",
        operationId: "op-a",
      });
      await run(store.release(r));
      assert.equal(await run(store.claim(r, "h2", at(2), 60_000, "op-c")), {
        kind: "claimed",
        operationId: "op-c",
      });
    },
  );

  s(
    "a finished request replays; its key reused after 24 h is a new operation",
    async ({ store, accountId }) => {
      const r = ref(accountId, "k-done");
      await run(store.claim(r, "h1", at(0), 60_000, "op-a"));
      const response = { status: 201, body: '{"id":"top_op-a"}', contentType: "application/json" };
      await run(store.complete(r, response, at(1)));
      assert.equal(await run(store.claim(r, "h1", at(100), 60_000, "op-b")), { kind: "replay", response });
      assert.equal(await run(store.claim(r, "h1", at(24 * 3600 + 10), 60_000, "op-c")), {
        kind: "claimed",
        operationId: "op-c",
      });
    },
  );

  s.run();
}
