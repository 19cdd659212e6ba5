// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith(".bench.ts") && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
let failed = 0;
for (const f of files) {
  console.log(`\n== ${f}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join(dir, f)], { stdio: "inherit", cwd: join(dir, "..") });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
