// Generates src/schema.ts (the `paths`, `operations` and `components` types openapi-fetch reads) from
// docs/openapi.json, in openapi-typescript's output shape. A generator of our own: openapi-typescript needs the
// TypeScript 5 compiler API, which this repository's TypeScript 7 does not ship. `npm run openapi` runs it;
// test/clients/typescript.test.ts fails when src/schema.ts is stale.
type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function indent(text: string, by: string): string {
  return text.split("\n").map((l, i) => (i === 0 ? l : by + l)).join("\n");
}

/** A JSON Schema (2020-12 subset the document uses) as a TypeScript type. */
export function typeOf(schema: unknown, pad = ""): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  const s = schema as Json;
  if (typeof s["$ref"] === "string") {
    const name = (s["$ref"] as string).split("/").pop() as string;
    return `components["schemas"][${JSON.stringify(name)}]`;
  }
  if ("const" in s) return JSON.stringify(s["const"]);
  if (Array.isArray(s["enum"])) return (s["enum"] as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(s["allOf"])) return (s["allOf"] as unknown[]).map((x) => `(${typeOf(x, pad)})`).join(" & ");
  const alternatives = (s["oneOf"] ?? s["anyOf"]) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.map((x) => `(${typeOf(x, pad)})`).join(" | ");
  const types = Array.isArray(s["type"]) ? (s["type"] as string[]) : typeof s["type"] === "string" ? [s["type"] as string] : [];
  if (types.length === 0) return s["properties"] ? objectType(s, pad) : "unknown";
  return types.map((t) => {
    switch (t) {
      case "string": return "string";
      case "integer": case "number": return "number";
      case "boolean": return "boolean";
      case "null": return "null";
      case "array": return `(${typeOf(s["items"], pad)})[]`;
      case "object": return objectType(s, pad);
      default: return "unknown";
    }
  }).join(" | ");
}

function objectType(s: Json, pad: string): string {
  const props = (s["properties"] ?? {}) as Record<string, unknown>;
  const required = new Set((s["required"] ?? []) as string[]);
  const extra = s["additionalProperties"];
  const lines: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const p = prop as Json;
    if (typeof p["description"] === "string") lines.push(`${pad}  /** ${(p["description"] as string).replace(/\*\//g, "* /")} */`);
    lines.push(`${pad}  ${key(name)}${required.has(name) ? "" : "?"}: ${typeOf(prop, pad + "  ")};`);
  }
  if (Object.keys(props).length === 0 || (extra !== undefined && extra !== false)) {
    lines.push(`${pad}  [key: string]: ${extra === undefined || extra === true ? "unknown" : typeOf(extra, pad + "  ")};`);
  }
  return `{\n${lines.join("\n")}\n${pad}}`;
}

function resolve(doc: Json, value: Json): Json {
  const ref = value["$ref"];
  if (typeof ref !== "string") return value;
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, "").split("/")) node = (node as Json)[part];
  return node as Json;
}

function operationType(doc: Json, op: Json, pad: string): string {
  const groups: Record<"query" | "header" | "path" | "cookie", string[]> = { query: [], header: [], path: [], cookie: [] };
  const anyRequired: Record<string, boolean> = {};
  for (const raw of (op["parameters"] ?? []) as Json[]) {
    const p = resolve(doc, raw);
    const where = p["in"] as keyof typeof groups;
    const required = p["required"] === true;
    if (required) anyRequired[where] = true;
    groups[where].push(`${pad}      ${key(p["name"] as string)}${required ? "" : "?"}: ${typeOf(p["schema"], pad + "      ")};`);
  }
  const params = (Object.keys(groups) as Array<keyof typeof groups>).map((g) => (groups[g].length === 0 ? `${pad}    ${g}?: never;`
    : `${pad}    ${g}${anyRequired[g] ? "" : "?"}: {\n${groups[g].join("\n")}\n${pad}    };`));
  const lines = [`{`, `${pad}  parameters: {`, ...params, `${pad}  };`];
  const body = op["requestBody"] as Json | undefined;
  if (body) {
    const content = Object.entries((body["content"] ?? {}) as Record<string, Json>).map(([media, m]) => `${pad}      ${JSON.stringify(media)}: ${typeOf(m["schema"], pad + "      ")};`);
    lines.push(`${pad}  requestBody${body["required"] ? "" : "?"}: {\n${pad}    content: {\n${content.join("\n")}\n${pad}    };\n${pad}  };`);
  } else {
    lines.push(`${pad}  requestBody?: never;`);
  }
  lines.push(`${pad}  responses: {`);
  for (const [status, raw] of Object.entries((op["responses"] ?? {}) as Record<string, Json>)) {
    const r = resolve(doc, raw);
    const content = r["content"] as Record<string, Json> | undefined;
    const body = content
      ? `content: {\n${Object.entries(content).map(([media, m]) => `${pad}        ${JSON.stringify(media)}: ${typeOf(m["schema"], pad + "        ")};`).join("\n")}\n${pad}      };`
      : "content?: never;";
    lines.push(`${pad}    ${status}: {\n${pad}      headers: { [name: string]: unknown };\n${pad}      ${body}\n${pad}    };`);
  }
  lines.push(`${pad}  };`, `${pad}}`);
  return lines.join("\n");
}

export function generateSchemaTs(doc: Json): string {
  const out: string[] = [
    "// Generated from docs/openapi.json by clients/typescript/generate.ts (`npm run openapi`). Do not edit.",
    "/* eslint-disable */",
    "",
    "export interface paths {",
  ];
  const operations: string[] = [];
  for (const [path, item] of Object.entries(doc["paths"] as Record<string, Json>)) {
    out.push(`  ${JSON.stringify(path)}: {`);
    out.push("    parameters: { query?: never; header?: never; path?: never; cookie?: never };");
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      if (!op) { out.push(`    ${m}?: never;`); continue; }
      const id = (op["operationId"] as string | undefined) ?? `${m}_${path.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}`;
      out.push(`    ${m}: operations[${JSON.stringify(id)}];`);
      operations.push(`  ${JSON.stringify(id)}: ${indent(operationType(doc, op, "  "), "")};`);
    }
    out.push("  };");
  }
  out.push("}", "", "export interface components {", "  schemas: {");
  const components = doc["components"] as Json;
  for (const [name, schema] of Object.entries(components["schemas"] as Record<string, unknown>)) {
    out.push(`    ${key(name)}: ${typeOf(schema, "    ")};`);
  }
  out.push("  };", "}", "", "export interface operations {", ...operations, "}", "");
  return out.join("\n");
}
