// The Throttles port on the in-memory fake, PGlite and Postgres (issue 38): failures counted in a window from the
// first, the lock at the limit for a whole window, nothing counted while locked, a new window after one passed,
// clearing one key only, and the owner's list and lift of its account's user locks. Failures recorded at once
// (as two processes would) all count.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { randomUUID } from "node:crypto";
import type { Throttles } from "../../core/ports/throttles.port.ts";
import type { ThrottleRule } from "../../core/domain/security/throttle.ts";
import { makeFakeThrottles } from "../../adapters/in-memory/throttles.fake.ts";
import { makeKnexThrottles } from "../../adapters/knex/throttles.knex.ts";
import { backends, openTestDb } from "../support/db.ts";

type Store = Throttles["Service"];
interface Ctx {
  store: Store;
  close: () => Promise<void>;
}
const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e);
const t0 = Date.UTC(2026, 11, 5, 12);
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const rule: ThrottleRule = { limit: 3, windowSeconds: 60 };

const adapters: [string, () => Promise<Ctx>][] = [
  ["in-memory", async () => ({ store: makeFakeThrottles(), close: async () => {} })],
  ...backends.map(
    (backend) =>
      [
        backend,
        async () => {
          const t = await openTestDb(backend);
          return { store: makeKnexThrottles(t.db.knex), close: t.drop };
        },
      ] satisfies [string, () => Promise<Ctx>],
  ),
];

for (const [name, open] of adapters) {
  const s = suite<Ctx>(`throttles store: ${name}`);
  s.before(async (ctx) => {
    Object.assign(ctx, await open());
  });
  s.after(async (ctx) => {
    await ctx.close();
  });

  s(
    "failures count in a window; the limit locks for a whole window; nothing counts while locked",
    async ({ store }) => {
      const subject = { kind: "credential_address" as const, key: `198.51.100.${name.length}` };
      assert.is(await run(store.state(subject.kind, subject.key)), undefined);
      const first = await run(store.recordFailure(subject, rule, at(0)));
      assert.equal(first, { failures: 1, windowStartedAt: at(0).toISOString(), lockedUntil: null });
      assert.is((await run(store.recordFailure(subject, rule, at(10)))).failures, 2);
      const locked = await run(store.recordFailure(subject, rule, at(20)));
      assert.equal(locked, {
        failures: 3,
        windowStartedAt: at(0).toISOString(),
        lockedUntil: at(80).toISOString(),
      });
      assert.equal(
        await run(store.recordFailure(subject, rule, at(70))),
        locked,
        "locked: not counted, not extended",
      );
      assert.equal(await run(store.state(subject.kind, subject.key)), locked);
      assert.equal(await run(store.recordFailure(subject, rule, at(80))), {
        failures: 1,
        windowStartedAt: at(80).toISOString(),
        lockedUntil: null,
      });
    },
  );

  s("a window that passed without reaching the limit starts again", async ({ store }) => {
    const subject = { kind: "sign_in_address" as const, key: "2001:db8::1" };
    await run(store.recordFailure(subject, rule, at(0)));
    await run(store.recordFailure(subject, rule, at(30)));
    const again = await run(store.recordFailure(subject, rule, at(60)));
    assert.equal(again, { failures: 1, windowStartedAt: at(60).toISOString(), lockedUntil: null });
  });

  s("clear forgets one key of one kind only", async ({ store }) => {
    const a = { kind: "sign_in_user" as const, key: randomUUID() };
    const b = { kind: "sign_in_address" as const, key: a.key };
    await run(store.recordFailure(a, rule, at(0)));
    await run(store.recordFailure(b, rule, at(0)));
    await run(store.clear(a.kind, a.key));
    assert.is(await run(store.state(a.kind, a.key)), undefined);
    assert.is((await run(store.state(b.kind, b.key)))?.failures, 1);
  });

  s("the owner lists its account's locked users and lifts a lock", async ({ store }) => {
    const account = randomUUID();
    const other = randomUUID();
    const [u1, u2, u3, stranger] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const fail = async (userId: string, accountId: string, times: number, t: number) => {
      for (let i = 0; i < times; i++)
        await run(
          store.recordFailure(
            { kind: "sign_in_user", key: userId, user: { id: userId, accountId } },
            rule,
            at(t),
          ),
        );
    };
    await fail(u1, account, 3, 0);
    await fail(u2, account, 3, 5);
    await fail(u3, account, 2, 5);
    await fail(stranger, other, 3, 0);
    const listed = await run(store.lockouts(account, at(10)));
    assert.equal(listed, [
      { userId: u1, failures: 3, lockedUntil: at(60).toISOString() },
      { userId: u2, failures: 3, lockedUntil: at(65).toISOString() },
    ]);
    assert.equal(await run(store.lockouts(account, at(61))), [listed[1]], "u1's lock has passed");
    assert.is(await run(store.unlock(account, stranger, at(10))), false, "another account's user");
    assert.is(await run(store.unlock(account, u3, at(10))), false, "not locked");
    assert.is(await run(store.unlock(account, u2, at(10))), true);
    assert.is(await run(store.unlock(account, u2, at(10))), false, "already lifted");
    assert.is(await run(store.state("sign_in_user", u2)), undefined);
    assert.equal((await run(store.lockouts(other, at(10)))).length, 1);
  });

  s("failures recorded at once all count", async ({ store }) => {
    const subject = { kind: "credential_address" as const, key: "203.0.113.9" };
    const wide = { limit: 1000, windowSeconds: 60 };
    await Promise.all(Array.from({ length: 20 }, () => run(store.recordFailure(subject, wide, at(0)))));
    assert.is((await run(store.state(subject.kind, subject.key)))?.failures, 20);
  });

  s.run();
}
