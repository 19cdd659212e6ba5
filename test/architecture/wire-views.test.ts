// Wire views (the response objects with SPEC's field names) have one home: the `views.ts` of their area in
// core/domain. Use cases call a view; routes call one use case and answer. So no file of core/use-cases, the
// facade (core/index.ts), the HTTP host (hosts/api, but for the OpenAPI document's examples) or core/domain
// outside a views.ts writes an `object: "..."` discriminator.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { stripComments } from "../../scripts/check-deps.ts";

const root = join(import.meta.dirname, "../..");

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return path.endsWith(".ts") ? [path] : [];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

/** `object: "x"`, `"object": 'x'`, `object: \`x\``: a wire object's discriminator, outside comments. */
const DISCRIMINATOR = /(?:^|[{,\s])(?:object|"object"|'object')\s*:\s*["'`]/m;
const buildsWireObject = (source: string) => DISCRIMINATOR.test(stripComments(source));

const SCANNED = ["core/use-cases", "core/index.ts", "hosts/api"];
const EXEMPT = ["hosts/api/openapi/"]; // the OpenAPI document's examples: documentation, not answers

function offenders(paths: readonly string[]): string[] {
  return paths
    .flatMap((p) => files(join(root, p)))
    .map((path) => relative(root, path))
    .filter((path) => !EXEMPT.some((e) => path.startsWith(e)))
    .filter((path) => buildsWireObject(readFileSync(join(root, path), "utf8")));
}

test("no use case, facade or HTTP host file builds a wire object (they call core/domain views)", () => {
  assert.equal(offenders(SCANNED), []);
});

test("in core/domain, only an area's views.ts builds a wire object", () => {
  assert.equal(
    offenders(["core/domain"]).filter((path) => !path.endsWith("/views.ts")),
    [],
  );
});

test("the scan sees the views where they live", () => {
  const views = offenders(["core/domain"]);
  for (const home of [
    "core/domain/cart/views.ts",
    "core/domain/extensions/views.ts",
    "core/domain/filing/views.ts",
    "core/domain/fire/views.ts",
    "core/domain/forms/views.ts",
    "core/domain/ledger/views.ts",
    "core/domain/oauth/views.ts",
    "core/domain/parties/views.ts",
    "core/domain/pricing/views.ts",
    "core/domain/security/views.ts",
    "core/domain/shared/views.ts",
    "core/domain/webhooks/views.ts",
  ]) {
    assert.ok(views.includes(home), `${home} is not seen building a wire object`);
  }
});

test("the detector: discriminators in code, not in comments or other keys", () => {
  assert.ok(buildsWireObject(`return { object: "cart_value", id };`));
  assert.ok(buildsWireObject(`return {\n  object: 'list',\n  data };`));
  assert.ok(buildsWireObject(`const v = { "object": \`x\` };`));
  assert.ok(buildsWireObject(`f({ id, object: "order" })`));
  assert.not.ok(buildsWireObject(`// return { object: "list" }\nconst a = 1;`));
  assert.not.ok(buildsWireObject(`/* object: "x" */ const b = { kind: "x" };`));
  assert.not.ok(buildsWireObject(`const o = { subobject: "x", object };`));
});

test.run();
