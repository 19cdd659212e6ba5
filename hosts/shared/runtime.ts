// The one place the adapters are chosen and composed into the Effect runtime every host uses.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { Jobs } from "../../core/ports/jobs.port.ts";
import { openJobs, type PgBossJobs } from "../../adapters/pg-boss/jobs.pg-boss.ts";
import { TRANSMIT_QUEUE } from "../../core/use-cases/lifecycle/queues.ts";
import { openDatabase, type Database } from "../../adapters/knex/connection.ts";
import * as knexStore from "../../adapters/knex/store.knex.ts";
import * as knexAccessGate from "../../adapters/knex/access-gate.knex.ts";
import * as knexIdempotency from "../../adapters/knex/idempotency.knex.ts";
import * as knexThrottles from "../../adapters/knex/throttles.knex.ts";
import { ThrottleRules } from "../../core/ports/throttles.port.ts";
import { makeSecretBox, systemLayer } from "../../adapters/system/system.ts";
import { DEFAULT_TUNING, throttlesOf, tuningOf, type Config, type Tuning } from "./config.ts";
import { Pricing } from "../../core/ports/pricing.port.ts";
import { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { cardProcessorFor, cardProcessorNames } from "./card-processor.ts";
import * as pdfkit from "../../adapters/pdfkit/lazy.ts";
import { IrsTransmitter } from "../../core/ports/irs-transmitter.port.ts";
import { TinMatcher } from "../../core/ports/tin-matcher.port.ts";
import { makeIrsAdapters, type IrsAdapters } from "./irs.ts";
import { makeLogger } from "./logger.ts";
import * as httpWebhooks from "../../adapters/http-webhooks/sender.http.ts";
import * as ssa from "../../adapters/ssa/ssa-transmitter.ts";
import { makeKnexSsaFiles } from "../../adapters/knex/ssa-files.knex.ts";
import { loadSsaConfig } from "./ssa-config.ts";
import { mailLayer, type MailAdapters } from "./mail.ts";
import { emailLayer } from "./email.ts";
import * as scryptHasher from "../../adapters/system/password-hasher.scrypt.ts";

/** Sends nothing: for hosts without a job runner (tests); the worker's dispatch sweep covers paid orders. */
export const noJobs: Jobs["Service"] = Jobs.of({ send: () => Effect.void, sendMany: () => Effect.void });

/** The IRS adapters of both environments (hosts/shared/irs.ts), on the service database. */
export function irsAdapters(db: Database, config: Config): IrsAdapters {
  return makeIrsAdapters(config, db.knex, makeLogger(config.logLevel));
}

// Each adapter contributes its own layer; this is only the choice of adapters and their settings.
export function appLayer(
  db: Database,
  config: Config,
  jobs: Jobs["Service"] = noJobs,
  irs: IrsAdapters = irsAdapters(db, config),
  mail: ReturnType<typeof mailLayer> = mailLayer(config, makeLogger(config.logLevel)),
) {
  const secrets = makeSecretBox(config.tinEncryptionKey);
  const system = systemLayer(config.tinEncryptionKey);
  const store = knexStore.layer(db.knex, { secrets });
  return Layer.mergeAll(
    system,
    store,
    mail.layer.pipe(Layer.provide(Layer.mergeAll(system, store))),
    emailLayer(config, makeLogger(config.logLevel)).pipe(Layer.provide(Layer.mergeAll(system, store))),
    knexAccessGate.layer(db.knex, config.rateLimitPerMinute, tuningOf(config).credentialCacheMs, db.onClose),
    knexIdempotency.layer(db.knex),
    knexThrottles.layer(db.knex),
    Layer.succeed(ThrottleRules, throttlesOf(config)),
    Layer.succeed(Pricing, { rateCard: config.rateCard }),
    Layer.succeed(CardProcessor, cardProcessorFor(config)),
    pdfkit.layer,
    Layer.succeed(Jobs, jobs),
    Layer.succeed(TinMatcher, irs.tinMatcher),
    scryptHasher.layer,
    httpWebhooks.layer({
      allowPrivate: config.webhookPrivateTargets === true,
      allowLoopbackInSandbox: config.sandboxWebhookLoopback,
    }),
    Layer.succeed(IrsTransmitter, irs.transmitter),
    ssa.layer(config.ssa ?? loadSsaConfig({}), makeKnexSsaFiles(db.knex, { secrets })),
  );
}

/** The start-up log line's fields: which adapters each environment uses (no secrets). */
export function adapterSummary(config: Config, irs: IrsAdapters): { sandbox: string; live: string } {
  const card = cardProcessorNames(config);
  return {
    sandbox: `irs: ${irs.summary.sandbox}; card: ${card.sandbox}`,
    live: `irs: ${irs.summary.live}; card: ${card.live}`,
  };
}

export type AppServices = Layer.Success<ReturnType<typeof appLayer>>;
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

/** Retries and expiry set explicitly (pg-boss 10 retries nothing by default). */
// A job whose process died is retried once it expires; JOB_EXPIRE_SECONDS shortens that for crash tests. The expiry
// is a queue's policy, written by the process that works the queue (the worker's setting governs its jobs).
export const jobDefaults = (tuning: Tuning) =>
  ({ retryLimit: 20, retryDelay: 2, retryBackoff: true, expireInSeconds: tuning.jobExpireSeconds }) as const;
export const JOB_DEFAULTS = jobDefaults(DEFAULT_TUNING);

/**
 * The transmission of an order runs as one job, and a large order (a payroll customer's hundred thousand forms, in
 * transmissions of 20,000 records) takes minutes of honest work: a 120 s expiry retried it while it still ran, for
 * ever. Its expiry is 15 minutes (Tuning.jobTransmitExpireSeconds, the worker's setting): a transmission whose
 * worker died resumes by UTID after at most that long.
 */
export const jobExpiryByQueue = (tuning: Tuning) =>
  ({ [TRANSMIT_QUEUE]: tuning.jobTransmitExpireSeconds }) as const;

export async function openRuntime(
  config: Config,
  opts: { jobs?: boolean } = {},
): Promise<{
  db: Database;
  runtime: AppRuntime;
  jobs: PgBossJobs | null;
  irs: IrsAdapters;
  mail: MailAdapters;
}> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.dbSchema,
    poolMax: tuningOf(config).pgPoolMax,
    rowCache: tuningOf(config).pgliteRowCache,
  });
  const jobs =
    opts.jobs === false
      ? null
      : await openJobs(db, {
          schema: config.dbSchema ? `${config.dbSchema}_pgboss` : "pgboss",
          pollingIntervalSeconds: 0.5,
          defaults: jobDefaults(tuningOf(config)),
          expireInSecondsByQueue: jobExpiryByQueue(tuningOf(config)),
          maintenanceIntervalSeconds: tuningOf(config).jobMaintenanceSeconds,
          onError: (e) => process.stderr.write(`jobs: ${e instanceof Error ? e.message : String(e)}\n`),
        });
  const irs = irsAdapters(db, config);
  const mail = mailLayer(config, makeLogger(config.logLevel));
  const runtime = ManagedRuntime.make(appLayer(db, config, jobs?.service ?? noJobs, irs, mail));
  return { db, runtime, jobs, irs, mail: mail.adapters };
}
