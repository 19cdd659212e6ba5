// Configuration from the environment, read once by every host (API, worker, CLI) so they agree.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { Redacted } from "effect";
import { buildRateCard, DEFAULT_RATE_CARD, type RateCard } from "../../core/domain/pricing/index.ts";
import type { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { ConfigError, loadIrisConfig, type IrisConfig } from "./iris-config.ts";
import { loadSsaConfig } from "./ssa-config.ts";
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
  /** Tests inject the sandbox card processor (and, without a Stripe key, production's too). */
  readonly cardProcessor?: CardProcessor["Service"];
  /** STRIPE_SECRET_KEY: production charges cards through Stripe with this key; unset keeps the sandbox processor. */
  readonly stripeSecretKey?: Redacted.Redacted<string> | undefined;
  /** STRIPE_API_BASE: where the Stripe API is (default https://api.stripe.com; a local fake in tests). */
  readonly stripeApiBase?: string | undefined;
  /** The live environment's IRIS configuration (README "Going live"); absent: live filing is not configured. */
  readonly iris?: IrisConfig;
  /** The SSA submitter of each environment (SSA_SUBMITTER_JSON for production); absent: the sandbox one only. */
  readonly ssa?: SsaEnvironments;
}

const list = (v: string | undefined) => (v ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);

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
  const rate = Number(env["RATE_LIMIT_PER_MINUTE"] ?? 600);
  const level = (env["LOG_LEVEL"] ?? "info") as Config["logLevel"];
  return {
    port: Number(env["PORT"] ?? 3000),
    databaseUrl: env["DATABASE_URL"] || undefined,
    dataDir,
    dbSchema: env["DB_SCHEMA"] || undefined,
    sandboxHosts: list(env["SANDBOX_HOSTS"]).map((h) => h.replace(/\.+(:\d*)?$/, "$1")),
    liveHosts: list(env["LIVE_HOSTS"]).map((h) => h.replace(/\.+(:\d*)?$/, "$1")),
    rateLimitPerMinute: Number.isInteger(rate) && rate > 0 ? rate : 600,
    tinEncryptionKey: tinKey(env, dataDir),
    seedSandboxKey: env["SEED_SANDBOX_KEY"] || undefined,
    sandboxWebhookLoopback: env["SANDBOX_WEBHOOK_LOOPBACK"] === undefined || env["SANDBOX_WEBHOOK_LOOPBACK"] === ""
      ? !env["DATABASE_URL"] : env["SANDBOX_WEBHOOK_LOOPBACK"] === "true",
    logLevel: ["debug", "info", "warn", "error", "silent"].includes(level) ? level : "info",
    trustProxy: env["TRUST_PROXY"] === "1" || env["TRUST_PROXY"] === "true",
    rateCard: rateCardFrom(env["RATE_CARD_JSON"]),
    sandboxAckDelayMs: Number(env["SANDBOX_ACK_DELAY_MS"] ?? 2000),
    sandboxTinMatchDelayMs: Number(env["SANDBOX_TIN_MATCH_DELAY_MS"] ?? 1000),
    outboxPollMs: Number(env["OUTBOX_POLL_MS"] ?? 200),
    webhookRetryScale: Number(env["WEBHOOK_RETRY_SCALE"] ?? 1),
    stripeSecretKey: stripeKey(env["STRIPE_SECRET_KEY"]),
    stripeApiBase: env["STRIPE_API_BASE"] || undefined,
    iris: loadIrisConfig(env),
    ssa: loadSsaConfig(env),
  };
}

/** A Stripe secret or restricted key, kept redacted; anything else stops the start with one line (the key not shown). */
function stripeKey(value: string | undefined): Redacted.Redacted<string> | undefined {
  if (!value) return undefined;
  if (!/^(sk|rk)_(live|test)_[A-Za-z0-9]{10,}$/.test(value.trim())) throw new ConfigError("STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key).");
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
