// The HTTP side of Lob's Print & Mail API over `fetch` (no SDK: @lob/lob-typescript-sdk is generated OpenAPI
// code on axios, a second HTTP stack for four calls). Basic auth with the API key as user and an empty password;
// bodies as Lob takes them (JSON for verifications, multipart/form-data for a letter with its PDF); Lob's errors
// read from `{ error: { message, status_code, code } }`. No retries here: a failure the job may retry is
// `LobUnavailable` (carrying Retry-After), and the letter's Idempotency-Key makes the retry the same letter.
import { randomBytes } from "node:crypto";
import * as Redacted from "effect/Redacted";

export const DEFAULT_LOB_API_BASE = "https://api.lob.com";

export interface LobClientOptions {
  readonly apiKey: Redacted.Redacted<string>;
  /** LOB_API_BASE: an origin (https://api.lob.com, or the emulator's); the client adds /v1/. */
  readonly apiBase?: string | undefined;
  /** The transport; tests and the sandbox may pass an in-process one. */
  readonly fetch?: typeof fetch;
  /** Per request. Default 30 s. */
  readonly timeoutMs?: number;
}

/** Lob did not answer usefully (network, timeout, 5xx, 429, a refused key): the same request may work later. */
export class LobUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LobUnavailable";
  }
}

/** Lob refused the request for what it holds (4xx other than 401, 403 and 429): `status`, Lob's message and code. */
export class LobRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "LobRefused";
  }
}

export type Deliverability =
  | "deliverable"
  | "deliverable_unnecessary_unit"
  | "deliverable_incorrect_unit"
  | "deliverable_missing_unit"
  | "undeliverable";

export interface UsVerificationInput {
  readonly primary_line: string;
  readonly secondary_line?: string;
  readonly city: string;
  readonly state: string;
  readonly zip_code: string;
}

export interface UsVerification {
  readonly id?: string;
  readonly deliverability: Deliverability;
  readonly deliverability_analysis?: { readonly dpv_footnotes?: readonly string[] } | undefined;
}

/** A letter's address as Lob's form fields name it (`to[address_line1]`, ...). */
export interface LobAddress {
  readonly name: string;
  readonly address_line1: string;
  readonly address_line2?: string;
  readonly address_city?: string;
  readonly address_state?: string;
  readonly address_zip?: string;
  readonly address_country: string;
}

export interface LetterInput {
  readonly to: LobAddress;
  readonly from: LobAddress;
  readonly file: Uint8Array;
  readonly color: boolean;
  readonly mail_type: "usps_first_class" | "usps_standard";
  readonly use_type: "operational" | "marketing";
  readonly address_placement: "top_first_page" | "insert_blank_page" | "bottom_first_page_center";
  readonly metadata: Readonly<Record<string, string>>;
  readonly idempotencyKey: string;
}

export interface LobLetter {
  readonly id: string;
  readonly expected_delivery_date?: string | null;
  readonly metadata?: Record<string, string>;
}

const DELIVERABILITY: ReadonlySet<string> = new Set<Deliverability>([
  "deliverable",
  "deliverable_unnecessary_unit",
  "deliverable_incorrect_unit",
  "deliverable_missing_unit",
  "undeliverable",
]);

/** Seconds from a Retry-After header (seconds or an HTTP date). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A quoted multipart name or filename: quotes and line breaks percent-encoded, as the HTML form encoder does. */
const quoted = (name: string) => `"${name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}"`;

/**
 * A multipart/form-data body (RFC 7578) in one buffer: what `FormData` sends, without streaming a letter's few
 * kilobytes through web streams part by part (a write each). Text values' line breaks are CRLF, as FormData's.
 */
export function multipart(
  fields: readonly (readonly [string, string])[],
  file: {
    readonly name: string;
    readonly filename: string;
    readonly type: string;
    readonly bytes: Uint8Array;
  },
): { readonly contentType: string; readonly body: Uint8Array } {
  const boundary = `----LobLetter${randomBytes(16).toString("hex")}`;
  let head = "";
  for (const [name, value] of fields)
    head += `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value.replace(/\r?\n|\r/g, "\r\n")}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.name)}; filename=${quoted(file.filename)}\r\nContent-Type: ${file.type}\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(head, "utf8"),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, "utf8"),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

function lobApiBase(apiBase: string): string {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error(`LOB_API_BASE is not a URL: ${apiBase}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`LOB_API_BASE must be an http or https URL: ${apiBase}`);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.username)
    throw new Error(
      `LOB_API_BASE must be a bare origin such as ${DEFAULT_LOB_API_BASE} (the client adds /v1/): ${apiBase}`,
    );
  return url.origin;
}

export class LobClient {
  readonly #base: string;
  readonly #auth: Redacted.Redacted<string>;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(options: LobClientOptions) {
    this.#base = lobApiBase(options.apiBase ?? DEFAULT_LOB_API_BASE);
    this.#auth = Redacted.make(
      `Basic ${Buffer.from(`${Redacted.value(options.apiKey)}:`).toString("base64")}`,
    );
    this.#fetch = options.fetch ?? fetch;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  async verifyUs(input: UsVerificationInput): Promise<UsVerification> {
    const body = await this.#call("POST", "/v1/us_verifications", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    });
    const deliverability = (body as { deliverability?: unknown }).deliverability;
    if (typeof deliverability !== "string" || !DELIVERABILITY.has(deliverability))
      throw new LobUnavailable(
        `Lob answered the address verification without a known deliverability (${String(deliverability)}).`,
      );
    return body as UsVerification;
  }

  async createLetter(input: LetterInput): Promise<LobLetter> {
    const fields: [string, string][] = [];
    const address = (prefix: "to" | "from", a: LobAddress) => {
      for (const [k, v] of Object.entries(a))
        if (v !== undefined && v !== "") fields.push([`${prefix}[${k}]`, v]);
    };
    address("to", input.to);
    address("from", input.from);
    fields.push(["color", String(input.color)]);
    fields.push(["mail_type", input.mail_type]);
    fields.push(["use_type", input.use_type]);
    fields.push(["address_placement", input.address_placement]);
    for (const [k, v] of Object.entries(input.metadata)) fields.push([`metadata[${k}]`, v]);
    const form = multipart(fields, {
      name: "file",
      filename: "statement.pdf",
      type: "application/pdf",
      bytes: input.file,
    });
    const body = await this.#call("POST", "/v1/letters", {
      headers: { "idempotency-key": input.idempotencyKey, "content-type": form.contentType },
      body: form.body,
    });
    const id = (body as { id?: unknown }).id;
    if (typeof id !== "string" || !id.startsWith("ltr_"))
      throw new LobUnavailable(`Lob answered the letter without a letter id (${String(id)}).`);
    return body as LobLetter;
  }

  /** DELETE /v1/letters/{id}: Lob's `{ id, deleted }`. */
  async cancelLetter(id: string): Promise<{ id: string; deleted: boolean }> {
    const body = await this.#call("DELETE", `/v1/letters/${encodeURIComponent(id)}`, {});
    return { id, deleted: (body as { deleted?: unknown }).deleted === true };
  }

  async #call(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: RequestInit["body"] },
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers: { accept: "application/json", authorization: Redacted.value(this.#auth), ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (e) {
      const why = e instanceof Error && e.name === "TimeoutError" ? "timed out" : "could not be reached";
      throw new LobUnavailable(`Lob ${why} (${method} ${path}).`);
    }
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = text === "" ? {} : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok) {
      if (body === undefined || typeof body !== "object" || body === null)
        throw new LobUnavailable(`Lob answered ${method} ${path} with a body that is not JSON.`);
      return body;
    }
    const error = (body as { error?: { message?: unknown; code?: unknown } } | undefined)?.error;
    const message = typeof error?.message === "string" ? error.message : `HTTP ${String(response.status)}`;
    const code = typeof error?.code === "string" ? error.code : undefined;
    const status = response.status;
    if (status === 401 || status === 403)
      throw new LobUnavailable(
        `Lob refused the API key (${String(status)} on ${method} ${path}: ${message}); check LOB_API_KEY (a test_… or live_… secret key of the Lob account).`,
        undefined,
        status,
      );
    if (status === 408 || status === 429 || status >= 500)
      throw new LobUnavailable(
        `Lob is unavailable (${String(status)} on ${method} ${path}: ${message}).`,
        retryAfterSeconds(response.headers.get("retry-after")),
        status,
      );
    throw new LobRefused(status, message, code);
  }
}
