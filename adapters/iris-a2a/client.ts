// The HTTP side of the IRS's A2A APIs (IRIS and TIN Matching share it): the OAuth token from two RS256 JWTs,
// cached per process and renewed well before it dies, requests with a Bearer token renewed once on a 401, and
// retries with backoff for what the IRS may answer later (timeouts, connection errors, 5xx, 429), honouring
// Retry-After. The only file that imports jose.
//
// Token request (IRS e-Services API Authorization, as working clients send it): POST {base}/auth/oauth/v2/token,
// form-encoded: grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer, assertion=<user JWT, sub = IRIS user id>,
// client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer, client_assertion=<client JWT,
// sub = client id>; both with header { alg: RS256, kid }, iss = client id, aud = the token URL, iat, exp = iat + 15
// min and a fresh jti.
import { randomUUID, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";

export const TOKEN_PATH = "/auth/oauth/v2/token";

export interface IrisCredentials {
  /** The API client id (a UUID from e-Services). */
  readonly clientId: string;
  /** The consenting e-Services user's IRIS user id. */
  readonly userId: string;
  /** The `kid` of the JWK uploaded with the client id. */
  readonly keyId: string;
  readonly privateKey: KeyObject;
}

export interface RetryPolicy {
  /** Tries of one request (the first included) before it fails as unavailable. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  /** A longer Retry-After is not waited for here: the request fails and the job is retried later. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

export type LogFn = (level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown>) => void;

export interface ClientOptions {
  /** `https://api.alt.www4.irs.gov` (the IRS test system) or `https://api.www4.irs.gov`; no trailing slash. */
  readonly apiBase: string;
  readonly credentials: IrisCredentials;
  /** The transport; the sandbox passes the in-process emulator's. */
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  readonly log?: LogFn;
  /** Waits between retries (tests pass a faster one). */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
  /** What the environment is called in log lines ("sandbox", "live"). */
  readonly environment?: string;
}

/** The IRS did not answer usefully; the request may be tried again later. */
export class Unavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "Unavailable";
  }
}

/** A request sent whose answer never came back (reset, timeout): it may or may not have been taken. */
export class ReplyLost extends Unavailable {
  constructor(message: string) {
    super(message);
    this.name = "ReplyLost";
  }
}

export interface IrsResponse {
  readonly status: number;
  readonly body: string;
  readonly requestId: string;
}

interface Token {
  readonly value: string;
  readonly renewAt: number;
  readonly diesAt: number;
}

function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const CONFIG_HINT =
  "check IRIS_CLIENT_ID, IRIS_USER_ID, IRIS_KEY_ID, IRIS_PRIVATE_KEY_FILE, the JWK uploaded to e-Services and the user's consent";

/** One per environment and process: holds the cached token. */
export class IrsApiClient {
  readonly #o: ClientOptions;
  readonly #fetch: typeof fetch;
  readonly #retry: RetryPolicy;
  readonly #log: LogFn;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  #token: Token | undefined;
  #pending: Promise<Token> | undefined;

  constructor(options: ClientOptions) {
    this.#o = options;
    this.#fetch = options.fetch ?? fetch;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#log = options.log ?? (() => {});
    this.#sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.#now = options.now ?? Date.now;
  }

  get tokenUrl(): string {
    return `${this.#o.apiBase}${TOKEN_PATH}`;
  }

  async #jwt(subject: string, iat: number): Promise<string> {
    const c = this.#o.credentials;
    return new SignJWT({})
      .setProtectedHeader({ alg: "RS256", kid: c.keyId })
      .setIssuer(c.clientId)
      .setSubject(subject)
      .setAudience(this.tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 15 * 60)
      .setJti(`${randomUUID()}-${String(iat)}`)
      .sign(c.privateKey);
  }

  async #fetchToken(): Promise<Token> {
    const c = this.#o.credentials;
    const iat = Math.floor(this.#now() / 1000);
    const body = new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: await this.#jwt(c.userId, iat),
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: await this.#jwt(c.clientId, iat),
    });
    const res = await this.#send(
      "token",
      this.tokenUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: body.toString(),
      },
      true,
    );
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      this.#log("error", "IRS token request refused", {
        environment: this.#o.environment,
        status: res.status,
        request_id: res.requestId,
        hint: CONFIG_HINT,
        irs: res.body.slice(0, 300),
      });
      throw new Unavailable(
        `The IRS refused the token request (HTTP ${String(res.status)}): ${CONFIG_HINT}.`,
      );
    }
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(res.body) as typeof parsed;
    } catch {
      parsed = {};
    }
    if (res.status !== 200 || typeof parsed.access_token !== "string" || parsed.access_token === "") {
      this.#log("error", "IRS token reply not understood", {
        environment: this.#o.environment,
        status: res.status,
        request_id: res.requestId,
      });
      throw new Unavailable(`The IRS token reply was not understood (HTTP ${String(res.status)}).`);
    }
    const lifetimeMs =
      (typeof parsed.expires_in === "number" && parsed.expires_in > 0 ? parsed.expires_in : 900) * 1000;
    // IRS tokens are announced for 15 minutes but have been seen to die around minute 9: renew at half-life.
    const at = this.#now();
    return { value: parsed.access_token, renewAt: at + lifetimeMs / 2, diesAt: at + lifetimeMs };
  }

  /** The cached token, or a new one (one request at a time, shared by concurrent callers). */
  async token(): Promise<string> {
    const t = this.#token;
    if (t && this.#now() < t.renewAt) return t.value;
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = undefined;
    });
    const fresh = await this.#pending;
    this.#token = fresh;
    return fresh.value;
  }

  #forget(value: string): void {
    if (this.#token?.value === value) this.#token = undefined;
  }

  /**
   * One HTTP exchange with retries for transient failures. `idempotent: false` (intake) never resends after the
   * request may have reached the IRS (a timeout or reset): that fails with ReplyLost instead.
   */
  async #send(what: string, url: string, init: RequestInit, idempotent: boolean): Promise<IrsResponse> {
    const { attempts, baseDelayMs, maxDelayMs } = this.#retry;
    for (let attempt = 1; ; attempt++) {
      const requestId = randomUUID();
      let res: Response;
      let body: string;
      try {
        res = await this.#fetch(url, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), "x-request-id": requestId },
          signal: AbortSignal.timeout(this.#o.timeoutMs ?? 120_000),
        });
        body = await res.text();
      } catch (e) {
        const reason = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        this.#log("warn", "IRS request failed", {
          environment: this.#o.environment,
          what,
          attempt,
          request_id: requestId,
          error: reason,
        });
        if (!idempotent)
          throw new ReplyLost(
            `The IRS did not answer the ${what} request (${reason}); it may have been received.`,
          );
        if (attempt >= attempts)
          throw new Unavailable(
            `The IRS did not answer the ${what} request after ${String(attempts)} tries (${reason}).`,
          );
        await this.#sleep(Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
        continue;
      }
      if (res.status >= 500 || res.status === 429) {
        const after = retryAfterMs(res.headers.get("retry-after"), this.#now());
        this.#log("warn", "IRS answered with an error status", {
          environment: this.#o.environment,
          what,
          attempt,
          status: res.status,
          request_id: requestId,
          retry_after_ms: after,
        });
        // A 503/429 means the request was not taken; another 5xx on intake may have been: do not resend it.
        if (!idempotent && res.status !== 503 && res.status !== 429)
          throw new ReplyLost(
            `The IRS answered the ${what} request with HTTP ${String(res.status)}; it may have been received.`,
          );
        const delay = after ?? Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
        // Only the IRS's own Retry-After travels on the error: the job's retry waits for it (hosts/worker).
        if (attempt >= attempts || delay > maxDelayMs)
          throw new Unavailable(
            `The IRS answered the ${what} request with HTTP ${String(res.status)}.`,
            after,
          );
        await this.#sleep(delay);
        continue;
      }
      return { status: res.status, body, requestId };
    }
  }

  /** An authenticated request; a 401 renews the token once, a second 401 is a configuration problem. */
  async request(
    what: string,
    path: string,
    init: { method: string; headers: Record<string, string>; body: string | FormData },
    options: { idempotent: boolean },
  ): Promise<IrsResponse> {
    for (let renewed = false; ; renewed = true) {
      const token = await this.token();
      const res = await this.#send(
        what,
        `${this.#o.apiBase}${path}`,
        { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } },
        options.idempotent,
      );
      if (res.status !== 401) return res;
      this.#forget(token);
      if (renewed) {
        this.#log("error", "IRS refused a renewed token", {
          environment: this.#o.environment,
          what,
          request_id: res.requestId,
          hint: CONFIG_HINT,
        });
        throw new Unavailable(
          `The IRS refused the ${what} request with a fresh token (HTTP 401): ${CONFIG_HINT}.`,
        );
      }
      this.#log("info", "IRS token expired early; renewing", {
        environment: this.#o.environment,
        what,
        request_id: res.requestId,
      });
    }
  }
}
