// W-9s and B-notices in live mode end to end, every part a process of its own on Postgres (issue 40): the IRS
// emulator (`npm run irs-emulator`, whose TIN Matching the live adapter calls), the Lob emulator, a real SMTP server
// (test/support/smtp-sink.ts), the API and the worker configured as production is. The payer requests a W-9; the
// e-mail reaches the SMTP server with the hosted W-9's link and no TIN; the payee signs it in Chromium; the live
// TIN match goes over HTTP to the IRS emulator and its result is on the request and the recipient. Then the payer
// uploads a CP2100 naming that payee and a TIN it has no recipient for: one first notice, mailed through the Lob
// emulator with Pub 1281's words and the TIN masked, and one unmatched row; the recipient shows backup withholding
// pending until the withhold-by date. No TIN in any e-mail, letter metadata or process log. Made-up TINs.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { startApi, type TestApi } from "../../support/api.ts";
import { loadPlaywright, type Playwright, launchChromium } from "../../support/browser.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { payerBody } from "../../support/forms.ts";
import { TRANSMITTER_JSON } from "../../support/iris.ts";
import { nodeArgs } from "../../support/node-entry.ts";
import { freePort } from "../../support/ports.ts";
import { startProcess as startChild, stopped } from "../../support/processes.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { enableLive } from "../../../core/use-cases/accounts/accounts.ts";

const root = join(import.meta.dirname, "../../..");
const playwright = await loadPlaywright();
const dir = mkdtempSync(join(tmpdir(), "w9-live-"));
const mailDir = mkdtempSync(join(tmpdir(), "w9-live-mail-"));
const PORTS = { irs: await freePort(), lob: await freePort(), smtp: await freePort(), api: await freePort() };
const API = `http://127.0.0.1:${String(PORTS.api)}`;
const LOB = `http://127.0.0.1:${String(PORTS.lob)}`;
const LOB_KEY = "test_w9e2e0123456789abcdef";
const LOB_SECRET = "whsec-w9-e2e-test-only-0123";
const IDS = { clientId: "2b9f1c4e-0000-4000-8000-00000000c40e", userId: "e2e-user-40", keyId: "e2e-key-40" };
/** The payee's made-up SSN (even last digit: the emulator's TIN Matching answers a match) and an unknown one. */
const TIN = "900005512";
const UNKNOWN_TIN = "900005598";
const ANY_TIN = /900005512|900-00-5512|900005598|900-00-5598/;

const SERVICE_ENV = {
  IRIS_API_BASE: `http://127.0.0.1:${String(PORTS.irs)}`,
  IRIS_CLIENT_ID: IDS.clientId,
  IRIS_USER_ID: IDS.userId,
  IRIS_KEY_ID: IDS.keyId,
  IRIS_PRIVATE_KEY_FILE: join(dir, "iris-private.pem"),
  IRIS_TCC: "BB040",
  IRIS_TEST_CD: "P",
  IRIS_SOFTWARE_IDS: "2026=26A0000040",
  IRIS_POLL_INTERVAL_MS: "500",
  IRIS_TRANSMITTER_JSON: TRANSMITTER_JSON,
  LOB_API_KEY: LOB_KEY,
  LOB_API_BASE: LOB,
  LOB_WEBHOOK_SECRET: LOB_SECRET,
  SMTP_URL: `smtp://127.0.0.1:${String(PORTS.smtp)}`,
  EMAIL_FROM: "Tax forms <forms@example.com>",
  PORTAL_BASE_URL: API,
  PRINT_RETURN_ADDRESS_JSON: JSON.stringify({
    name: "E2E W-9 Returns",
    address_line1: "1 Return Way",
    city: "Austin",
    state: "TX",
    postal_code: "78701",
  }),
  TIN_ENCRYPTION_KEY: "test-only-tin-key",
  LOG_LEVEL: "info",
  DISPATCH_SWEEP_AFTER_MS: "0",
  DISPATCH_SWEEP_EVERY_MS: "200",
};

const children = new Set<ChildProcess>();
const outputs = new Map<string, () => string>();

async function startProcess(script: string, env: Record<string, string>, ready: RegExp | string) {
  const started = await startChild(script, env, ready);
  children.add(started.proc);
  started.proc.once("exit", () => children.delete(started.proc));
  outputs.set(script, started.output);
  return started;
}

async function until(what: string, done: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function mails(): Promise<Array<ParsedMail & { rcpt: string[]; raw: string }>> {
  const names = readdirSync(mailDir)
    .filter((n) => n.endsWith(".eml"))
    .sort();
  return Promise.all(
    names.map(async (n) => {
      const raw = readFileSync(join(mailDir, n), "utf8");
      const parsed = await simpleParser(raw);
      const rcpt = readFileSync(join(mailDir, n.replace(/\.eml$/, ".rcpt")), "utf8").split("\n");
      return Object.assign(parsed, { rcpt, raw });
    }),
  );
}

interface EmulatedLetterView {
  id: string;
  to: { name: string; address_line1: string };
  metadata: Record<string, string>;
}
const letters = async () => (await (await fetch(`${LOB}/__emulator/letters`)).json()) as EmulatedLetterView[];
const letterText = async (id: string) =>
  pageTexts(
    inflated(new Uint8Array(await (await fetch(`${LOB}/__emulator/letters/${id}/file`)).arrayBuffer())),
  )
    .flat()
    .join(" ");

interface Ctx {
  setup: TestApi;
  live: string;
}

const s = suite<Ctx>("W-9s and B-notices live: IRS, Lob, SMTP, API and worker as processes (postgres)");

if (!POSTGRES_URL || (!playwright && !process.env["CI"]))
  s.skip("needs DATABASE_URL and chromium", () => undefined);
else {
  s.before(async (ctx) => {
    const keygen = spawnSync(process.execPath, [...nodeArgs("hosts/irs-emulator/main.ts"), "keygen", dir], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, IRS_EMULATOR_KEY_ID: IDS.keyId },
    });
    assert.is(keygen.status, 0, keygen.stderr);
    ctx.setup = await startApi("postgres", { tinEncryptionKey: "test-only-tin-key" });
    await ctx.setup.runtime.runPromise(enableLive(ctx.setup.accountId));
    ctx.live = await ctx.setup.liveKey("owner");
    const schema = (await ctx.setup.db.knex.raw("select current_schema() as s")).rows[0].s as string;
    const db = { DATABASE_URL: POSTGRES_URL ?? "", DB_SCHEMA: schema, PG_POOL_MAX: "4" };
    await Promise.all([
      startProcess(
        "hosts/irs-emulator/main.ts",
        {
          IRS_EMULATOR_PORT: String(PORTS.irs),
          IRS_EMULATOR_PUBLIC_KEY_FILE: join(dir, "iris-public.pem"),
          IRS_EMULATOR_CLIENT_ID: IDS.clientId,
          IRS_EMULATOR_USER_ID: IDS.userId,
          IRS_EMULATOR_KEY_ID: IDS.keyId,
          IRS_EMULATOR_TCC: "BB040",
        },
        /listening/,
      ),
      startProcess(
        "test/support/smtp-sink.ts",
        { SMTP_SINK_PORT: String(PORTS.smtp), SMTP_SINK_DIR: mailDir },
        /listening/,
      ),
      startProcess(
        "hosts/lob-emulator/main.ts",
        {
          LOB_EMULATOR_PORT: String(PORTS.lob),
          LOB_API_KEY: LOB_KEY,
          LOB_WEBHOOK_URL: `${API}/webhooks/lob`,
          LOB_WEBHOOK_SECRET: LOB_SECRET,
          SANDBOX_MAIL_DELAY_MS: "300",
        },
        /listening/,
      ),
      startProcess(
        "hosts/api/main.ts",
        { ...SERVICE_ENV, ...db, PORT: String(PORTS.api), RUN_WORKER: "false" },
        `${API}/readyz`,
      ),
    ]);
    await startProcess("hosts/worker/main.ts", { ...SERVICE_ENV, ...db }, /worker started/);
  });
  s.after(async (ctx) => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all([...children].map(stopped));
    await ctx.setup?.close();
  });

  s(
    "a W-9 requested, e-mailed, signed in Chromium and TIN-matched at the IRS emulator; a CP2100 upload mails a first B-notice through Lob",
    async ({ live }) => {
      const call = async (method: string, path: string, body?: unknown, type = "application/json") => {
        const res = await fetch(API + path, {
          method,
          headers: {
            authorization: `Bearer ${live}`,
            ...(body === undefined ? {} : { "content-type": type }),
          },
          ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
      };
      const payer = (await call("POST", "/v1/payers", payerBody("Live W9 LLC", "123450401"))).body
        .id as string;
      const requested = await call("POST", "/v1/w9-requests", {
        payer,
        name: "Lena Live",
        email: "lena.live@example.com",
      });
      assert.is(requested.status, 201, requested.text);
      assert.is(requested.body.livemode, true);
      const requestId = String(requested.body.id);

      let invitation: (ParsedMail & { raw: string }) | undefined;
      await until("the W-9 request e-mail", async () => {
        invitation = (await mails()).find((m) => m.rcpt.includes("lena.live@example.com"));
        return invitation !== undefined;
      });
      const link = /https?:\/\/\S+\/portal\/w9\/[\w-]+/.exec(invitation?.text ?? "")?.[0] ?? "";
      assert.ok(link.startsWith(`${API}/portal/w9/`), invitation?.text);
      assert.not.match(invitation?.raw ?? "", ANY_TIN);

      const browser = await launchChromium(playwright as Playwright);
      try {
        const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
        await page.goto(link);
        await page.getByLabel("1. Name of entity/individual").fill("Lena Live");
        await page.getByLabel("Individual/sole proprietor").check();
        await page.getByLabel("5. Address (number, street, and apt. or suite no.)").fill("7 Oak Ave");
        await page.getByLabel("6. City").fill("Boise");
        await page.getByLabel("6. State").fill("ID");
        await page.getByLabel("6. ZIP code").fill("83702");
        await page.getByLabel("Social security number (or ITIN)").check();
        await page.getByLabel("Taxpayer identification number").fill("900-00-5512");
        await page.getByLabel("Signature of U.S. person: type your full name").fill("Lena Live");
        await page.getByLabel(/I have read the certification above/).check();
        await page.getByRole("button", { name: "Sign and submit Form W-9" }).click();
        await page.waitForURL(/\/portal\/w9\/signed$/);
      } finally {
        await browser.close();
      }

      // The live TIN match: the worker asks the IRS emulator's TIN Matching over HTTP.
      let request: Record<string, unknown> = {};
      await until("the live TIN match", async () => {
        request = (await call("GET", `/v1/w9-requests/${requestId}`)).body;
        return (request.tin_match as { result?: string } | null)?.result === "match";
      });
      assert.is(request.status, "completed");
      const irsStats = (await (await fetch(`${SERVICE_ENV.IRIS_API_BASE}/__emulator/stats`)).json()) as {
        stats: { tinMatchRequests: number };
      };
      assert.is(irsStats.stats.tinMatchRequests, 1, "one TIN match, asked of the IRS emulator");
      const recipientId = String(request.recipient);
      const recipient = (await call("GET", `/v1/recipients/${recipientId}`)).body;
      assert.is(recipient.tin_last4, "5512");
      assert.is(recipient.livemode, true);
      const pdf = await fetch(`${API}/v1/w9-requests/${requestId}/pdf`, {
        headers: { authorization: `Bearer ${live}` },
      });
      assert.is(pdf.status, 200);
      const signed = pageTexts(inflated(new Uint8Array(await pdf.arrayBuffer())))
        .flat()
        .join(" ");
      assert.match(signed, /Lena Live/);

      // A CP2100 names the payee and a TIN the payer has no recipient for: one first notice, one unmatched row.
      const today = new Date().toISOString().slice(0, 10);
      const uploaded = await call(
        "POST",
        `/v1/payers/${payer}/cp2100?notice_date=${today}`,
        `name,tin,account_number,tax_year\nLena Live,${TIN},,2025\nNo Body,${UNKNOWN_TIN},Z-9,2025\n`,
        "text/csv",
      );
      assert.is(uploaded.status, 201, uploaded.text);
      assert.equal(
        (uploaded.body.rows as { result: string }[]).map((r) => r.result),
        ["first", "unmatched"],
      );
      assert.not.match(uploaded.text, ANY_TIN);
      const noticeId = String((uploaded.body.rows as { b_notice: string }[])[0]?.b_notice);

      let mailed: EmulatedLetterView | undefined;
      await until("the B-notice letter at Lob", async () => {
        mailed = (await letters()).find((l) => l.to.name === "Lena Live");
        return mailed !== undefined;
      });
      assert.is(mailed?.to.address_line1, "7 Oak Ave");
      assert.not.match(JSON.stringify(mailed?.metadata), ANY_TIN);
      const text = await letterText(String(mailed?.id));
      assert.match(text, /backup withholding/i);
      assert.match(text, /24%/);
      assert.match(text, /Live W9 LLC/);
      assert.not.match(text, ANY_TIN, "the letter shows the TIN masked");
      await until("the notice mailed", async () => {
        const n = (await call("GET", `/v1/b-notices/${noticeId}`)).body;
        return n.status === "mailed";
      });
      const flagged = (await call("GET", `/v1/recipients/${recipientId}`)).body.backup_withholding as {
        status: string;
        withhold_by: string;
        notice_id: string;
        clears_on: string;
      };
      assert.is(flagged.status, "pending");
      assert.is(flagged.notice_id, noticeId);
      assert.is(flagged.clears_on, "new_w9");
      assert.ok(flagged.withhold_by > today);

      for (const [script, output] of outputs)
        assert.not.match(output(), ANY_TIN, `no TIN in ${script}'s log`);
    },
  );
}

s.run();
