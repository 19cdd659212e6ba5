// The IRS e-Services TIN Matching API for one environment: POST {base}/esrv/api/tinm/request, JSON
// { tin, name, tinType }, the same OAuth token as IRIS. One TIN per call. The answer's responseCode (Pub 2108-A)
// becomes the service's result:
//   0 match, 6 matched an SSN, 7 matched an EIN, 8 matched both -> match
//   2 TIN not currently issued -> not_issued
//   1 TIN missing or not 9 digits, 3 name/TIN mismatch, 4 invalid request, 5 duplicate request -> mismatch
// Names go in the IRS's character set (letters, digits, spaces, hyphen, ampersand; 70 at most).
import * as Effect from "effect/Effect";
import { IrsUnavailable } from "../../core/ports/irs-transmitter.port.ts";
import type { TinMatchOutcome } from "../../core/ports/tin-matcher.port.ts";
import type { Tin } from "../../core/domain/shared/tin.ts";
import { IrsApiClient, Unavailable, type ClientOptions } from "./client.ts";

export const TIN_MATCH_PATH = "/esrv/api/tinm/request";

export function outcomeOfResponseCode(code: number): TinMatchOutcome {
  if (code === 0 || code === 6 || code === 7 || code === 8) return "match";
  if (code === 2) return "not_issued";
  return "mismatch";
}

/** The name as the TIN Matching API takes it: other characters become spaces, 70 characters at most. */
export function tinMatchName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 &-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 70)
    .trim();
}

export interface TinMatchingChannel {
  readonly match: (
    entries: readonly { readonly name: string; readonly tin: Tin; readonly tinType?: "ssn" | "ein" | null }[],
  ) => Effect.Effect<readonly TinMatchOutcome[], IrsUnavailable>;
}

export function makeTinMatching(
  options: ClientOptions,
  client = new IrsApiClient(options),
): TinMatchingChannel {
  const log = options.log ?? (() => {});
  const one = async (e: {
    name: string;
    tin: Tin;
    tinType?: "ssn" | "ein" | null;
  }): Promise<TinMatchOutcome> => {
    const body = JSON.stringify({
      tin: e.tin.reveal(),
      name: tinMatchName(e.name) || "UNKNOWN",
      tinType: e.tinType === "ssn" ? "SSN" : e.tinType === "ein" ? "EIN" : "UNKNOWN",
    });
    const res = await client.request(
      "tin match",
      TIN_MATCH_PATH,
      { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body },
      { idempotent: true },
    );
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(res.body) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    if (res.status === 200 && typeof parsed["responseCode"] === "number")
      return outcomeOfResponseCode(parsed["responseCode"]);
    if (
      res.status === 400 &&
      typeof parsed["errorCode"] === "string" &&
      parsed["errorCode"].startsWith("TinMatchRequest.tin")
    )
      return "mismatch";
    log("error", "IRS TIN Matching answer not usable", {
      environment: options.environment,
      status: res.status,
      request_id: res.requestId,
      error_code: typeof parsed["errorCode"] === "string" ? parsed["errorCode"] : undefined,
    });
    throw new Unavailable(
      `IRS TIN Matching answered HTTP ${String(res.status)}${typeof parsed["errorCode"] === "string" ? ` (${parsed["errorCode"]})` : ""}.`,
    );
  };
  return {
    match: (entries) =>
      Effect.tryPromise({
        try: async () => {
          const out: TinMatchOutcome[] = [];
          for (const e of entries) out.push(await one(e));
          return out;
        },
        catch: (e) =>
          new IrsUnavailable({
            message: e instanceof Error ? e.message : String(e),
            ...(e instanceof Unavailable && e.retryAfterMs !== undefined
              ? { retryAfterMs: e.retryAfterMs }
              : {}),
          }),
      }),
  };
}
