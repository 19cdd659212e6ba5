// Bench figures for the summary table: each bench calls `record` for every figure it measures; `npm run bench`
// (bench/run.ts) collects them from every bench process, prints one table of every figure beside its target and
// writes bench/results.json. A bench run on its own (npx tsx bench/x.bench.ts) just prints.
import { appendFileSync } from "node:fs";
import { loadavg } from "node:os";

export interface Figure {
  /** The bench file that measured it. */
  readonly bench: string;
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The target as written in the issue ("≥ 50%", "< 1 s"), or null for a figure reported for information. */
  readonly target: string | null;
  /** Whether the target is met; null when there is no target. */
  readonly ok: boolean | null;
  /** 1-minute load average when the figure was taken (the machine may be shared). */
  readonly load1: number;
  /** The command that reproduces it. */
  readonly command: string;
}

const FILE_ENV = "BENCH_RESULTS_FILE";

/** Targets as comparisons: `at least` (≥) or `under` (<). */
export type Target = { readonly atLeast: number } | { readonly under: number } | null;

export function record(
  bench: string,
  name: string,
  value: number,
  unit: string,
  target: Target,
  command = `npm run bench -- ${bench.replace(/\.bench\.ts$/, "")}`,
): Figure {
  const figure: Figure = {
    bench,
    name,
    value: Math.round(value * 1000) / 1000,
    unit,
    target:
      target === null
        ? null
        : "atLeast" in target
          ? `≥ ${fmt(target.atLeast)} ${unit}`
          : `< ${fmt(target.under)} ${unit}`,
    ok: target === null ? null : "atLeast" in target ? value >= target.atLeast : value < target.under,
    load1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    command,
  };
  const file = process.env[FILE_ENV];
  if (file) appendFileSync(file, JSON.stringify(figure) + "\n");
  return figure;
}

/** The load average, for a bench's own printed lines. */
export const loadNote = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;

const fmt = (n: number) =>
  Math.abs(n) >= 100 ? Math.round(n).toLocaleString("en-US") : String(Math.round(n * 100) / 100);

export function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    `${fmt(f.value)} ${f.unit}`,
    f.target ?? "-",
    f.ok === null ? "info" : f.ok ? "OK" : "MISSED",
    f.load1.toFixed(2),
    f.command,
  ]);
  const head = ["figure", "measured", "target", "", "load", "command"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] as number))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export const RESULTS_FILE_ENV = FILE_ENV;
