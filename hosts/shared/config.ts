// Configuration from the environment, read once by every host (API, worker, CLI) so they agree. The one place
// that reads process.env for the service: every number is checked (a value such as PORT=abc stops the start with
// one line naming the variable, never a NaN), and nothing else in core/, adapters/ or hosts/ reads the environment
// (a guard in test/architecture checks it). The IRS emulator (a test tool) reads its own.
import type { FaultInjection } from "./fault-injection.ts";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import * as Redacted from "effect/Redacted";
import { buildRateCard, DEFAULT_RATE_CARD, type RateCard } from "../../core/domain/pricing/index.ts";
import type { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from "../../core/domain/security/throttle.ts";
import { ConfigError, loadIrisConfig, type IrisConfig } from "./iris-config.ts";
import { loadSsaConfig } from "./ssa-config.ts";
import { loadEmailConfig, type EmailConfig } from "./email-config.ts";
import { loadLobConfig, loadSandboxLobConfig, type LobConfig, type SandboxLobConfig } from "./lob-config.ts";
import { loadStatementConfig, type StatementConfig } from "./statements-config.ts";
import type { SsaEnvironments } from "../../adapters/ssa/ssa-transmitter.ts";

export interface Config {
  readonly port: number;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly dbSchema: string | undefined;
  readonly sandboxHosts: readonly string[];
  readonly liveHosts: readonly string[];
  readonly rateLimitPerMinute: number;
  readonly tinEncryptionKey: string;
  readonly seedSandboxKey: string | undefined;
  readonly logLevel: "debug" | "info" | "warn" | "error" | "silent";
  readonly trustProxy: boolean;
  /** D12: the default rate card, or RATE_CARD_JSON (a partial override). */
  readonly rateCard: RateCard;
  /** D22: sandbox acknowledgements arrive this long after transmission (default 2 s). */
  readonly sandboxAckDelayMs: number;
  /** Issue 39: the Lob emulator mails a sandbox letter this long after creation, then a step as long (default 2 s). */
  readonly sandboxMailDelayMs: number;
  /** Issue 39: Lob (LOB_API_KEY, LOB_API_BASE, LOB_WEBHOOK_SECRET); absent: no key is configured. */
  readonly lob?: LobConfig | undefined;
  /** Issue 39: SMTP_URL and EMAIL_FROM (hosts/shared/email-config.ts); absent: live e-mail waits. */
  readonly email?: EmailConfig | undefined;
  /** SANDBOX_LOB_API_BASE (and _KEY): the sandbox's letters to a Lob emulator of its own; absent: one in-process. */
  readonly sandboxLob?: SandboxLobConfig | undefined;
  /** PRINT_RETURN_ADDRESS_JSON and PORTAL_BASE_URL (hosts/shared/statements-config.ts). */
  readonly statements?: StatementConfig;
  /** D22: sandbox TIN match runs complete this long after creation (default 1 s). */
  readonly sandboxTinMatchDelayMs: number;
  /** How often the worker fans new events out to webhook endpoints. */
  readonly outboxPollMs: number;
  /** Scales D27's retry schedule (tests use a small figure). */
  readonly webhookRetryScale: number;
  /**
   * Whether sandbox webhooks may be delivered to this machine's loopback addresses (http://localhost...). On for
   * the single-user embedded default, off on Postgres, where the sandbox is shared and a user's "localhost" is the
   * service's own machine: SANDBOX_WEBHOOK_LOOPBACK=true|false overrides.
   */
  readonly sandboxWebhookLoopback: boolean;
  /**
   * WEBHOOK_PRIVATE_TARGETS=true: webhooks, live ones too, may target private and loopback addresses. For a service
   * run inside its operator's own network (an on-premises deployment, the core embedded in another service) whose
   * receivers are internal; never on a service shared by customers, where it would let them reach its network.
   */
  readonly webhookPrivateTargets?: boolean;
  /** Tests inject the sandbox card processor (and, without a Stripe key, production's too). */
  readonly cardProcessor?: CardProcessor["Service"];
  /** STRIPE_SECRET_KEY: production charges cards through Stripe with this key; unset keeps the sandbox processor. */
  readonly stripeSecretKey?: Redacted.Redacted<string> | undefined;
  /** STRIPE_API_BASE: where the Stripe API is (default https://api.stripe.com; a local fake in tests). */
  readonly stripeApiBase?: string | undefined;
  /** The live environment's IRIS configuration (README "Going live"); absent: live filing is not configured. */
  readonly iris?: IrisConfig;
  /** Process tuning (pools, caches, job timings); DEFAULT_TUNING when absent. */
  readonly tuning?: Tuning;
  /** The SSA submitter of each environment (SSA_SUBMITTER_JSON for production); absent: the sandbox one only. */
  readonly ssa?: SsaEnvironments;
  /**
   * Issue 38: failed sign-ins per user and per address (SIGN_IN_FAILURES_PER_USER, SIGN_IN_FAILURES_PER_ADDRESS in
   * SIGN_IN_FAILURE_WINDOW_SECONDS) and failed credential checks per address (CREDENTIAL_FAILURES_PER_ADDRESS in
   * CREDENTIAL_FAILURE_WINDOW_SECONDS); DEFAULT_THROTTLE_POLICY when absent.
   */
  readonly throttles?: ThrottlePolicy;
  /** FAULT_INJECT and FAULT_INJECT_KEY_PREFIX: crash tests' fault hooks (hosts/shared/fault-injection.ts); off. */
  readonly faultInjection?: FaultInjection | undefined;
}

/** Tuning knobs of a process, each from its variable (README "Configuration"). */
export interface Tuning {
  /** CREDENTIAL_CACHE_MS: how long a process caches a resolved credential. */
  readonly credentialCacheMs: number;
  /** PG_POOL_MAX: Postgres connections per process. */
  readonly pgPoolMax: number;
  /**
   * IDEMPOTENCY_CLAIM_SECONDS (default 60): how long a request's claim of its Idempotency-Key holds before another
   * request with the key may take it over, the time a retry waits after a process died with the request. Taking it
   * over early is safe (the operation is the same and finds its own result); it answers 409 request_in_progress
   * until then. 0 lets the retry of a crashed request run at once (crash tests).
   */
  readonly idempotencyClaimMs: number;
  /**
   * JOB_EXPIRE_SECONDS: a job whose process died is retried once it expires. The setting of the process that works
   * a queue: a worker writes it as the queue's policy when it starts, and the jobs any process sends there after
   * that get it (adapters/pg-boss/jobs.pg-boss.ts); an API process's value only seeds a queue it creates first.
   */
  readonly jobExpireSeconds: number;
  /**
   * JOB_TRANSMIT_EXPIRE_SECONDS (default 900; JOB_EXPIRE_SECONDS when only that is set, as crash tests do): the
   * expiry of an order's transmission job, minutes of honest work for a 100,000-form order. The worker's setting
   * too, like JOB_EXPIRE_SECONDS.
   */
  readonly jobTransmitExpireSeconds: number;
  /** JOB_MAINTENANCE_SECONDS: how often the job queue expires and archives jobs. */
  readonly jobMaintenanceSeconds: number;
  /** DISPATCH_SWEEP_EVERY_MS: how often the worker looks for paid orders and TIN match runs whose job is missing. */
  readonly dispatchSweepEveryMs: number;
  /** DISPATCH_SWEEP_AFTER_MS: such work is (re)sent this long after it was due. */
  readonly dispatchSweepAfterMs: number;
  /** STATEMENT_SEND_CONCURRENCY: letters and e-mails each worker sends side by side (Lob's rate limit is shared). */
  readonly statementSendConcurrency: number;
  /** CHARGE_RECONCILE_EVERY_MS: how often the worker reconciles card charges with the payments recorded. */
  readonly chargeReconcileEveryMs: number;
  /** CHARGE_RECONCILE_GRACE_MS: a charge younger than this is left alone (its payment may still be committing). */
  readonly chargeReconcileGraceMs: number;
  /** CHARGE_RECONCILE_LOOKBACK_MS: how far back each reconciliation lists the processor's charges. */
  readonly chargeReconcileLookbackMs: number;
  /** RUN_WORKER: `npm start` runs the worker in its own process unless false. */
  readonly runWorker: boolean;
  /** SHUTDOWN_GRACE_MS: on SIGTERM/SIGINT, how long the API waits for requests in flight. */
  readonly shutdownGraceMs: number;
  /** The API prints its listening line when LOG_LEVEL is not set. */
  readonly announce: boolean;
  /** PGLITE_ROW_CACHE=off: the embedded database's in-process row cache off (for measuring it). */
  readonly pgliteRowCache: boolean;
}

export const DEFAULT_TUNING: Tuning = {
  credentialCacheMs: 2000,
  idempotencyClaimMs: 60_000,
  pgPoolMax: 10,
  jobExpireSeconds: 120,
  jobTransmitExpireSeconds: 900,
  jobMaintenanceSeconds: 10,
  dispatchSweepEveryMs: 5_000,
  dispatchSweepAfterMs: 10_000,
  statementSendConcurrency: 8,
  chargeReconcileEveryMs: 300_000,
  chargeReconcileGraceMs: 600_000,
  chargeReconcileLookbackMs: 86_400_000,
  runWorker: true,
  shutdownGraceMs: 10_000,
  announce: true,
  pgliteRowCache: true,
};

export const tuningOf = (config: Config): Tuning => config.tuning ?? DEFAULT_TUNING;

/**
 * A whole number from `name`, `fallback` when unset or empty; anything else outside [min, max] throws a
 * ConfigError naming the variable and the value.
 */
export function intFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw.trim());
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(
      `${name} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? "any size" : max}; got ${JSON.stringify(raw)}.`,
    );
  }
  return n;
}

/** A decimal number from `name` (at least `min`), `fallback` when unset or empty; anything else throws a ConfigError. */
export function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw.trim());
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(n) || n < min)
    throw new ConfigError(`${name} must be a number of at least ${min}; got ${JSON.stringify(raw)}.`);
  return n;
}

/** true/false (also 1/0); `fallback` when unset or empty. */
export function booleanFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false; got ${JSON.stringify(env[name])}.`);
}

export function loadTuning(env: NodeJS.ProcessEnv = process.env): Tuning {
  return {
    credentialCacheMs: intFrom(env, "CREDENTIAL_CACHE_MS", DEFAULT_TUNING.credentialCacheMs),
    pgPoolMax: intFrom(env, "PG_POOL_MAX", DEFAULT_TUNING.pgPoolMax, 1, 10_000),
    idempotencyClaimMs:
      numberFrom(env, "IDEMPOTENCY_CLAIM_SECONDS", DEFAULT_TUNING.idempotencyClaimMs / 1000, 0) * 1000,
    jobExpireSeconds: intFrom(env, "JOB_EXPIRE_SECONDS", DEFAULT_TUNING.jobExpireSeconds, 1),
    jobTransmitExpireSeconds:
      env["JOB_TRANSMIT_EXPIRE_SECONDS"] === undefined && env["JOB_EXPIRE_SECONDS"] !== undefined
        ? intFrom(env, "JOB_EXPIRE_SECONDS", DEFAULT_TUNING.jobExpireSeconds, 1)
        : intFrom(env, "JOB_TRANSMIT_EXPIRE_SECONDS", DEFAULT_TUNING.jobTransmitExpireSeconds, 1),
    jobMaintenanceSeconds: intFrom(env, "JOB_MAINTENANCE_SECONDS", DEFAULT_TUNING.jobMaintenanceSeconds, 1),
    dispatchSweepEveryMs: intFrom(env, "DISPATCH_SWEEP_EVERY_MS", DEFAULT_TUNING.dispatchSweepEveryMs, 1),
    dispatchSweepAfterMs: intFrom(env, "DISPATCH_SWEEP_AFTER_MS", DEFAULT_TUNING.dispatchSweepAfterMs),
    statementSendConcurrency: intFrom(
      env,
      "STATEMENT_SEND_CONCURRENCY",
      DEFAULT_TUNING.statementSendConcurrency,
      1,
      64,
    ),
    chargeReconcileEveryMs: intFrom(
      env,
      "CHARGE_RECONCILE_EVERY_MS",
      DEFAULT_TUNING.chargeReconcileEveryMs,
      1,
    ),
    chargeReconcileGraceMs: intFrom(env, "CHARGE_RECONCILE_GRACE_MS", DEFAULT_TUNING.chargeReconcileGraceMs),
    chargeReconcileLookbackMs: intFrom(
      env,
      "CHARGE_RECONCILE_LOOKBACK_MS",
      DEFAULT_TUNING.chargeReconcileLookbackMs,
      1,
    ),
    // RUN_WORKER has always meant "anything but false runs it".
    runWorker: env["RUN_WORKER"] !== "false",
    shutdownGraceMs: intFrom(env, "SHUTDOWN_GRACE_MS", DEFAULT_TUNING.shutdownGraceMs),
    announce: !env["LOG_LEVEL"],
    pgliteRowCache: env["PGLITE_ROW_CACHE"] !== "off",
  };
}

/** The throttles' limits and windows (issue 38): each a whole number of at least 1, a window at most a day. */
export function loadThrottles(env: NodeJS.ProcessEnv = process.env): ThrottlePolicy {
  const d = DEFAULT_THROTTLE_POLICY;
  const signInWindow = intFrom(
    env,
    "SIGN_IN_FAILURE_WINDOW_SECONDS",
    d.signInPerUser.windowSeconds,
    1,
    86_400,
  );
  const credentialWindow = intFrom(
    env,
    "CREDENTIAL_FAILURE_WINDOW_SECONDS",
    d.credentialPerAddress.windowSeconds,
    1,
    86_400,
  );
  return {
    signInPerUser: {
      limit: intFrom(env, "SIGN_IN_FAILURES_PER_USER", d.signInPerUser.limit, 1, 1_000_000),
      windowSeconds: signInWindow,
    },
    signInPerAddress: {
      limit: intFrom(env, "SIGN_IN_FAILURES_PER_ADDRESS", d.signInPerAddress.limit, 1, 1_000_000),
      windowSeconds: signInWindow,
    },
    credentialPerAddress: {
      limit: intFrom(env, "CREDENTIAL_FAILURES_PER_ADDRESS", d.credentialPerAddress.limit, 1, 1_000_000),
      windowSeconds: credentialWindow,
    },
  };
}

export const throttlesOf = (config: Config): ThrottlePolicy => config.throttles ?? DEFAULT_THROTTLE_POLICY;

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** Without TIN_ENCRYPTION_KEY the key is generated once and kept in the data folder (local development). */
function tinKey(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env["TIN_ENCRYPTION_KEY"]) return env["TIN_ENCRYPTION_KEY"];
  const file = join(resolve(dataDir), "tin-encryption.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(resolve(dataDir), { recursive: true });
  const key = randomBytes(32).toString("base64");
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env["DATA_DIR"] || "./.data";
  const rate = intFrom(env, "RATE_LIMIT_PER_MINUTE", 600, 1);
  const level = (env["LOG_LEVEL"] ?? "info") as Config["logLevel"];
  return {
    port: intFrom(env, "PORT", 3000, 0, 65535),
    databaseUrl: env["DATABASE_URL"] || undefined,
    dataDir,
    dbSchema: env["DB_SCHEMA"] || undefined,
    sandboxHosts: list(env["SANDBOX_HOSTS"]).map((h) => h.replace(/\.+(:\d*)?$/, "$1")),
    liveHosts: list(env["LIVE_HOSTS"]).map((h) => h.replace(/\.+(:\d*)?$/, "$1")),
    rateLimitPerMinute: rate,
    tinEncryptionKey: tinKey(env, dataDir),
    seedSandboxKey: env["SEED_SANDBOX_KEY"] || undefined,
    sandboxWebhookLoopback:
      env["SANDBOX_WEBHOOK_LOOPBACK"] === undefined || env["SANDBOX_WEBHOOK_LOOPBACK"] === ""
        ? !env["DATABASE_URL"]
        : env["SANDBOX_WEBHOOK_LOOPBACK"] === "true",
    webhookPrivateTargets: booleanFrom(env, "WEBHOOK_PRIVATE_TARGETS", false),
    logLevel: ["debug", "info", "warn", "error", "silent"].includes(level) ? level : "info",
    trustProxy: env["TRUST_PROXY"] === "1" || env["TRUST_PROXY"] === "true",
    rateCard: rateCardFrom(env["RATE_CARD_JSON"]),
    sandboxAckDelayMs: intFrom(env, "SANDBOX_ACK_DELAY_MS", 2000),
    sandboxTinMatchDelayMs: intFrom(env, "SANDBOX_TIN_MATCH_DELAY_MS", 1000),
    sandboxMailDelayMs: intFrom(env, "SANDBOX_MAIL_DELAY_MS", 2000),
    lob: loadLobConfig(env),
    email: loadEmailConfig(env),
    sandboxLob: loadSandboxLobConfig(env),
    statements: loadStatementConfig(env, intFrom(env, "PORT", 3000, 0, 65535)),
    outboxPollMs: intFrom(env, "OUTBOX_POLL_MS", 200, 1),
    webhookRetryScale: numberFrom(env, "WEBHOOK_RETRY_SCALE", 1),
    stripeSecretKey: stripeKey(env["STRIPE_SECRET_KEY"]),
    stripeApiBase: env["STRIPE_API_BASE"] || undefined,
    iris: loadIrisConfig(env),
    tuning: loadTuning(env),
    ssa: loadSsaConfig(env),
    throttles: loadThrottles(env),
    faultInjection: faultInjectionFrom(env),
  };
}

function faultInjectionFrom(env: NodeJS.ProcessEnv): FaultInjection | undefined {
  const at = env["FAULT_INJECT"]?.trim();
  if (!at) return undefined;
  if (at !== "after_charge" && at !== "after_commit")
    throw new ConfigError(`FAULT_INJECT must be after_charge or after_commit; got ${JSON.stringify(at)}.`);
  return { at, keyPrefix: env["FAULT_INJECT_KEY_PREFIX"] || "fault-" };
}

/** A Stripe secret or restricted key, kept redacted; anything else stops the start with one line (the key not shown). */
function stripeKey(value: string | undefined): Redacted.Redacted<string> | undefined {
  if (!value) return undefined;
  if (!/^(sk|rk)_(live|test)_[A-Za-z0-9]{10,}$/.test(value.trim()))
    throw new ConfigError(
      "STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key).",
    );
  return Redacted.make(value.trim());
}

/** loadConfig for a process's start: a configuration value that cannot work ends it with one clear line. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`Configuration error: ${e.message}\n`);
    process.exit(2);
  }
}

function rateCardFrom(json: string | undefined): RateCard {
  if (!json) return DEFAULT_RATE_CARD;
  const r = buildRateCard(JSON.parse(json) as Parameters<typeof buildRateCard>[0]);
  if (!r.ok) throw new Error(`RATE_CARD_JSON is invalid: ${r.param}: ${r.message}`);
  return r.card;
}
