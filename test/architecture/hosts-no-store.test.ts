// The dependency rule that keeps business out of the hosts (issue 42): no file under hosts/ imports the store port;
// a host calls a use case. The code base keeps it, and a fixture host that reads the store is caught.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { checkTree } from "../../scripts/check-deps.ts";

const root = join(import.meta.dirname, "../..");
const fixture = join(import.meta.dirname, "fixtures/host-store");

test("no host imports core/ports/store.port.ts", () => {
  assert.equal(
    checkTree(root).filter((v) => v.rule === "hosts-no-store"),
    [],
  );
});

test("a fixture host importing the store is caught; its other port import is not", () => {
  assert.equal(checkTree(fixture), [
    { file: "hosts/api/reads-store.ts", spec: "../../core/ports/store.port.ts", rule: "hosts-no-store" },
  ]);
});

test("the lint command fails on the fixture and names the file", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/check-deps.ts"), fixture], {
    encoding: "utf8",
  });
  assert.is(r.status, 1);
  assert.match(r.stderr, "hosts/api/reads-store.ts: imports ../../core/ports/store.port.ts (hosts-no-store)");
});

test.run();
