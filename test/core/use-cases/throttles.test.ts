// The throttles' use cases on the fakes with a driven clock (issue 38): the sign-in refusal by address and by user,
// the failures that lock, a success that clears its user only, the credential throttle, the limits from
// ThrottleRules, and the owner's list and lift of its account's lock-outs.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { coreTest, type CoreServices, type CoreTest } from "../../support/core.ts";
import { DEFAULT_THROTTLE_POLICY } from "../../../core/domain/security/throttle.ts";
import { ThrottleRules } from "../../../core/ports/throttles.port.ts";
import {
  credentialFailed,
  liftLockout,
  listLockouts,
  signInFailed,
  signInRefusal,
  signInSucceeded,
} from "../../../core/use-cases/accounts/throttles.ts";
import type { User } from "../../../core/domain/oauth/model.ts";

const s = suite<{ h: CoreTest; user: User }>("throttles use cases");
s.before.each(async (ctx) => {
  ctx.h = await coreTest();
  ctx.user = {
    id: "5b0c1c1e-8f43-4c5e-9a55-7d1c2f3e4a5b",
    accountId: ctx.h.scope.accountId,
    email: "pat@throttle.test",
    passwordHash: null,
    role: "member",
    createdAt: new Date().toISOString(),
  };
  await ctx.h.store.users.insert(ctx.user).pipe(Effect.runPromise);
});
s.after.each(async ({ h }) => {
  await h.dispose();
});

const rules = {
  ...DEFAULT_THROTTLE_POLICY,
  signInPerUser: { limit: 3, windowSeconds: 60 },
  signInPerAddress: { limit: 5, windowSeconds: 60 },
  credentialPerAddress: { limit: 2, windowSeconds: 30 },
};
const run = <A, E>(h: CoreTest, e: Effect.Effect<A, E, CoreServices>) =>
  h.run(Effect.provideService(e, ThrottleRules, rules));
const who = (user: User) => ({ key: user.id, user: { id: user.id, accountId: user.accountId } });

s(
  "the user's limit locks it from every address; the window passing lets it in again",
  async ({ h, user }) => {
    assert.is(await run(h, signInFailed("10.0.0.1", who(user))), null);
    assert.is(await run(h, signInFailed("10.0.0.2", who(user))), null);
    const locked = await run(h, signInFailed("10.0.0.3", who(user)));
    assert.is(locked?.retryAfterSeconds, 60);
    h.advance(20_000);
    const refused = await run(h, signInRefusal("10.0.0.9", user.id));
    assert.is(refused?._tag, "RateLimited");
    assert.is(refused?.retryAfterSeconds, 40);
    assert.match(refused?.message ?? "", /e-mail address/);
    h.advance(40_000);
    assert.is(await run(h, signInRefusal("10.0.0.9", user.id)), null);
  },
);

s("a success clears its user's count, not its address's", async ({ h, user }) => {
  for (let i = 0; i < 2; i++) await run(h, signInFailed("10.0.0.1", who(user)));
  await run(h, signInFailed("10.0.0.1", { key: "email:x" }));
  await run(h, signInSucceeded(user.id));
  assert.is(await run(h, signInFailed("10.0.0.1", who(user))), null, "the user's count started again");
  const byAddress = await run(h, signInFailed("10.0.0.1", { key: "email:y" }));
  assert.is(byAddress?._tag, "RateLimited", "the address's fifth failure");
  assert.match(byAddress?.message ?? "", /network address/);
  assert.is((await run(h, signInRefusal("10.0.0.1", null)))?._tag, "RateLimited");
  assert.is(await run(h, signInRefusal("10.0.0.2", user.id)), null);
});

s("the sandbox's refusal by address only (no user key)", async ({ h }) => {
  for (let i = 0; i < 5; i++) await run(h, signInFailed("10.0.0.4", null));
  assert.is((await run(h, signInRefusal("10.0.0.4", null)))?._tag, "RateLimited");
});

s("failed credential checks: 429 from the limit on, until the window passes", async ({ h }) => {
  assert.is(await run(h, credentialFailed("10.0.0.5")), null);
  const limited = await run(h, credentialFailed("10.0.0.5"));
  assert.is(limited?.retryAfterSeconds, 30);
  h.advance(29_500);
  assert.is((await run(h, credentialFailed("10.0.0.5")))?.retryAfterSeconds, 1);
  assert.is(await run(h, credentialFailed("10.0.0.6")), null, "another address");
  h.advance(500);
  assert.is(await run(h, credentialFailed("10.0.0.5")), null);
});

s("the defaults hold without ThrottleRules: 10 failures lock a user", async ({ h, user }) => {
  for (let i = 0; i < 9; i++) assert.is(await h.run(signInFailed(`10.1.0.${i}`, who(user))), null);
  assert.is((await h.run(signInFailed("10.1.0.9", who(user))))?.retryAfterSeconds, 900);
});

s("the owner lists its account's lock-outs and lifts one", async ({ h, user }) => {
  for (let i = 0; i < 3; i++) await run(h, signInFailed("10.0.0.7", who(user)));
  await run(h, signInFailed("10.0.0.7", { key: "x", user: { id: "x", accountId: "another" } }));
  const list = await run(h, listLockouts(h.scope.accountId));
  assert.equal(list.data, [
    {
      object: "lockout",
      id: user.id,
      user: { id: user.id, email: user.email },
      failures: 3,
      locked_until: new Date(Date.UTC(2026, 1, 2, 12) + 60_000).toISOString(),
    },
  ]);
  const lifted = await run(h, liftLockout(h.scope.accountId, user.id));
  assert.is(lifted.lifted, true);
  assert.equal((await run(h, listLockouts(h.scope.accountId))).data, []);
  assert.is(await run(h, signInRefusal("10.0.0.8", user.id)), null);
  const again = await h.run(Effect.exit(liftLockout(h.scope.accountId, user.id)));
  assert.is(again._tag, "Failure", "nothing left to lift");
});

s.run();
