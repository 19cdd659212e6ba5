// Runs every test/**/*.test.ts file in its own Node process (isolation for databases and pools),
// two at a time, and prints one closing line `N passed, N failed` that CI reads.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { isProcessAlive } from "../adapters/system/process-alive.ts";
import { compiledPath } from "./support/node-entry.ts";

const root = join(import.meta.dirname, "..");
const filter = process.argv.slice(2);

function collect(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

const files = collect(join(root, "test")).filter(
  (f) => filter.length === 0 || filter.some((p) => relative(root, f).includes(p)),
);

interface Outcome {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  code: number;
  output: string;
  ms: number;
}

/**
 * Every test file compiled once, up front, into one ES module each (shared code in common chunks), so that a test's
 * process loads plain JavaScript instead of compiling and resolving each of its modules through tsx's loader thread:
 * about a second of CPU less for each file that loads the service (measured: payers.test.ts 4.7 s under tsx, 3.4 s
 * compiled). The compiler is the one tsx runs (esbuild, with the same tsconfig), so the code is transformed alike.
 * Each module's `import.meta.dirname`, `.filename` and `.url` are its source file's, so paths to fixtures,
 * migrations and `hosts/...` entry points resolve as they do under tsx. TEST_COMPILE=0 runs the sources under tsx;
 * TEST_KEEP=1 keeps the compiled folder (node_modules/.cache/irs-tests/PID) to rerun a file from it.
 */
async function compile(entries: string[]): Promise<{ dir: string; outOf: (file: string) => string } | null> {
  if (process.env["TEST_COMPILE"] === "0") return null;
  const parent = join(root, "node_modules/.cache/irs-tests");
  const dir = join(parent, String(process.pid));
  // Folders left by runs that were interrupted (their process is gone) are removed.
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (!/^\d+$/.test(name) || isProcessAlive(Number(name))) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
  const sourceMeta: Plugin = {
    name: "source-import-meta",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => ({
        loader: "ts",
        contents: (await readFile(args.path, "utf8"))
          .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path))
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
      }));
    },
  };
  try {
    await build({
      entryPoints: entries,
      outdir: dir,
      outbase: root,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      tsconfig: join(root, "tsconfig.json"),
      sourcemap: "linked",
      plugins: [sourceMeta],
      logLevel: "silent",
    });
  } catch (e) {
    console.log(
      `(could not compile the tests, running them under tsx: ${e instanceof Error ? e.message : e})`,
    );
    return null;
  }
  return { dir, outOf: (file) => compiledPath(dir, file) };
}

/**
 * A test whose code imports TypeScript at run time, by a path made while it runs (forms:generate reads the generated
 * packages back), says so with this mark in its source and runs under tsx.
 */
const UNDER_TSX = "@test-runs-under-tsx";
const underTsx = new Set(files.filter((f) => readFileSync(f, "utf8").includes(UNDER_TSX)));
/**
 * Programs the tests start as processes of their own (test/support/node-entry.ts), compiled with the test files.
 * `npm start` itself, run by the README's quick start test, stays under tsx as a user runs it.
 */
const CHILD_ENTRIES = [
  "hosts/api/main.ts",
  "hosts/cli/entry.ts",
  "hosts/irs-emulator/main.ts",
  "hosts/lob-emulator/main.ts",
  "hosts/worker/main.ts",
  "test/support/smtp-sink.ts",
  "test/adapters/pg-boss/crash-child.ts",
  "test/hosts/worker/crash-worker.ts",
  "test/hosts/api/crash-api.ts",
].map((f) => join(root, f));
const compiled = await compile([...files.filter((f) => !underTsx.has(f)), ...CHILD_ENTRIES]);

function runFile(file: string): Promise<Outcome> {
  const t0 = Date.now();
  const args =
    compiled && !underTsx.has(file)
      ? ["--enable-source-maps", compiled.outOf(file)]
      : ["--import", "tsx", file];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      // Logs are quiet in tests unless asked for (LOG_LEVEL=debug npm test -- FILE); a test that reads logs sets its own.
      env: {
        ...process.env,
        FORCE_COLOR: "0",
        LOG_LEVEL: process.env["LOG_LEVEL"] ?? "silent",
        ...(compiled ? { TEST_COMPILED_DIR: compiled.dir } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => {
      const num = (label: string) => {
        const all = [...output.matchAll(new RegExp(`${label}:\\s+(\\d+)`, "g"))];
        return all.reduce((s, m) => s + Number(m[1]), 0);
      };
      const total = num("Total");
      const passed = num("Passed");
      const skipped = num("Skipped");
      let failed = total - passed; // uvu's Total counts run tests only, not skipped ones
      if ((code ?? 1) !== 0 && failed === 0) failed = 1; // a crash outside a test still fails the run
      resolve({
        file: relative(root, file),
        passed,
        failed,
        skipped,
        code: code ?? 1,
        output,
        ms: Date.now() - t0,
      });
    });
  });
}

// Longest first: the files that start processes or run long fuzz/crash scenarios go first, so the two lanes end
// together instead of one lane running a minute-long file alone at the end.
const SLOW = [
  "hosts/cli/",
  "readme-quickstart",
  "no-tin-in-logs",
  "worker/crash",
  "outbox-crash",
  "live-process",
  "pg-boss/jobs",
  "fuzz",
  "intake.test",
  "isolation",
];
const weight = (f: string) => {
  const i = SLOW.findIndex((p) => relative(root, f).includes(p));
  return i < 0 ? SLOW.length : i;
};
const started = Date.now();
const queue = [...files].sort((a, b) => weight(a) - weight(b));
const results: Outcome[] = [];
// Two lanes on a 2-core machine by default; TEST_LANES sets another number (most files wait on Postgres, PGlite's
// start or a child process for part of their time).
const width = Number(process.env["TEST_LANES"]) || Math.max(1, Math.min(2, cpus().length));
await Promise.all(
  Array.from({ length: width }, async () => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
      const r = await runFile(f);
      results.push(r);
      const mark = r.failed > 0 ? "FAIL" : "ok  ";
      console.log(
        `${mark} ${r.file}  (${r.passed} passed${r.skipped ? `, ${r.skipped} skipped` : ""}${r.failed ? `, ${r.failed} failed` : ""}, ${(r.ms / 1000).toFixed(1)}s)`,
      );
      if (r.failed > 0)
        console.log(
          r.output
            .split("\n")
            .map((l) => "     " + l)
            .join("\n"),
        );
    }
  }),
);
if (compiled && !process.env["TEST_KEEP"]) rmSync(compiled.dir, { recursive: true, force: true });
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
const skipped = results.reduce((s, r) => s + r.skipped, 0);
console.log(`\n${results.length} files in ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
