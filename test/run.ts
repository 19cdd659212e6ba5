// Runs every test/**/*.test.ts file in its own Node process (isolation for databases and pools),
// two at a time, and prints one closing line `N passed, N failed` that CI reads.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { cpus } from "node:os";

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

function runFile(file: string): Promise<Outcome> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      cwd: root,
      // Logs are quiet in tests unless asked for (LOG_LEVEL=debug npm test -- FILE); a test that reads logs sets its own.
      env: { ...process.env, FORCE_COLOR: "0", LOG_LEVEL: process.env["LOG_LEVEL"] ?? "silent" },
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
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
const skipped = results.reduce((s, r) => s + r.skipped, 0);
console.log(`\n${results.length} files in ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
