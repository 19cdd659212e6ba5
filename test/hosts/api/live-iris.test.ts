// The live environment on IRIS A2A, in this process, against the IRS emulator on a local port:
// - without a complete IRIS configuration live pay is refused before anything is charged, naming what is missing;
// - configured, pay -> transmit -> acknowledgements through the faults the IRS can throw: the first intake reply
//   lost (exactly one transmission, recovered by UTID), a 503 burst (retried), a token that dies mid-run
//   (renewed); a payer named "reject" is rejected with the IRS rule and the receipt id in GET /v1/filings/{id}/ack.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApi, type TestApi } from "../../support/api.ts";
import { payGoodAndRejected, TRANSMITTER_JSON } from "../../support/iris.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { enableLive } from "../../../core/use-cases/accounts/accounts.ts";
import { applyAcknowledgements, transmitOrder } from "../../../core/use-cases/lifecycle/transmission.ts";
import { createIrsEmulator } from "../../../adapters/irs-emulator/emulator.ts";
import { serveEmulator } from "../../../adapters/irs-emulator/server.ts";
import { loadIrisConfig } from "../../../hosts/shared/iris-config.ts";

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const dir = mkdtempSync(join(tmpdir(), "live-iris-"));
const keyFile = join(dir, "iris-private.pem");
writeFileSync(keyFile, keys.privateKey.export({ type: "pkcs8", format: "pem" }));
const IDS = { clientId: "2b9f1c4e-0000-4000-8000-00000000c1d0", userId: "jdoe-123456", keyId: "kid-live-1" };

interface Ctx {
  api: TestApi;
  live: TestApi;
  emulator: ReturnType<typeof createIrsEmulator>;
  close: () => Promise<void>;
  liveKey: string;
}
const s = suite<Ctx>("live filing over IRIS A2A (emulator on a port)");

s.before(async (ctx) => {
  ctx.api = await startApi("pglite");
  // As `npm run irs-emulator` runs it: the IRS form rules checked on every record (issue 41).
  ctx.emulator = createIrsEmulator({
    publicKey: keys.publicKey,
    ...IDS,
    judge: { knownTccs: ["BB002"], formRules: true },
  });
  const served = await serveEmulator(ctx.emulator);
  ctx.close = served.close;
  const iris = loadIrisConfig({
    IRIS_API_BASE: served.url,
    IRIS_CLIENT_ID: IDS.clientId,
    IRIS_USER_ID: IDS.userId,
    IRIS_KEY_ID: IDS.keyId,
    IRIS_PRIVATE_KEY_FILE: keyFile,
    IRIS_TCC: "BB002",
    IRIS_TEST_CD: "P",
    IRIS_SOFTWARE_IDS: "2025=25A0000001",
    IRIS_POLL_INTERVAL_MS: "1000",
    IRIS_TRANSMITTER_JSON: TRANSMITTER_JSON,
  });
  ctx.live = await ctx.api.another({ iris });
  await ctx.api.runtime.runPromise(enableLive(ctx.api.accountId));
  ctx.liveKey = await ctx.api.liveKey("owner");
});
s.after(async (ctx) => {
  await ctx.live.close();
  await ctx.api.close();
  await ctx.close();
});

s(
  "without the IRIS configuration, live pay is refused before anything is charged, naming what is missing",
  async ({ api, liveKey }) => {
    const key = liveKey;
    assert.is(
      (await api.request("PUT", "/v1/payment-method", { key, body: { token: "tok_visa" } })).status,
      200,
    );
    const payer = (
      await api.request("POST", "/v1/payers", { key, body: payerBody("Unconfigured Payer LLC", "123450071") })
    ).body.id;
    const intake = await api.request("POST", `/v1/payers/${payer}/forms`, {
      key,
      body: { addToCart: true, service: "efile", forms: necRows(1, 71_000) },
    });
    assert.is(intake.status, 201, intake.text);
    const before = (await api.request("GET", "/v1/balance/entries", { key })).body.data.length;
    const pay = await api.request("POST", "/v1/cart/pay", { key });
    assert.is(pay.status, 503);
    assert.is(pay.body.error.type, "service_unavailable");
    assert.match(
      pay.body.error.message,
      /IRIS_CLIENT_ID, IRIS_USER_ID, IRIS_KEY_ID, IRIS_PRIVATE_KEY_FILE, IRIS_TCC, IRIS_SOFTWARE_IDS, IRIS_TRANSMITTER_JSON/,
    );
    assert.match(pay.body.error.message, /Nothing was charged/);
    assert.is((await api.request("GET", "/v1/balance/entries", { key })).body.data.length, before);
    assert.is(
      (await api.request("GET", `/v1/filings/${intake.body.forms[0].id}`, { key })).body.status,
      "in_cart",
    );
    const tin = await api.request("POST", "/v1/tin-match", {
      key,
      body: { entries: [{ name: "Jane Doe", tin: "123456780" }] },
    });
    assert.is(tin.status, 503);
    const sandbox = await api.request("POST", "/v1/tin-match", {
      body: { entries: [{ name: "Jane Doe", tin: "123456780" }] },
    });
    assert.is(sandbox.status, 202, "the sandbox needs no configuration");
    // Leave the cart to the configured instance below.
    await api.request("DELETE", `/v1/filings/${intake.body.forms[0].id}`, { key });
  },
);

s(
  "configured: pay, a lost intake reply, a 503 burst, a token dying mid-run: one transmission, accepted and rejected filings",
  async ({ live, emulator, liveKey }) => {
    const key = liveKey;
    const scope = { accountId: live.accountId, livemode: true };
    const { goodForms, badForms, order } = await payGoodAndRejected(live, key, {
      goodPayerTin: "123450072",
      badPayerTin: "123450073",
      goodForms: 2,
      rowsFrom: 72_000,
      badRecipientTin: "123450074",
    });

    emulator.faults.dropIntakeReplies = 1;
    const first = await live.runtime.runPromiseExit(transmitOrder(scope, order));
    assert.is(first._tag, "Failure", "the reply was lost: the job fails and is retried");
    assert.is(
      (await live.request("GET", `/v1/filings/${goodForms[0].id}`, { key })).body.status,
      "submitted",
    );
    emulator.faults.unavailable = 2;
    emulator.faults.retryAfterSeconds = 0;
    const sent = await live.runtime.runPromise(transmitOrder(scope, order));
    assert.is(sent.receipts.length, 1);
    assert.is(emulator.stats.intakeRequests, 1, "recovered by UTID: the transmission was never sent again");
    assert.is(emulator.stats.transmissions, 1);
    assert.is(emulator.stats.duplicateIntakes, 0);
    assert.is(emulator.stats.unavailableAnswers, 2);

    emulator.expireTokens();
    const acked = await live.runtime.runPromise(applyAcknowledgements(scope, sent.awaitingAck));
    assert.equal([acked.applied, acked.pending, acked.notFound], [3, [], []]);
    assert.is(emulator.stats.tokensIssued, 2, "the token that died mid-run was renewed");
    assert.is(emulator.stats.jwtRefused, 0);
    assert.is(
      emulator.stats.intakeXsdFailures + emulator.stats.statusXsdFailures,
      0,
      "XSD-valid transmission and status requests",
    );

    const receipt = sent.receipts[0];
    for (const f of goodForms) {
      const ack = (await live.request("GET", `/v1/filings/${f.id}/ack`, { key })).body;
      assert.equal([ack.status, ack.receipt_id, ack.errors], ["accepted", receipt, []]);
    }
    const rejected = (await live.request("GET", `/v1/filings/${badForms[0].id}/ack`, { key })).body;
    assert.is(rejected.status, "rejected");
    assert.is(rejected.receipt_id, receipt);
    assert.equal(
      rejected.errors.map((e: { code: string; severity: string }) => [e.code, e.severity]),
      [["SMF018", "Reject"]],
    );
    const again = await live.runtime.runPromise(transmitOrder(scope, order));
    assert.equal(again.receipts, []);
    assert.is(emulator.stats.intakeRequests, 1);
  },
);

s(
  "issue 41: a form with a Report Error finding is filed live and acknowledged accepted_with_errors with the IRS rule id; its clean neighbour accepted",
  async ({ live, emulator, liveKey }) => {
    const key = liveKey;
    const scope = { accountId: live.accountId, livemode: true };
    const payer = (
      await live.request("POST", "/v1/payers", { key, body: payerBody("Warned Live Payer LLC", "123450075") })
    ).body.id;
    const [clean] = necRows(1, 75_000);
    const warned = necRows(1, 75_100)[0]!;
    warned.jsonForm = {
      ...warned.jsonForm,
      NonemployeeCompensationAmt: 100,
      FederalIncomeTaxWithheldAmt: 900,
    };
    const intake = await live.request("POST", `/v1/payers/${payer}/forms`, {
      key,
      body: { addToCart: true, service: "efile", forms: [clean, warned] },
    });
    assert.is(intake.status, 201, intake.text);
    const ids: string[] = intake.body.forms.map((f: { id: string }) => f.id);
    const paid = await live.request("POST", "/v1/cart/pay", { key });
    assert.is(paid.status, 200, paid.text);
    assert.is(paid.body.filed_with_warnings, 1);
    const before = emulator.stats.transmissions;
    const sent = await live.runtime.runPromise(transmitOrder(scope, paid.body.order));
    assert.is(emulator.stats.transmissions, before + 1);
    const acked = await live.runtime.runPromise(applyAcknowledgements(scope, sent.awaitingAck));
    assert.equal(acked.pending, []);
    const acks = await Promise.all(
      ids.map(async (id) => (await live.request("GET", `/v1/filings/${id}/ack`, { key })).body),
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
    const events = (await live.request("GET", "/v1/events?limit=50", { key })).body.data;
    const event = events.find(
      (e: { type: string; data: { id?: string; filing?: string } }) =>
        e.type === "filing.accepted" && JSON.stringify(e.data).includes(ids[1]!),
    );
    assert.ok(event, "the filing.accepted event of an accepted_with_errors filing");
    assert.match(JSON.stringify(event.data), /accepted_with_errors/);
    assert.match(JSON.stringify(event.data), /F1099NEC001/);
  },
);

s.run();
