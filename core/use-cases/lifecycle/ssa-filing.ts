// W-2 filing with the SSA (issue 18). A paid order's W-2s (W-2cs) become one EFW2 (EFW2C) file per tax year
// holding every employer of the order, put in the SSA operator queue; the filings are `submitted` with the file
// as their transmission. The operator uploads the file through SSA Business Services Online and records the
// SSA's wage file identifier (WFID, kept as the filings' receipt id), then the SSA's outcome, which moves the
// filings to accepted or rejected with their events, as an IRS acknowledgement does. The sandbox does the
// operator's part itself: its files are "uploaded" at once and acknowledged after the usual delay, a file whose
// employer or employee name contains "reject" rejected.
import * as Effect from "effect/Effect";
import type { AckError, Filing } from "../../domain/filing/filing.ts";
import { unsealTins } from "../../domain/filing/filing.ts";
import {
  buildEfw2,
  buildEfw2c,
  checkEfw2,
  layoutsOf,
  parseEfw2,
  writeEfw2,
  type Efw2EmployerGroup,
  type Efw2Format,
  type Efw2Problem,
} from "../../domain/efw2/index.ts";
import type { RecordOutcome } from "../../domain/iris/ack.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import { InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import type { Tin } from "../../domain/shared/tin.ts";
import { Clock } from "../../ports/clock.port.ts";
import { applyOutcomes } from "./apply-outcomes.ts";
import { SsaTransmitter, type SsaFile, type SsaFileStatus } from "../../ports/ssa-transmitter.port.ts";
import { Store, type Scope } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";

/** The EFW2 format a W-2 family form is filed in. */
export const formatOf = (form: string): Efw2Format => (form === "W-2c" ? "efw2c" : "efw2");

/** A sandbox WFID: six characters, as the SSA's. */
function sandboxWfid(fileId: string): string {
  let h = 0;
  for (const ch of fileId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `S${h.toString(36).toUpperCase().padStart(5, "0").slice(-5)}`;
}

export interface SsaQueued {
  /** Receipts (WFIDs) to acknowledge: the sandbox's files, uploaded at once. */
  readonly receipts: readonly string[];
  /** Filings no file could be built for (the caller refunds them). */
  readonly unsendable: readonly Filing[];
}

/** At most this many of a refused file's problems are kept on each of its filings. */
const PROBLEMS_KEPT = 10;

/**
 * What a filing of a refused file says (its acknowledgement's errors): the file's problems, record by record, each
 * employee record named by the last four digits of its SSN.
 */
export function fileCheckErrors(
  format: Efw2Format,
  content: string,
  problems: readonly Efw2Problem[],
): AckError[] {
  const name = format.toUpperCase();
  const lines = content.split("\r\n");
  const where = (p: Efw2Problem): string => {
    if (p.record <= 0) return "";
    const line = lines[p.record - 1] ?? "";
    const ssn = layoutsOf(format)
      .get(line.slice(0, format === "efw2" ? 2 : 3))
      ?.byName.get("ssn");
    const digits = ssn ? line.slice(ssn.start - 1, ssn.start - 1 + ssn.length) : "";
    const employee = /^[0-9]{9}$/.test(digits) ? ` (employee SSN ending ${digits.slice(5)})` : "";
    return `record ${String(p.record)}${employee}${p.field ? `, ${p.field}` : ""}: `;
  };
  const kept = problems.slice(0, PROBLEMS_KEPT).map(
    (p): AckError => ({
      code: "SSA-FILE-CHECK",
      severity: "Reject",
      xpath: "",
      message: `The ${name} file failed the SSA's checks and was not queued for the SSA (the charge is refunded): ${where(p)}${p.message}.`,
    }),
  );
  if (problems.length > PROBLEMS_KEPT)
    kept.push({
      code: "SSA-FILE-CHECK",
      severity: "Reject",
      xpath: "",
      message: `${String(problems.length - PROBLEMS_KEPT)} more problems in the same ${name} file.`,
    });
  return kept;
}

/**
 * A file's employers: its filings grouped by payer, each payer's EIN and address beside its employees' forms (their
 * TINs opened). Filings whose payer or payer TIN is gone are `missing` (refunded by the caller).
 */
function employerGroups(
  group: readonly Filing[],
  payers: ReadonlyMap<string, Payer>,
  payerTins: ReadonlyMap<string, Tin>,
  open: (sealed: string) => string,
): { employers: Efw2EmployerGroup[]; included: Filing[]; missing: Filing[] } {
  const byPayer = new Map<string, Filing[]>();
  for (const f of group) {
    const list = byPayer.get(f.payerId);
    if (list) list.push(f);
    else byPayer.set(f.payerId, [f]);
  }
  const employers: Efw2EmployerGroup[] = [];
  const included: Filing[] = [];
  const missing: Filing[] = [];
  for (const [payerId, list] of byPayer) {
    const p = payers.get(payerId);
    const tin = payerTins.get(payerId);
    if (!p || !tin) {
      missing.push(...list);
      continue;
    }
    employers.push({
      employer: {
        ein: tin.reveal(),
        name: p.legalName,
        address: {
          line1: p.addressLine1 ?? "",
          ...(p.addressLine2 ? { line2: p.addressLine2 } : {}),
          city: p.city ?? "",
          state: p.state ?? "",
          postalCode: p.postalCode ?? "",
          country: p.country ?? "US",
        },
        ...(p.contactName ? { contactName: p.contactName } : {}),
        ...(p.contactPhone ? { contactPhone: p.contactPhone } : {}),
        ...(p.contactEmail ? { contactEmail: p.contactEmail } : {}),
      },
      employees: list.map((f) => ({ filingId: f.id, jsonForm: unsealTins(f.jsonForm, f.sealedTins, open) })),
    });
    included.push(...list);
  }
  return { employers, included, missing };
}

/**
 * Builds and queues the SSA files of an order's claimed W-2 family filings. Safe to repeat: a file's id is the
 * order's, tax year's and format's, and a file already queued is kept.
 */
export const queueSsaFiles = Effect.fn("queueSsaFiles")(function* (
  scope: Scope,
  orderId: string,
  filings: readonly Filing[],
  payers: ReadonlyMap<string, Payer>,
  payerTins: ReadonlyMap<string, Tin>,
) {
  const ssa = yield* SsaTransmitter;
  const store = yield* Store;
  const vault = yield* TinVault;
  const now = (yield* Clock).now().toISOString();
  const repos = store.scoped(scope);
  const submitter = ssa.submitter(scope.livemode);
  const receipts: string[] = [];
  const unsendable: Filing[] = [];
  const groups = new Map<string, Filing[]>();
  for (const f of filings) {
    const key = `${String(f.taxYear)}|${formatOf(f.form)}`;
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  for (const [key, group] of groups) {
    const [year, format] = key.split("|") as [string, Efw2Format];
    const taxYear = Number(year);
    const fileId = `ssa_${orderId.replace(/^ord_/, "")}_${year}${format === "efw2c" ? "c" : ""}`;
    const existing = yield* ssa.get(fileId);
    let file = existing;
    if (!file) {
      const { employers, included, missing } = employerGroups(group, payers, payerTins, (ct) =>
        vault.open(ct).reveal(),
      );
      unsendable.push(...missing);
      if (!submitter || employers.length === 0) {
        if (!submitter) unsendable.push(...included);
        continue;
      }
      const input = { taxYear, submitter, employers };
      const content = writeEfw2(format, format === "efw2" ? buildEfw2(input) : buildEfw2c(input));
      // Never queue a file the SSA would not take: read it back and check its structure and totals.
      const read = parseEfw2(format, content);
      const problems = [...read.problems, ...checkEfw2(format, read.records)];
      if (problems.length > 0) {
        // Its filings are refunded by the caller; each keeps the reason as its acknowledgement's errors.
        yield* repos.filings.updateMany(
          included.map((f) => f.id),
          ["submitted"],
          {
            ackErrors: fileCheckErrors(format, content, problems),
            updatedAt: now,
          },
        );
        unsendable.push(...included);
        continue;
      }
      file = yield* ssa.enqueue({
        id: fileId,
        accountId: scope.accountId,
        livemode: scope.livemode,
        orderId,
        taxYear,
        format,
        filingIds: included.map((f) => f.id),
        employers: employers.length,
        content,
        status: "pending",
        wfid: null,
        message: null,
        createdAt: now,
        submittedAt: null,
        decidedAt: null,
      });
      yield* repos.filings.updateMany(file.filingIds, ["submitted"], {
        transmissionId: file.id,
        updatedAt: now,
      });
    }
    if (!scope.livemode && file.status === "pending") {
      // The sandbox operator: uploaded at once.
      const wfid = sandboxWfid(file.id);
      file = (yield* markSubmitted(file, wfid, now)) ?? file;
    }
    if (!scope.livemode && file.status === "submitted" && file.wfid) receipts.push(file.wfid);
  }
  return { receipts, unsendable } satisfies SsaQueued;
});

/** Records the upload: the file's WFID becomes its filings' receipt id. */
const markSubmitted = Effect.fnUntraced(function* (file: SsaFile, wfid: string, now: string) {
  const ssa = yield* SsaTransmitter;
  const store = yield* Store;
  const moved = yield* ssa.update(file.id, ["pending"], { status: "submitted", wfid, submittedAt: now });
  if (!moved) return undefined;
  const repos = store.scoped({ accountId: file.accountId, livemode: file.livemode });
  for (const id of file.filingIds) {
    yield* repos.filings.update(id, ["submitted"], { receiptId: wfid, submittedAt: now, updatedAt: now });
  }
  return moved;
});

/** The sandbox's outcome of a file: rejected when its employer or one employee is named "reject". */
const sandboxOutcomes = Effect.fnUntraced(function* (file: SsaFile) {
  const repos = (yield* Store).scoped({ accountId: file.accountId, livemode: file.livemode });
  const read = parseEfw2(file.format, file.content);
  const employerRejected = read.records.some(
    (r) => (r.type === "RE" || r.type === "RCE") && /REJECT/.test(r.fields["employerName"] ?? ""),
  );
  const filings = yield* repos.filings.getMany([...file.filingIds]);
  return filings.map((f): RecordOutcome => {
    const name = JSON.stringify((f.jsonForm as Record<string, unknown>)["EmployeeName"] ?? "").toUpperCase();
    const rejected = employerRejected || name.includes("REJECT");
    return rejected
      ? {
          filingId: f.id,
          status: "rejected",
          errors: [
            {
              code: "SSA-SANDBOX-REJECT",
              severity: "Reject",
              xpath: null,
              message: 'Sandbox: the SSA rejected the wage report (a name contains "reject").',
            },
          ],
        }
      : { filingId: f.id, status: "accepted", errors: [] };
  });
});

/**
 * Applies the SSA's answer to the files behind some receipts (WFIDs) of an environment: the sandbox's own, or a
 * live file's outcome recorded by the operator. Returns how many filings moved and the receipts no file has.
 */
export const applySsaReceipts = Effect.fn("applySsaReceipts")(function* (
  scope: Scope,
  receiptIds: readonly string[],
) {
  const ssa = yield* SsaTransmitter;
  const now = (yield* Clock).now().toISOString();
  let applied = 0;
  const notFound: string[] = [];
  for (const wfid of receiptIds) {
    const file = yield* ssa.byWfid(scope.livemode, wfid);
    if (!file || file.accountId !== scope.accountId) {
      notFound.push(wfid);
      continue;
    }
    // Production outcomes come from the operator (markSsaOutcome); only the sandbox answers by itself.
    if (scope.livemode || file.status !== "submitted") continue;
    const outcomes = yield* sandboxOutcomes(file);
    const rejected = outcomes.some((o) => o.status === "rejected");
    applied += yield* applyOutcomes(scope, wfid, outcomes, now);
    yield* ssa.update(file.id, ["submitted"], {
      status: rejected ? "rejected" : "accepted",
      decidedAt: now,
      ...(rejected ? { message: 'sandbox: a name contains "reject"' } : {}),
    });
  }
  return { applied, notFound };
});

// ---- the operator (npm run cli -- ssa ...) -------------------------------------------------------------------

export const listSsaFiles = Effect.fnUntraced(function* (filter: {
  status?: SsaFileStatus;
  livemode?: boolean;
}) {
  return yield* (yield* SsaTransmitter).list(filter);
});

export const getSsaFile = Effect.fnUntraced(function* (id: string) {
  const file = yield* (yield* SsaTransmitter).get(id);
  if (!file) return yield* new NotFound({ message: `No SSA file ${id}.` });
  return file;
});

/** `ssa mark-submitted`: the operator uploaded the file; WFID is the SSA's wage file identifier. */
export const markSsaSubmitted = Effect.fn("markSsaSubmitted")(function* (id: string, wfid: string) {
  const file = yield* getSsaFile(id);
  if (!/^[A-Za-z0-9]{6}$/.test(wfid))
    return yield* new InvalidRequest({
      param: "wfid",
      message: "A WFID is the 6 letters and digits the SSA shows after the upload.",
    });
  if (file.status !== "pending")
    return yield* new InvalidRequest({
      param: "id",
      message: `SSA file ${id} is ${file.status}, not pending.`,
    });
  const now = (yield* Clock).now().toISOString();
  return (yield* markSubmitted(file, wfid.toUpperCase(), now)) ?? (yield* getSsaFile(id));
});

/** `ssa mark-accepted` / `ssa mark-rejected`: the SSA's outcome for every filing of the file, with events. */
export const markSsaOutcome = Effect.fn("markSsaOutcome")(function* (
  id: string,
  outcome: "accepted" | "rejected",
  reason: string | null,
) {
  const ssa = yield* SsaTransmitter;
  const file = yield* getSsaFile(id);
  if (file.status !== "submitted" || !file.wfid)
    return yield* new InvalidRequest({
      param: "id",
      message: `SSA file ${id} is ${file.status}; mark it submitted (with its WFID) first.`,
    });
  const now = (yield* Clock).now().toISOString();
  const errors =
    outcome === "rejected"
      ? [
          {
            code: "SSA-REJECT",
            severity: "Reject" as const,
            xpath: null,
            message: reason ?? "The SSA rejected the wage file.",
          },
        ]
      : [];
  const applied = yield* applyOutcomes(
    { accountId: file.accountId, livemode: file.livemode },
    file.wfid,
    file.filingIds.map((filingId) => ({ filingId, status: outcome, errors })),
    now,
  );
  const moved = yield* ssa.update(id, ["submitted"], { status: outcome, decidedAt: now, message: reason });
  return { file: moved ?? file, applied };
});
