// Operator balance credit (customers who pay by wire or invoice) on the in-memory store: a `credit` entry on
// the named environment's balance; bad input and a reference used twice change nothing. The use case needs no
// CardProcessor (its layer below has none), so it cannot touch a card.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Layer from "effect/Layer";
import { makeFakeStore } from "../../../adapters/in-memory/store.fake.ts";
import { systemIds } from "../../../adapters/system/system.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import { Ids } from "../../../core/ports/ids.port.ts";
import { Store } from "../../../core/ports/store.port.ts";
import { creditBalance, MAX_CREDIT_CENTS } from "../../../core/use-cases/money/credit-balance.ts";
import { storeRows } from "../../support/rows.ts";

function setup() {
  const store = makeFakeStore();
  const layer = Layer.mergeAll(
    Layer.succeed(Store, store),
    Layer.succeed(Clock, { now: () => new Date(Date.UTC(2026, 10, 22, 12)) }),
    Layer.succeed(Ids, systemIds),
  );
  const run = <A, E>(e: Effect.Effect<A, E, Store | Clock | Ids>) =>
    Effect.runPromiseExit(Effect.provide(e, layer) as Effect.Effect<A, E>);
  return { store, run };
}

const failureOf = (exit: Exit.Exit<unknown, unknown>) => {
  if (Exit.isSuccess(exit)) throw new Error("expected a failure");
  const r = exit.cause.reasons.find((x) => x._tag === "Fail");
  return (r && r._tag === "Fail" ? r.error : undefined) as { _tag: string; message: string; param?: string };
};

test("a credit is one `credit` entry on the named environment's balance, chained after what is there", async () => {
  const { store, run } = setup();
  const account = storeRows(() => new Date().toISOString()).account();
  await Effect.runPromise(store.accounts.insert(account));
  const live = { accountId: account.id, livemode: true };
  const first = await run(
    creditBalance({
      accountId: account.id,
      livemode: true,
      amountCents: 250_000,
      reference: "  WIRE-2026-0042 ",
    }),
  );
  assert.ok(Exit.isSuccess(first));
  const entry = Exit.isSuccess(first) ? first.value : undefined;
  assert.equal(
    {
      object: entry?.object,
      kind: entry?.kind,
      amount_cents: entry?.amount_cents,
      balance_after_cents: entry?.balance_after_cents,
      reference: entry?.reference,
    },
    {
      object: "balance_entry",
      kind: "credit",
      amount_cents: 250_000,
      balance_after_cents: 250_000,
      reference: "WIRE-2026-0042",
    },
  );
  const second = await run(
    creditBalance({ accountId: account.id, livemode: true, amountCents: 1, reference: "INV-7" }),
  );
  assert.is(Exit.isSuccess(second) ? second.value.balance_after_cents : 0, 250_001);
  assert.is((await Effect.runPromise(store.scoped(live).balance.get())).balanceCents, 250_001);
  assert.is(
    (await Effect.runPromise(store.scoped({ ...live, livemode: false }).balance.get())).balanceCents,
    0,
    "the sandbox balance is another balance",
  );
  const page = await Effect.runPromise(
    store.scoped(live).balance.entries({ limit: 10, startingAfter: null }),
  );
  assert.equal(
    page.data.map((e) => e.kind),
    ["credit", "credit"],
  );
});

test("bad amounts, references and accounts, and a reference credited twice, are refused and change nothing", async () => {
  const { store, run } = setup();
  const account = storeRows(() => new Date().toISOString()).account();
  await Effect.runPromise(store.accounts.insert(account));
  const base = { accountId: account.id, livemode: true, amountCents: 5000, reference: "WIRE-1" };
  assert.ok(Exit.isSuccess(await run(creditBalance(base))));
  const cases: Array<[Partial<typeof base>, string, string | undefined]> = [
    [{ amountCents: 0 }, "InvalidRequest", "amount_cents"],
    [{ amountCents: -5 }, "InvalidRequest", "amount_cents"],
    [{ amountCents: 1.5 }, "InvalidRequest", "amount_cents"],
    [{ amountCents: Number.NaN }, "InvalidRequest", "amount_cents"],
    [{ amountCents: MAX_CREDIT_CENTS + 1 }, "InvalidRequest", "amount_cents"],
    [{ reference: "   " }, "InvalidRequest", "reference"],
    [{ reference: "a\u0000b" }, "InvalidRequest", "reference"],
    [{ reference: "bad\uD800" }, "InvalidRequest", "reference"],
    [{ reference: "x".repeat(201) }, "InvalidRequest", "reference"],
    [{ accountId: "00000000-0000-4000-8000-000000000000" }, "NotFound", undefined],
    [{ accountId: "not-a-uuid" }, "NotFound", undefined],
    [{ reference: "WIRE-1" }, "Conflict", "reference"],
  ];
  for (const [over, tag, param] of cases) {
    const e = failureOf(await run(creditBalance({ ...base, ...over })));
    assert.is(e._tag, tag, JSON.stringify(over));
    assert.is(e.param, param, JSON.stringify(over));
  }
  const live = await Effect.runPromise(store.scoped({ accountId: account.id, livemode: true }).balance.get());
  assert.equal([live.balanceCents, live.entryCount], [5000, 1]);
  assert.ok(
    Exit.isSuccess(await run(creditBalance({ ...base, livemode: false }))),
    "the same reference in the other environment is another payment",
  );
});

test.run();
