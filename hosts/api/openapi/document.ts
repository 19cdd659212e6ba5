// The OpenAPI 3.1 document, built from the route table (paths, methods, scopes, owner-only calls), the ajv schemas
// the routes validate their bodies with, and operations.ts (summaries, query parameters, responses). Served at
// GET /v1/openapi.json; `npm run openapi` writes the committed snapshot docs/openapi.json.
import { CURRENT_API_VERSION, SUPPORTED_API_VERSIONS } from "../../../core/domain/shared/versioning.ts";
import { SCOPE_DESCRIPTIONS } from "../../../core/domain/oauth/scopes.ts";
import type { RouteDef } from "../routes/route.ts";
import { OPERATIONS } from "./operations.ts";
import { ERROR_TYPES, ref, SCHEMAS } from "./schemas.ts";

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: "Malformed request (unparseable JSON, bad header).",
  401: "Missing, unknown or revoked credential.",
  402: "Payment required or card declined.",
  403: "The credential may not make this call (`forbidden`, `insufficient_scope`, `ip_not_allowed`).",
  404: "No such resource in this environment.",
  409: "Conflict with the resource's state, or a request with the same Idempotency-Key is in flight.",
  413: "Body too large.",
  422: "Invalid request: `error.param` names the field.",
  429: "Rate limited: retry after `Retry-After` seconds.",
  503: "A dependency is unavailable or not configured; nothing was charged or queued.",
};
const COMMON_ERRORS = [400, 401, 403, 404, 422, 429] as const;

export function operationKey(route: Pick<RouteDef, "method" | "path">): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, "{$1}");
}

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

function errorResponse(status: number): Json {
  const headers: Json = { "Request-Id": header("Request-Id"), "API-Version": header("API-Version") };
  if (status === 429 || status === 503)
    headers["Retry-After"] = { description: "Seconds to wait.", schema: { type: "integer" } };
  return {
    description: ERROR_DESCRIPTIONS[status] ?? "Error.",
    headers,
    content: { "application/json": { schema: ref("Error") } },
  };
}

function operation(route: RouteDef): Json {
  const key = operationKey(route);
  const doc = OPERATIONS[key];
  if (!doc) throw new Error(`no OpenAPI entry for ${key} (hosts/api/openapi/operations.ts)`);
  const parameters: Json[] = [];
  for (const m of route.path.matchAll(/:([A-Za-z_]+)/g))
    parameters.push({ name: m[1], in: "path", required: true, schema: { type: "string" } });
  for (const p of doc.query ?? [])
    parameters.push({
      name: p.name,
      in: "query",
      required: p.required ?? false,
      description: p.description,
      schema: p.schema,
    });
  parameters.push({ $ref: "#/components/parameters/API-Version" });
  if (route.method !== "get") parameters.push({ $ref: "#/components/parameters/Idempotency-Key" });

  const successHeaders = {
    "Request-Id": header("Request-Id"),
    "API-Version": header("API-Version"),
    "RateLimit-Limit": header("RateLimit-Limit"),
    "RateLimit-Remaining": header("RateLimit-Remaining"),
    "RateLimit-Reset": header("RateLimit-Reset"),
  };
  const success: Json =
    doc.response === null
      ? { description: "No content.", headers: successHeaders }
      : doc.response === "pdf"
        ? {
            description: "PDF document.",
            headers: successHeaders,
            content: {
              "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } },
            },
          }
        : {
            description: "Success.",
            headers: successHeaders,
            content: { "application/json": { schema: doc.response } },
          };
  const responses: Json = { [String(doc.status)]: success };
  for (const [status, schema] of Object.entries(doc.alsoSuccess ?? {})) {
    responses[status] = {
      description:
        status === "200" ? "Success: the existing resource, or the shape the request used." : "Success.",
      headers: successHeaders,
      content: { "application/json": { schema } },
    };
  }
  for (const status of [...new Set([...COMMON_ERRORS, ...(doc.errors ?? [])])].sort())
    responses[String(status)] = errorResponse(status);

  const out: Json = {
    operationId: operationId(route),
    summary: doc.summary,
    tags: [doc.tag],
    description: [
      route.scopes.length === 0
        ? "API keys only (OAuth access tokens cannot make this call)."
        : `Scopes (any one): \`${route.scopes.join("`, `")}\`.`,
      route.ownerOnly ? "Owner credentials only." : "",
    ]
      .filter(Boolean)
      .join(" "),
    parameters,
    responses,
    security:
      route.scopes.length === 0
        ? [{ apiKey: [] }]
        : [{ apiKey: [] }, ...route.scopes.map((s) => ({ oauth2: [s] }))],
    "x-scopes": route.scopes,
    ...(route.ownerOnly ? { "x-owner-only": true } : {}),
  };
  if (doc.body === "fire") {
    out["requestBody"] = {
      required: true,
      description: "The FIRE file (IRS Publication 1220 fixed-width records), as sent to FIRE.",
      content: {
        "text/plain": { schema: { type: "string" } },
        "application/octet-stream": {
          schema: { type: "string", contentMediaType: "application/octet-stream" },
        },
      },
    };
  } else if (doc.body === "csv") {
    out["requestBody"] = {
      required: true,
      description:
        "The CP2100/972CG list as CSV (UTF-8): a header row naming name, tin, account_number (optional) and tax_year, then one row per name/TIN combination.",
      content: { "text/csv": { schema: { type: "string" } } },
    };
  } else if (doc.body !== undefined) {
    const media: Json = { schema: doc.body };
    if (doc.bodyExample !== undefined) media["example"] = doc.bodyExample;
    out["requestBody"] = {
      required: (route.method === "post" || route.method === "put") && doc.bodyOptional !== true,
      content: { "application/json": media },
    };
  }
  return out;
}

function operationId(route: RouteDef): string {
  const words = route.path
    .replace(/^\/v1\//, "")
    .split("/")
    .map((s) => (s.startsWith(":") ? "by_" + s.slice(1) : s.replace(/-/g, "_")));
  return [route.method, ...words].join("_");
}

function publicOperation(summary: string, tag: string, response: Json, description: string): Json {
  return {
    summary,
    tags: [tag],
    description,
    security: [],
    responses: { "200": { description: "OK.", content: response } },
  };
}

/** The whole document for these routes. */
export function buildOpenApi(routes: readonly RouteDef[]): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  const json = (schema: Json) => ({ "application/json": { schema } });
  paths["/v1/openapi.json"] = {
    get: publicOperation("This document", "Meta", json({ type: "object" }), "No credential needed."),
  };
  paths["/healthz"] = {
    get: publicOperation(
      "Liveness",
      "Meta",
      json({ type: "object", required: ["status"], properties: { status: { const: "ok" } } }),
      "The process is up. No credential needed.",
    ),
  };
  paths["/readyz"] = {
    get: {
      ...publicOperation(
        "Readiness",
        "Meta",
        json(ref("Readiness")),
        "Database reachable, migrations applied, job runner alive. No credential needed.",
      ),
      responses: {
        "200": { description: "Ready.", content: json(ref("Readiness")) },
        "503": { description: "Not ready.", content: json(ref("Readiness")) },
      },
    },
  };
  paths["/oauth/token"] = {
    post: {
      summary: "OAuth 2.0 token endpoint",
      tags: ["OAuth"],
      security: [],
      description:
        "RFC 6749. Client credentials in the body or HTTP Basic. `authorization_code` needs the PKCE `code_verifier`; `refresh_token` rotates (a refresh token used twice revokes its grant).",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["grant_type"],
              properties: {
                grant_type: { enum: ["client_credentials", "authorization_code", "refresh_token"] },
                client_id: { type: "string" },
                client_secret: { type: "string" },
                scope: { type: "string", description: "Space-separated subset of the app's scopes." },
                code: { type: "string" },
                redirect_uri: { type: "string" },
                code_verifier: { type: "string" },
                refresh_token: { type: "string" },
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "Tokens.",
          content: json({
            type: "object",
            required: ["access_token", "token_type", "expires_in"],
            properties: {
              access_token: { type: "string" },
              token_type: { const: "Bearer" },
              expires_in: { type: "integer" },
              scope: { type: "string" },
              refresh_token: { type: "string" },
            },
          }),
        },
        "400": { description: "RFC 6749 error.", content: json(ref("OAuthError")) },
        "401": { description: "Client authentication failed.", content: json(ref("OAuthError")) },
      },
    },
  };
  paths["/oauth/authorize"] = {
    get: {
      summary: "OAuth 2.0 consent page",
      tags: ["OAuth"],
      security: [],
      description:
        "Shows the sign-in and consent page (HTML); on approval redirects to `redirect_uri` with a single-use `code` (5 minutes) and `state`. " +
        "Failed sign-ins are throttled per user and per client address: past the limit the page answers 429 with `Retry-After` and says for how long sign-in is paused.",
      parameters: [
        "response_type",
        "client_id",
        "redirect_uri",
        "scope",
        "state",
        "code_challenge",
        "code_challenge_method",
      ].map((name) => ({
        name,
        in: "query",
        required: name !== "state",
        schema:
          name === "response_type"
            ? { const: "code" }
            : name === "code_challenge_method"
              ? { const: "S256" }
              : { type: "string" },
      })),
      responses: {
        "200": { description: "The consent page.", content: { "text/html": { schema: { type: "string" } } } },
        "302": { description: "Back to `redirect_uri` with `code` and `state`, or an `error`." },
      },
    },
  };
  paths["/metrics"] = {
    get: publicOperation(
      "Prometheus metrics",
      "Meta",
      { "text/plain": { schema: { type: "string" } } },
      "Prometheus text exposition format. No credential needed.",
    ),
  };

  return {
    openapi: "3.1.0",
    info: {
      title: "Information return filing API",
      version: CURRENT_API_VERSION,
      description:
        "File US information returns (1099 series, 1098, 5498, W-2G and related forms) with the IRS. " +
        "Authenticate with an API key (`Authorization: Bearer sk_sandbox_…` or `sk_live_…`) or an OAuth 2.0 access token. " +
        `Every response carries \`Request-Id\` and \`API-Version\`; errors are \`{ "error": { "type", "message", "param"? } }\` with \`type\` one of: ${ERROR_TYPES.join(", ")}.`,
    },
    servers: [{ url: "/", description: "This server" }],
    tags: [
      "Payers",
      "Recipients",
      "Forms",
      "Filings",
      "Lifecycle",
      "Money",
      "Platform",
      "Webhooks",
      "TIN matching",
      "OAuth",
      "Security",
      "Meta",
    ].map((name) => ({ name })),
    security: [{ apiKey: [] }],
    paths,
    components: {
      schemas: {
        ...SCHEMAS,
        OAuthError: {
          type: "object",
          required: ["error"],
          properties: { error: { type: "string" }, error_description: { type: "string" } },
        },
        Readiness: {
          type: "object",
          required: ["status", "checks"],
          properties: {
            status: { enum: ["ready", "not_ready"] },
            checks: {
              type: "object",
              additionalProperties: {
                type: "object",
                required: ["ok"],
                properties: { ok: { type: "boolean" }, detail: { type: "string" } },
              },
            },
          },
        },
      },
      parameters: {
        "API-Version": {
          name: "API-Version",
          in: "header",
          required: false,
          description: "Dated API version; the answer says which one it used.",
          schema: { enum: [...SUPPORTED_API_VERSIONS] },
        },
        "Idempotency-Key": {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "Makes a write safe to retry: the same key and body replay the first answer for 24 hours; the same key with another body is 422 `idempotency_key_reused`; while the first is in flight, 409 `request_in_progress`.",
          schema: { type: "string", maxLength: 255 },
        },
      },
      headers: {
        "Request-Id": {
          description: "Unique id of this request; quote it to support.",
          schema: { type: "string" },
        },
        "API-Version": {
          description: "The API version the answer was made with.",
          schema: { type: "string" },
        },
        "RateLimit-Limit": {
          description: "Requests allowed per window (one minute) for this credential.",
          schema: { type: "integer" },
        },
        "RateLimit-Remaining": {
          description: "Requests left in the current window.",
          schema: { type: "integer" },
        },
        "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" } },
      },
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "An API key: `sk_sandbox_…` (sandbox) or `sk_live_…` (production). Keys carry every scope.",
        },
        oauth2: {
          type: "oauth2",
          description:
            "OAuth 2.0 access tokens for apps acting for a customer (PKCE S256 for the authorization code).",
          flows: {
            authorizationCode: {
              authorizationUrl: "/oauth/authorize",
              tokenUrl: "/oauth/token",
              refreshUrl: "/oauth/token",
              scopes: { ...SCOPE_DESCRIPTIONS },
            },
            clientCredentials: { tokenUrl: "/oauth/token", scopes: { ...SCOPE_DESCRIPTIONS } },
          },
        },
      },
    },
  };
}
