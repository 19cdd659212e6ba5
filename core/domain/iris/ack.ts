// IRIS acknowledgements (IRIS STATUS LIBRARY, IRS-IR-TransStatusOrAckResponse.xsd): the parsed response, and the
// outcome of each filing read from it. Pure.
//
// IRIS decides per transmission and per submission; a record only carries errors. So a filing is:
// - rejected when its transmission or its submission is "Rejected", or when one of its own errors is a rule whose
//   IRS severity is "Reject";
// - accepted_with_errors when it was not rejected and has errors (its own, its submission's or the transmission's);
// - accepted otherwise, also when an accepted or partially accepted transmission does not list its submission (a
//   rejected submission is always listed with the errors that rejected it).
// ErrorValueTxt (the offending value, which can be a TIN) is never copied into an outcome, and digits that look like
// a TIN in a message are masked, so outcomes can be stored, logged and returned as they are.
import { businessRule, businessRuleText, type Severity } from "./business-rules.ts";
import { IRIS_NAMESPACE, recordKey } from "./transmission.ts";
import { XmlWriter, childNamed, childText, childrenNamed, parseXml, type XmlElement } from "./xml.ts";

export const TRANSMISSION_STATUSES = [
  "Accepted",
  "Accepted with Errors",
  "Partially Accepted",
  "Rejected",
  "Processing",
  "Not Found",
] as const;
export type TransmissionStatus = (typeof TRANSMISSION_STATUSES)[number];
/** The submission status has no "Partially Accepted" in the XSD. */
export const SUBMISSION_STATUSES = [
  "Accepted",
  "Accepted with Errors",
  "Rejected",
  "Processing",
  "Not Found",
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const RECORD_STATUSES = ["accepted", "accepted_with_errors", "rejected"] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** One error as the service shows it (SPEC "Acknowledgement": `{ code, severity, xpath, message }`). */
export interface AckError {
  /** The IRS business rule number (ErrorMessageCd), e.g. "SHAREDIRFORM014". */
  readonly code: string;
  readonly severity: Severity;
  /** ElementPathTxt, when the IRS gives one. */
  readonly xpath: string | null;
  readonly message: string;
}

export interface RecordOutcome {
  readonly filingId: string;
  readonly status: RecordStatus;
  readonly errors: readonly AckError[];
}

/** ErrorInformationGrp. */
export interface ErrorInformation {
  readonly code: string;
  readonly message: string | null;
  /** ErrorValueTxt: kept in the parsed response for diagnosis, never copied into an outcome. */
  readonly value: string | null;
  readonly path: string | null;
}

export interface RecordResult {
  readonly recordId: string | null;
  readonly errors: readonly ErrorInformation[];
}

export interface SubmissionResult {
  readonly submissionId: string | null;
  readonly status: SubmissionStatus;
  readonly errors: readonly ErrorInformation[];
  readonly records: readonly RecordResult[];
}

export interface TransmissionResult {
  readonly uniqueTransmissionId: string | null;
  readonly receiptId: string | null;
  readonly status: TransmissionStatus;
  readonly errors: readonly ErrorInformation[];
}

/** ResultGrp: the answer for one SearchId (a receipt id or a UniqueTransmissionId). */
export interface AckResult {
  readonly searchId: string;
  readonly transmission: TransmissionResult;
  readonly submissions: readonly SubmissionResult[];
}

export interface StatusResponse {
  readonly results: readonly AckResult[];
}

export type ParsedStatusResponse =
  | { readonly ok: true; readonly value: StatusResponse }
  | { readonly ok: false; readonly message: string };

function isTransmissionStatus(s: string): s is TransmissionStatus {
  return (TRANSMISSION_STATUSES as readonly string[]).includes(s);
}
function isSubmissionStatus(s: string): s is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(s);
}

class Malformed extends Error {}

function errorsOf(el: XmlElement): ErrorInformation[] {
  return childrenNamed(el, "ErrorInformationGrp").map((e) => {
    const code = childText(e, "ErrorMessageCd");
    if (code === undefined || code === "") throw new Malformed("ErrorInformationGrp without ErrorMessageCd");
    return {
      code,
      message: childText(e, "ErrorMessageTxt") ?? null,
      value: childText(e, "ErrorValueTxt") ?? null,
      path: childText(e, "ElementPathTxt") ?? null,
    };
  });
}

/** Reads a TransStatusOrAckResponse document (any namespace prefix). Status values must be the XSD's, spaces and all. */
export function parseStatusResponse(xml: string): ParsedStatusResponse {
  try {
    const root = parseXml(xml);
    if (root.name !== "TransStatusOrAckResponse")
      return { ok: false, message: `expected TransStatusOrAckResponse, found ${root.name}` };
    const results = childrenNamed(root, "ResultGrp").map((g): AckResult => {
      const t = childNamed(g, "TransmissionResultGrp");
      if (!t) throw new Malformed("ResultGrp without TransmissionResultGrp");
      const tStatus = childText(t, "TransmissionStatusCd") ?? "";
      if (!isTransmissionStatus(tStatus))
        throw new Malformed(`unknown TransmissionStatusCd ${JSON.stringify(tStatus)}`);
      return {
        searchId: childText(g, "SearchId") ?? "",
        transmission: {
          uniqueTransmissionId: childText(t, "UniqueTransmissionId") ?? null,
          receiptId: childText(t, "ReceiptId") ?? null,
          status: tStatus,
          errors: errorsOf(t),
        },
        submissions: childrenNamed(g, "SubmissionResultGrp").map((s): SubmissionResult => {
          const sStatus = childText(s, "SubmissionStatusCd") ?? "";
          if (!isSubmissionStatus(sStatus))
            throw new Malformed(`unknown SubmissionStatusCd ${JSON.stringify(sStatus)}`);
          return {
            submissionId: childText(s, "SubmissionId") ?? null,
            status: sStatus,
            errors: errorsOf(s),
            records: childrenNamed(s, "RecordResultGrp").map((r) => ({
              recordId: childText(r, "RecordId") ?? null,
              errors: errorsOf(r),
            })),
          };
        }),
      };
    });
    if (results.length === 0) return { ok: false, message: "TransStatusOrAckResponse without ResultGrp" };
    return { ok: true, value: { results } };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

function writeErrors(w: XmlWriter, errors: readonly ErrorInformation[]): void {
  for (const e of errors) {
    w.element("ErrorInformationGrp", () => {
      w.leaf("ErrorMessageCd", e.code)
        .leaf("ErrorMessageTxt", e.message)
        .leaf("ErrorValueTxt", e.value)
        .leaf("ElementPathTxt", e.path);
    });
  }
}

/** The TransStatusOrAckResponse document for `response`, in XSD order (sandbox answers, fixtures for adapters). */
export function writeStatusResponse(response: StatusResponse): string {
  const w = new XmlWriter();
  w.element(
    "TransStatusOrAckResponse",
    () => {
      for (const r of response.results) {
        w.element("ResultGrp", () => {
          w.leaf("SearchId", r.searchId);
          w.element("TransmissionResultGrp", () => {
            w.leaf("UniqueTransmissionId", r.transmission.uniqueTransmissionId)
              .leaf("ReceiptId", r.transmission.receiptId)
              .leaf("TransmissionStatusCd", r.transmission.status);
            writeErrors(w, r.transmission.errors);
          });
          for (const s of r.submissions) {
            w.element("SubmissionResultGrp", () => {
              w.leaf("SubmissionId", s.submissionId).leaf("SubmissionStatusCd", s.status);
              writeErrors(w, s.errors);
              for (const rec of s.records) {
                w.element("RecordResultGrp", () => {
                  w.leaf("RecordId", rec.recordId);
                  writeErrors(w, rec.errors);
                });
              }
            });
          }
        });
      }
    },
    { xmlns: IRIS_NAMESPACE },
  );
  return w.toString();
}

/** The result for one receipt id (or UniqueTransmissionId) in a response that may answer several searches. */
export function resultFor(response: StatusResponse, searchId: string): AckResult | undefined {
  return response.results.find(
    (r) =>
      r.searchId === searchId ||
      r.transmission.receiptId === searchId ||
      r.transmission.uniqueTransmissionId === searchId,
  );
}

const TIN_LIKE = /\b(\d{3})-?(\d{2})-?(\d{4})\b|\b(\d{2})-(\d{7})\b/g;

/** Masks anything shaped like a TIN ("123456789", "123-45-6789", "12-3456789") to its last four digits. */
export function maskTins(text: string): string {
  return text.replace(TIN_LIKE, (m) => `***-**-${m.replace(/\D/g, "").slice(-4)}`);
}

export interface OutcomeOptions {
  /** FormTypeCd per submission id, to pick the rule text of per-form rules (SMD001). */
  readonly formTypeCdOf?: (submissionId: string) => string | undefined;
}

function toAckError(e: ErrorInformation, fallback: Severity, formTypeCd: string | undefined): AckError {
  const rule = businessRule(e.code);
  const message = e.message ?? businessRuleText(e.code, formTypeCd) ?? e.code;
  return {
    code: e.code,
    severity: rule?.severity ?? fallback,
    xpath: e.path ? maskTins(e.path) : null,
    message: maskTins(message),
  };
}

/** What an acknowledgement says of a transmission's filings (the IRS transmitter port's Acknowledgement). */
export type AckOutcome =
  | { readonly status: "processing" }
  /** The IRS does not know the receipt (IRIS "Not Found"). */
  | { readonly status: "not_found" }
  /** One outcome per filing of the transmission. */
  | {
      readonly status: "done";
      readonly transmissionStatus: TransmissionStatus;
      readonly records: readonly RecordOutcome[];
    };

/**
 * Per-filing outcomes of one acknowledgement. `records` maps recordKey(submissionId, recordId) -> filingId for every
 * record of the transmission (BuiltTransmission.records); every filing gets exactly one outcome, in map order.
 * Processing anywhere means the whole answer is not ready yet.
 */
export function recordOutcomes(
  result: AckResult,
  records: ReadonlyMap<string, string>,
  options: OutcomeOptions = {},
): AckOutcome {
  const t = result.transmission;
  if (t.status === "Processing" || result.submissions.some((s) => s.status === "Processing"))
    return { status: "processing" };
  if (t.status === "Not Found") return { status: "not_found" };
  const transmissionRejected = t.status === "Rejected";
  const transmissionErrors = t.errors.map((e) =>
    toAckError(e, transmissionRejected ? "Reject" : "Report Error", undefined),
  );
  const submissions = new Map(result.submissions.map((s) => [s.submissionId ?? "", s]));
  const outcomes: RecordOutcome[] = [];
  for (const [key, filingId] of records) {
    const submissionId = key.slice(0, Math.max(0, key.indexOf("|")));
    const formTypeCd = options.formTypeCdOf?.(submissionId);
    const sub = submissions.get(submissionId);
    const subRejected = sub?.status === "Rejected";
    const subErrors = (sub?.errors ?? []).map((e) =>
      toAckError(e, subRejected ? "Reject" : "Report Error", formTypeCd),
    );
    const own = sub?.records.find((r) => r.recordId !== null && recordKey(submissionId, r.recordId) === key);
    const ownErrors = (own?.errors ?? []).map((e) =>
      toAckError(e, subRejected || transmissionRejected ? "Reject" : "Report Error", formTypeCd),
    );
    const errors = [...transmissionErrors, ...subErrors, ...ownErrors];
    let status: RecordStatus;
    if (transmissionRejected || subRejected || ownErrors.some((e) => e.severity === "Reject"))
      status = "rejected";
    else if (errors.length > 0) status = "accepted_with_errors";
    else status = "accepted";
    outcomes.push({ filingId, status, errors });
  }
  return { status: "done", transmissionStatus: t.status, records: outcomes };
}

/** The transmission status the IRS reports for a set of submission statuses (all done, none processing). */
export function transmissionStatusOf(submissions: readonly SubmissionStatus[]): TransmissionStatus {
  if (submissions.length === 0) return "Rejected";
  const rejected = submissions.filter((s) => s === "Rejected").length;
  if (rejected === submissions.length) return "Rejected";
  if (rejected > 0) return "Partially Accepted";
  return submissions.includes("Accepted with Errors") ? "Accepted with Errors" : "Accepted";
}
