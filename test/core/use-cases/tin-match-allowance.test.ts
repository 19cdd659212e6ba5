// Production TIN matching within the IRS's limits: a daily cap (TIN_MATCH_DAILY_LIMIT, default 9,999) beyond which
// runs wait in the queue, and never a fourth request for the same TIN and name within 24 hours.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { makeFakeStore } from "../../../adapters/in-memory/store.fake.ts";
import { makeTinVault, systemIds } from "../../../adapters/system/system.ts";
import {
  makeSandboxTinMatcher,
  sandboxTinResult,
} from "../../../adapters/sandbox-tin-match/sandbox-tin-match.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import { Ids } from "../../../core/ports/ids.port.ts";
import { Store } from "../../../core/ports/store.port.ts";
import { TinMatcher } from "../../../core/ports/tin-matcher.port.ts";
import { TinVault } from "../../../core/ports/tin-vault.port.ts";
import {
  completeTinMatch,
  createTinMatch,
  tinMatchAllowance,
  tinPairKey,
} from "../../../core/use-cases/parties/tin-match.ts";
import type { Tin } from "../../../core/domain/shared/tin.ts";

test("allowance: 9,999 per 24 h by default, or the configured cap", () => {
  assert.equal(tinMatchAllowance(0, 9_999), { ok: true });
  assert.equal(tinMatchAllowance(9_998, 1), { ok: true });
  assert.is(tinMatchAllowance(9_999, 1).ok, false);
  assert.is(tinMatchAllowance(500, 500, 999).ok, false);
});

/** A matcher with the sandbox's answers that records every production request it would send to the IRS. */
function countingMatcher(dailyLimit: number, missing: string | null = null) {
  const sent: string[] = [];
  const inner = makeSandboxTinMatcher({ dailyLimit });
  return {
    sent,
    service: TinMatcher.of({
      ...inner,
      match: (entries: readonly { name: string; tin: Tin }[], options: { livemode: boolean }) => {
        if (options.livemode) for (const e of entries) sent.push(`${e.tin.reveal()}|${e.name}`);
        return inner.match(entries, options);
      },
      missingConfiguration: (livemode: boolean) => (livemode ? missing : null),
    }),
  };
}

function setup(matcher: TinMatcher["Service"]) {
  const store = makeFakeStore();
  const clock = { now: Date.UTC(2026, 5, 1) };
  const layer = Layer.mergeAll(
    Layer.succeed(Store, store),
    Layer.succeed(Clock, { now: () => new Date(clock.now) }),
    Layer.succeed(Ids, systemIds),
    Layer.succeed(TinVault, makeTinVault("allowance")),
    Layer.succeed(TinMatcher, matcher),
  );
  const run = <A, E>(e: Effect.Effect<A, E, Store | Clock | Ids | TinVault | TinMatcher>) =>
    Effect.runPromise(Effect.provide(e, layer) as Effect.Effect<A, E>);
  const get = (scope: { accountId: string; livemode: boolean }, id: string) =>
    run(Effect.flatMap(Effect.service(Store), (s) => s.scoped(scope).tinMatches.get(id)));
  return { run, clock, get };
}

test("never a fourth request for one TIN and name in 24 h: repeats inside a run go once, the fourth is answered from the last", async () => {
  const m = countingMatcher(9_999);
  const { run, clock, get } = setup(m.service);
  const live = { accountId: "acc-1", livemode: true };
  const pair = { name: "Jane Doe", tin: "123456780" };
  const first = await run(createTinMatch(live, { entries: [pair, { ...pair, name: "JANE  DOE" }, pair] }));
  assert.is(await run(completeTinMatch(live, first.id)), true);
  assert.is(m.sent.length, 1, "the same TIN and name (case and spacing aside) are sent once per run");
  for (let i = 0; i < 3; i++) {
    clock.now += 60_000;
    const r = await run(createTinMatch(live, { entries: [pair] }));
    assert.is(await run(completeTinMatch(live, r.id)), true);
  }
  assert.is(m.sent.length, 3, "the fourth request of the day is not sent");
  const last = await run(createTinMatch(live, { entries: [pair] }));
  await run(completeTinMatch(live, last.id));
  assert.is(m.sent.length, 3);
  assert.equal(
    (await get(live, last.id))?.results?.map((r) => r.result),
    [sandboxTinResult(pair.tin)],
    "answered with the IRS's last answer",
  );
  clock.now += 24 * 3600 * 1000;
  const nextDay = await run(createTinMatch(live, { entries: [pair] }));
  await run(completeTinMatch(live, nextDay.id));
  assert.is(m.sent.length, 4, "a day later the pair may be asked again");
  assert.not.equal(tinPairKey("h", "Jane Doe"), tinPairKey("h", "John Doe"));
  assert.is(tinPairKey("h", "Jane Doe"), tinPairKey("h", " jane   doe "));
});

test("production without its IRS configuration: creating a run is refused with what is missing; a queued run waits", async () => {
  const m = countingMatcher(9_999, "IRIS_CLIENT_ID is not set.");
  const { run } = setup(m.service);
  const live = { accountId: "acc-1", livemode: true };
  const refused = await Effect.runPromiseExit(
    Effect.provide(
      createTinMatch(live, { entries: [{ name: "A", tin: "123456780" }] }),
      Layer.mergeAll(
        Layer.succeed(Store, makeFakeStore()),
        Layer.succeed(Clock, { now: () => new Date() }),
        Layer.succeed(Ids, systemIds),
        Layer.succeed(TinVault, makeTinVault("x")),
        Layer.succeed(TinMatcher, m.service),
      ),
    ),
  );
  assert.ok(refused._tag === "Failure" && String(refused.cause).includes("IRIS_CLIENT_ID"));
  const sandbox = { accountId: "acc-1", livemode: false };
  const sb = await run(createTinMatch(sandbox, { entries: [{ name: "A", tin: "123456780" }] }));
  assert.is(await run(completeTinMatch(sandbox, sb.id)), true, "the sandbox needs no configuration");
});

test("a production run over the daily cap is deferred and stays processing; sandbox runs are not limited", async () => {
  const { run, clock } = setup(makeSandboxTinMatcher({ dailyLimit: 999 }));
  const live = { accountId: "acc-live", livemode: true };
  const entries = (n: number, from: number) => ({
    entries: Array.from({ length: n }, (_, i) => ({ name: "N", tin: String(100000000 + from + i) })),
  });
  const first = await run(createTinMatch(live, entries(990, 0)));
  assert.is(await run(completeTinMatch(live, first.id)), true);
  const second = await run(createTinMatch(live, entries(20, 1000)));
  const deferred = await run(completeTinMatch(live, second.id));
  assert.equal(deferred, { deferredSeconds: 3600 });
  assert.is(
    (await run(Effect.flatMap(Effect.service(Store), (s) => s.scoped(live).tinMatches.get(second.id))))
      ?.status,
    "processing",
  );
  const sandbox = { accountId: "acc-live", livemode: false };
  const sb = await run(createTinMatch(sandbox, entries(20, 2000)));
  assert.is(await run(completeTinMatch(sandbox, sb.id)), true, "the sandbox has no allowance");
  clock.now += 24 * 3600 * 1000 + 1;
  assert.is(await run(completeTinMatch(live, second.id)), true, "a day later it goes through");
});

test.run();
