// Request bodies are checked by JSON Schemas compiled once with ajv; the first failure becomes a 422 that
// names the field (D9). The same schemas feed the OpenAPI document.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { InvalidRequest } from "./errors.ts";

export const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });

export type Check<T> = (data: unknown) => { ok: true; value: T } | { ok: false; error: InvalidRequest };

export function compileBody<T>(schema: object, prefix = ""): Check<T> {
  let validate: ValidateFunction | undefined;
  return (data) => {
    validate ??= ajv.compile(schema);
    if (validate(data)) return { ok: true, value: data as T };
    return { ok: false, error: toInvalidRequest(validate.errors?.[0], prefix) };
  };
}

export function paramOf(e: ErrorObject, prefix = ""): string {
  const path = e.instancePath.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const params = e.params as Record<string, unknown>;
  if (e.keyword === "required" && typeof params["missingProperty"] === "string") path.push(params["missingProperty"]);
  if (e.keyword === "additionalProperties" && typeof params["additionalProperty"] === "string") path.push(params["additionalProperty"]);
  const joined = path.join(".");
  return prefix && joined ? `${prefix}.${joined}` : prefix || joined;
}

export function toInvalidRequest(e: ErrorObject | undefined, prefix = ""): InvalidRequest {
  if (!e) return new InvalidRequest({ message: "The request body is invalid." });
  const param = paramOf(e, prefix);
  const params = e.params as Record<string, unknown>;
  let message: string;
  switch (e.keyword) {
    case "required": message = `${param} is required.`; break;
    case "additionalProperties": message = `${param} is not a known field.`; break;
    case "type": message = `${param || "The body"} must be ${String(params["type"])}.`; break;
    case "enum": message = `${param} must be one of: ${(params["allowedValues"] as unknown[]).join(", ")}.`; break;
    case "maxLength": message = `${param} must be at most ${String(params["limit"])} characters.`; break;
    case "minLength": message = `${param} must not be empty.`; break;
    case "format": message = `${param} must be a valid ${String(params["format"])}.`; break;
    case "pattern": message = `${param} has an invalid format.`; break;
    default: message = `${param || "The body"} ${e.message ?? "is invalid"}.`;
  }
  return new InvalidRequest({ param: param || undefined, message });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
ajv.addFormat("email", EMAIL);
ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean { return UUID.test(value); }
