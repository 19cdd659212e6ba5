// IRIS A2A (the IRS's application-to-application channel for information returns) for one environment:
// - transmit: the IRTransmission XML (built by the core with the transmitter of the configuration and the
//   SoftwareId of the tax year) as `multipart/form-data` with one part `file`, to
//   POST {base}/IRIntakeAcceptanceA2A/1.0/irisa2a/v1/intake-acceptance; the reply <IntakeA2AResponse><receiptId>
//   is the receipt. A resumed transmission (its UniqueTransmissionId was stored before an earlier attempt sent
//   it) is first looked up by UTID and sent again only when the IRS answers Not Found.
// - acknowledgements: POST {base}/IRIntakeAcceptanceA2A/1.0/iris/transstatusorack with a TransStatusOrAckRequest
//   (SearchTypeCd A, by receipt id, up to 100 per request), read with the core's ack parser.
// Errors: no answer, 5xx and 429 are IrsUnavailable (retried with backoff by the client, then by the job); a 400
// with a body on intake is TransmissionRefused with the IRS's reasons; a 401 after a renewed token is
// IrsUnavailable with a log line naming the configuration to check.
import * as Effect from "effect/Effect";
import {
  maskTins,
  parseStatusResponse,
  recordOutcomes,
  resultFor,
  type AckResult,
  type RecordOutcome,
} from "../../core/domain/iris/ack.ts";
import type { TransmitterProfile } from "../../core/domain/iris/rules/model.ts";
import {
  buildTransmission,
  IRIS_NAMESPACE,
  RECEIPT_ID_PATTERN,
  type TransmissionInput,
  type TransmitterInput,
} from "../../core/domain/iris/transmission.ts";
import { XmlWriter, childText, parseXml } from "../../core/domain/iris/xml.ts";
import {
  IrsUnavailable,
  TransmissionRefused,
  type Acknowledgement,
  type AcknowledgementRequest,
  type TransmitReceipt,
} from "../../core/ports/irs-transmitter.port.ts";
import { IrsApiClient, ReplyLost, Unavailable, type ClientOptions } from "./client.ts";

export const INTAKE_PATH = "/IRIntakeAcceptanceA2A/1.0/irisa2a/v1/intake-acceptance";
export const STATUS_PATH = "/IRIntakeAcceptanceA2A/1.0/iris/transstatusorack";
/** SearchId occurs 1 to 100 times in a TransStatusOrAckRequest. */
export const MAX_SEARCH_IDS = 100;

export interface IrisA2aOptions extends ClientOptions {
  /** The transmitter (the service itself) without its SoftwareId, which depends on the tax year. */
  readonly transmitter: Omit<TransmitterInput, "softwareId">;
  /** SoftwareId per tax year (its first two digits are the tax year's last two, IRS rule TMFST020). */
  readonly softwareIds: ReadonlyMap<number, string>;
  /** Rule numbers this environment grades as rejecting a record (the sandbox's name rule); none in production. */
  readonly rejectingRules?: readonly string[];
}

export interface IrisChannel {
  readonly transmit: (
    t: TransmissionInput,
    now: Date,
    resume: boolean,
  ) => Effect.Effect<TransmitReceipt, IrsUnavailable | TransmissionRefused>;
  readonly acknowledgements: (
    requests: readonly AcknowledgementRequest[],
  ) => Effect.Effect<readonly Acknowledgement[], IrsUnavailable>;
  /** What this channel writes in the manifest (TestCd, software id per tax year), for the IRS rules checked before pay. */
  readonly profile: TransmitterProfile;
}

function unavailable(e: unknown): IrsUnavailable | TransmissionRefused {
  if (e instanceof TransmissionRefused || e instanceof IrsUnavailable) return e;
  if (e instanceof Unavailable)
    return new IrsUnavailable({
      message: e.message,
      ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
    });
  return new IrsUnavailable({
    message: `IRIS request failed: ${e instanceof Error ? e.message : String(e)}`,
  });
}

/** TransStatusOrAckRequest (IRIS STATUS LIBRARY, IRS-IR-TransStatusOrAckRequest.xsd). */
export function statusRequestXml(
  tcc: string,
  kind: "S" | "A",
  by: "RID" | "UTID",
  ids: readonly string[],
): string {
  const w = new XmlWriter();
  w.element(
    "TransStatusOrAckRequest",
    () => {
      w.leaf("TransmitterControlCd", tcc).leaf("SearchTypeCd", kind).leaf("SearchParameterTypeCd", by);
      for (const id of ids) w.leaf("SearchId", id);
    },
    { xmlns: IRIS_NAMESPACE },
  );
  return w.toString();
}

/** The reasons of a refusal body (IRIS ErrorInformationGrp elements, JSON, or text), TINs masked. */
export function refusalReasons(body: string): string[] {
  const trimmed = body.trim();
  try {
    if (trimmed.startsWith("<")) {
      const root = parseXml(trimmed);
      const found: string[] = [];
      const walk = (el: typeof root) => {
        if (el.name === "ErrorInformationGrp") {
          const code = childText(el, "ErrorMessageCd");
          const text = childText(el, "ErrorMessageTxt");
          const path = childText(el, "ElementPathTxt");
          found.push([code, text, path ? `(${path})` : ""].filter(Boolean).join(" "));
          return;
        }
        el.children.forEach(walk);
      };
      walk(root);
      if (found.length > 0) return found.map(maskTins);
    } else if (trimmed.startsWith("{")) {
      const j = JSON.parse(trimmed) as Record<string, unknown>;
      const parts = [
        j["errorCode"],
        j["errorMessage"],
        j["message"],
        j["error"],
        j["error_description"],
      ].filter((v) => typeof v === "string") as string[];
      if (parts.length > 0) return [maskTins(parts.join(": "))];
    }
  } catch {
    /* fall through to the text */
  }
  return trimmed ? [maskTins(trimmed.slice(0, 500))] : [];
}

/** The receipt id of an intake reply, `<IntakeA2AResponse><receiptId>…`; undefined when it has none. */
export function intakeReceiptId(body: string): string | undefined {
  try {
    const root = parseXml(body.trim());
    const id =
      root.name === "IntakeA2AResponse"
        ? (childText(root, "receiptId") ?? childText(root, "ReceiptId"))
        : undefined;
    return id !== undefined && RECEIPT_ID_PATTERN.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

export function makeIrisA2a(options: IrisA2aOptions, client = new IrsApiClient(options)): IrisChannel {
  const tcc = options.transmitter.tcc;
  const log = options.log ?? (() => {});
  const rejecting = new Set(options.rejectingRules ?? []);

  const status = async (kind: "S" | "A", by: "RID" | "UTID", ids: readonly string[]) => {
    const res = await client.request(
      "status",
      STATUS_PATH,
      {
        method: "POST",
        headers: { "content-type": "application/xml", accept: "application/xml" },
        body: statusRequestXml(tcc, kind, by, ids),
      },
      { idempotent: true },
    );
    if (res.status !== 200) {
      log("error", "IRIS status request refused", {
        environment: options.environment,
        status: res.status,
        request_id: res.requestId,
        reasons: refusalReasons(res.body).slice(0, 5),
      });
      throw new Unavailable(`IRIS answered the status request with HTTP ${String(res.status)}.`);
    }
    const parsed = parseStatusResponse(res.body);
    if (!parsed.ok) {
      log("error", "IRIS status reply not understood", {
        environment: options.environment,
        request_id: res.requestId,
        error: parsed.message,
      });
      throw new Unavailable(`The IRIS status reply was not understood: ${parsed.message}.`);
    }
    return parsed.value;
  };

  /** The receipt of a transmission the IRS already has, looked up by UTID; undefined on Not Found. */
  const recover = async (utid: string): Promise<string | undefined> => {
    const answer = await status("S", "UTID", [utid]);
    const r: AckResult | undefined = resultFor(answer, utid);
    // Only the IRS's own Not Found allows a send: a reply that does not speak of this UTID says nothing about it.
    if (!r) {
      log("error", "IRIS status reply has no result for the UTID asked about", {
        environment: options.environment,
        utid,
      });
      throw new Unavailable(`The IRIS status reply has no result for ${utid}; nothing was sent.`);
    }
    if (r.transmission.status === "Not Found") return undefined;
    if (!r.transmission.receiptId || !RECEIPT_ID_PATTERN.test(r.transmission.receiptId))
      throw new Unavailable(`IRIS knows ${utid} but gave no receipt id.`);
    log("info", "IRIS transmission recovered by UTID", {
      environment: options.environment,
      utid,
      receipt: r.transmission.receiptId,
    });
    return r.transmission.receiptId;
  };

  const transmit = async (t: TransmissionInput, now: Date, resume: boolean): Promise<TransmitReceipt> => {
    const softwareId = options.softwareIds.get(t.taxYear);
    if (!softwareId) {
      log("error", "no IRIS software id for the tax year", {
        environment: options.environment,
        tax_year: t.taxYear,
        hint: "add it to IRIS_SOFTWARE_IDS",
      });
      throw new Unavailable(
        `No IRIS SoftwareId is configured for tax year ${String(t.taxYear)} (IRIS_SOFTWARE_IDS).`,
      );
    }
    const built = buildTransmission(t, { ...options.transmitter, softwareId });
    if (!built.ok)
      throw new TransmissionRefused({
        message: "The transmission cannot be built.",
        problems: built.problems,
      });
    const utid = built.value.uniqueTransmissionId;
    if (resume) {
      const known = await recover(utid);
      if (known) return { receiptId: known, submittedAt: now };
    }
    const form = new FormData();
    form.append("file", new Blob([built.value.xml], { type: "text/xml" }), "transmission.xml");
    let res;
    try {
      res = await client.request(
        "intake",
        INTAKE_PATH,
        { method: "POST", headers: { accept: "application/xml" }, body: form },
        { idempotent: false },
      );
    } catch (e) {
      if (e instanceof ReplyLost)
        log("warn", "IRIS intake reply lost; the next attempt asks by UTID first", {
          environment: options.environment,
          utid,
        });
      throw e;
    }
    if (res.status === 200) {
      const receiptId = intakeReceiptId(res.body);
      if (receiptId) {
        log("info", "IRIS transmission received", {
          environment: options.environment,
          utid,
          receipt: receiptId,
          request_id: res.requestId,
        });
        return { receiptId, submittedAt: now };
      }
      log("error", "IRIS intake reply not understood", {
        environment: options.environment,
        utid,
        request_id: res.requestId,
      });
      throw new Unavailable("The IRIS intake reply has no receipt id; the next attempt asks by UTID first.");
    }
    if (res.status === 400) {
      // A resumed transmission the IRS indexed late answers as a duplicate: it has it, so take its receipt.
      if (resume) {
        const known = await recover(utid);
        if (known) return { receiptId: known, submittedAt: now };
      }
      const reasons = refusalReasons(res.body);
      log("error", "IRIS refused the transmission", {
        environment: options.environment,
        utid,
        request_id: res.requestId,
        reasons: reasons.slice(0, 10),
      });
      throw new TransmissionRefused({
        message: "IRIS refused the transmission on intake.",
        problems: reasons.map((message) => ({ message })),
      });
    }
    log("error", "IRIS intake answered with an unexpected status", {
      environment: options.environment,
      utid,
      status: res.status,
      request_id: res.requestId,
      reasons: refusalReasons(res.body).slice(0, 5),
    });
    throw new Unavailable(`IRIS answered the intake request with HTTP ${String(res.status)}.`);
  };

  const graded = (records: readonly RecordOutcome[]): RecordOutcome[] =>
    records.map((r) => {
      if (!r.errors.some((e) => rejecting.has(e.code))) return r;
      return {
        ...r,
        status: "rejected",
        errors: r.errors.map((e) => (rejecting.has(e.code) ? { ...e, severity: "Reject" as const } : e)),
      };
    });

  const acknowledgements = async (
    requests: readonly AcknowledgementRequest[],
  ): Promise<Acknowledgement[]> => {
    const out: Acknowledgement[] = [];
    for (let i = 0; i < requests.length; i += MAX_SEARCH_IDS) {
      const chunk = requests.slice(i, i + MAX_SEARCH_IDS);
      const answer = await status(
        "A",
        "RID",
        chunk.map((r) => r.receiptId),
      );
      for (const r of chunk) {
        const result = resultFor(answer, r.receiptId);
        if (!result) {
          log("warn", "IRIS status reply has no result for a receipt", {
            environment: options.environment,
            receipt: r.receiptId,
          });
          out.push({ status: "processing" });
          continue;
        }
        const outcome = recordOutcomes(
          result,
          r.records,
          r.formTypeCdOf ? { formTypeCdOf: r.formTypeCdOf } : {},
        );
        out.push(outcome.status === "done" ? { ...outcome, records: graded(outcome.records) } : outcome);
      }
    }
    return out;
  };

  return {
    profile: {
      test: options.transmitter.test,
      softwareIdFor: (taxYear: number) => options.softwareIds.get(taxYear),
    },
    transmit: (t, now, resume) =>
      Effect.tryPromise({ try: () => transmit(t, now, resume), catch: unavailable }),
    acknowledgements: (requests) =>
      Effect.tryPromise({
        try: () => acknowledgements(requests),
        catch: (e) => unavailable(e) as IrsUnavailable,
      }),
  };
}
