import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Effect, Exit } from "effect";
import {
  DEFAULT_ACK_DELAY_MS, inMemoryReceiptStore, layer, makeSandboxIrs, rejectedNamePath, sandboxReceiptId, type SandboxReceipt,
} from "../../../adapters/sandbox-irs/sandbox-irs.ts";
import { RECEIPT_ID_PATTERN, planTransmissions, type FilingToTransmit, type TransmissionInput, type TransmissionPlan } from "../../../core/domain/iris/index.ts";
import { IrsTransmitter, type Acknowledgement } from "../../../core/ports/irs-transmitter.port.ts";
import { ACME, GLOBEX, NEC_BOB, NEC_JANE, business, filing, payer, person, stored } from "../../core/domain/iris/fixtures.ts";

const T0 = new Date("2026-02-01T10:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const input = (filings: readonly FilingToTransmit[], n = 1): TransmissionInput => {
  const plan = planTransmissions(filings)[0] as TransmissionPlan;
  return { transmissionId: uuid(n), taxYear: plan.taxYear, submissions: plan.submissions };
};
const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e);

const REJECTED_CORP = payer("Rejected Corp", "000123999");

async function doneRecords(irs: ReturnType<typeof makeSandboxIrs>, receiptId: string, at: Date) {
  const ack = await run(irs.acknowledgement(receiptId, at));
  if (ack.status !== "done") throw new Error(`not done: ${ack.status}`);
  return ack;
}

test("a payer named Rejected Corp is rejected (SMF018 on its submission); every other filing is accepted", async () => {
  const irs = makeSandboxIrs({ ackDelayMs: 2000 });
  const t = input([
    filing("ok-1", "acme", ACME, "1099-NEC", NEC_JANE()),
    filing("rej-1", "rc", REJECTED_CORP, "1099-NEC", NEC_BOB()),
    filing("ok-2", "globex", GLOBEX, "1099-MISC", business("Fine LLC", "000222111", { RentAmt: 10 })),
    filing("rej-2", "rc", REJECTED_CORP, "1099-NEC", NEC_JANE()),
  ]);
  const { receiptId } = await run(irs.transmit(t, T0));
  const ack = await doneRecords(irs, receiptId, later(2000));
  assert.is(ack.transmissionStatus, "Partially Accepted");
  const by = new Map(ack.records.map((r) => [r.filingId, r]));
  assert.equal([...by.keys()].sort(), ["ok-1", "ok-2", "rej-1", "rej-2"]);
  assert.equal(by.get("ok-1"), { filingId: "ok-1", status: "accepted", errors: [] });
  assert.equal(by.get("ok-2"), { filingId: "ok-2", status: "accepted", errors: [] });
  for (const id of ["rej-1", "rej-2"]) {
    assert.equal(by.get(id), {
      filingId: id, status: "rejected",
      errors: [{
        code: "SMF018", severity: "Reject",
        xpath: "/IRTransmission/IRSubmission1Grp[2]/IRSubmission1Header/IssuerDetail/BusinessName/BusinessNameLine1Txt",
        message: "If 'BusinessName' in 'IssuerDetail' has a value, then 'TIN' and 'BusinessName' in 'IssuerDetail' must match the IRS database.",
      }],
    });
  }
});

test("a recipient name containing 'reject' (any case) rejects that filing alone, with the IRS name/TIN rule", async () => {
  const irs = makeSandboxIrs({ ackDelayMs: 0 });
  const t = input([
    filing("a", "acme", ACME, "1099-NEC", NEC_JANE()),
    filing("b", "acme", ACME, "1099-NEC", person("Rejectina", "Smith", "000555444", { NonemployeeCompensationAmt: 5 })),
    filing("c", "acme", ACME, "1099-NEC", business("Will REJECT Inc", "000555333", { NonemployeeCompensationAmt: 5 })),
  ]);
  const { receiptId } = await run(irs.transmit(t, T0));
  const ack = await doneRecords(irs, receiptId, T0);
  assert.is(ack.transmissionStatus, "Accepted with Errors");
  assert.equal(ack.records.map((r) => [r.filingId, r.status, r.errors.map((e) => [e.code, e.severity, e.xpath])]), [
    ["a", "accepted", []],
    ["b", "rejected", [["SHAREDIRFORM014", "Reject", "/IRTransmission/IRSubmission1Grp[1]/IRSubmission1Detail/Form1099NECDetail[2]/RecipientDetail/PersonName/PersonFirstNm"]]],
    ["c", "rejected", [["SHAREDIRFORM015", "Reject", "/IRTransmission/IRSubmission1Grp[1]/IRSubmission1Detail/Form1099NECDetail[3]/RecipientDetail/BusinessName/BusinessNameLine1Txt"]]],
  ]);
  assert.is(ack.records[1]?.errors[0]?.message, "If 'PersonName' and 'TIN' in 'RecipientDetail' have a value, they must match the IRS database.");
});

test("which fields count as names: party names yes, places no", () => {
  assert.is(rejectedNamePath({ RecipientDetail: { MailingAddressGrp: { USAddress: { CityNm: "Rejectville" } } } }), undefined);
  assert.is(rejectedNamePath({ StateLocalTaxGrp: [{ LocalTaxGrp: { LocalityNm: "Reject County" } }] }), undefined);
  assert.is(rejectedNamePath({ RecipientAccountNum: "reject" }), undefined);
  assert.is(rejectedNamePath({ RecipientDetail: { AdditionalRecipientTxt: "c/o Reject" } }), "RecipientDetail.AdditionalRecipientTxt");
  assert.is(rejectedNamePath({ StateLocalTaxGrp: [{}, { X: { PersonLastNm: "rEjEcT" } }] }), "StateLocalTaxGrp.1.X.PersonLastNm");
  assert.is(rejectedNamePath({ RecipientDetail: { BusinessName: { BusinessNameLine2Txt: "Rejects Dept" } } }), "RecipientDetail.BusinessName.BusinessNameLine2Txt");
});

test("the acknowledgement is processing until ackDelayMs after the transmission (driven by now, not the wall clock)", async () => {
  const irs = makeSandboxIrs({ ackDelayMs: 5000 });
  const { receiptId, submittedAt } = await run(irs.transmit(input([filing("a", "acme", ACME, "1099-NEC", NEC_JANE())]), T0));
  assert.is(submittedAt.toISOString(), T0.toISOString());
  assert.equal(await run(irs.acknowledgement(receiptId, T0)), { status: "processing" });
  assert.equal(await run(irs.acknowledgement(receiptId, later(4999))), { status: "processing" });
  const ack = await run(irs.acknowledgement(receiptId, later(5000)));
  assert.is(ack.status, "done");
  // Earlier than the transmission (clock skew) is still processing.
  assert.equal(await run(irs.acknowledgement(receiptId, later(-1000))), { status: "processing" });
  assert.is(DEFAULT_ACK_DELAY_MS, 2000);
  const dflt = makeSandboxIrs();
  const r2 = await run(dflt.transmit(input([filing("a", "acme", ACME, "1099-NEC", NEC_JANE())]), T0));
  assert.is((await run(dflt.acknowledgement(r2.receiptId, later(1999)))).status, "processing");
  assert.is((await run(dflt.acknowledgement(r2.receiptId, later(2000)))).status, "done");
});

test("transmit is idempotent per transmissionId: same receipt and submittedAt, the first outcome kept", async () => {
  const irs = makeSandboxIrs({ ackDelayMs: 1000 });
  const t = input([filing("a", "acme", ACME, "1099-NEC", NEC_JANE())], 7);
  const first = await run(irs.transmit(t, T0));
  const again = await run(irs.transmit(t, later(60_000)));
  assert.equal(again, first);
  const other = await run(irs.transmit({ ...t, transmissionId: uuid(8) }, T0));
  assert.is.not(other.receiptId, first.receiptId);
  // Same id, a fresh sandbox: the receipt id is derived, so it is the same too.
  const fresh = await run(makeSandboxIrs().transmit(t, T0));
  assert.is(fresh.receiptId, first.receiptId);
  // Concurrent retries of one transmission share one receipt.
  const store = inMemoryReceiptStore();
  const shared = makeSandboxIrs({ store });
  const all = await run(Effect.all(Array.from({ length: 5 }, (_, i) => shared.transmit(t, later(i))), { concurrency: "unbounded" }));
  assert.is(new Set(all.map((r) => `${r.receiptId}@${r.submittedAt.toISOString()}`)).size, 1);
  assert.is(store.receipts().length, 1);
});

test("receipt ids have the IRS format", async () => {
  const irs = makeSandboxIrs();
  for (let n = 0; n < 50; n++) {
    const { receiptId } = await run(irs.transmit(input([filing("a", "acme", ACME, "1099-NEC", NEC_JANE())], n), T0));
    assert.ok(RECEIPT_ID_PATTERN.test(receiptId), receiptId);
    assert.ok(receiptId.startsWith("2026-"), receiptId);
  }
  fc.assert(fc.property(fc.uuid(), fc.integer({ min: 1970, max: 2100 }), (id, year) => {
    const r = sandboxReceiptId(id, year);
    assert.ok(/^[1-9][0-9]{3}-[0-9]{11}-[0-9a-zA-Z]{9}$/.test(r), r);
    assert.is(sandboxReceiptId(id, year), r);
  }));
});

test("unknown receipts are not_found", async () => {
  assert.equal(await run(makeSandboxIrs().acknowledgement("2026-00000000000-000000000", T0)), { status: "not_found" });
});

test("TINs never reach the outcomes or the stored receipts", async () => {
  const store = inMemoryReceiptStore();
  const irs = makeSandboxIrs({ store, ackDelayMs: 0 });
  const filings = [
    filing("a", "rc", REJECTED_CORP, "1099-NEC", NEC_JANE()),
    filing("b", "acme", ACME, "1099-NEC", person("Reject", "Me", "000876543", { NonemployeeCompensationAmt: 1 })),
  ];
  const { receiptId } = await run(irs.transmit(input(filings), T0));
  const ack = await run(irs.acknowledgement(receiptId, T0));
  const text = JSON.stringify({ ack, stored: store.receipts() });
  for (const tin of ["000123999", "000989867", "000876543", "000433899"]) assert.not.ok(text.includes(tin), tin);
});

test("a transmission that cannot be built is refused (TransmissionRefused), nothing stored", async () => {
  const store = inMemoryReceiptStore();
  const irs = makeSandboxIrs({ store });
  const t = input([filing("a", "x", payer("No Address Co", "000111999", { address: null }), "1099-NEC", NEC_JANE())]);
  const exit = await Effect.runPromiseExit(irs.transmit(t, T0));
  assert.ok(Exit.isFailure(exit));
  const failure = Exit.isFailure(exit) ? exit.cause : undefined;
  assert.ok(String(failure).includes("TransmissionRefused"));
  assert.is(store.receipts().length, 0);
  assert.not.ok(String(failure).includes("000111999"));
});

test("simulated outage: IrsUnavailable, and a retry afterwards succeeds", async () => {
  let down = true;
  const irs = makeSandboxIrs({ unavailable: () => down });
  const t = input([filing("a", "acme", ACME, "1099-NEC", NEC_JANE())]);
  const failed = await Effect.runPromise(Effect.flip(irs.transmit(t, T0)));
  assert.is(failed._tag, "IrsUnavailable");
  down = false;
  const ok = await run(irs.transmit(t, T0));
  down = true;
  const ackFailed = await Effect.runPromise(Effect.flip(irs.acknowledgement(ok.receiptId, later(5000))));
  assert.is(ackFailed._tag, "IrsUnavailable");
});

test("a persistence callback keeps receipts across sandbox instances (what the service does with its database)", async () => {
  const rows = new Map<string, SandboxReceipt>();
  const calls: string[] = [];
  const store = {
    insertOrGet: (r: SandboxReceipt) => Effect.sync(() => {
      calls.push(`insert ${r.transmissionId}`);
      const existing = rows.get(r.transmissionId);
      if (existing) return existing;
      rows.set(r.transmissionId, JSON.parse(JSON.stringify(r)) as SandboxReceipt);
      return r;
    }),
    findByReceiptId: (id: string) => Effect.sync(() => [...rows.values()].find((r) => r.receiptId === id)),
  };
  const t = input([filing("a", "acme", ACME, "1099-NEC", NEC_JANE()), filing("b", "rc", REJECTED_CORP, "1099-NEC", NEC_BOB())], 42);
  const first = await run(makeSandboxIrs({ store, ackDelayMs: 100 }).transmit(t, T0));
  const restarted = makeSandboxIrs({ store, ackDelayMs: 100 });
  assert.equal(await run(restarted.transmit(t, later(10))), first);
  const ack = await doneRecords(restarted, first.receiptId, later(100));
  assert.equal(ack.records.map((r) => [r.filingId, r.status]), [["a", "accepted"], ["b", "rejected"]]);
  assert.equal(calls, [`insert ${uuid(42)}`, `insert ${uuid(42)}`]);
});

test("layer provides the IrsTransmitter port", async () => {
  const program = Effect.gen(function* () {
    const irs = yield* IrsTransmitter;
    const { receiptId } = yield* irs.transmit(input([filing("a", "acme", ACME, "1099-NEC", NEC_JANE())]), T0);
    return yield* irs.acknowledgement(receiptId, later(10));
  });
  const ack: Acknowledgement = await Effect.runPromise(program.pipe(Effect.provide(layer({ ackDelayMs: 10 }))));
  assert.is(ack.status, "done");
});

const POOL = [
  { payerId: "acme", payer: ACME, form: "1099-NEC", json: NEC_JANE(), rejected: false },
  { payerId: "globex", payer: GLOBEX, form: "1099-NEC", json: NEC_BOB(), rejected: false },
  { payerId: "rc", payer: REJECTED_CORP, form: "1099-NEC", json: NEC_JANE(), rejected: true },
  { payerId: "acme", payer: ACME, form: "1099-MISC", json: business("Reject Holdings", "000333222", { RentAmt: 7 }), rejected: true },
  { payerId: "globex", payer: GLOBEX, form: "1099-MISC", json: person("Al", "Fine", "000333111", { RoyaltyAmt: 70 }), rejected: false },
  { payerId: "rc", payer: REJECTED_CORP, form: "1099-MISC", json: person("Al", "Fine", "000333111", { RoyaltyAmt: 70 }), rejected: true },
].map((p) => ({ ...p, stored: stored(p.form, p.json) }));

test("property: for random batches every filing gets exactly one outcome, rejected exactly when a name says reject", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 0, max: POOL.length - 1 }), { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 3000 }), async (picks, delay) => {
      const irs = makeSandboxIrs({ ackDelayMs: delay });
      const filings: FilingToTransmit[] = picks.map((i, n) => {
        const p = POOL[i] as (typeof POOL)[number];
        return { filingId: `f${String(n)}`, payerId: p.payerId, payer: p.payer, form: p.form, taxYear: 2025, jsonForm: p.stored.jsonForm, recipientTin: p.stored.tin };
      });
      const outcomes = new Map<string, string>();
      for (const [k, plan] of planTransmissions(filings).entries()) {
        const { receiptId } = await run(irs.transmit({ transmissionId: uuid(k), taxYear: plan.taxYear, submissions: plan.submissions }, T0));
        if (delay > 0) assert.is((await run(irs.acknowledgement(receiptId, later(delay - 1)))).status, "processing");
        const ack = await doneRecords(irs, receiptId, later(delay));
        for (const r of ack.records) {
          assert.not.ok(outcomes.has(r.filingId), `${r.filingId} twice`);
          outcomes.set(r.filingId, r.status);
          assert.is(r.errors.length > 0, r.status === "rejected");
        }
      }
      assert.equal([...outcomes.keys()].sort(), filings.map((f) => f.filingId).sort());
      picks.forEach((i, n) => assert.is(outcomes.get(`f${String(n)}`), POOL[i]?.rejected ? "rejected" : "accepted"));
    }),
    { numRuns: 100 },
  );
});

test.run();
