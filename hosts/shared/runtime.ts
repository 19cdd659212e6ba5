// The one place the adapters are chosen and composed into the Effect runtime every host uses.
import { Effect, Layer, ManagedRuntime } from "effect";
import { Jobs } from "../../core/ports/jobs.port.ts";
import { openJobs, type PgBossJobs } from "../../adapters/pg-boss/jobs.pg-boss.ts";
import { openDatabase, type Database } from "../../adapters/knex/connection.ts";
import { makeKnexStore } from "../../adapters/knex/store.knex.ts";
import { makeKnexAccessGate } from "../../adapters/knex/access-gate.knex.ts";
import { makeKnexIdempotencyStore } from "../../adapters/knex/idempotency.knex.ts";
import { makeSecretBox, systemLayer } from "../../adapters/system/system.ts";
import { Store } from "../../core/ports/store.port.ts";
import { AccessGate } from "../../core/ports/access-gate.port.ts";
import { IdempotencyStore } from "../../core/ports/idempotency.port.ts";
import { DEFAULT_TUNING, tuningOf, type Config, type Tuning } from "./config.ts";
import { Pricing } from "../../core/ports/pricing.port.ts";
import { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { cardProcessorFor, cardProcessorNames } from "./card-processor.ts";
import { StatementRenderer } from "../../core/ports/statement-renderer.port.ts";
import { makePdfkitRenderer } from "../../adapters/pdfkit/copy-b.pdfkit.ts";
import { IrsTransmitter } from "../../core/ports/irs-transmitter.port.ts";
import { TinMatcher } from "../../core/ports/tin-matcher.port.ts";
import { makeIrsAdapters, type IrsAdapters } from "./irs.ts";
import { makeLogger } from "./logger.ts";
import { WebhookSender } from "../../core/ports/webhook-sender.port.ts";
import { makeHttpWebhookSender } from "../../adapters/http-webhooks/sender.http.ts";
import { PasswordHasher } from "../../core/ports/password-hasher.port.ts";
import { SsaTransmitter } from "../../core/ports/ssa-transmitter.port.ts";
import { makeSsaTransmitter } from "../../adapters/ssa/ssa-transmitter.ts";
import { makeKnexSsaFiles } from "../../adapters/knex/ssa-files.knex.ts";
import { loadSsaConfig } from "./ssa-config.ts";
import { scryptPasswordHasher } from "../../adapters/system/password-hasher.scrypt.ts";

/** Sends nothing: for hosts without a job runner (tests); the worker's dispatch sweep covers paid orders. */
export const noJobs: Jobs["Service"] = Jobs.of({ send: () => Effect.void });

/** The IRS adapters of both environments (hosts/shared/irs.ts), on the service database. */
export function irsAdapters(db: Database, config: Config): IrsAdapters {
  return makeIrsAdapters(config, db.knex, makeLogger(config.logLevel));
}

export function appLayer(db: Database, config: Config, jobs: Jobs["Service"] = noJobs, irs: IrsAdapters = irsAdapters(db, config)) {
  return Layer.mergeAll(
    systemLayer(config.tinEncryptionKey),
    Layer.succeed(Store, makeKnexStore(db.knex, { secrets: makeSecretBox(config.tinEncryptionKey) })),
    Layer.succeed(AccessGate, makeKnexAccessGate(db.knex, config.rateLimitPerMinute, tuningOf(config).credentialCacheMs, db.onClose)),
    Layer.succeed(IdempotencyStore, makeKnexIdempotencyStore(db.knex)),
    Layer.succeed(Pricing, { rateCard: config.rateCard }),
    Layer.succeed(CardProcessor, cardProcessorFor(config)),
    Layer.succeed(StatementRenderer, makePdfkitRenderer()),
    Layer.succeed(Jobs, jobs),
    Layer.succeed(TinMatcher, irs.tinMatcher),
    Layer.succeed(PasswordHasher, scryptPasswordHasher),
    Layer.succeed(WebhookSender, makeHttpWebhookSender({ allowPrivate: false, allowLoopbackInSandbox: config.sandboxWebhookLoopback })),
    Layer.succeed(IrsTransmitter, irs.transmitter),
    Layer.succeed(SsaTransmitter, makeSsaTransmitter(config.ssa ?? loadSsaConfig({}), makeKnexSsaFiles(db.knex, { secrets: makeSecretBox(config.tinEncryptionKey) }))),
  );
}

/** The start-up log line's fields: which adapters each environment uses (no secrets). */
export function adapterSummary(config: Config, irs: IrsAdapters): { sandbox: string; live: string } {
  const card = cardProcessorNames(config);
  return { sandbox: `irs: ${irs.summary.sandbox}; card: ${card.sandbox}`, live: `irs: ${irs.summary.live}; card: ${card.live}` };
}

export type AppServices = Layer.Success<ReturnType<typeof appLayer>>;
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

/** Retries and expiry set explicitly (pg-boss 10 retries nothing by default). */
// A job whose process died is retried once it expires; JOB_EXPIRE_SECONDS shortens that for crash tests.
export const jobDefaults = (tuning: Tuning) => ({ retryLimit: 20, retryDelay: 2, retryBackoff: true, expireInSeconds: tuning.jobExpireSeconds }) as const;
export const JOB_DEFAULTS = jobDefaults(DEFAULT_TUNING);

export async function openRuntime(config: Config, opts: { jobs?: boolean } = {}): Promise<{ db: Database; runtime: AppRuntime; jobs: PgBossJobs | null; irs: IrsAdapters }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.dbSchema, poolMax: tuningOf(config).pgPoolMax, rowCache: tuningOf(config).pgliteRowCache });
  const jobs = opts.jobs === false ? null : await openJobs(db, {
    schema: config.dbSchema ? `${config.dbSchema}_pgboss` : "pgboss", pollingIntervalSeconds: 0.5, defaults: jobDefaults(tuningOf(config)),
    maintenanceIntervalSeconds: tuningOf(config).jobMaintenanceSeconds,
    onError: (e) => process.stderr.write(`jobs: ${e instanceof Error ? e.message : String(e)}\n`),
  });
  const irs = irsAdapters(db, config);
  const runtime = ManagedRuntime.make(appLayer(db, config, jobs?.service ?? noJobs, irs));
  return { db, runtime, jobs, irs };
}
