// The repository stands alone (issue 42): a clone, `npm install` and `npm test` with nothing beside it. No file of
// the code, tests, tools, fixtures or docs reaches for a `shared` folder outside the repository, the place the IRS
// package used to be read from; the IRS material the tests read is in fixtures/iris (test/support/iris-package.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const root = join(import.meta.dirname, "../..");
const DIRS = ["core", "adapters", "hosts", "test", "bench", "scripts", "clients", "fixtures", "docs"];
const ROOT_FILES = ["README.md", "package.json", "tsconfig.json", "biome.json"];
const SKIP = new Set(["node_modules", "dist", ".git"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** A path climbing one or more folders up to a folder named shared: an import specifier or any other text. */
const UP_TO_SHARED = /(?:\.\.[\\/])+shared\b[^"'`\s)]*/g;
/** The same path spelled as `join(...)` segments, or the IRS package's old home named anywhere. */
const ELSEWHERE = [
  /["']\.\.["']\s*,\s*["']shared["']/g,
  /["']shared["']\s*,\s*["']iris["']/g,
  /\bshared[\\/]iris(?![\w-])/g,
];
/** Text just before a module specifier: `from "`, `import "`, `import("`, `export ... from "`. */
const SPECIFIER_BEFORE = /(?:\bfrom|\bimport)\s*\(?\s*["']$/;

/** The places in `text` (the file at `path`, relative to the repository) that point outside the repository. */
function outsideReferences(path: string, text: string): string[] {
  const found: string[] = [];
  const line = (i: number) => text.slice(0, i).split("\n").length;
  for (const m of text.matchAll(UP_TO_SHARED)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    // A module of this repository's own shared folders (hosts/shared, core/domain/shared) imported by a neighbour.
    if (SPECIFIER_BEFORE.test(before)) {
      const target = relative(root, resolve(root, dirname(path), m[0]));
      if (target !== ".." && !target.startsWith(`..${sep}`)) continue;
    }
    found.push(`${path}:${String(line(m.index))}: ${m[0]}`);
  }
  for (const re of ELSEWHERE)
    for (const m of text.matchAll(re)) found.push(`${path}:${String(line(m.index))}: ${m[0]}`);
  return found;
}

test("the check tells a neighbour's import from a path out of the repository", () => {
  // Spelled in pieces, so that this file passes its own check.
  const up = "..";
  const name = "shared";
  const iris = "iris";
  const shared = `${up}/${name}`;
  assert.equal(
    outsideReferences("hosts/api/main.ts", `import { loadConfig } from "${shared}/config.ts";`),
    [],
  );
  assert.equal(
    outsideReferences(
      "core/domain/iris/x.ts",
      `export { Tin } from "${up}/${shared}/tin.ts";\nimport("${shared}/a.ts")`,
    ),
    [],
  );
  assert.equal(outsideReferences("test/a.test.ts", `const p = join(repoRoot, "${shared}/${iris}");`), [
    `test/a.test.ts:1: ${shared}/${iris}`,
    `test/a.test.ts:1: ${name}/${iris}`,
  ]);
  // An import that climbs out of the repository is refused as well.
  assert.equal(outsideReferences("test/a.ts", `import x from "${up}/${shared}/x.ts";`), [
    `test/a.ts:1: ${up}/${shared}/x.ts`,
  ]);
  assert.equal(outsideReferences("docs/a.md", `\nsee [the package](${shared}/${iris}/ty2025)`), [
    `docs/a.md:2: ${shared}/${iris}/ty2025`,
    `docs/a.md:2: ${name}/${iris}`,
  ]);
  assert.equal(
    outsideReferences("test/b.ts", `join(dir, "${up}", "${up}", "${name}", "${iris}", "x.json")`).length,
    2,
  );
  assert.equal(outsideReferences("README.md", `read ${name}/${iris}/iris_elements.json`).length, 1);
  assert.equal(outsideReferences("test/c.ts", `import "../../hosts/shared/iris-config.ts";`), []);
});

test("no file of the repository reads from or links to a shared folder beside it", () => {
  const all = [...DIRS.flatMap((d) => files(join(root, d))), ...ROOT_FILES.map((f) => join(root, f))];
  assert.ok(all.length > 500, `${String(all.length)} files read`);
  const found = all.flatMap((p) => {
    const text = readFileSync(p, "utf8");
    return text.includes("\u0000") ? [] : outsideReferences(relative(root, p), text);
  });
  assert.equal(found, [], "the repository stands alone: put what a test reads under fixtures/");
});

test.run();
