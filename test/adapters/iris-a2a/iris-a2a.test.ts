// The IRIS A2A and TIN Matching adapters against the IRS emulator (in this process, XSD validation on): the wire
// protocol, acknowledgements, token renewal, retries, lost replies recovered by UTID, refusals.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { generateKeyPairSync } from "node:crypto";
import { outcomeOfResponseCode, tinMatchName } from "../../../adapters/iris-a2a/tin-matching.ts";
import { refusalReasons, statusRequestXml } from "../../../adapters/iris-a2a/iris-a2a.ts";
import { RECEIPT_ID_PATTERN } from "../../../core/domain/iris/index.ts";
import { Tin } from "../../../core/domain/shared/tin.ts";
import { SANDBOX_REJECTING_RULES } from "../../../adapters/irs-emulator/rules.ts";
import { ACME, GLOBEX, NEC_BOB, NEC_JANE, filing, payer, person } from "../../core/domain/iris/fixtures.ts";
import { harness, transmission } from "./support.ts";

const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e);
const fail = async <A, E>(e: Effect.Effect<A, E>): Promise<E> => {
  const exit = await Effect.runPromiseExit(e);
  if (Exit.isSuccess(exit)) throw new Error("expected a failure");
  const err = exit.cause.reasons.find((r) => r._tag === "Fail");
  if (!err || err._tag !== "Fail") throw new Error(`expected a typed failure, got ${String(exit.cause)}`);
  return err.error;
};

test("transmit, then Processing until the acknowledgement is ready, then one outcome per filing", async () => {
  const h = harness({ ackDelayMs: 60_000, validateXsd: true }, { rejectingRules: SANDBOX_REJECTING_RULES });
  const t = transmission([
    filing("f1", "p1", ACME, "1099-NEC", NEC_JANE()),
    filing(
      "f2",
      "p1",
      ACME,
      "1099-NEC",
      person("Reject", "Person", "000111229", { NonemployeeCompensationAmt: 10 }),
    ),
    filing("f3", "p1", ACME, "1099-NEC", NEC_BOB()),
  ]);
  const receipt = await run(h.iris.transmit(t.input, new Date(h.clock.now), false));
  assert.match(receipt.receiptId, RECEIPT_ID_PATTERN);
  assert.is(h.emulator.stats.transmissions, 1);
  assert.is(h.emulator.stats.intakeXsdFailures, 0, "the built transmission is valid under the IRS XSD");
  const ask = () => run(h.iris.acknowledgements([{ receiptId: receipt.receiptId, records: t.records }]));
  assert.equal(await ask(), [{ status: "processing" }]);
  h.clock.now += 60_000;
  const [ack] = await ask();
  if (ack?.status !== "done") throw new Error("expected done");
  assert.is(ack.transmissionStatus, "Accepted with Errors");
  assert.equal(
    ack.records.map((r) => [r.filingId, r.status]),
    [
      ["f1", "accepted"],
      ["f2", "rejected"],
      ["f3", "accepted"],
    ],
  );
  const err = ack.records[1]?.errors[0];
  assert.is(err?.code, "SHAREDIRFORM014");
  assert.is(err?.severity, "Reject", "the sandbox grades its name rule as a rejection");
  assert.is(
    err?.xpath,
    "/IRTransmission/IRSubmission1Grp[1]/IRSubmission1Detail/Form1099NECDetail[2]/RecipientDetail/PersonName/PersonFirstNm",
  );
  assert.is(h.emulator.stats.statusXsdFailures, 0, "status requests are valid under the IRS XSD");
  assert.is(h.emulator.stats.tokensIssued, 1, "one token for all of it");
});

test("live grading: the name rule is a Report Error (accepted with errors); a reject payer's submission is rejected (SMF018)", async () => {
  const h = harness();
  const bad = payer("Reject Holdings Inc", "000555667");
  const t = transmission([
    filing(
      "a",
      "p1",
      ACME,
      "1099-NEC",
      person("Reject", "Me", "000111229", { NonemployeeCompensationAmt: 10 }),
    ),
    filing("b", "p2", bad, "1099-NEC", NEC_JANE()),
    filing("c", "p2", bad, "1099-NEC", NEC_BOB()),
  ]);
  const receipt = await run(h.iris.transmit(t.input, new Date(h.clock.now), false));
  const [ack] = await run(h.iris.acknowledgements([{ receiptId: receipt.receiptId, records: t.records }]));
  if (ack?.status !== "done") throw new Error("expected done");
  assert.is(ack.transmissionStatus, "Partially Accepted");
  assert.equal(
    ack.records.map((r) => [r.filingId, r.status, r.errors.map((e) => `${e.code}/${e.severity}`)]),
    [
      ["a", "accepted_with_errors", ["SHAREDIRFORM014/Report Error"]],
      ["b", "rejected", ["SMF018/Reject"]],
      ["c", "rejected", ["SMF018/Reject"]],
    ],
  );
});

test("a token that dies early is renewed once on the 401 and the request goes through", async () => {
  const h = harness();
  const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
  const receipt = await run(h.iris.transmit(t.input, new Date(h.clock.now), false));
  h.emulator.expireTokens();
  const [ack] = await run(h.iris.acknowledgements([{ receiptId: receipt.receiptId, records: t.records }]));
  assert.is(ack?.status, "done");
  assert.is(h.emulator.stats.tokensIssued, 2);
  assert.is(h.emulator.stats.unauthorized, 1);
  assert.ok(h.logs.some((l) => l.msg.includes("renewing")));
});

test("a token renewed at half-life: no 401 needed", async () => {
  const h = harness();
  await run(h.iris.acknowledgements([{ receiptId: "2026-00000000001-aaaaaaaaa", records: new Map() }]));
  h.clock.now += 8 * 60_000; // past half of the 15 minutes announced
  await run(h.iris.acknowledgements([{ receiptId: "2026-00000000001-aaaaaaaaa", records: new Map() }]));
  assert.is(h.emulator.stats.tokensIssued, 2);
  assert.is(h.emulator.stats.unauthorized, 0);
});

test("a second 401 with a fresh token is IrsUnavailable, and the log names the configuration to check", async () => {
  const h = harness();
  h.emulator.faults.tokenLifetimeMs = 0;
  const e = await fail(
    h.iris.acknowledgements([{ receiptId: "2026-00000000001-aaaaaaaaa", records: new Map() }]),
  );
  assert.is(e._tag, "IrsUnavailable");
  assert.match(e.message, /IRIS_CLIENT_ID/);
  assert.ok(
    h.logs.some((l) => l.level === "error" && String(l.fields["hint"]).includes("IRIS_PRIVATE_KEY_FILE")),
  );
});

test("JWTs signed with another key: the token request is refused; IrsUnavailable naming the configuration", async () => {
  const h = harness({}, { privateKey: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey });
  const e = await fail(
    h.iris.acknowledgements([{ receiptId: "2026-00000000001-aaaaaaaaa", records: new Map() }]),
  );
  assert.is(e._tag, "IrsUnavailable");
  assert.match(e.message, /consent/);
  assert.is(h.emulator.stats.jwtRefused, 1);
});

test("503 bursts are retried, honouring Retry-After", async () => {
  const h = harness();
  h.emulator.faults.unavailable = 3;
  h.emulator.faults.retryAfterSeconds = 0;
  const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
  const receipt = await run(h.iris.transmit(t.input, new Date(h.clock.now), false));
  assert.match(receipt.receiptId, RECEIPT_ID_PATTERN);
  assert.is(h.emulator.stats.unavailableAnswers, 3);
  assert.equal(h.sleeps, [0, 0, 0], "Retry-After: 0 is honoured rather than the backoff");
  assert.is(h.emulator.stats.transmissions, 1);
});

test("a Retry-After longer than the client waits fails at once as IrsUnavailable carrying it (the job retries later)", async () => {
  const h = harness();
  h.emulator.faults.unavailable = 1;
  h.emulator.faults.retryAfterSeconds = 120;
  const e = await fail(
    h.iris.acknowledgements([{ receiptId: "2026-00000000001-aaaaaaaaa", records: new Map() }]),
  );
  assert.is(e._tag, "IrsUnavailable");
  assert.is((e as { retryAfterMs?: number }).retryAfterMs, 120_000);
  assert.equal(h.sleeps, []);
});

test("a lost intake reply: the next attempt finds the transmission by UTID and never sends it twice", async () => {
  const h = harness();
  h.emulator.faults.dropIntakeReplies = 1;
  const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
  const e = await fail(h.iris.transmit(t.input, new Date(h.clock.now), false));
  assert.is(e._tag, "IrsUnavailable");
  assert.is(h.emulator.stats.intakeRequests, 1, "an intake whose reply was lost is not resent by the client");
  const receipt = await run(h.iris.transmit(t.input, new Date(h.clock.now), true));
  assert.match(receipt.receiptId, RECEIPT_ID_PATTERN);
  assert.is(h.emulator.stats.intakeRequests, 1);
  assert.is(h.emulator.stats.transmissions, 1);
  assert.is(h.emulator.stats.duplicateIntakes, 0);
  assert.ok(h.logs.some((l) => l.msg.includes("recovered by UTID")));
});

test("a resumed transmission the IRS never got (Not Found by UTID) is sent", async () => {
  const h = harness();
  const t = transmission([filing("f1", "p1", GLOBEX, "1099-NEC", NEC_JANE())]);
  const receipt = await run(h.iris.transmit(t.input, new Date(h.clock.now), true));
  assert.match(receipt.receiptId, RECEIPT_ID_PATTERN);
  assert.is(h.emulator.stats.statusRequests, 1);
  assert.is(h.emulator.stats.intakeRequests, 1);
});

test("a 400 on intake is TransmissionRefused with the IRS's reasons, TINs masked", async () => {
  const body = `<IntakeA2AResponse><ErrorInformationGrp><ErrorMessageCd>XSD</ErrorMessageCd><ErrorMessageTxt>Element TIN: '123456789' is not valid</ErrorMessageTxt><ElementPathTxt>/IRTransmission</ElementPathTxt></ErrorInformationGrp></IntakeA2AResponse>`;
  const real = harness();
  const h = harness(
    {},
    {
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        return url.endsWith("/intake-acceptance")
          ? new Response(body, { status: 400 })
          : real.emulator.fetch(input, init);
      }) as typeof fetch,
    },
  );
  const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
  const e = await fail(h.iris.transmit(t.input, new Date(h.clock.now), false));
  assert.is(e._tag, "TransmissionRefused");
  const problems = (e as { readonly problems: readonly { readonly message: string }[] }).problems;
  assert.equal(
    problems.map((p) => p.message),
    ["XSD Element TIN: '***-**-6789' is not valid (/IRTransmission)"],
  );
  assert.equal(refusalReasons(JSON.stringify({ errorCode: "E1", errorMessage: "bad" })), ["E1: bad"]);
});

test("no SoftwareId for the tax year: IrsUnavailable naming IRIS_SOFTWARE_IDS, nothing sent", async () => {
  const h = harness();
  const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE(), { taxYear: 2025 })]);
  const e = await fail(
    h.iris.transmit(
      { ...t.input, taxYear: 2024, submissions: t.input.submissions.map((s) => ({ ...s, taxYear: 2024 })) },
      new Date(h.clock.now),
      false,
    ),
  );
  assert.is(e._tag, "IrsUnavailable");
  assert.match(e.message, /IRIS_SOFTWARE_IDS/);
  assert.is(h.emulator.stats.intakeRequests, 0);
});

test("acknowledgements of 150 receipts go in two status requests (100 SearchIds at most each)", async () => {
  const h = harness();
  const ids = Array.from({ length: 150 }, (_, i) => `2026-${String(i).padStart(11, "0")}-abcdefghi`);
  const acks = await run(
    h.iris.acknowledgements(ids.map((receiptId) => ({ receiptId, records: new Map() }))),
  );
  assert.is(acks.length, 150);
  assert.ok(acks.every((a) => a.status === "not_found"));
  assert.is(h.emulator.stats.statusRequests, 2);
  assert.is(h.emulator.stats.searchIds, 150);
  assert.match(statusRequestXml("BB002", "A", "RID", ids.slice(0, 1)), /<SearchTypeCd>A<\/SearchTypeCd>/);
});

test("TIN Matching: the sandbox rules through the API; response codes map to the service's results", async () => {
  const h = harness();
  const out = await run(
    h.tin.match([
      { name: "Jane Porter", tin: Tin.fromDigits("123456788"), tinType: "ssn" },
      { name: "Jane Porter", tin: Tin.fromDigits("123456787") },
      { name: "O'Brien, Ltd.", tin: Tin.fromDigits("000000000"), tinType: "ein" },
    ]),
  );
  assert.equal(out, ["match", "mismatch", "not_issued"]);
  assert.is(h.emulator.stats.tinMatchRequests, 3);
  assert.equal([0, 1, 2, 3, 4, 5, 6, 7, 8].map(outcomeOfResponseCode), [
    "match",
    "mismatch",
    "not_issued",
    "mismatch",
    "mismatch",
    "mismatch",
    "match",
    "match",
    "match",
  ]);
  assert.is(tinMatchName("Zoë O'Brien, Ltd. & Co."), "Zoe O Brien Ltd & Co");
});

test("TIN Matching while the IRS is locked out (a fourth request for a pair): IrsUnavailable, not a result", async () => {
  const h = harness();
  const entry = { name: "Jane Porter", tin: Tin.fromDigits("123456788") };
  for (let i = 0; i < 3; i++) assert.equal(await run(h.tin.match([entry])), ["match"]);
  const e = await fail(h.tin.match([entry]));
  assert.is(e._tag, "IrsUnavailable");
  assert.match(e.message, /TinMatch\.locked/);
});

test.run();
