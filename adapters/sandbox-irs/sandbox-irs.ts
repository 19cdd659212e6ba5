// The sandbox IRS (SPEC "Sandbox deterministic rules", D22): never transmits, decides every filing at once and
// releases the acknowledgement `ackDelayMs` after the transmission, measured with the `now` the caller passes.
//
// - A payer whose name contains "reject" (any case): its submission is rejected with IRS rule SMF018 (issuer
//   BusinessName/TIN must match the IRS database), so every filing of that payer in the transmission is rejected.
// - Any other name field of a filed form (recipient person or business name, additional recipient, contact and
//   other party names) containing "reject": that filing alone is rejected with the IRS name/TIN mismatch rule,
//   SHAREDIRFORM014 (PersonName) or SHAREDIRFORM015 (BusinessName). IRIS itself grades those two "Report Error" and
//   would accept the record with errors; the sandbox rule makes it a rejection, so the entry carries severity
//   "Reject", which is what happened to the filing. Rule numbers and texts are the IRS's, unchanged.
// - Everything else is accepted.
// The transmission is built with the production XML builder first, so what the real IRS would refuse on intake
// (an unknown form, a payer without an address...) is refused here too, with TransmissionRefused.
// Receipt ids have the IRS format and derive from the transmissionId: the same transmission always gets the same
// receipt. Receipts live in memory unless a SandboxReceiptStore is given (the service keeps them in its database).
import { createHash } from "node:crypto";
import { Effect, Layer } from "effect";
import { transmissionStatusOf, type AckError, type RecordOutcome, type SubmissionStatus, type TransmissionStatus } from "../../core/domain/iris/ack.ts";
import { businessRule, businessRuleText } from "../../core/domain/iris/business-rules.ts";
import {
  buildTransmission, recordXPath, submissionXPath, type TransmissionInput, type TransmitterInput,
} from "../../core/domain/iris/transmission.ts";
import { getFormDefinition } from "../../core/domain/forms/index.ts";
import type { TransmitterProfile } from "../../core/domain/iris/rules/model.ts";
import { Tin } from "../../core/domain/shared/tin.ts";
import { IrsTransmitter, IrsUnavailable, TransmissionRefused, type Acknowledgement } from "../../core/ports/irs-transmitter.port.ts";

/** What the sandbox keeps per transmission. No TINs: names of rules, paths and filing ids only. */
export interface SandboxReceipt {
  readonly receiptId: string;
  readonly transmissionId: string;
  /** ISO 8601. */
  readonly submittedAt: string;
  /** ISO 8601: submittedAt + ackDelayMs. */
  readonly ackAvailableAt: string;
  readonly transmissionStatus: TransmissionStatus;
  readonly records: readonly RecordOutcome[];
}

/**
 * Where sandbox receipts are kept. The service implements it on its database so acknowledgements survive a
 * restart and are shared by every process (D22); storage failures are defects, as in the Store port.
 */
export interface SandboxReceiptStore {
  /** Keeps `receipt` unless one with the same transmissionId exists, and returns the one kept (first writer wins). */
  readonly insertOrGet: (receipt: SandboxReceipt) => Effect.Effect<SandboxReceipt>;
  readonly findByReceiptId: (receiptId: string) => Effect.Effect<SandboxReceipt | undefined>;
}

export function inMemoryReceiptStore(): SandboxReceiptStore & { readonly receipts: () => readonly SandboxReceipt[] } {
  const byTransmission = new Map<string, SandboxReceipt>();
  const byReceipt = new Map<string, SandboxReceipt>();
  return {
    receipts: () => [...byTransmission.values()],
    insertOrGet: (receipt) => Effect.sync(() => {
      const existing = byTransmission.get(receipt.transmissionId);
      if (existing) return existing;
      byTransmission.set(receipt.transmissionId, receipt);
      byReceipt.set(receipt.receiptId, receipt);
      return receipt;
    }),
    findByReceiptId: (receiptId) => Effect.sync(() => byReceipt.get(receiptId)),
  };
}

export interface SandboxIrsOptions {
  /** Delay before an acknowledgement is available (D22 default: 2 s). */
  readonly ackDelayMs?: number;
  readonly store?: SandboxReceiptStore;
  /** Simulates an outage: return true to fail that call with IrsUnavailable (for retry tests). */
  readonly unavailable?: (operation: "transmit" | "acknowledgement") => boolean;
}

export const DEFAULT_ACK_DELAY_MS = 2000;

/**
 * The sandbox's own transmitter identity: only used to build (and so check) the XML, which goes nowhere. It
 * behaves like a production transmitter (TestCd P, so any made-up TIN is accepted) with a software id for every
 * tax year (its first two digits are the year's last two, IRS rule TMFST020).
 */
export const SANDBOX_PROFILE: TransmitterProfile = { test: false, softwareIdFor: (taxYear) => `${String(taxYear).slice(-2)}SANDBOX` };

function sandboxTransmitter(taxYear: number): TransmitterInput {
  return {
    tin: Tin.fromDigits("000000000"),
    tinType: "ein",
    tcc: "SBX00",
    name: "Sandbox Transmitter",
    address: { line1: "1 Sandbox Way", city: "Nowhere", state: "DC", postalCode: "20001" },
    contactName: "Sandbox",
    contactPhone: "0000000000",
    softwareId: SANDBOX_PROFILE.softwareIdFor(taxYear) ?? "",
    test: SANDBOX_PROFILE.test,
  };
}

const REJECT = /reject/i;

/** Name fields of a form: party names, not place names (CityNm, LocalityNm, ProvinceOrStateNm are places). */
function isNameKey(key: string): boolean {
  if (/(City|Locality|ProvinceOrState|Country)Nm$/.test(key)) return false;
  return key.endsWith("Nm") || /Name(Line\d)?Txt$/.test(key) || key === "AdditionalRecipientTxt";
}

/** The dotted jsonForm path (array indexes included) of the first name field containing "reject". */
export function rejectedNamePath(node: unknown, at = ""): string | undefined {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const found = rejectedNamePath(node[i], at ? `${at}.${String(i)}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof node !== "object" || node === null) return undefined;
  for (const [k, v] of Object.entries(node)) {
    const here = at ? `${at}.${k}` : k;
    if (typeof v === "string" && isNameKey(k) && REJECT.test(v)) return here;
    const found = rejectedNamePath(v, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** "StateLocalTaxGrp.0.X" -> "StateLocalTaxGrp[1]/X". */
function xpathOf(path: string): string {
  return path.split(".").reduce((out, seg) => (/^\d+$/.test(seg) ? `${out}[${String(Number(seg) + 1)}]` : out ? `${out}/${seg}` : seg), "");
}

function ruleError(code: string, xpath: string, formTypeCd?: string): AckError {
  return { code, severity: "Reject", xpath, message: businessRuleText(code, formTypeCd) ?? businessRule(code)?.texts[0] ?? code };
}

/** The outcome of every filing of a transmission under the sandbox rules, in transmission order. */
export function sandboxOutcomes(t: TransmissionInput): { transmissionStatus: TransmissionStatus; records: RecordOutcome[] } {
  const records: RecordOutcome[] = [];
  const statuses: SubmissionStatus[] = [];
  t.submissions.forEach((s, si) => {
    const position = si + 1;
    const def = getFormDefinition(s.form, s.taxYear);
    const detail = def?.detailElement ?? "FormDetail";
    if (REJECT.test(s.payer.name)) {
      const err = ruleError("SMF018", `${submissionXPath(position)}/IRSubmission1Header/IssuerDetail/BusinessName/BusinessNameLine1Txt`);
      for (const r of s.records) records.push({ filingId: r.filingId, status: "rejected", errors: [err] });
      statuses.push("Rejected");
      return;
    }
    let withErrors = false;
    s.records.forEach((r, ri) => {
      const path = rejectedNamePath(r.jsonForm);
      if (path === undefined) {
        records.push({ filingId: r.filingId, status: "accepted", errors: [] });
        return;
      }
      withErrors = true;
      const code = path.includes("BusinessName") ? "SHAREDIRFORM015" : "SHAREDIRFORM014";
      records.push({ filingId: r.filingId, status: "rejected", errors: [ruleError(code, recordXPath(position, detail, ri + 1, xpathOf(path)), def?.formTypeCd)] });
    });
    statuses.push(withErrors ? "Accepted with Errors" : "Accepted");
  });
  return { transmissionStatus: transmissionStatusOf(statuses), records };
}

/** An IRS-format receipt id derived from the transmission id: `YYYY-<11 digits>-<9 alphanumerics>`. */
export function sandboxReceiptId(transmissionId: string, year: number): string {
  const digest = createHash("sha256").update(`sandbox-irs:${transmissionId}`).digest();
  const digits = (digest.readBigUInt64BE(0) % 100_000_000_000n).toString().padStart(11, "0");
  let tail = "";
  for (let i = 8; tail.length < 9; i++) tail += ((digest[i] ?? 0) % 36).toString(36);
  const y = Math.min(9999, Math.max(1000, year));
  return `${String(y)}-${digits}-${tail}`;
}

export function makeSandboxIrs(options: SandboxIrsOptions = {}): IrsTransmitter["Service"] {
  const ackDelayMs = Math.max(0, options.ackDelayMs ?? DEFAULT_ACK_DELAY_MS);
  const store = options.store ?? inMemoryReceiptStore();
  const down = (op: "transmit" | "acknowledgement"): Effect.Effect<void, IrsUnavailable> =>
    options.unavailable?.(op) ? Effect.fail(new IrsUnavailable({ message: "The sandbox IRS is simulating an outage.", retryAfterMs: 1000 })) : Effect.void;

  return IrsTransmitter.of({
    profile: SANDBOX_PROFILE,
    transmit: (t, now) => down("transmit").pipe(
      Effect.flatMap(() => {
        const built = buildTransmission(t, sandboxTransmitter(t.taxYear));
        if (!built.ok) return Effect.fail(new TransmissionRefused({ message: "The transmission cannot be built.", problems: built.problems }));
        const { transmissionStatus, records } = sandboxOutcomes(t);
        return store.insertOrGet({
          receiptId: sandboxReceiptId(t.transmissionId, now.getUTCFullYear()),
          transmissionId: t.transmissionId,
          submittedAt: now.toISOString(),
          ackAvailableAt: new Date(now.getTime() + ackDelayMs).toISOString(),
          transmissionStatus,
          records,
        });
      }),
      Effect.map((kept) => ({ receiptId: kept.receiptId, submittedAt: new Date(kept.submittedAt) })),
    ),
    acknowledgement: (receiptId, now) => down("acknowledgement").pipe(
      Effect.flatMap(() => store.findByReceiptId(receiptId)),
      Effect.map((r): Acknowledgement => {
        if (!r) return { status: "not_found" };
        if (now.getTime() < Date.parse(r.ackAvailableAt)) return { status: "processing" };
        return { status: "done", transmissionStatus: r.transmissionStatus, records: r.records };
      }),
    ),
  });
}

export const layer = (options?: SandboxIrsOptions) => Layer.succeed(IrsTransmitter, makeSandboxIrs(options));
