// The README's quick start, pasted as a new user would: its shell blocks are read from README.md, the API host is
// started as `npm start` starts it (hosts/api/main.ts, a fresh embedded data folder, a random port), the printed
// sandbox key and the base URL go where the README says, and the curl block runs through `sh -c` with the
// machine's curl (or, without one, test/support/curl-shim.ts: the same requests through fetch) and jq. Every curl
// must answer the status expected of its step, and the run must end where the README says: the filing accepted
// with the IRS receipt id, its acknowledgement, and Copy B as a PDF.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApiProcess, type ApiProcess } from "./support/api-process.ts";

const root = join(import.meta.dirname, "..");
const README = readFileSync(join(root, "README.md"), "utf8");
const README_BASE = "http://localhost:3000";

const has = (cmd: string) => spawnSync(cmd, ["--version"], { stdio: "ignore" }).status === 0;
// README_QUICKSTART_CURL=shim runs the fetch translation even where curl exists (to check the translation).
const useShim = !has("curl") || process.env["README_QUICKSTART_CURL"] === "shim";
const hasJq = has("jq");

/** The fenced `sh` blocks of the "## Quick start" section, in order. */
function quickStartBlocks(readme: string): string[] {
  const start = readme.indexOf("\n## Quick start\n");
  if (start < 0) throw new Error("README.md has no '## Quick start' section");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

/**
 * The step each curl of the quick start is, in order: method, path, and the status it must answer. The step marked
 * `polls` runs one or more times (step 5 asks until the IRS has answered).
 */
const FILING = /^\/v1\/filings\/[0-9a-f-]{36}$/;
const STEPS = [
  { step: "1. the payer", method: "POST", path: /^\/v1\/payers$/, status: 201 },
  {
    step: "2. its forms into the cart",
    method: "POST",
    path: /^\/v1\/payers\/[0-9a-f-]{36}\/forms$/,
    status: 201,
  },
  { step: "3. the cart", method: "GET", path: /^\/v1\/cart\/details$/, status: 200 },
  { step: "4. pay", method: "POST", path: /^\/v1\/cart\/pay$/, status: 200 },
  { step: "5. waiting for the IRS", method: "GET", path: FILING, status: 200, polls: true },
  { step: "5. the filing", method: "GET", path: FILING, status: 200 },
  { step: "5. its acknowledgement", method: "GET", path: /^\/v1\/filings\/[0-9a-f-]{36}\/ack$/, status: 200 },
  { step: "6. Copy B", method: "GET", path: /^\/v1\/filings\/[0-9a-f-]{36}\/copy-b$/, status: 200 },
];

/** The JSON values jq printed one after another (pretty-printed objects, each closing with `}` alone on a line). */
function jqOutputs(stdout: string): Record<string, unknown>[] {
  return stdout
    .split(/^\}$/m)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== "")
    .map((chunk) => JSON.parse(`${chunk}\n}`) as Record<string, unknown>);
}

function runSh(script: string, cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const proc = spawn("sh", ["-c", script], { cwd, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    proc.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const s = suite<{ api: ApiProcess; dir: string }>("README quick start");
s.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), "irs-readme-"));
  if (hasJq) ctx.api = await startApiProcess({}, { asNpmStart: true });
});
s.after(async (ctx) => {
  await ctx.api?.stop();
  rmSync(ctx.dir, { recursive: true, force: true });
});

s("the quick start has the start command and one block of curls, with the key and URL to replace", () => {
  const blocks = quickStartBlocks(README);
  assert.is(blocks.length, 2);
  assert.is(blocks[0]?.trim(), "npm install && npm start");
  assert.match(README, /^Sandbox API key: sk_sandbox_…$/m);
  assert.match(blocks[1] as string, /^KEY=sk_sandbox_\S*\s+# the key printed above$/m);
  assert.ok((blocks[1] as string).includes(README_BASE));
  assert.not.match(blocks[1] as string, /\s(-w|--write-out)\s/, "the test adds its own -w");
});

(hasJq ? s : s.skip)(
  `the curls, pasted with the printed key (${useShim ? "fetch translation" : "curl"}), file a 1099-NEC to accepted and Copy B`,
  async ({ api, dir }) => {
    const [, curls] = quickStartBlocks(README) as [string, string];
    const pasted = curls.replace(/^KEY=sk_sandbox_\S*/m, `KEY=${api.key}`).replaceAll(README_BASE, api.base);
    // Each curl also writes `STATUS <code> <method> <url>` to stderr (the README's curls are -s and show none).
    const writeOut = `'%{stderr}STATUS %{http_code} %{method} %{url_effective}\\n'`;
    const prelude = useShim
      ? `curl() { "$QS_NODE" --import "$QS_TSX" "$QS_SHIM" -w ${writeOut} "$@"; }`
      : `curl() { command curl -w ${writeOut} "$@"; }`;
    const run = await runSh(`${prelude}\n${pasted}`, dir, {
      QS_NODE: process.execPath,
      QS_TSX: import.meta.resolve("tsx"),
      QS_SHIM: join(root, "test", "support", "curl-shim.ts"),
    });
    assert.is(run.code, 0, run.stderr);
    const lines = run.stderr.split("\n").filter((l) => l !== "");
    const others = lines.filter((l) => !l.startsWith("STATUS "));
    assert.equal(others, [], "nothing but the status lines on stderr (no jq or curl error)");
    const calls = lines.map((l) => {
      const [, status, method, url] = l.split(" ") as [string, string, string, string];
      return { status: Number(status), method, url };
    });
    const polls = calls.length - (STEPS.length - 1);
    assert.ok(polls >= 1, run.stderr);
    const expectedCalls = STEPS.flatMap((step) =>
      step.polls ? Array.from({ length: polls }, () => step) : [step],
    );
    assert.is(calls.length, expectedCalls.length, run.stderr);
    expectedCalls.forEach((expected, i) => {
      const call = calls[i] as (typeof calls)[number];
      const url = new URL(call.url);
      assert.is(url.origin, api.base, expected.step);
      assert.is(call.method, expected.method, expected.step);
      assert.match(url.pathname, expected.path, `${expected.step}: ${url.pathname}`);
      assert.is(call.status, expected.status, `${expected.step}: ${call.method} ${url.pathname}`);
    });
    // One filing all along: the id step 2 picked out of the answer.
    const filingIds = new Set(calls.slice(4).map((c) => new URL(c.url).pathname.split("/")[3]));
    assert.is(filingIds.size, 1);

    // What jq showed: the cart, the payment, the filing, its acknowledgement.
    const [cart, paid, filing, ack, ...rest] = jqOutputs(run.stdout);
    assert.equal(rest, []);
    assert.is(cart?.["item_count"], 1);
    assert.ok(Number(cart?.["total_cents"]) > 0, JSON.stringify(cart));
    assert.ok(Array.isArray(cart?.["charge_lines"]));
    assert.ok(paid?.["order"], JSON.stringify(paid));
    assert.is(paid?.["amount_charged"], cart?.["total_cents"], JSON.stringify(paid));
    assert.is(filing?.["status"], "accepted", `accepted after ${String(polls)} asks, as step 5 says`);
    assert.type(filing?.["receipt_id"], "string");
    assert.ok(ack && Object.keys(ack).length > 0, "the acknowledgement");
    assert.ok(JSON.stringify(ack).includes(filing?.["receipt_id"] as string), "the ack names the receipt");

    const pdf = readFileSync(join(dir, "copy-b.pdf"));
    assert.is(pdf.subarray(0, 5).toString("latin1"), "%PDF-", "copy-b.pdf is a PDF");
  },
);

s.run();
