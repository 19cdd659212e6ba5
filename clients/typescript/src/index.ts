// Typed client of the information return filing API: openapi-fetch over the types generated from the OpenAPI
// document (src/schema.ts), with the credential and API-Version on every request, an Idempotency-Key on every
// write (generated unless you pass one, so a retried call is applied once), paging helpers and the webhook
// signature verifiers.
//
//   const api = createClient({ baseUrl: "http://localhost:3000", apiKey: process.env.KEY });
//   const payer = unwrap(await api.POST("/v1/payers", { body: { legal_name: "Acme", tin: "12-3456789" } }));
//   for await (const f of paginate((starting_after) => api.GET("/v1/filings", { params: { query: { starting_after } } }))) { … }
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./schema.ts";

export type { components, operations, paths };
export type Schemas = components["schemas"];
export type ApiClient = Client<paths>;

// Webhook receivers: Service-Signature (verifySignature) and the Standard Webhooks headers.
export {
  SIGNATURE_HEADER,
  verifySignature,
  type VerifyInput,
  type VerifyResult,
} from "../../../core/domain/webhooks/signature.ts";

export const API_VERSION = "2026-06-15";

export interface ClientOptions {
  /** Where the API is, e.g. http://localhost:3000 (no trailing /v1). */
  readonly baseUrl: string;
  /** An API key (`sk_sandbox_…`, `sk_live_…`) or an OAuth access token. */
  readonly apiKey: string;
  /** The API version to pin (default: the version this client was generated from). */
  readonly apiVersion?: string;
  /** Add a random Idempotency-Key to writes that carry none (default true). */
  readonly idempotency?: boolean;
  readonly fetch?: (input: Request) => Promise<Response>;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A new Idempotency-Key (a random UUID): reuse it when you retry the same call. */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}

export function createClient(options: ClientOptions): ApiClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${options.apiKey}`);
      if (!request.headers.has("API-Version"))
        request.headers.set("API-Version", options.apiVersion ?? API_VERSION);
      if (
        options.idempotency !== false &&
        WRITES.has(request.method) &&
        !request.headers.has("Idempotency-Key")
      ) {
        request.headers.set("Idempotency-Key", idempotencyKey());
      }
      return request;
    },
  };
  client.use(auth);
  return client;
}

type ErrorBody = Schemas["Error"];

/** An API error answer: its HTTP status, `error.type`, message, field and the Request-Id to quote. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param: string | undefined,
    readonly requestId: string | null,
    readonly body: unknown,
  ) {
    super(`${status} ${type}: ${message}`);
    this.name = "ApiError";
  }
}

/** The answer's data, or throws ApiError for an error answer. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    const e = (result.error as ErrorBody | undefined)?.error;
    throw new ApiError(
      result.response.status,
      e?.type ?? "api_error",
      e?.message ?? result.response.statusText,
      e?.param,
      result.response.headers.get("Request-Id"),
      result.error,
    );
  }
  return result.data as T;
}

interface Page<T> {
  readonly data: readonly T[];
  readonly has_more: boolean;
  readonly next_cursor: string | null;
}

/**
 * Every item of a list, page after page: `fetchPage` gets the cursor to pass as `starting_after` (undefined for
 * the first page) and returns the client's answer for it.
 */
export async function* paginate<T>(
  fetchPage: (
    startingAfter: string | undefined,
  ) => Promise<{ data?: Page<T>; error?: unknown; response: Response }>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const page = unwrap(await fetchPage(cursor));
    yield* page.data;
    if (!page.has_more || page.next_cursor === null) return;
    cursor = page.next_cursor;
  }
}

/** All items of a list in one array (mind the size of what you ask for). */
export async function listAll<T>(
  fetchPage: (
    startingAfter: string | undefined,
  ) => Promise<{ data?: Page<T>; error?: unknown; response: Response }>,
): Promise<T[]> {
  const out: T[] = [];
  for await (const item of paginate(fetchPage)) out.push(item);
  return out;
}
