// A wire-level emulator of the Lob endpoints the mail house uses (issue 39), as one fetch-style handler:
// `npm run lob-emulator` serves it on a port, tests and the sandbox start it in-process (`startLobEmulator`), so
// sandbox letters go through the production adapter (adapters/lob).
//
// - Basic auth with the API key as the user (any password); anything else is 401 in Lob's error shape
//   `{ error: { message, status_code, code } }`.
// - POST /v1/us_verifications (JSON, form or multipart): `primary_line` containing "undeliverable"
//   (any case) is undeliverable, anything else deliverable.
// - POST /v1/letters (multipart/form-data, form or JSON; `to[...]`/`from[...]` fields or JSON objects): the
//   required fields are checked (422 with Lob's message), the PDF is kept in memory (size-limited; the latest
//   `keepFiles` letters' files, the older ones' SHA-256 and size only), the same
//   Idempotency-Key answers the same letter. GET and DELETE /v1/letters/{id}: cancel until the letter is mailed,
//   422 after.
// - Tracking: `mailDelayMs` after creation the letter is mailed, then a step every `mailDelayMs` (in transit,
//   delivered; for an address line 1 containing "returned", returned to sender), each posted to `webhookUrl` as a
//   Lob event signed as Lob signs (hex HMAC-SHA256 of `${ms timestamp}.${body}`). `flushEvents()` runs every step
//   still pending now, for tests.
// - Faults for tests: the next N requests 503 or 429 with Retry-After; a rate limit of N requests a window.
// The signature is computed here on its own (not with the adapter's code), so the adapter's check is tested
// against an independent signer.
import { createHash, createHmac, randomBytes } from "node:crypto";

export interface LobEmulatorOptions {
  /** The secret key callers must present (LOB_API_KEY of the service). */
  readonly apiKey: string;
  /** Where tracking events are posted (the service's POST /webhooks/lob); none posted when unset. */
  readonly webhookUrl?: string | undefined;
  /** The webhook subscription's secret (LOB_WEBHOOK_SECRET of the service); events go unsigned without it. */
  readonly webhookSecret?: string | undefined;
  /** Time from a letter's creation to its mailing, and between later tracking steps. Default 2000. */
  readonly mailDelayMs?: number;
  /** The PDF size limit, bytes. Default 10 MiB. */
  readonly maxFileBytes?: number;
  /**
   * The files of the latest this many letters are kept (default 1,000); an older letter keeps its file's SHA-256
   * and size only (`file` empty, GET of its file 410). A season through the emulator (the sandbox's, the mail
   * bench's 100,000 letters) would otherwise hold every PDF for the life of the process.
   */
  readonly keepFiles?: number;
  /** The latest this many webhook deliveries are kept for `deliveries()` (default 10,000). */
  readonly keepDeliveries?: number;
  /** At most this many API requests per window; more are 429 with Retry-After (the rest of the window). */
  readonly rateLimit?: { readonly requests: number; readonly windowMs: number } | undefined;
  readonly clock?: { readonly now: () => Date } | undefined;
  /** How events are posted (default global fetch). */
  readonly fetch?: typeof fetch;
  /** One line per refused request or failed delivery (never a key or a PDF). */
  readonly log?: (line: string, fields: Record<string, unknown>) => void;
}

export type LetterTrackingStatus = "created" | "mailed" | "in_transit" | "delivered" | "returned_to_sender";

export interface EmulatedAddress {
  readonly id: string;
  readonly name: string | null;
  readonly company: string | null;
  readonly address_line1: string;
  readonly address_line2: string | null;
  readonly address_city: string | null;
  readonly address_state: string | null;
  readonly address_zip: string | null;
  readonly address_country: string;
}

export interface EmulatedLetter {
  readonly id: string;
  readonly idempotencyKey: string | null;
  readonly to: EmulatedAddress;
  readonly from: EmulatedAddress;
  /** The file as received (a PDF upload; the text of an HTML or URL `file` otherwise); empty once evicted (keepFiles). */
  file: Uint8Array;
  /** The file's SHA-256 (hex) and size in bytes, kept when the file is not. */
  readonly fileSha256: string;
  readonly fileBytes: number;
  readonly fileType: string;
  readonly color: boolean;
  readonly mailType: string;
  readonly useType: string;
  readonly addressPlacement: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly dateCreated: string;
  readonly expectedDeliveryDate: string;
  status: LetterTrackingStatus;
  deleted: boolean;
  /** Lob event types that happened to it, in order (posted or not). */
  readonly events: string[];
}

export interface WebhookDelivery {
  readonly eventId: string;
  readonly eventType: string;
  readonly letterId: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  readonly status: number | null;
}

export interface LobEmulatorFaults {
  /** Answer the next N API requests with 503 and Retry-After. */
  unavailable: number;
  /** Answer the next N API requests with 429 and Retry-After. */
  rateLimited: number;
  retryAfterSeconds: number;
}

export interface LobEmulator {
  readonly handle: (request: Request) => Promise<Response>;
  /** A fetch function that calls `handle` directly (no port). */
  readonly fetch: typeof fetch;
  readonly faults: LobEmulatorFaults;
  readonly letters: () => readonly EmulatedLetter[];
  readonly deliveries: () => readonly WebhookDelivery[];
  /** Address verifications answered so far. */
  readonly verifications: () => number;
  /** Runs now every tracking step still pending (in order) and waits until every event is posted. */
  readonly flushEvents: () => Promise<void>;
  /** Stops the timers (pending steps are dropped). */
  readonly close: () => void;
}

const RETURNED = /returned/i;
const UNDELIVERABLE = /undeliverable/i;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const lobError = (status: number, message: string, code: string, headers: Record<string, string> = {}) =>
  json({ error: { message, status_code: status, code } }, status, headers);

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

type Fields = Record<string, unknown>;

/** Lob's bracket fields (`to[address_line1]`, `metadata[filing]`) as nested objects. */
function nest(entries: Iterable<[string, unknown]>): Fields {
  const out: Fields = {};
  for (const [key, value] of entries) {
    const m = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const [, outer = "", inner = ""] = m;
    const obj = (typeof out[outer] === "object" && out[outer] !== null ? out[outer] : {}) as Fields;
    obj[inner] = value;
    out[outer] = obj;
  }
  return out;
}

class BodyTooLarge extends Error {}

async function readFields(request: Request, maxBytes: number): Promise<Fields> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLarge();
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > maxBytes) throw new BodyTooLarge();
  const type = request.headers.get("content-type") ?? "";
  if (bytes.byteLength === 0) return {};
  if (type.includes("application/json")) {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Fields) : {};
  }
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    return nest(form.entries());
  }
  throw new SyntaxError(`unsupported content type ${type || "(none)"}`);
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** An address object (`to`, `from`) as given: an object or a JSON string; the error names the missing field. */
function address(name: "to" | "from", v: unknown): EmulatedAddress | string {
  let a = v;
  if (typeof a === "string") {
    if (a.startsWith("adr_"))
      return `${name}: saved addresses (adr_…) are not emulated; give the address inline`;
    try {
      a = JSON.parse(a);
    } catch {
      return `${name} must be an object`;
    }
  }
  if (typeof a !== "object" || a === null) return `${name} is required`;
  const f = a as Fields;
  const country = (str(f["address_country"]) ?? "US").toUpperCase();
  const line1 = str(f["address_line1"]);
  if (!str(f["name"]) && !str(f["company"]))
    return `${name}.name is required when ${name}.company is not set`;
  if (!line1) return `${name}.address_line1 is required`;
  if (country === "US" || country === "UNITED STATES") {
    for (const k of ["address_city", "address_state", "address_zip"])
      if (!str(f[k])) return `${name}.${k} is required`;
    if (!/^\d{5}(-\d{4})?$/.test(str(f["address_zip"]) ?? ""))
      return `${name}.address_zip must be in a valid zip or zip+4 format`;
  }
  return {
    id: `adr_${hex(8)}`,
    name: str(f["name"]),
    company: str(f["company"]),
    address_line1: line1,
    address_line2: str(f["address_line2"]),
    address_city: str(f["address_city"]),
    address_state: str(f["address_state"]),
    address_zip: str(f["address_zip"]),
    address_country: country === "UNITED STATES" ? "US" : country,
  };
}

const addressView = (a: EmulatedAddress) => ({
  ...a,
  address_country: a.address_country === "US" ? "UNITED STATES" : a.address_country,
  object: "address",
});

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

export function createLobEmulator(options: LobEmulatorOptions): LobEmulator {
  const now = () => options.clock?.now() ?? new Date();
  const delay = options.mailDelayMs ?? 2000;
  const maxFile = options.maxFileBytes ?? 10 * 1024 * 1024;
  const post = options.fetch ?? fetch;
  const log = options.log ?? (() => {});
  const faults: LobEmulatorFaults = { unavailable: 0, rateLimited: 0, retryAfterSeconds: 1 };
  const letters = new Map<string, EmulatedLetter>();
  const byKey = new Map<string, string>();
  const deliveries: WebhookDelivery[] = [];
  const keepFiles = options.keepFiles ?? 1000;
  const keepDeliveries = options.keepDeliveries ?? 10_000;
  /** The letters whose file is kept, oldest first. */
  const filed: EmulatedLetter[] = [];
  let filedStart = 0;
  /** The tracking steps still to happen, per letter. */
  const pending = new Map<string, { steps: string[]; timer: ReturnType<typeof setTimeout> | undefined }>();
  const running = new Set<Promise<void>>();
  let verifications = 0;
  let window = { start: 0, count: 0 };
  const expected = `Basic ${Buffer.from(`${options.apiKey}:`).toString("base64")}`;

  const letterView = (l: EmulatedLetter) => ({
    id: l.id,
    description: null,
    metadata: l.metadata,
    to: addressView(l.to),
    from: addressView(l.from),
    color: l.color,
    double_sided: true,
    address_placement: l.addressPlacement,
    mail_type: l.mailType,
    use_type: l.useType,
    return_envelope: false,
    perforated_page: null,
    extra_service: null,
    url: `/__emulator/letters/${l.id}/file`,
    carrier: "USPS",
    tracking_events: l.events
      .filter((e) => e !== "letter.created")
      .map((e) => ({ object: "tracking_event", type: "certified", name: e.slice("letter.".length) })),
    expected_delivery_date: l.expectedDeliveryDate,
    date_created: l.dateCreated,
    date_modified: l.dateCreated,
    send_date: l.dateCreated,
    ...(l.deleted ? { deleted: true } : {}),
    object: "letter",
  });

  async function deliver(letter: EmulatedLetter, eventType: string): Promise<void> {
    letter.events.push(eventType);
    if (!options.webhookUrl) return;
    const eventId = `evt_${hex(12)}`;
    const body = JSON.stringify({
      id: eventId,
      body: letterView(letter),
      reference_id: letter.id,
      event_type: { id: eventType, enabled_for_test: true, resource: "letters", object: "event_type" },
      date_created: now().toISOString(),
      object: "event",
    });
    const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Lob" };
    if (options.webhookSecret) {
      const timestamp = String(now().getTime());
      headers["lob-signature-timestamp"] = timestamp;
      headers["lob-signature"] = createHmac("sha256", options.webhookSecret)
        .update(`${timestamp}.${body}`)
        .digest("hex");
    }
    let status: number | null = null;
    try {
      const response = await post(options.webhookUrl, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = null;
    }
    if (status === null || status >= 300)
      log("tracking event not taken", { event: eventType, letter: letter.id, status });
    deliveries.push({ eventId, eventType, letterId: letter.id, headers, body, status });
    if (deliveries.length > keepDeliveries) deliveries.splice(0, deliveries.length - keepDeliveries);
  }

  const STATUS_OF: Record<string, LetterTrackingStatus> = {
    "letter.mailed": "mailed",
    "letter.in_transit": "in_transit",
    "letter.delivered": "delivered",
    "letter.returned_to_sender": "returned_to_sender",
  };

  /** Takes the letter's next step now; schedules the one after unless `chain` is false. */
  function step(id: string, chain: boolean): Promise<void> {
    const p = pending.get(id);
    const letter = letters.get(id);
    const type = p?.steps.shift();
    if (!p || !letter || type === undefined) {
      pending.delete(id);
      return Promise.resolve();
    }
    clearTimeout(p.timer);
    p.timer = undefined;
    letter.status = STATUS_OF[type] ?? letter.status;
    const run = deliver(letter, type).finally(() => {
      running.delete(run);
      if (p.steps.length === 0) pending.delete(id);
      else if (chain) schedule(id);
    });
    running.add(run);
    return run;
  }

  function schedule(id: string) {
    const p = pending.get(id);
    if (!p) return;
    p.timer = setTimeout(() => void step(id, true), delay);
    p.timer.unref?.();
  }

  function authorized(request: Request): boolean {
    const given = request.headers.get("authorization") ?? "";
    if (given === expected) return true;
    // Lob takes any password: compare the user only.
    const m = /^Basic\s+(.+)$/i.exec(given);
    if (!m?.[1]) return false;
    const decoded = Buffer.from(m[1], "base64").toString("utf8");
    return (
      decoded.slice(0, decoded.indexOf(":") === -1 ? undefined : decoded.indexOf(":")) === options.apiKey
    );
  }

  function limited(): Response | undefined {
    if (faults.unavailable > 0) {
      faults.unavailable--;
      return lobError(503, "Service Unavailable", "service_unavailable", {
        "retry-after": String(faults.retryAfterSeconds),
      });
    }
    if (faults.rateLimited > 0) {
      faults.rateLimited--;
      return lobError(429, "Too many requests", "rate_limit_exceeded", {
        "retry-after": String(faults.retryAfterSeconds),
      });
    }
    const limit = options.rateLimit;
    if (!limit) return undefined;
    const t = now().getTime();
    if (t - window.start >= limit.windowMs) window = { start: t, count: 0 };
    if (++window.count <= limit.requests) return undefined;
    const wait = Math.max(1, Math.ceil((window.start + limit.windowMs - t) / 1000));
    return lobError(429, "Too many requests", "rate_limit_exceeded", { "retry-after": String(wait) });
  }

  async function verify(request: Request): Promise<Response> {
    const f = await readFields(request, 64 * 1024);
    const primary = str(f["primary_line"]);
    if (!primary) return lobError(422, "primary_line is required", "invalid");
    if (!str(f["zip_code"]) && !(str(f["city"]) && str(f["state"])))
      return lobError(422, "zip_code is required or both city and state are required", "invalid");
    verifications++;
    const deliverable = !UNDELIVERABLE.test(primary);
    return json({
      id: `us_ver_${hex(10)}`,
      recipient: null,
      primary_line: primary.toUpperCase(),
      secondary_line: (str(f["secondary_line"]) ?? "").toUpperCase(),
      urbanization: "",
      last_line: [str(f["city"]), str(f["state"]), str(f["zip_code"])]
        .filter(Boolean)
        .join(" ")
        .toUpperCase(),
      deliverability: deliverable ? "deliverable" : "undeliverable",
      components: {
        city: (str(f["city"]) ?? "").toUpperCase(),
        state: (str(f["state"]) ?? "").toUpperCase(),
        zip_code: (str(f["zip_code"]) ?? "").slice(0, 5),
      },
      deliverability_analysis: deliverable
        ? {
            dpv_confirmation: "Y",
            dpv_cmra: "N",
            dpv_vacant: "N",
            dpv_active: "Y",
            dpv_footnotes: ["AA", "BB"],
          }
        : {
            dpv_confirmation: "N",
            dpv_cmra: "",
            dpv_vacant: "",
            dpv_active: "N",
            dpv_footnotes: ["AA", "M1"],
          },
      object: "us_verification",
    });
  }

  async function createLetter(request: Request, url: URL): Promise<Response> {
    const key = request.headers.get("idempotency-key") ?? url.searchParams.get("idempotency_key");
    const seen = key === null ? undefined : byKey.get(key);
    const known = seen === undefined ? undefined : letters.get(seen);
    let f: Fields;
    try {
      f = await readFields(request, maxFile + 256 * 1024);
    } catch (e) {
      if (e instanceof BodyTooLarge)
        return lobError(422, `file must be no larger than ${String(maxFile)} bytes`, "file_size_exceeded");
      throw e;
    }
    // Lob answers a key it has seen with the letter it made then, whatever this request holds.
    if (known) return json(letterView(known));
    const to = address("to", f["to"]);
    if (typeof to === "string") return lobError(422, to, "invalid");
    const from = address("from", f["from"]);
    if (typeof from === "string") return lobError(422, from, "invalid");
    const file = f["file"];
    let bytes: Uint8Array;
    let fileType: string;
    if (file instanceof Blob) {
      if (file.size > maxFile)
        return lobError(422, `file must be no larger than ${String(maxFile)} bytes`, "file_size_exceeded");
      bytes = new Uint8Array(await file.arrayBuffer());
      fileType = file.type || "application/pdf";
      if (fileType === "application/pdf" && new TextDecoder().decode(bytes.slice(0, 5)) !== "%PDF-")
        return lobError(422, "file is not a valid PDF", "invalid_file");
    } else if (str(file)) {
      bytes = new TextEncoder().encode(String(file));
      fileType = "text/html";
    } else return lobError(422, "file is required", "invalid");
    const color = str(f["color"]);
    if (color === null) return lobError(422, "color is required", "invalid");
    if (color !== "true" && color !== "false" && typeof f["color"] !== "boolean")
      return lobError(422, "color must be a boolean", "invalid");
    const useType = str(f["use_type"]);
    if (useType !== "operational" && useType !== "marketing")
      return lobError(422, "use_type must be one of [marketing, operational]", "invalid");
    const mailType = str(f["mail_type"]) ?? "usps_first_class";
    if (mailType !== "usps_first_class" && mailType !== "usps_standard")
      return lobError(422, "mail_type must be one of [usps_first_class, usps_standard]", "invalid");
    const placement = str(f["address_placement"]) ?? "top_first_page";
    if (
      !["top_first_page", "insert_blank_page", "bottom_first_page_center", "bottom_first_page"].includes(
        placement,
      )
    )
      return lobError(422, `address_placement ${placement} is not valid`, "invalid");
    if (to.address_country !== "US" && UNDELIVERABLE.test(to.address_line1))
      return lobError(422, "to address is undeliverable", "invalid_address");
    const metadata: Record<string, string> = {};
    const meta = f["metadata"];
    if (typeof meta === "object" && meta !== null)
      for (const [k, v] of Object.entries(meta as Fields)) {
        if (typeof v !== "string" || k.length > 40 || v.length > 500)
          return lobError(422, "metadata keys are at most 40 characters, values at most 500", "invalid");
        metadata[k] = v;
      }
    if (Object.keys(metadata).length > 20) return lobError(422, "metadata has at most 20 keys", "invalid");

    const created = now().toISOString();
    const letter: EmulatedLetter = {
      id: `ltr_${hex(8)}`,
      idempotencyKey: key,
      to,
      from,
      file: bytes,
      fileSha256: createHash("sha256").update(bytes).digest("hex"),
      fileBytes: bytes.byteLength,
      fileType,
      color: String(f["color"]) === "true",
      mailType,
      useType,
      addressPlacement: placement,
      metadata,
      dateCreated: created,
      expectedDeliveryDate: addDays(created, 5),
      status: "created",
      deleted: false,
      events: ["letter.created"],
    };
    // A concurrent request with the same key may have made it meanwhile: that one stands.
    const raced = key === null ? undefined : byKey.get(key);
    const winner = raced === undefined ? undefined : letters.get(raced);
    if (winner) return json(letterView(winner));
    letters.set(letter.id, letter);
    if (key !== null) byKey.set(key, letter.id);
    filed.push(letter);
    while (filed.length - filedStart > keepFiles) {
      const old = filed[filedStart++];
      if (old) old.file = new Uint8Array(0);
    }
    // The evicted head dropped now and then (not on every letter: splice moves the rest).
    if (filedStart > 4096 && filedStart * 2 > filed.length) {
      filed.splice(0, filedStart);
      filedStart = 0;
    }
    pending.set(letter.id, {
      steps: RETURNED.test(to.address_line1)
        ? ["letter.mailed", "letter.returned_to_sender"]
        : ["letter.mailed", "letter.in_transit", "letter.delivered"],
      timer: undefined,
    });
    schedule(letter.id);
    return json(letterView(letter));
  }

  function cancel(id: string): Response {
    const letter = letters.get(id);
    if (!letter) return lobError(404, "letter not found", "not_found");
    if (letter.deleted) return json({ id, deleted: true });
    if (letter.status !== "created")
      return lobError(
        422,
        "letter has already been mailed and can no longer be canceled",
        "cancellation_window_passed",
      );
    letter.deleted = true;
    letter.events.push("letter.deleted");
    clearTimeout(pending.get(id)?.timer);
    pending.delete(id);
    return json({ id, deleted: true });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, "");
    if (path === "/__emulator/letters" && request.method === "GET")
      return json(
        [...letters.values()].map((l) => ({
          ...letterView(l),
          idempotency_key: l.idempotencyKey,
          status: l.status,
        })),
      );
    const fileMatch = /^\/__emulator\/letters\/(ltr_[0-9a-f]+)\/file$/.exec(path);
    if (fileMatch && request.method === "GET") {
      const l = letters.get(fileMatch[1] ?? "");
      if (!l) return lobError(404, "letter not found", "not_found");
      if (l.file.byteLength === 0 && l.fileBytes > 0)
        return lobError(
          410,
          `the emulator keeps the files of its latest ${String(keepFiles)} letters only`,
          "gone",
        );
      return new Response(l.file, { headers: { "content-type": l.fileType } });
    }
    if (!authorized(request)) {
      log("unauthorized", { method: request.method, path });
      return lobError(
        401,
        "Your API key is not valid. Please sign up on lob.com to get a valid api key.",
        "unauthorized",
        { "www-authenticate": 'Basic realm="Lob"' },
      );
    }
    const refused = limited();
    if (refused) return refused;
    try {
      if (path === "/v1/us_verifications" && request.method === "POST") return await verify(request);
      if (path === "/v1/letters" && request.method === "POST") return await createLetter(request, url);
      const m = /^\/v1\/letters\/([^/]+)$/.exec(path);
      if (m) {
        const id = decodeURIComponent(m[1] ?? "");
        if (request.method === "GET") {
          const l = letters.get(id);
          return l ? json(letterView(l)) : lobError(404, "letter not found", "not_found");
        }
        if (request.method === "DELETE") return cancel(id);
      }
      return lobError(404, "The requested resource does not exist.", "not_found");
    } catch (e) {
      if (e instanceof SyntaxError)
        return lobError(400, `The request body could not be read: ${e.message}`, "bad_request");
      if (e instanceof BodyTooLarge)
        return lobError(413, "The request body is too large.", "payload_too_large");
      throw e;
    }
  }

  return {
    handle,
    fetch: (async (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
      handle(new Request(input, init))) as typeof fetch,
    faults,
    letters: () => [...letters.values()],
    deliveries: () => [...deliveries],
    verifications: () => verifications,
    flushEvents: async () => {
      for (;;) {
        await Promise.all(running);
        const ids = [...pending.keys()];
        if (ids.length === 0) return;
        // One letter at a time, each step after the previous one's delivery: the order of its events holds.
        for (const id of ids)
          while (pending.has(id)) {
            await Promise.all(running);
            await step(id, false);
          }
      }
    },
    close: () => {
      for (const p of pending.values()) clearTimeout(p.timer);
      pending.clear();
    },
  };
}
