// The dependency rules that keep the hosts thin programs (issue 42): a host never imports another host's folder
// (hosts/X imports hosts/shared and its own folder; hosts/shared only itself), and the worker host imports no port.
// The code base keeps them, and a fixture that breaks each is caught while its allowed imports are not.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { checkTree } from "../../scripts/check-deps.ts";

const root = join(import.meta.dirname, "../..");
const fixture = join(import.meta.dirname, "fixtures/host-folders");
const rules = new Set(["hosts-own-folder", "worker-no-ports"]);

test("no host imports another host's folder, and the worker imports no port", () => {
  assert.equal(
    checkTree(root).filter((v) => rules.has(v.rule)),
    [],
  );
});

test("the fixture's cross-host imports and the worker's port import are caught, nothing else", () => {
  const found = checkTree(fixture)
    .map((v) => `${v.rule} ${v.file} ${v.spec}`)
    .sort();
  assert.equal(found, [
    "hosts-own-folder hosts/api/main.ts ../worker/edge.ts",
    "hosts-own-folder hosts/shared/irs.ts ../irs-emulator/emulator.ts",
    "worker-no-ports hosts/worker/edge.ts ../../core/ports/jobs.port.ts",
  ]);
});

test("the lint command fails on the fixture and names the files", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/check-deps.ts"), fixture], {
    encoding: "utf8",
  });
  assert.is(r.status, 1);
  assert.match(r.stderr, "hosts/api/main.ts: imports ../worker/edge.ts (hosts-own-folder)");
  assert.match(r.stderr, "hosts/shared/irs.ts: imports ../irs-emulator/emulator.ts (hosts-own-folder)");
  assert.match(r.stderr, "hosts/worker/edge.ts: imports ../../core/ports/jobs.port.ts (worker-no-ports)");
});

test.run();
