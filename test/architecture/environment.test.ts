// The environment is read in one place (hosts/shared/config.ts); the IRS and Lob emulators, test tools, read their own.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "../..");
const ALLOWED = new Set([
  "hosts/shared/config.ts",
  "hosts/irs-emulator/main.ts",
  "hosts/lob-emulator/main.ts",
]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith(".ts") ? [path] : [];
  });
}

test("only the config module reads process.env", () => {
  const readers = ["core", "adapters", "hosts"]
    .flatMap((d) => files(join(root, d)))
    .map((p) => relative(root, p))
    .filter(
      (p) =>
        !ALLOWED.has(p) &&
        /process\.env\b/.test(readFileSync(join(root, p), "utf8").replace(/\/\/[^\n]*/g, "")),
    );
  assert.equal(readers, []);
});

test.run();
