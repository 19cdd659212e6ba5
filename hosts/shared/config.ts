// Configuration from the environment, read once by every host (API, worker, CLI) so they agree.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { buildRateCard, DEFAULT_RATE_CARD, type RateCard } from "../../core/domain/pricing/index.ts";
import type { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { ConfigError, loadIrisConfig, type IrisConfig } from "./iris-config.ts";

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
  /** Tests inject a card processor; the service uses the sandbox processor until a real one is wired. */
  readonly cardProcessor?: CardProcessor["Service"];
  /** The live environment's IRIS configuration (README "Going live"); absent: live filing is not configured. */
  readonly iris?: IrisConfig;
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
    sandboxHosts: list(env["SANDBOX_HOSTS"]),
    liveHosts: list(env["LIVE_HOSTS"]),
    rateLimitPerMinute: Number.isInteger(rate) && rate > 0 ? rate : 600,
    tinEncryptionKey: tinKey(env, dataDir),
    seedSandboxKey: env["SEED_SANDBOX_KEY"] || undefined,
    logLevel: ["debug", "info", "warn", "error", "silent"].includes(level) ? level : "info",
    trustProxy: env["TRUST_PROXY"] === "1" || env["TRUST_PROXY"] === "true",
    rateCard: rateCardFrom(env["RATE_CARD_JSON"]),
    sandboxAckDelayMs: Number(env["SANDBOX_ACK_DELAY_MS"] ?? 2000),
    sandboxTinMatchDelayMs: Number(env["SANDBOX_TIN_MATCH_DELAY_MS"] ?? 1000),
    outboxPollMs: Number(env["OUTBOX_POLL_MS"] ?? 200),
    webhookRetryScale: Number(env["WEBHOOK_RETRY_SCALE"] ?? 1),
    iris: loadIrisConfig(env),
  };
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
