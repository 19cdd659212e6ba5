// The live stack of the end-to-end tests, every part a process of its own on the test's Postgres schema: the IRS
// emulator (`npm run irs-emulator`), the Lob emulator (posting signed tracking events to the API), a real SMTP
// server (test/support/smtp-sink.ts), the API (hosts/api/main.ts, RUN_WORKER=false) and the worker
// (hosts/worker/main.ts), configured as production is (IRIS_*, LOB_*, SMTP_URL, PORTAL_BASE_URL). The account, its
// live key and anything else a test needs are made first on the same schema, as the operator's CLI would.
import * as assert from "uvu/assert";
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { enableLive } from "../../core/use-cases/accounts/accounts.ts";
import { startApi, type TestApi } from "./api.ts";
import { POSTGRES_URL } from "./db.ts";
import { TRANSMITTER_JSON } from "./iris.ts";
import { nodeArgs } from "./node-entry.ts";
import { freePort } from "./ports.ts";
import { startProcess, stopped } from "./processes.ts";

const root = join(import.meta.dirname, "../..");

export interface LiveStackOptions {
  /** Two digits naming the test in its made-up TCC (BB0nn), software id and credentials. */
  readonly tag: string;
  /** More of the service's environment (both the API and the worker). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface Mail extends ParsedMail {
  /** The envelope's recipients. */
  readonly rcpt: string[];
  /** The message as the SMTP server took it. */
  readonly raw: string;
}

export interface EmulatedLetterView {
  id: string;
  status: string;
  to: { name: string; address_line1: string };
  from: { name: string };
  metadata: Record<string, string>;
}

export interface LiveStack {
  /** The in-test API on the schema (its runtime makes accounts, keys and balances). */
  readonly setup: TestApi;
  /** The account's live key (owner). */
  readonly live: string;
  readonly api: string;
  readonly lob: string;
  readonly irs: string;
  /** What each process printed (its log lines), by script. */
  readonly outputs: ReadonlyMap<string, () => string>;
  /** Every message the SMTP server took, in order, parsed. */
  mails(): Promise<Mail[]>;
  /** Every letter at the Lob emulator. */
  letters(): Promise<EmulatedLetterView[]>;
  /** A live-key call to the API process. */
  call(
    method: string,
    path: string,
    body?: unknown,
    type?: string,
  ): Promise<{ status: number; body: ReturnType<typeof JSON.parse>; text: string }>;
  stop(): Promise<void>;
}

export async function until(what: string, done: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startLiveStack(opts: LiveStackOptions): Promise<LiveStack> {
  const dir = mkdtempSync(join(tmpdir(), `live-${opts.tag}-`));
  const mailDir = mkdtempSync(join(tmpdir(), `live-${opts.tag}-mail-`));
  const ports = {
    irs: await freePort(),
    lob: await freePort(),
    smtp: await freePort(),
    api: await freePort(),
  };
  const api = `http://127.0.0.1:${String(ports.api)}`;
  const lob = `http://127.0.0.1:${String(ports.lob)}`;
  const irs = `http://127.0.0.1:${String(ports.irs)}`;
  const lobKey = `test_e2e${opts.tag}0123456789abcdef`;
  const lobSecret = `whsec-e2e-${opts.tag}-test-only-0123456789`;
  const ids = {
    clientId: `2b9f1c4e-0000-4000-8000-00000000c0${opts.tag}`,
    userId: `e2e-user-${opts.tag}`,
    keyId: `e2e-key-${opts.tag}`,
  };
  const serviceEnv: Record<string, string> = {
    IRIS_API_BASE: irs,
    IRIS_CLIENT_ID: ids.clientId,
    IRIS_USER_ID: ids.userId,
    IRIS_KEY_ID: ids.keyId,
    IRIS_PRIVATE_KEY_FILE: join(dir, "iris-private.pem"),
    IRIS_TCC: `BB0${opts.tag}`,
    IRIS_TEST_CD: "P",
    IRIS_SOFTWARE_IDS: `2026=26A00000${opts.tag}`,
    IRIS_POLL_INTERVAL_MS: "500",
    IRIS_TRANSMITTER_JSON: TRANSMITTER_JSON,
    LOB_API_KEY: lobKey,
    LOB_API_BASE: lob,
    LOB_WEBHOOK_SECRET: lobSecret,
    SMTP_URL: `smtp://127.0.0.1:${String(ports.smtp)}`,
    EMAIL_FROM: "Tax statements <statements@example.com>",
    PORTAL_BASE_URL: api,
    PRINT_RETURN_ADDRESS_JSON: JSON.stringify({
      name: "E2E Filing Returns",
      address_line1: "1 Return Way",
      city: "Austin",
      state: "TX",
      postal_code: "78701",
    }),
    TIN_ENCRYPTION_KEY: "test-only-tin-key",
    LOG_LEVEL: "info",
    DISPATCH_SWEEP_AFTER_MS: "0",
    DISPATCH_SWEEP_EVERY_MS: "200",
    ...opts.env,
  };

  const keygen = spawnSync(process.execPath, [...nodeArgs("hosts/irs-emulator/main.ts"), "keygen", dir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, IRS_EMULATOR_KEY_ID: ids.keyId },
  });
  assert.is(keygen.status, 0, keygen.stderr);
  const setup = await startApi("postgres", { tinEncryptionKey: "test-only-tin-key" });
  await setup.runtime.runPromise(enableLive(setup.accountId));
  const live = await setup.liveKey("owner");
  const schema = (await setup.db.knex.raw("select current_schema() as s")).rows[0].s as string;
  const db = { DATABASE_URL: POSTGRES_URL ?? "", DB_SCHEMA: schema, PG_POOL_MAX: "4" };

  const children = new Set<ChildProcess>();
  const outputs = new Map<string, () => string>();
  const start = async (script: string, env: Record<string, string>, ready: RegExp | string) => {
    const started = await startProcess(script, env, ready);
    children.add(started.proc);
    started.proc.once("exit", () => children.delete(started.proc));
    outputs.set(script, started.output);
  };
  await Promise.all([
    start(
      "hosts/irs-emulator/main.ts",
      {
        IRS_EMULATOR_PORT: String(ports.irs),
        IRS_EMULATOR_PUBLIC_KEY_FILE: join(dir, "iris-public.pem"),
        IRS_EMULATOR_CLIENT_ID: ids.clientId,
        IRS_EMULATOR_USER_ID: ids.userId,
        IRS_EMULATOR_KEY_ID: ids.keyId,
        IRS_EMULATOR_TCC: `BB0${opts.tag}`,
      },
      /listening/,
    ),
    start(
      "test/support/smtp-sink.ts",
      { SMTP_SINK_PORT: String(ports.smtp), SMTP_SINK_DIR: mailDir },
      /listening/,
    ),
    start(
      "hosts/lob-emulator/main.ts",
      {
        LOB_EMULATOR_PORT: String(ports.lob),
        LOB_API_KEY: lobKey,
        LOB_WEBHOOK_URL: `${api}/webhooks/lob`,
        LOB_WEBHOOK_SECRET: lobSecret,
        SANDBOX_MAIL_DELAY_MS: "300",
      },
      /listening/,
    ),
    start(
      "hosts/api/main.ts",
      { ...serviceEnv, ...db, PORT: String(ports.api), RUN_WORKER: "false" },
      `${api}/readyz`,
    ),
  ]);
  await start("hosts/worker/main.ts", { ...serviceEnv, ...db }, /worker started/);

  return {
    setup,
    live,
    api,
    lob,
    irs,
    outputs,
    async mails() {
      const names = readdirSync(mailDir)
        .filter((n) => n.endsWith(".eml"))
        .sort();
      return Promise.all(
        names.map(async (n) => {
          const raw = readFileSync(join(mailDir, n), "utf8");
          const rcpt = readFileSync(join(mailDir, n.replace(/\.eml$/, ".rcpt")), "utf8").split("\n");
          return Object.assign(await simpleParser(raw), { rcpt, raw });
        }),
      );
    },
    async letters() {
      return (await (await fetch(`${lob}/__emulator/letters`)).json()) as EmulatedLetterView[];
    },
    async call(method, path, body, type = "application/json") {
      const res = await fetch(api + path, {
        method,
        headers: {
          authorization: `Bearer ${live}`,
          ...(body === undefined ? {} : { "content-type": type }),
        },
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
    },
    async stop() {
      for (const child of children) child.kill("SIGTERM");
      await Promise.all([...children].map(stopped));
      await setup.close();
    },
  };
}
