// Issue 42, named spans: every use case a module of core/use-cases exports is `Effect.fn("<its name>")`, so traces
// and profiles name it; the untraced form is for a module's own helpers and for the hot reads below. And no
// use-case function runs past about a hundred lines (a longer one is split into named steps, as payCart is into
// check, charge and record).
//
// The hot reads stay untraced: a named Effect.fn costs about 3.5 µs a call on this machine (two stack captures and
// a span, measured against 0.2 µs untraced, tracer on or off), and a GET is about 40 µs of the API's CPU in
// `npm run bench -- api-read`; authentication and the payer guard run on every request. They are `get*`/`list*`
// reads, `authenticate`, `confineToPayer` and `withPortalFacts`; every use case that writes is named.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "../..");
const dir = join(root, "core/use-cases");
/** Lines a use-case function may span (its signature to its closing line). */
const MAX_LINES = 110;

function files(d: string): string[] {
  return readdirSync(d).flatMap((name) => {
    const path = join(d, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Reads on every request's path: untraced by choice (see the top of this file). */
const HOT_READ = /^(?:get|list)[A-Z]\w*$|^(?:authenticate|confineToPayer|withPortalFacts)$/;

/** `export const x = Effect.fnUntraced(` (x not a hot read) or `Effect.fn("y")(` with y not x, in one module. */
export function unnamedUseCases(path: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const m = /^export const (\w+) = Effect\.(fnUntraced\(|fn\("([^"]*)"\))/.exec(line);
    if (!m) return;
    if (m[2] === "fnUntraced(") {
      if (!HOT_READ.test(m[1] ?? "")) found.push(`${path}:${i + 1}: ${m[1]} is untraced`);
    } else if (m[3] !== m[1]) found.push(`${path}:${i + 1}: ${m[1]} is named "${m[3]}"`);
  });
  return found;
}

/** Top-level functions (a declaration or a const bound to a function) longer than `max` lines. */
export function longFunctions(path: string, text: string, max = MAX_LINES): string[] {
  const lines = text.split("\n");
  const found: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m =
      /^(?:export )?(?:const (\w+) = (?:Effect\.fn|Effect\.fnUntraced|\(|async \(|function)|(?:async )?function\*? (\w+))/.exec(
        lines[i] ?? "",
      );
    if (!m) continue;
    let end = i;
    // The function ends at the first later line that closes at the left margin (not a signature's `) {`).
    while (end + 1 < lines.length && !/^(?:\}|\);|\)\))/.test(lines[end + 1] ?? "")) end++;
    const span = end + 2 - i;
    if (span > max) found.push(`${path}:${i + 1}: ${m[1] ?? m[2]} spans ${span} lines`);
    i = end;
  }
  return found;
}

test("every exported use case is Effect.fn named after itself", () => {
  const found = files(dir).flatMap((f) => unnamedUseCases(relative(root, f), readFileSync(f, "utf8")));
  assert.equal(found, []);
});

test("no use-case function spans more than about a hundred lines", () => {
  const found = files(dir).flatMap((f) => longFunctions(relative(root, f), readFileSync(f, "utf8")));
  assert.equal(found, []);
});

test("the checks find what they look for", () => {
  assert.equal(unnamedUseCases("a.ts", "export const payCart = Effect.fnUntraced(function* () {"), [
    "a.ts:1: payCart is untraced",
  ]);
  assert.equal(unnamedUseCases("a.ts", 'export const payCart = Effect.fn("pay")(function* () {'), [
    'a.ts:1: payCart is named "pay"',
  ]);
  assert.equal(unnamedUseCases("a.ts", 'export const payCart = Effect.fn("payCart")(function* () {'), []);
  assert.equal(unnamedUseCases("a.ts", "const helper = Effect.fnUntraced(function* () {"), []);
  assert.equal(unnamedUseCases("a.ts", "export const getFiling = Effect.fnUntraced(function* () {"), []);
  assert.equal(unnamedUseCases("a.ts", "export const getaway = Effect.fnUntraced(function* () {"), [
    "a.ts:1: getaway is untraced",
  ]);
  const body = (n: number) => [
    'export const big = Effect.fn("big")(function* () {',
    ...Array(n).fill("  x;"),
    "});",
  ];
  assert.equal(longFunctions("a.ts", body(20).join("\n"), 30), []);
  assert.equal(longFunctions("a.ts", body(40).join("\n"), 30), ["a.ts:1: big spans 42 lines"]);
  // A signature over several lines closes at the margin too; the body counts.
  const signature = ['export const big = Effect.fn("big")(function* (', "  a: string,", ") {"];
  assert.equal(longFunctions("a.ts", [...signature, ...Array(40).fill("  x;"), "});"].join("\n"), 30), [
    "a.ts:1: big spans 44 lines",
  ]);
});

test.run();
