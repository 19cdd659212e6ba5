// Starts the real Koa host on a random port over a test database, seeded with a known sandbox key.
import type { AddressInfo } from "node:net";
import type { Test } from "uvu";
import { request as nodeRequest, Agent, type Server } from "node:http";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { createApp } from "../../hosts/api/app.ts";
import { listen as serve } from "../../hosts/api/server.ts";
import { appLayer, type AppRuntime } from "../../hosts/shared/runtime.ts";
import { loadTuning, type Config } from "../../hosts/shared/config.ts";
import { makeLogger, type Logger } from "../../hosts/shared/logger.ts";
import { makeMetrics } from "../../hosts/api/operability/metrics.ts";
import { readinessProbe } from "../../hosts/api/operability/readiness.ts";
import { createApiKey, seedSandbox } from "../../core/use-cases/accounts/accounts.ts";
import type { Database } from "../../adapters/knex/connection.ts";
import { openTestDb, type Backend } from "./db.ts";
import { DEFAULT_RATE_CARD } from "../../core/domain/pricing/index.ts";

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** node:http rather than fetch: tests need to set the Host header (fetch forbids it). */
function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = nodeRequest(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
        resolve({ status: res.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

export const TEST_KEY = "sk_sandbox_" + "T".repeat(8) + "0123456789abcdefghijklmnopqrstuv";

/** One JSON request to an app listening at `base`, with the test key: its status and parsed body. */
export async function keyedCall(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
) {
  const r = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${TEST_KEY}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

export function testConfig(over: Partial<Config> = {}): Config {
  return {
    port: 0,
    databaseUrl: undefined,
    dataDir: "memory://",
    dbSchema: undefined,
    sandboxHosts: [],
    liveHosts: [],
    rateLimitPerMinute: 100_000,
    tinEncryptionKey: "test-only-tin-key",
    seedSandboxKey: TEST_KEY,
    logLevel: "silent",
    trustProxy: false,
    rateCard: DEFAULT_RATE_CARD,
    sandboxAckDelayMs: 0,
    sandboxTinMatchDelayMs: 0,
    sandboxMailDelayMs: 0,
    outboxPollMs: 100,
    webhookRetryScale: 0.001,
    sandboxWebhookLoopback: true,
    tuning: loadTuning(process.env),
    ...over,
  };
}

export interface TestApi {
  base: string;
  key: string;
  accountId: string;
  mainPayerId: string;
  runtime: AppRuntime;
  db: Database;
  request: (
    method: string,
    path: string,
    opts?: {
      body?: unknown;
      raw?: string | Uint8Array;
      headers?: Record<string, string>;
      key?: string | null;
    },
  ) => Promise<{ status: number; headers: Headers; body: any; text: string }>;
  /** A second app instance on the same database (multi-process behaviour). */
  another: (over?: Partial<Config>) => Promise<TestApi>;
  liveKey: (role?: "owner" | "developer") => Promise<string>;
  sandboxKey: (role: "owner" | "developer") => Promise<string>;
  close: () => Promise<void>;
}

export interface StartOptions {
  /** The app's logger (tests that read the logs); default: one at `config.logLevel` (silent). */
  readonly logger?: Logger;
  /** The Postgres schema of the test database (the readiness probe lists its migrations there). */
  readonly schema?: string;
}

async function listen(
  db: Database,
  config: Config,
  seed: { accountId: string; mainPayerId: string } | null,
  ownsDb: (() => Promise<void>) | null,
  opts: StartOptions = {},
): Promise<TestApi> {
  const runtime = ManagedRuntime.make(appLayer(db, config)) as AppRuntime;
  let accountId = seed?.accountId ?? "";
  let mainPayerId = seed?.mainPayerId ?? "";
  if (!seed) {
    const seeded = await runtime.runPromise(seedSandbox(config.seedSandboxKey));
    if (!seeded) throw new Error("test database was already seeded");
    accountId = seeded.account.id;
    mainPayerId = seeded.payer.id;
  }
  const ops = {
    metrics: makeMetrics({ knex: db.knex, dbGaugeTtlMs: 0 }),
    readiness: readinessProbe({ knex: db.knex, schema: opts.schema }),
  };
  const app = createApp({ runtime, config, logger: opts.logger ?? makeLogger(config.logLevel), ops });
  const server: Server = await serve(app, 0, "127.0.0.1");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api: TestApi = {
    base,
    key: config.seedSandboxKey ?? TEST_KEY,
    accountId,
    mainPayerId,
    runtime,
    db,
    request: async (method, path, opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers };
      const key = opts.key === undefined ? api.key : opts.key;
      if (key !== null) headers["authorization"] ??= `Bearer ${key}`;
      let body: string | Uint8Array | undefined;
      if (opts.raw !== undefined) body = opts.raw;
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers["content-type"] ??= "application/json";
      }
      const res = await httpRequest(base + path, method, headers, body);
      const text = res.text;
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    another: (over = {}) => listen(db, { ...config, ...over }, { accountId, mainPayerId }, null, opts),
    liveKey: async (role = "owner") => (await runtime.runPromise(createApiKey(accountId, "live", role))).key,
    sandboxKey: async (role) => (await runtime.runPromise(createApiKey(accountId, "sandbox", role))).key,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await runtime.dispose();
      if (ownsDb) await ownsDb();
    },
  };
  return api;
}

export async function startApi(
  backend: Backend = "pglite",
  over: Partial<Config> = {},
  opts: StartOptions = {},
): Promise<TestApi> {
  const t = await openTestDb(backend);
  return listen(t.db, testConfig(over), null, t.drop, { ...opts, schema: t.schema });
}

/** Two app instances on one fresh Postgres database, `a` and `b`, started before a suite's tests and closed after. */
export function withTwoInstances(s: Test<{ a: TestApi; b: TestApi }>): void {
  s.before(async (ctx) => {
    ctx.a = await startApi("postgres");
    ctx.b = await ctx.a.another();
  });
  s.after(async (ctx) => {
    await ctx.b.close();
    await ctx.a.close();
  });
}
