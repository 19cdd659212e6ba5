// The Knex AccessGate's hot path: a cached credential far from its rate limit is admitted with no I/O
// (synchronously); a new credential, or one near its limit, goes to the database.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createHash, randomUUID } from "node:crypto";
import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Fiber from "effect/Fiber";
import { makeKnexStore } from "../../adapters/knex/store.knex.ts";
import { makeKnexAccessGate } from "../../adapters/knex/access-gate.knex.ts";
import { backends, openTestDb, type TestDb } from "../support/db.ts";

for (const backend of backends) {
  const s = suite<{ t: TestDb; token: string }>(`AccessGate (${backend})`);
  s.before(async (ctx) => {
    ctx.t = await openTestDb(backend);
    const store = makeKnexStore(ctx.t.db.knex);
    const accountId = randomUUID();
    ctx.token = "sk_sandbox_" + randomUUID().replace(/-/g, "").padEnd(40, "x");
    await Effect.runPromise(
      store.accounts.insert({
        id: accountId,
        name: "A",
        liveEnabled: false,
        defaultApiVersion: null,
        ipAllowlist: [],
        createdAt: new Date().toISOString(),
      }),
    );
    await Effect.runPromise(
      store.apiKeys.insert({
        id: randomUUID(),
        accountId,
        livemode: false,
        role: "owner",
        keyHash: createHash("sha256").update(ctx.token).digest("hex"),
        displayPrefix: ctx.token.slice(0, 15),
        createdAt: new Date().toISOString(),
      }),
    );
  });
  s.after(async (ctx) => {
    await ctx.t.drop();
  });

  s(
    "the first request reads the database; later ones are answered synchronously until the window nears its limit",
    async ({ t, token }) => {
      const gate = makeKnexAccessGate(t.db.knex, 1000, 60_000);
      const now = new Date();
      // An uncached credential needs the database (a gate of its own: the probe's fiber goes on in the background).
      assert.is(
        Exit.isSuccess(Effect.runSyncExit(makeKnexAccessGate(t.db.knex, 1000, 60_000).admit(token, now))),
        false,
      );
      const first = await Effect.runPromise(gate.admit(token, now));
      assert.ok(first);
      const usedAtFirst = first.rate.used;
      let sync = 0;
      let toDatabase: Exit.Exit<unknown, unknown> | undefined;
      for (;;) {
        const exit = Effect.runSyncExit(gate.admit(token, now));
        if (!Exit.isSuccess(exit)) {
          toDatabase = exit;
          break;
        }
        sync++;
        assert.is(exit.value?.rate.used, usedAtFirst + sync);
        if (sync > 1000) break;
      }
      // Local counting stops 20% short of the limit: from there on every request is counted in the database.
      assert.is(usedAtFirst + sync, 800);
      // The request that went to the database goes on in its fiber: it carries the locally counted ones with it.
      const pending = toDatabase && Exit.isFailure(toDatabase) ? Cause.squash(toDatabase.cause) : undefined;
      assert.ok(Cause.isAsyncFiberError(pending));
      const counted = (await Effect.runPromise(Fiber.join(pending.fiber))) as
        | { rate: { used: number } }
        | undefined;
      assert.ok(counted && counted.rate.used > 800, JSON.stringify(counted?.rate));
    },
  );

  s("an unknown credential is refused, and a refusal is not cached as an admission", async ({ t }) => {
    const gate = makeKnexAccessGate(t.db.knex, 1000, 60_000);
    const other = "sk_sandbox_" + "z".repeat(40);
    assert.is(await Effect.runPromise(gate.admit(other, new Date())), undefined);
    assert.is(Exit.isSuccess(Effect.runSyncExit(gate.admit(other, new Date()))), false);
  });

  s.run();
}
