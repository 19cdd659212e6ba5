// Live mode end to end with real processes on Postgres: the IRS emulator run as `npm run irs-emulator` with a key
// pair from its `keygen`, and worker processes configured for IRIS like production. The first worker is killed
// with SIGKILL after the IRS took the transmission and before its reply came back; the next worker recovers the
// receipt by UTID. One transmission, filings accepted and rejected with the IRS's receipt id and rule, and the
// emulator saw only valid JWTs and XSD-valid documents.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApi, type TestApi } from "../../support/api.ts";
import { payGoodAndRejected, TRANSMITTER_JSON } from "../../support/iris.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { nodeArgs } from "../../support/node-entry.ts";
import { creditBalance } from "../../../core/use-cases/money/credit-balance.ts";
import { enableLive } from "../../../core/use-cases/accounts/accounts.ts";
import { loadIrisConfig } from "../../../hosts/shared/iris-config.ts";
import { freePort } from "../../support/ports.ts";
import { startProcess, stopped } from "../../support/processes.ts";

const root = join(import.meta.dirname, "../../..");
const dir = mkdtempSync(join(tmpdir(), "iris-live-"));
const port = await freePort();
const IDS = {
  clientId: "2b9f1c4e-0000-4000-8000-00000000c1d0",
  userId: "jdoe-123456",
  keyId: "service-key-1",
};
const IRIS_ENV = {
  IRIS_API_BASE: `http://127.0.0.1:${String(port)}`,
  IRIS_CLIENT_ID: IDS.clientId,
  IRIS_USER_ID: IDS.userId,
  IRIS_KEY_ID: IDS.keyId,
  IRIS_PRIVATE_KEY_FILE: join(dir, "iris-private.pem"),
  IRIS_TCC: "BB002",
  IRIS_TEST_CD: "P",
  IRIS_SOFTWARE_IDS: "2025=25A0000001",
  IRIS_POLL_INTERVAL_MS: "1000",
  IRIS_TRANSMITTER_JSON: TRANSMITTER_JSON,
};

const s = suite<{ api: TestApi; emulator: ChildProcess }>(
  "live filing with an emulator process and a worker killed mid-transmission (postgres)",
);
if (POSTGRES_URL) {
  s.before(async (ctx) => {
    const keygen = spawnSync(process.execPath, [...nodeArgs("hosts/irs-emulator/main.ts"), "keygen", dir], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, IRS_EMULATOR_KEY_ID: IDS.keyId },
    });
    assert.is(keygen.status, 0, keygen.stderr);
    assert.is(JSON.parse(readFileSync(join(dir, "iris-jwk.json"), "utf8")).keys[0].kid, IDS.keyId);
    ctx.emulator = (
      await startProcess(
        "hosts/irs-emulator/main.ts",
        {
          IRS_EMULATOR_PORT: String(port),
          IRS_EMULATOR_PUBLIC_KEY_FILE: join(dir, "iris-public.pem"),
          IRS_EMULATOR_CLIENT_ID: IDS.clientId,
          IRS_EMULATOR_USER_ID: IDS.userId,
          IRS_EMULATOR_KEY_ID: IDS.keyId,
          IRS_EMULATOR_TCC: "BB002",
        },
        /listening/,
      )
    ).proc;
    ctx.api = await startApi("postgres", {
      tinEncryptionKey: "test-only-tin-key",
      iris: loadIrisConfig(IRIS_ENV),
    });
  });
  s.after(async (ctx) => {
    ctx.emulator.kill("SIGTERM");
    await stopped(ctx.emulator);
    await ctx.api.close();
  });

  s(
    "pay -> SIGKILL between send and receipt -> one transmission; accepted and rejected with receipt and rule",
    async ({ api }) => {
      const emu = `http://127.0.0.1:${String(port)}/__emulator`;
      const stats = async () =>
        ((await (await fetch(`${emu}/stats`)).json()) as { stats: Record<string, number> }).stats;
      await api.runtime.runPromise(enableLive(api.accountId));
      const key = await api.liveKey("owner");
      // Funded as a wire-paying customer is, by the operator's balance credit (what `npm run cli -- balance credit` runs).
      await api.runtime.runPromise(
        creditBalance({
          accountId: api.accountId,
          livemode: true,
          amountCents: 100_000,
          reference: "WIRE-TEST-1",
        }),
      );
      assert.is((await api.request("GET", "/v1/balance/entries", { key })).body.data[0].kind, "credit");
      const { goodForms, badForms, order } = await payGoodAndRejected(api, key, {
        goodPayerTin: "123450081",
        badPayerTin: "123450082",
        goodForms: 3,
        rowsFrom: 81_000,
        badRecipientTin: "123450083",
      });

      // The IRS takes the transmission and holds its reply: the worker dies waiting for it.
      await fetch(`${emu}/faults`, {
        method: "POST",
        body: JSON.stringify({ delayIntakeReplies: 1, intakeReplyDelayMs: 120_000 }),
      });
      const schema = (await api.db.knex.raw("select current_schema() as s")).rows[0].s as string;
      const workerEnv = {
        ...IRIS_ENV,
        DATABASE_URL: POSTGRES_URL ?? "",
        DB_SCHEMA: schema,
        TIN_ENCRYPTION_KEY: "test-only-tin-key",
        LOG_LEVEL: "info",
        DISPATCH_SWEEP_AFTER_MS: "0",
        DISPATCH_SWEEP_EVERY_MS: "200",
        JOB_EXPIRE_SECONDS: "4",
        JOB_MAINTENANCE_SECONDS: "1",
      };
      const first = await startProcess("hosts/worker/main.ts", workerEnv, /worker started/);
      const until = async (what: () => Promise<boolean>, ms: number) => {
        const deadline = Date.now() + ms;
        while (!(await what())) {
          if (Date.now() > deadline) throw new Error("timed out");
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      try {
        await until(async () => (await stats())["transmissions"] === 1, 60_000);
      } finally {
        first.proc.kill("SIGKILL");
        await stopped(first.proc);
      }
      const log = first.output();
      const adapters = log
        .split("\n")
        .filter((l) => l.includes('"msg":"adapters"'))
        .map((l) => JSON.parse(l) as { live?: string });
      assert.is(adapters.length, 1, log);
      assert.match(
        adapters[0]?.live ?? "",
        /^irs: IRIS A2A at http:\/\/127\.0\.0\.1:\d+ \(TCC BB002, TestCd P/,
      );
      for (const secret of [IDS.userId, "PRIVATE KEY", "123450081"])
        assert.not.ok(log.includes(secret), `no ${secret} in the logs`);

      const second = await startProcess("hosts/worker/main.ts", workerEnv, /worker started/);
      const settled = async () =>
        Number(
          (
            await api.db
              .knex("filings")
              .where({ order_id: order })
              .whereIn("status", ["accepted", "rejected"])
              .count({ n: "*" })
          )[0]?.n ?? 0,
        ) === 4;
      try {
        await until(settled, 90_000);
      } finally {
        second.proc.kill("SIGTERM");
        await stopped(second.proc);
      }
      const seen = await stats();
      assert.is(
        seen["intakeRequests"],
        1,
        "the killed worker's transmission was recovered by UTID, never sent again",
      );
      assert.is(seen["transmissions"], 1);
      assert.is(seen["duplicateIntakes"], 0);
      assert.is(seen["jwtRefused"], 0, "every JWT verified with the uploaded key");
      assert.is(seen["intakeXsdFailures"], 0);
      assert.is(seen["statusXsdFailures"], 0);
      assert.ok((seen["statusRequests"] ?? 0) >= 2, "a UTID lookup and acknowledgement polls");
      assert.ok((seen["tokensIssued"] ?? 0) >= 2, "each process has its own token");

      const receipts = await api.db.knex("filings").where({ order_id: order }).distinct("receipt_id");
      assert.is(receipts.length, 1);
      const receipt = receipts[0]?.receipt_id as string;
      for (const f of goodForms) {
        const ack = (await api.request("GET", `/v1/filings/${f.id}/ack`, { key })).body;
        assert.equal([ack.status, ack.receipt_id], ["accepted", receipt]);
      }
      const rejected = (await api.request("GET", `/v1/filings/${badForms[0].id}/ack`, { key })).body;
      assert.equal(
        [rejected.status, rejected.receipt_id, rejected.errors.map((e: { code: string }) => e.code)],
        ["rejected", receipt, ["SMF018"]],
      );
    },
  );

  s(
    "issue 41: a Report Error record through the emulator process and a worker is acknowledged accepted_with_errors with the rule id",
    async ({ api }) => {
      const key = await api.liveKey("owner");
      const payer = (
        await api.request("POST", "/v1/payers", {
          key,
          body: payerBody("Warned Process Payer LLC", "123450091"),
        })
      ).body.id as string;
      const [clean] = necRows(1, 91_000);
      const warned = necRows(1, 91_100)[0]!;
      // Withholding above the compensation: F1099NEC001, which the IRS accepts with errors.
      warned.jsonForm = {
        ...warned.jsonForm,
        NonemployeeCompensationAmt: 100,
        FederalIncomeTaxWithheldAmt: 900,
      };
      const intake = await api.request("POST", `/v1/payers/${payer}/forms`, {
        key,
        body: { addToCart: true, service: "efile", forms: [clean, warned] },
      });
      assert.is(intake.status, 201, intake.text);
      const ids = (intake.body.forms as Array<{ id: string }>).map((f) => f.id);
      assert.equal(
        intake.body.forms[1].warnings.map((w: { code: string }) => w.code),
        ["F1099NEC001"],
      );
      const paid = await api.request("POST", "/v1/cart/pay", { key });
      assert.is(paid.status, 200, paid.text);
      assert.is(paid.body.filed_with_warnings, 1);

      const schema = (await api.db.knex.raw("select current_schema() as s")).rows[0].s as string;
      const worker = await startProcess(
        "hosts/worker/main.ts",
        {
          ...IRIS_ENV,
          DATABASE_URL: POSTGRES_URL ?? "",
          DB_SCHEMA: schema,
          TIN_ENCRYPTION_KEY: "test-only-tin-key",
          DISPATCH_SWEEP_AFTER_MS: "0",
          DISPATCH_SWEEP_EVERY_MS: "200",
          LOG_LEVEL: "info",
          // As the first worker: pg-boss stops without waiting out its default job expiry.
          JOB_EXPIRE_SECONDS: "4",
          JOB_MAINTENANCE_SECONDS: "1",
        },
        /worker started/,
      );
      try {
        const deadline = Date.now() + 90_000;
        for (;;) {
          const rows = await api.db.knex("filings").whereIn("id", ids).select("status");
          if (
            rows.every((r) => ["accepted", "accepted_with_errors", "rejected"].includes(r.status as string))
          )
            break;
          if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(rows)}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        worker.proc.kill("SIGTERM");
        await stopped(worker.proc);
      }
      const acks = await Promise.all(
        ids.map(async (id) => (await api.request("GET", `/v1/filings/${id}/ack`, { key })).body),
      );
      assert.equal(
        acks.map((a) => [
          a.status,
          a.errors.map((e: { code: string; severity: string }) => [e.code, e.severity]),
        ]),
        [
          ["accepted", []],
          ["accepted_with_errors", [["F1099NEC001", "Report Error and Reject if over Threshold"]]],
        ],
      );
      assert.match(acks[1].errors[0].xpath, /\/FederalIncomeTaxWithheldAmt$/);
      const events = (await api.request("GET", "/v1/events?limit=50", { key })).body.data as Array<{
        type: string;
        data: unknown;
      }>;
      const event = events.find(
        (e) => e.type === "filing.accepted" && JSON.stringify(e.data).includes(ids[1]!),
      );
      assert.ok(event, "the filing.accepted event of the accepted_with_errors filing");
      assert.match(JSON.stringify(event.data), /"status":"accepted_with_errors"/);
    },
  );
}
s.run();
