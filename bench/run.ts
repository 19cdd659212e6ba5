// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another, then prints one table of
// every figure beside its target and writes it to bench/results.json.
// `npm run bench -- NAME...` runs the benches whose file name contains a NAME (their figures replace those of the
// same benches in bench/results.json; the others are kept, with the time they were measured).
// `npm run bench -- --season` runs the season bench (a million filings in one account; minutes), which the plain
// run leaves out.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { RESULTS_FILE_ENV, table, type Figure } from "./support/report.ts";

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const season = args.includes("--season");
const only = args.filter((a) => !a.startsWith("--"));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) =>
    f === "season.bench.ts"
      ? season || only.some((o) => f.includes(o))
      : season && only.length === 0
        ? false
        : only.length === 0 || only.some((o) => f.includes(o)),
  )
  .sort();
const figuresFile = join(tmpdir(), `bench-figures-${process.pid}.jsonl`);
rmSync(figuresFile, { force: true });
let failed = 0;
for (const f of files) {
  console.log(`\n== ${f}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join(dir, f)], {
    stdio: "inherit",
    cwd: join(dir, ".."),
    env: { ...process.env, [RESULTS_FILE_ENV]: figuresFile },
  });
  if (r.status !== 0) failed++;
}

const measuredAt = new Date().toISOString();
const fresh: Array<Figure & { measuredAt: string }> = existsSync(figuresFile)
  ? readFileSync(figuresFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => ({ ...(JSON.parse(l) as Figure), measuredAt }))
  : [];
rmSync(figuresFile, { force: true });
const resultsPath = join(dir, "results.json");
const ran = new Set(files);
const kept = existsSync(resultsPath)
  ? (
      JSON.parse(readFileSync(resultsPath, "utf8")) as { figures: Array<Figure & { measuredAt: string }> }
    ).figures.filter((f) => !ran.has(f.bench))
  : [];
const figures = [...kept, ...fresh].sort((a, b) => a.bench.localeCompare(b.bench));
writeFileSync(
  resultsPath,
  JSON.stringify(
    {
      note: "Written by `npm run bench`; load1 is the 1-minute load average when each figure was taken (a shared machine makes figures pessimistic).",
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model ?? "",
        node: process.version,
        loadAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
      },
      figures,
    },
    null,
    2,
  ) + "\n",
);
console.log(
  `\n== summary (${fresh.length} figures measured now${kept.length ? `, ${kept.length} kept from earlier runs` : ""}; bench/results.json)\n`,
);
console.log(table(figures));
process.exit(failed ? 1 : 0);
