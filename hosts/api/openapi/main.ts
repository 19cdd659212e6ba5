// `npm run openapi`: writes the OpenAPI document to docs/openapi.json and the typed client's types to
// clients/typescript/src/schema.ts (`--check`: exits 1 when either file differs).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { apiDocument } from "./snapshot.ts";
import { generateSchemaTs } from "../../../clients/typescript/generate.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const doc = apiDocument();
const outputs: Array<[string, string]> = [
  ["docs/openapi.json", JSON.stringify(doc, null, 2) + "\n"],
  ["clients/typescript/src/schema.ts", generateSchemaTs(doc)],
];
let stale = 0;
for (const [file, text] of outputs) {
  const path = join(root, file);
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {
      /* missing: differs */
    }
    if (current !== text) {
      console.error(`${file} is out of date: run \`npm run openapi\`.`);
      stale++;
    }
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${file}`);
  }
}
if (stale > 0) process.exit(1);
