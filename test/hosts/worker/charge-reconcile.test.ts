// The worker reconciles card charges on its own (core/use-cases/money/reconcile-charges.ts): a charge whose payment
// was never recorded, as a pay killed between the charge and its commit leaves it, is refunded and logged; a top-up
// recorded through the API is not. Embedded database, the sandbox card processor shared by API and worker as in
// `npm start`'s single process.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { openTestDb } from "../../support/db.ts";
import { testConfig, TEST_KEY } from "../../support/api.ts";
import { appLayer, JOB_DEFAULTS, type AppRuntime } from "../../../hosts/shared/runtime.ts";
import { DEFAULT_TUNING } from "../../../hosts/shared/config.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { startWorker } from "../../../hosts/shared/worker.ts";
import { openJobs } from "../../../adapters/pg-boss/jobs.pg-boss.ts";
import { makeSandboxCardProcessor } from "../../../adapters/sandbox-card/sandbox-card.ts";
import { seedSandbox } from "../../../core/use-cases/accounts/accounts.ts";
import { topUp } from "../../../core/use-cases/money/balance.ts";

test("the worker refunds an unrecorded charge past the grace period and logs it; a recorded top-up stays", async () => {
  const t = await openTestDb("pglite");
  // Charges dated an hour back: past the default ten-minute grace period as soon as they are made.
  const cards = makeSandboxCardProcessor({ now: () => new Date(Date.now() - 3_600_000) });
  const config = testConfig({
    cardProcessor: cards,
    tuning: { ...DEFAULT_TUNING, announce: false, chargeReconcileEveryMs: 50 },
  });
  const jobs = await openJobs(t.db, { pollingIntervalSeconds: 0.1, defaults: JOB_DEFAULTS });
  const runtime = ManagedRuntime.make(appLayer(t.db, config, jobs.service)) as AppRuntime;
  // The worker's lines as written (redaction included), warnings and errors only.
  const warnings: { msg: string; fields: Record<string, unknown> }[] = [];
  const logger = makeLogger("warn", {
    destination: {
      write: (line: string) => {
        const { msg, level: _level, time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>;
        warnings.push({ msg: String(msg), fields });
      },
    },
  });
  let stop = async () => {};
  try {
    const seeded = await runtime.runPromise(seedSandbox(TEST_KEY));
    if (!seeded) throw new Error("not seeded");
    const scope = { accountId: seeded.account.id, livemode: false };
    const top = await runtime.runPromise(topUp(scope, { amount_cents: 700 }));
    const lost = await runtime.runPromise(
      cards.charge({
        scope,
        card: { token: "tok_visa", brand: "visa", last4: "4242" },
        customer: null,
        amountCents: 2599,
        idempotencyKey: "ord_NeverCommitted:order",
        description: "Order",
      }),
    );
    const worker = await startWorker({ runtime, jobs, config, logger });
    stop = () => worker.stop();
    for (let i = 0; i < 400 && cards.made.get(lost.chargeId)?.refunded !== true; i++)
      await Effect.runPromise(Effect.sleep(25));
    assert.is(cards.made.get(lost.chargeId)?.refunded, true, "the unrecorded charge is refunded");
    assert.is(cards.made.get(top.charge)?.refunded, false, "the recorded top-up is not");
    const line = warnings.find((w) => w.msg.startsWith("card charge refunded"));
    assert.equal(line?.fields, {
      charge: lost.chargeId,
      account: scope.accountId,
      livemode: false,
      amount_cents: 2599,
      idempotency_key: "ord_NeverCommitted:order",
    });
    assert.is(warnings.filter((w) => w.msg.startsWith("card charge refunded")).length, 1);
  } finally {
    await stop();
    await runtime.dispose();
    await t.drop();
  }
});

test.run();
