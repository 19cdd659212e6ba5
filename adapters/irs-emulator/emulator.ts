// A wire-level emulator of the IRS endpoints the service uses (IRIS A2A and the e-Services TIN Matching API), as
// one fetch-style handler: `npm run irs-emulator` serves it on a port, and the sandbox runs it inside the worker
// (in-process, no port), so every sandbox filing goes through the production adapters.
//
// - POST /auth/oauth/v2/token: the jwt-bearer grant with a user JWT (assertion) and a client JWT
//   (client_assertion), both RS256 with a `kid`, checked against the public key the emulator is given.
// - POST /IRIntakeAcceptanceA2A/1.0/irisa2a/v1/intake-acceptance: multipart/form-data with one part `file`; the
//   transmission is validated against the IRS XSD, judged (rules.ts) and answered with
//   <IntakeA2AResponse><receiptId>; an invalid one gets 400 with the schema errors and no receipt.
// - POST /IRIntakeAcceptanceA2A/1.0/iris/transstatusorack: a TransStatusOrAckRequest (XSD-checked), answered with
//   a TransStatusOrAckResponse: "Processing" until the acknowledgement delay has passed, then the outcome.
// - POST /esrv/api/tinm/request: JSON { tin, name, tinType } -> { responseCode } under the sandbox TIN rules;
//   a fourth request for the same TIN and name within 24 h locks the caller out (as the IRS does, for 96 h).
// - /__emulator/stats and /__emulator/faults: what it saw, and fault switches for tests (a lost intake reply,
//   503 bursts, tokens that die early).
// Nothing here logs a TIN or key material.
import { createHash, randomUUID, type KeyObject } from "node:crypto";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { maskTins, writeStatusResponse, type AckResult } from "../../core/domain/iris/ack.ts";
import { RECEIPT_ID_PATTERN } from "../../core/domain/iris/transmission.ts";
import { childText, childrenNamed, parseXml } from "../../core/domain/iris/xml.ts";
import { sandboxTinResult } from "../sandbox-tin-match/sandbox-tin-match.ts";
import { judgeTransmission, type JudgeOptions } from "./rules.ts";
import { inMemoryEmulatorStore, type EmulatedTransmission, type EmulatorStore } from "./store.ts";
import { validateIris } from "./xsd.ts";

export const TOKEN_PATH = "/auth/oauth/v2/token";
export const INTAKE_PATH = "/IRIntakeAcceptanceA2A/1.0/irisa2a/v1/intake-acceptance";
export const STATUS_PATH = "/IRIntakeAcceptanceA2A/1.0/iris/transstatusorack";
export const TIN_MATCH_PATH = "/esrv/api/tinm/request";

/** Thrown by `handle` when a fault drops the reply: the in-process fetch fails, the server resets the socket. */
export class EmulatedConnectionLost extends Error {
  constructor() {
    super("the emulated IRS dropped the connection");
    this.name = "EmulatedConnectionLost";
  }
}

export interface EmulatorFaults {
  /** Accept the next N intake requests (their transmissions are kept) but lose the replies. */
  dropIntakeReplies: number;
  /** Accept the next N intake requests and hold their replies for `intakeReplyDelayMs` (a slow IRS; a crash test's window). */
  delayIntakeReplies: number;
  intakeReplyDelayMs: number;
  /** Answer the next N requests to any IRS endpoint with 503 and `Retry-After`. */
  unavailable: number;
  retryAfterSeconds: number;
  /** Tokens stop working this long after they are issued, whatever `expires_in` said; null: as announced. */
  tokenLifetimeMs: number | null;
}

export interface EmulatorStats {
  tokenRequests: number;
  tokensIssued: number;
  /** JWTs refused (signature, claims, kid, replayed jti). */
  jwtRefused: number;
  intakeRequests: number;
  /** Transmissions kept (one per UTID). */
  transmissions: number;
  /** Intake requests for a UTID already received. */
  duplicateIntakes: number;
  intakeXsdFailures: number;
  statusRequests: number;
  statusXsdFailures: number;
  /** SearchIds asked for, in every status request. */
  searchIds: number;
  tinMatchRequests: number;
  /** Requests refused for a missing, unknown or expired token. */
  unauthorized: number;
  repliesDropped: number;
  unavailableAnswers: number;
  /** TIN match requests refused because the same TIN and name were asked a fourth time within 24 h. */
  tinMatchLockouts: number;
}

export interface IrsEmulatorOptions {
  /** The public key of the JWK the transmitter uploaded: both JWTs must verify with it. */
  readonly publicKey: KeyObject;
  /** When set, the JWTs' `iss` and the client JWT's `sub` must be this API client id. */
  readonly clientId?: string;
  /** When set, the user JWT's `sub` must be this IRIS user id. */
  readonly userId?: string;
  /** When set, the JWT header `kid` must be this. */
  readonly keyId?: string;
  /** How long after intake the acknowledgement is ready (the sandbox's SANDBOX_ACK_DELAY_MS). Default 0. */
  readonly ackDelayMs?: number;
  /** `expires_in` of issued tokens, seconds. Default 900 (15 min, as the IRS). */
  readonly tokenTtlSeconds?: number;
  readonly store?: EmulatorStore;
  /** Validate transmissions and status requests against the IRS XSD (each costs a WebAssembly libxml2 run). Default true; `{ status: false }` checks transmissions only. */
  readonly validateXsd?: boolean | { readonly status: boolean };
  readonly judge?: JudgeOptions;
  readonly now?: () => Date;
  /** One line per refused request (never a TIN, a token or a key). */
  readonly log?: (line: string, fields: Record<string, unknown>) => void;
}

export interface IrsEmulator {
  readonly handle: (request: Request) => Promise<Response>;
  readonly faults: EmulatorFaults;
  readonly stats: EmulatorStats;
  /** Every token issued so far stops working now (an IRS session that died early). */
  readonly expireTokens: () => void;
  /** A fetch function that calls `handle` directly: the in-process transport of the sandbox. */
  readonly fetch: typeof fetch;
}

/** An IRS-format receipt id derived from the UTID: `YYYY-<11 digits>-<9 alphanumerics>`. */
export function emulatedReceiptId(utid: string, year: number): string {
  const digest = createHash("sha256").update(`irs-emulator:${utid}`).digest();
  const digits = (digest.readBigUInt64BE(0) % 100_000_000_000n).toString().padStart(11, "0");
  let tail = "";
  for (let i = 8; tail.length < 9; i++) tail += ((digest[i] ?? 0) % 36).toString(36);
  return `${String(Math.min(9999, Math.max(1000, year)))}-${digits}-${tail}`;
}

const xml = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "application/xml" } });
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A 400 intake or status refusal: the errors as IRIS ErrorInformationGrp elements. */
function refusal(
  root: string,
  errors: readonly { code: string; message: string; path?: string }[],
): Response {
  const groups = errors.map(
    (e) =>
      `<ErrorInformationGrp><ErrorMessageCd>${escapeXml(e.code)}</ErrorMessageCd><ErrorMessageTxt>${escapeXml(e.message)}</ErrorMessageTxt>${e.path ? `<ElementPathTxt>${escapeXml(e.path)}</ElementPathTxt>` : ""}</ErrorInformationGrp>`,
  );
  return xml(`<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${groups.join("")}</${root}>\n`, 400);
}

const PAIR_WINDOW_MS = 24 * 3600 * 1000;
const LOCKOUT_MS = 96 * 3600 * 1000;

export function createIrsEmulator(options: IrsEmulatorOptions): IrsEmulator {
  const now = options.now ?? (() => new Date());
  const store = options.store ?? inMemoryEmulatorStore();
  const validate = options.validateXsd !== false;
  const validateStatus = typeof options.validateXsd === "object" ? options.validateXsd.status : validate;
  const ttl = options.tokenTtlSeconds ?? 900;
  const log = options.log ?? (() => {});
  const faults: EmulatorFaults = {
    dropIntakeReplies: 0,
    delayIntakeReplies: 0,
    intakeReplyDelayMs: 0,
    unavailable: 0,
    retryAfterSeconds: 1,
    tokenLifetimeMs: null,
  };
  const stats: EmulatorStats = {
    tokenRequests: 0,
    tokensIssued: 0,
    jwtRefused: 0,
    intakeRequests: 0,
    transmissions: 0,
    duplicateIntakes: 0,
    intakeXsdFailures: 0,
    statusRequests: 0,
    statusXsdFailures: 0,
    searchIds: 0,
    tinMatchRequests: 0,
    unauthorized: 0,
    repliesDropped: 0,
    unavailableAnswers: 0,
    tinMatchLockouts: 0,
  };
  const tokens = new Map<string, number>(); // access token -> dies at (ms)
  const jtis = new Map<string, number>(); // jti -> seen until (ms)
  const pairs = new Map<string, number[]>(); // sha256(TIN|name) -> request times (ms)
  let lockedUntil = 0;

  async function verifyJwt(
    jwt: string,
    audience: string,
    subject: string | undefined,
  ): Promise<string | null> {
    try {
      const header = decodeProtectedHeader(jwt);
      if (header.alg !== "RS256") return "alg must be RS256";
      if (!header.kid) return "the JWT header has no kid";
      if (options.keyId && header.kid !== options.keyId) return "kid is not the uploaded JWK's";
      const { payload } = await jwtVerify(jwt, options.publicKey, {
        algorithms: ["RS256"],
        audience,
        ...(options.clientId ? { issuer: options.clientId } : {}),
        ...(subject ? { subject } : {}),
        requiredClaims: ["iss", "sub", "aud", "iat", "exp", "jti"],
        currentDate: now(),
      });
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > 15 * 60 + 5)
        return "exp must be at most 15 minutes after iat";
      const jti = String(payload.jti);
      if (jtis.has(jti)) return "jti was used before";
      jtis.set(jti, (payload.exp ?? 0) * 1000);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  async function token(request: Request, url: URL): Promise<Response> {
    stats.tokenRequests++;
    const form = new URLSearchParams(await request.text());
    if (
      form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" ||
      form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" ||
      !form.get("assertion") ||
      !form.get("client_assertion")
    ) {
      return json(
        {
          error: "invalid_request",
          error_description: "grant_type, assertion, client_assertion_type and client_assertion are required",
        },
        400,
      );
    }
    const audience = `${url.origin}${TOKEN_PATH}`;
    for (const t of jtis.entries()) if (t[1] < now().getTime()) jtis.delete(t[0]);
    const userError = await verifyJwt(String(form.get("assertion")), audience, options.userId);
    const clientError =
      userError ?? (await verifyJwt(String(form.get("client_assertion")), audience, options.clientId));
    if (userError || clientError) {
      stats.jwtRefused++;
      log("irs emulator: token refused", {
        reason: userError ? `user JWT: ${userError}` : `client JWT: ${String(clientError)}`,
      });
      return json(
        {
          error: "invalid_client",
          error_description: userError ? `user JWT: ${userError}` : `client JWT: ${String(clientError)}`,
        },
        401,
      );
    }
    const access = randomUUID().replace(/-/g, "") + randomUUID().replace(/-/g, "");
    const lifetime = faults.tokenLifetimeMs ?? ttl * 1000;
    tokens.set(access, now().getTime() + Math.min(lifetime, ttl * 1000));
    stats.tokensIssued++;
    return json({ access_token: access, token_type: "Bearer", expires_in: ttl, refresh_token: randomUUID() });
  }

  function authorized(request: Request): boolean {
    const m = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "");
    const dies = m?.[1] ? tokens.get(m[1]) : undefined;
    if (dies !== undefined && dies > now().getTime()) return true;
    stats.unauthorized++;
    return false;
  }

  async function intake(request: Request): Promise<Response> {
    stats.intakeRequests++;
    const type = request.headers.get("content-type") ?? "";
    if (!type.startsWith("multipart/form-data"))
      return refusal("IntakeA2AResponse", [
        { code: "HTTP415", message: "The body must be multipart/form-data with a part named file." },
      ]);
    let body: string;
    try {
      const part = (await request.formData()).get("file");
      if (!part || typeof part === "string")
        return refusal("IntakeA2AResponse", [
          { code: "FILE", message: "The multipart body has no file part named file." },
        ]);
      const bytes = new Uint8Array(await part.arrayBuffer());
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
        return refusal("IntakeA2AResponse", [
          { code: "ENCODING", message: "The transmission must be UTF-8 without a byte order mark." },
        ]);
      body = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return refusal("IntakeA2AResponse", [
        { code: "FILE", message: "The multipart body could not be read as a UTF-8 file part." },
      ]);
    }
    // The XSD check runs in a worker thread while the document is read and judged here.
    const xsd = validate
      ? validateIris("intake", body)
      : Promise.resolve({ valid: true, errors: [] as readonly string[] });
    let judged: ReturnType<typeof judgeTransmission> | undefined;
    let malformed: string | undefined;
    try {
      const root = parseXml(body);
      if (root.name === "IRTransmission") judged = judgeTransmission(root, options.judge);
      else malformed = `expected IRTransmission, found ${root.name}`;
    } catch (e) {
      malformed = e instanceof Error ? e.message : String(e);
    }
    const r = await xsd;
    if (!r.valid) {
      stats.intakeXsdFailures++;
      log("irs emulator: transmission refused by the XSD", {
        errors: r.errors.length,
        first: maskTins(r.errors[0] ?? ""),
      });
      return refusal(
        "IntakeA2AResponse",
        r.errors.slice(0, 50).map((message) => ({ code: "XSD", message })),
      );
    }
    if (!judged)
      return refusal("IntakeA2AResponse", [{ code: "XML", message: malformed ?? "unreadable document" }]);
    const at = now();
    const candidate: EmulatedTransmission = {
      receiptId: emulatedReceiptId(judged.utid, at.getUTCFullYear()),
      utid: judged.utid,
      tcc: judged.tcc,
      receivedAt: at.toISOString(),
      ackAvailableAt: new Date(at.getTime() + Math.max(0, options.ackDelayMs ?? 0)).toISOString(),
      status: judged.status,
      errors: judged.errors,
      submissions: judged.submissions,
    };
    const { kept, inserted } = await store.insertIfAbsent(candidate);
    if (!inserted) {
      stats.duplicateIntakes++;
      log("irs emulator: duplicate UniqueTransmissionId", { receipt: kept.receiptId });
      return refusal("IntakeA2AResponse", [
        {
          code: "DUPLICATE",
          message: `UniqueTransmissionId ${judged.utid} was already received (receipt ${kept.receiptId}).`,
        },
      ]);
    }
    stats.transmissions++;
    if (faults.dropIntakeReplies > 0) {
      faults.dropIntakeReplies--;
      stats.repliesDropped++;
      throw new EmulatedConnectionLost();
    }
    if (faults.delayIntakeReplies > 0) {
      faults.delayIntakeReplies--;
      await new Promise((resolve) => setTimeout(resolve, faults.intakeReplyDelayMs));
    }
    return xml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<IntakeA2AResponse><receiptId>${kept.receiptId}</receiptId></IntakeA2AResponse>\n`,
    );
  }

  async function status(request: Request): Promise<Response> {
    stats.statusRequests++;
    const body = await request.text();
    if (validateStatus) {
      const r = await validateIris("status-request", body);
      if (!r.valid) {
        stats.statusXsdFailures++;
        return refusal(
          "TransStatusOrAckResponse",
          r.errors.slice(0, 20).map((message) => ({ code: "XSD", message })),
        );
      }
    }
    let root;
    try {
      root = parseXml(body);
    } catch (e) {
      return refusal("TransStatusOrAckResponse", [
        { code: "XML", message: e instanceof Error ? e.message : String(e) },
      ]);
    }
    const tcc = childText(root, "TransmitterControlCd") ?? "";
    const ack = childText(root, "SearchTypeCd") === "A";
    const byReceipt = childText(root, "SearchParameterTypeCd") === "RID";
    const ids = childrenNamed(root, "SearchId").map((e) => e.text.trim());
    stats.searchIds += ids.length;
    const results: AckResult[] = [];
    for (const id of ids) {
      const found = byReceipt
        ? RECEIPT_ID_PATTERN.test(id)
          ? await store.byReceiptId(id)
          : undefined
        : await store.byUtid(id);
      if (!found || found.tcc !== tcc) {
        results.push({
          searchId: id,
          transmission: { uniqueTransmissionId: null, receiptId: null, status: "Not Found", errors: [] },
          submissions: [],
        });
        continue;
      }
      const ids2 = { uniqueTransmissionId: found.utid, receiptId: found.receiptId };
      if (now().getTime() < Date.parse(found.ackAvailableAt)) {
        results.push({
          searchId: id,
          transmission: { ...ids2, status: "Processing", errors: [] },
          submissions: [],
        });
        continue;
      }
      results.push({
        searchId: id,
        transmission: { ...ids2, status: found.status, errors: ack ? found.errors : [] },
        submissions: found.submissions.map((s) => (ack ? s : { ...s, errors: [], records: [] })),
      });
    }
    return xml(writeStatusResponse({ results }));
  }

  async function tinMatch(request: Request): Promise<Response> {
    stats.tinMatchRequests++;
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      return json({ errorCode: "TinMatchRequest.invalid", errorMessage: "The body must be JSON." }, 400);
    }
    const tin = typeof body["tin"] === "string" ? body["tin"] : "";
    const name = typeof body["name"] === "string" ? body["name"] : "";
    if (!/^\d{9}$/.test(tin))
      return json({ errorCode: "TinMatchRequest.tin.invalid", errorMessage: "tin must be 9 digits." }, 400);
    if (!/^[A-Za-z0-9 &-]{1,70}$/.test(name))
      return json(
        {
          errorCode: "TinMatchRequest.name.invalid",
          errorMessage: "name must be 1 to 70 letters, digits, spaces, - or &.",
        },
        400,
      );
    if (body["tinType"] !== undefined && !["SSN", "EIN", "UNKNOWN"].includes(String(body["tinType"]))) {
      return json(
        {
          errorCode: "TinMatchRequest.tinType.invalid",
          errorMessage: "tinType must be SSN, EIN or UNKNOWN.",
        },
        400,
      );
    }
    const t = now().getTime();
    if (t < lockedUntil) {
      stats.tinMatchLockouts++;
      return json(
        {
          errorCode: "TinMatch.locked",
          errorMessage:
            "TIN Matching is locked for 96 hours after a fourth request for the same TIN and name.",
        },
        403,
      );
    }
    const key = createHash("sha256").update(`${tin}|${name.toUpperCase()}`).digest("hex");
    const times = (pairs.get(key) ?? []).filter((x) => x > t - PAIR_WINDOW_MS);
    times.push(t);
    pairs.set(key, times);
    if (times.length > 3) {
      stats.tinMatchLockouts++;
      lockedUntil = t + LOCKOUT_MS;
      log("irs emulator: TIN matching locked out (fourth request for one TIN and name in 24 h)", {});
      return json(
        {
          errorCode: "TinMatch.locked",
          errorMessage:
            "The same TIN and name were requested a fourth time within 24 hours: locked for 96 hours.",
        },
        403,
      );
    }
    const result = sandboxTinResult(tin);
    const responseCode = result === "not_issued" ? 2 : result === "match" ? 0 : 3;
    return json({
      responseCode,
      responseDescription: [
        "TIN and name match",
        "",
        "TIN not currently issued",
        "TIN and name do not match",
      ][responseCode],
    });
  }

  async function admin(request: Request, url: URL): Promise<Response> {
    if (url.pathname === "/__emulator/stats") return json({ stats, faults });
    if (url.pathname === "/__emulator/faults" && request.method === "POST") {
      const body = (await request.json().catch(() => ({}))) as Partial<EmulatorFaults> & {
        expireTokens?: boolean;
      };
      for (const k of [
        "dropIntakeReplies",
        "delayIntakeReplies",
        "intakeReplyDelayMs",
        "unavailable",
        "retryAfterSeconds",
      ] as const)
        if (typeof body[k] === "number") faults[k] = body[k];
      if (body.tokenLifetimeMs === null || typeof body.tokenLifetimeMs === "number")
        faults.tokenLifetimeMs = body.tokenLifetimeMs;
      if (body.expireTokens) expireTokens();
      return json({ faults });
    }
    return json({ error: "not_found" }, 404);
  }

  function expireTokens(): void {
    for (const k of tokens.keys()) tokens.set(k, 0);
  }

  const routes: Record<string, (request: Request, url: URL) => Promise<Response>> = {
    [TOKEN_PATH]: token,
    [INTAKE_PATH]: intake,
    [STATUS_PATH]: status,
    [TIN_MATCH_PATH]: tinMatch,
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__emulator/")) return admin(request, url);
    const route = routes[url.pathname];
    if (!route) return json({ error: "not_found" }, 404);
    if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405);
    if (faults.unavailable > 0) {
      faults.unavailable--;
      stats.unavailableAnswers++;
      return new Response("Service Unavailable", {
        status: 503,
        headers: { "retry-after": String(faults.retryAfterSeconds) },
      });
    }
    if (route !== token && !authorized(request)) {
      return json(
        { error: "invalid_token", error_description: "The access token is missing, unknown or expired." },
        401,
      );
    }
    try {
      return await route(request, url);
    } catch (e) {
      if (e instanceof EmulatedConnectionLost) throw e;
      log("irs emulator: internal error", {
        path: url.pathname,
        error: e instanceof Error ? e.message.slice(0, 300) : String(e),
      });
      return json({ error: "internal_error" }, 500);
    }
  }

  const inProcessFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    try {
      return await handle(request);
    } catch (e) {
      if (e instanceof EmulatedConnectionLost) throw new TypeError("fetch failed", { cause: e });
      throw e;
    }
  }) as typeof fetch;

  return { handle, faults, stats, expireTokens, fetch: inProcessFetch };
}
