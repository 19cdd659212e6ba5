// Request bodies are checked by JSON Schemas compiled once with ajv; the first failure becomes a 422 that
// names the field (D9). The same schemas feed the OpenAPI document.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { InvalidRequest } from "./errors.ts";

export const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });

/** A body check; `schema` is the JSON Schema it validates with (the OpenAPI document publishes it). */
export type Check<T> = ((data: unknown) => { ok: true; value: T } | { ok: false; error: InvalidRequest }) & {
  readonly schema: object;
};

export function compileBody<T>(schema: object, prefix = ""): Check<T> {
  let validate: ValidateFunction | undefined;
  const check = (data: unknown): { ok: true; value: T } | { ok: false; error: InvalidRequest } => {
    validate ??= ajv.compile(schema);
    if (validate(data)) return { ok: true, value: data as T };
    return { ok: false, error: toInvalidRequest(validate.errors?.[0], prefix) };
  };
  return Object.assign(check, { schema });
}

export function paramOf(e: ErrorObject, prefix = ""): string {
  const path = e.instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const params = e.params as Record<string, unknown>;
  if (e.keyword === "required" && typeof params["missingProperty"] === "string")
    path.push(params["missingProperty"]);
  if (e.keyword === "additionalProperties" && typeof params["additionalProperty"] === "string")
    path.push(params["additionalProperty"]);
  const joined = path.join(".");
  return prefix && joined ? `${prefix}.${joined}` : prefix || joined;
}

export function toInvalidRequest(e: ErrorObject | undefined, prefix = ""): InvalidRequest {
  if (!e) return new InvalidRequest({ message: "The request body is invalid." });
  const param = paramOf(e, prefix);
  const params = e.params as Record<string, unknown>;
  let message: string;
  switch (e.keyword) {
    case "required":
      message = `${param} is required.`;
      break;
    case "additionalProperties":
      message = `${param} is not a known field.`;
      break;
    case "type":
      message = `${param || "The body"} must be ${String(params["type"])}.`;
      break;
    case "enum":
      message = `${param} must be one of: ${(params["allowedValues"] as unknown[]).join(", ")}.`;
      break;
    case "maxLength":
      message = `${param} must be at most ${String(params["limit"])} characters.`;
      break;
    case "minLength":
      message = `${param} must not be empty.`;
      break;
    case "format":
      message = `${param} must be a valid ${String(params["format"])}.`;
      break;
    case "pattern":
      message = `${param} has an invalid format.`;
      break;
    default:
      message = `${param || "The body"} ${e.message ?? "is invalid"}.`;
  }
  return new InvalidRequest({ param: param || undefined, message });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
ajv.addFormat("email", EMAIL);
ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Text no part of the service can keep: a NUL (Postgres text and jsonb refuse it) or an unpaired UTF-16
 * surrogate (not Unicode, so it has no UTF-8 form). Checked once at the boundary, on every string and key of a
 * request body, query and path, so no deeper layer meets it. Iterative: a deeply nested body cannot overflow.
 */
export function findUnstorableText(
  value: unknown,
  root = "",
): { readonly param: string; readonly message: string } | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === "string") {
      const why = unstorable(v);
      if (why) return { param: path, message: `${path || "The value"} ${why}` };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], joinPath(path, String(i))]);
    } else if (typeof v === "object" && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        const why = unstorable(k);
        if (why) return { param: path, message: `A field name in ${path || "the body"} ${why}` };
        stack.push([child, joinPath(path, k)]);
      }
    }
  }
  return null;
}

/**
 * False when JSON text (as JSON.parse read it) cannot hold what `findUnstorableText` looks for, so the walk over its
 * parsed value can be skipped: a NUL can only be written `\u0000` in JSON (JSON.parse refuses a raw control
 * character), and text decoded from UTF-8 holds no lone surrogate, so one can only come from a `\uD800`-`\uDFFF`
 * escape. Any surrogate in the text, an escape of either kind (even after an escaped backslash) or a raw NUL
 * answers true: the walk then decides.
 */
export function jsonTextMayHoldUnstorable(text: string): boolean {
  return ESCAPED_UNSTORABLE.test(text) || SURROGATE.test(text) || text.includes("\u0000");
}
const ESCAPED_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;
const SURROGATE = /[\uD800-\uDFFF]/;

// Module level, not a closure made per call: this runs on every request's path parameters.
const joinPath = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(s: string): string | null {
  if (s.includes("\u0000")) return "contains a NUL character (\\u0000), which is not allowed in any text.";
  if (LONE_SURROGATE.test(s)) return "contains an unpaired UTF-16 surrogate (not a Unicode character).";
  return null;
}
