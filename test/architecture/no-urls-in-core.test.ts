// The core names operations (core/domain/shared/operations.ts), never URLs: no `/v1/` path in a string of core/.
// Comments may cite the HTTP contract; code may not.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { stripComments } from "../../scripts/check-deps.ts";

const root = join(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith(".ts") ? [path] : [];
  });
}

const code = stripComments;

test("no /v1/ path in a string of core/", () => {
  const found = files(join(root, "core")).flatMap((path) => {
    const text = code(readFileSync(path, "utf8"));
    return text.includes("/v1/") || /["'`]\/v1["'`/]/.test(text) ? [relative(root, path)] : [];
  });
  assert.equal(found, []);
});

test("the comment stripper keeps strings and drops comments", () => {
  assert.is(
    code(`const a = "x // y"; // GET /v1/forms\n/* POST /v1/x */ const b = 1;`),
    `const a = "x // y"; \n const b = 1;`,
  );
});

test.run();
