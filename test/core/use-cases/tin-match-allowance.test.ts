// The IRS allows 999 interactive TIN matches per 24 hours per IRS user id: production runs beyond it wait.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Effect, Layer } from "effect";
import { makeFakeStore } from "../../../adapters/in-memory/store.fake.ts";
import { makeTinVault, systemIds } from "../../../adapters/system/system.ts";
import { sandboxTinMatcher } from "../../../adapters/sandbox-tin-match/sandbox-tin-match.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import { Ids } from "../../../core/ports/ids.port.ts";
import { Store } from "../../../core/ports/store.port.ts";
import { TinMatcher } from "../../../core/ports/tin-matcher.port.ts";
import { TinVault } from "../../../core/ports/tin-vault.port.ts";
import { completeTinMatch, createTinMatch, tinMatchAllowance } from "../../../core/use-cases/tin-match.use-case.ts";

test("allowance: 999 per 24 h in all", () => {
  assert.equal(tinMatchAllowance(0, 999), { ok: true });
  assert.equal(tinMatchAllowance(998, 1), { ok: true });
  assert.is(tinMatchAllowance(999, 1).ok, false);
  assert.is(tinMatchAllowance(500, 500).ok, false);
});

test("a production run over the allowance is deferred and stays processing; sandbox runs are not limited", async () => {
  const store = makeFakeStore();
  let now = Date.UTC(2026, 5, 1);
  const layer = Layer.mergeAll(
    Layer.succeed(Store, store), Layer.succeed(Clock, { now: () => new Date(now) }), Layer.succeed(Ids, systemIds),
    Layer.succeed(TinVault, makeTinVault("allowance")), Layer.succeed(TinMatcher, sandboxTinMatcher),
  );
  const run = <A, E>(e: Effect.Effect<A, E, Store | Clock | Ids | TinVault | TinMatcher>) => Effect.runPromise(Effect.provide(e, layer) as Effect.Effect<A, E>);
  const live = { accountId: "acc-live", livemode: true };
  const entries = (n: number, from: number) => ({ entries: Array.from({ length: n }, (_, i) => ({ name: "N", tin: String(100000000 + from + i) })) });
  const first = await run(createTinMatch(live, entries(990, 0)));
  assert.is(await run(completeTinMatch(live, first.id)), true);
  const second = await run(createTinMatch(live, entries(20, 1000)));
  const deferred = await run(completeTinMatch(live, second.id));
  assert.equal(deferred, { deferredSeconds: 3600 });
  assert.is((await run(Effect.flatMap(Effect.service(Store), (s) => s.scoped(live).tinMatches.get(second.id))))?.status, "processing");
  const sandbox = { accountId: "acc-live", livemode: false };
  const sb = await run(createTinMatch(sandbox, entries(20, 2000)));
  assert.is(await run(completeTinMatch(sandbox, sb.id)), true, "the sandbox has no allowance");
  now += 24 * 3600 * 1000 + 1;
  assert.is(await run(completeTinMatch(live, second.id)), true, "a day later it goes through");
});

test.run();
