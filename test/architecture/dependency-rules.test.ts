// The dependency rules of `npm run lint` (scripts/check-deps.ts): the code base keeps them, and a fixture tree
// that breaks each one is caught.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { checkTree, importsOf } from "../../scripts/check-deps.ts";

const root = join(import.meta.dirname, "../..");
const fixture = join(import.meta.dirname, "fixtures/violations");

test("the code base keeps the dependency rules", () => {
  assert.equal(checkTree(root), []);
});

test("a fixture with a violation of each rule is caught", () => {
  const found = checkTree(fixture)
    .map((v) => `${v.rule} ${v.file} ${v.spec}`)
    .sort();
  assert.equal(found, [
    "core-imports core/domain/leaky.ts knex",
    "core-imports core/domain/leaky.ts node:fs",
    "domain-pure core/domain/leaky.ts ../ports/thing.port.ts",
    "hosts-private adapters/uses-host.ts ../hosts/api/app.ts",
  ]);
});

test("the lint command fails on the fixture and names the file", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/check-deps.ts"), fixture], {
    encoding: "utf8",
  });
  assert.is(r.status, 1);
  assert.match(r.stderr, "core/domain/leaky.ts: imports knex (core-imports)");
});

test("imports are read from static, type-only, re-export and dynamic forms, not from comments", () => {
  assert.equal(
    importsOf(
      `import a from "a";\nimport type { B } from "b";\nexport { c } from "./c.ts";\nconst d = await import("d");\n// import x from "x";\nimport "./side.ts";`,
    ),
    ["a", "b", "./c.ts", "./side.ts", "d"],
  );
});

test.run();
