// How a test runs one of the service's entry points (or a test's own child program) in a process of its own.
import { existsSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";

const root = join(import.meta.dirname, "../..");

/**
 * Node's arguments for running the TypeScript program `entry` (a path from the repository root, or absolute): the
 * JavaScript `npm test` compiled it to when there is one (test/run.ts compiles the entry points in its CHILD_ENTRIES
 * and names the folder in TEST_COMPILED_DIR), else the source under tsx, as `npm start` runs it.
 */
export function nodeArgs(entry: string): string[] {
  const source = isAbsolute(entry) ? entry : join(root, entry);
  const dir = process.env["TEST_COMPILED_DIR"];
  if (dir) {
    const compiled = compiledPath(dir, source);
    if (existsSync(compiled)) return ["--enable-source-maps", compiled];
  }
  return sourceArgs(source);
}

/** Node's arguments for running the TypeScript program `entry` from its source under tsx, as `npm start` does. */
export function sourceArgs(entry: string): string[] {
  return ["--import", "tsx", isAbsolute(entry) ? entry : join(root, entry)];
}

/** Where test/run.ts's compile writes the module of the source file `source` (absolute) inside its folder `dir`. */
export function compiledPath(dir: string, source: string): string {
  return join(dir, relative(root, source)).replace(/\.ts$/, ".mjs");
}
