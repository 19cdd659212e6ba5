// The real hosts of recipient copies (issue 39) for HTTP and browser tests: the Koa API and the worker on PGlite,
// the sandbox's Lob adapter on its in-process Lob emulator, durable jobs on the in-memory queue. `until` drains the
// jobs while a condition is not met yet.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import * as ManagedRuntime from "effect/ManagedRuntime";
import * as Redacted from "effect/Redacted";
import { makeFakeJobs, type FakeJobs } from "../../adapters/in-memory/jobs.fake.ts";
import { seedSandbox } from "../../core/use-cases/accounts/accounts.ts";
import { createApp } from "../../hosts/api/app.ts";
import { loadTuning } from "../../hosts/shared/config.ts";
import { makeLogger } from "../../hosts/shared/logger.ts";
import { mailLayer, type MailAdapters } from "../../hosts/shared/mail.ts";
import { appLayer, irsAdapters, JOB_DEFAULTS, type AppRuntime } from "../../hosts/shared/runtime.ts";
import { startWorker } from "../../hosts/shared/worker.ts";
import { testConfig, TEST_KEY } from "./api.ts";
import { openTestDb, type TestDb } from "./db.ts";

export const LOB_WEBHOOK_SECRET = "whsec-test-only-0123456789";

export interface StatementsHost {
  t: TestDb;
  jobs: FakeJobs;
  mail: MailAdapters;
  runtime: AppRuntime;
  base: string;
  /** Drains the jobs until `done` holds (the worker's timer plans; the emulator's timers track), or fails. */
  until: (what: string, done: () => Promise<boolean>) => Promise<void>;
  close: () => Promise<void>;
}

export async function openStatementsHost(): Promise<StatementsHost> {
  const t = await openTestDb("pglite");
  const jobs = makeFakeJobs({
    clock: { now: () => new Date() },
    defaults: { retryLimit: JOB_DEFAULTS.retryLimit, retryDelay: 0, retryBackoff: false },
  });
  const config = testConfig({
    sandboxMailDelayMs: 0,
    tuning: { ...loadTuning({}), dispatchSweepEveryMs: 50, dispatchSweepAfterMs: 60_000 },
    // Live Lob is configured only so that POST /webhooks/lob checks signatures; no live letter is sent here.
    lob: {
      apiKey: Redacted.make("test_0123456789abcdef"),
      apiBase: "https://api.lob.com",
      webhookSecret: Redacted.make(LOB_WEBHOOK_SECRET),
    },
  });
  const logger = makeLogger("silent");
  const mail = mailLayer(config, logger);
  const irs = irsAdapters(t.db, config);
  const runtime = ManagedRuntime.make(appLayer(t.db, config, jobs.service, irs, mail)) as AppRuntime;
  await runtime.runPromise(seedSandbox(TEST_KEY));
  const worker = await startWorker({ runtime, jobs, config, logger });
  const server: Server = createApp({ runtime, config, logger }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    t,
    jobs,
    mail: mail.adapters,
    runtime,
    base,
    until: async (what, done) => {
      const deadline = Date.now() + 60_000; // generous: a loaded CI machine
      for (;;) {
        await jobs.drain();
        if (await done()) return;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await worker.stop();
      mail.adapters.sandboxEmulator().close();
      await runtime.dispose();
      await t.drop();
    },
  };
}
