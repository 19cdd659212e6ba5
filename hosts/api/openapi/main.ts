// `npm run openapi`: writes the OpenAPI document to docs/openapi.json (`--check`: exits 1 when the file differs).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { apiDocument } from "./snapshot.ts";

const file = join(import.meta.dirname, "..", "..", "..", "docs", "openapi.json");
const text = JSON.stringify(apiDocument(), null, 2) + "\n";
if (process.argv.includes("--check")) {
  let current = "";
  try { current = readFileSync(file, "utf8"); } catch { /* missing: differs */ }
  if (current !== text) { console.error("docs/openapi.json is out of date: run `npm run openapi`."); process.exit(1); }
  console.log("docs/openapi.json is up to date.");
} else {
  writeFileSync(file, text);
  console.log(`wrote docs/openapi.json (${Object.keys((apiDocument()["paths"] ?? {}) as object).length} paths)`);
}
