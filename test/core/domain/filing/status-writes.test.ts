// One way to change a filing's status: every write of `status` in the use cases and the adapters goes through
// the transition table (core/domain/filing/status.ts). The test reads the sources, lists each write and checks
// that its value comes from `nextStatus` or `move` (a `MovedStatus`) and that its `from` is the rule's, not a
// hand-written list. The type of FilingPatch enforces the same at compile time (last test).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { FILING_STATUSES } from "../../../../core/domain/filing/status.ts";
import type { FilingPatch } from "../../../../core/ports/filings.port.ts";

const root = join(import.meta.dirname, "../../../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "migrations") out.push(...sources(path));
    } else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

const files = [...sources(join(root, "core/use-cases")), ...sources(join(root, "adapters"))].map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, "utf8"),
}));
const statusLiteral = `(?:${FILING_STATUSES.join("|")})`;

/** Each call of a filing write (`filings.update`, `filings.updateMany`, `markQueued`) with its argument text. */
function filingWrites(): { where: string; args: string }[] {
  const out: { where: string; args: string }[] = [];
  for (const { path, text } of files) {
    for (const m of text.matchAll(/filings\s*\.(?:update|updateMany|markQueued)\(/g)) {
      let depth = 1,
        i = (m.index ?? 0) + m[0].length;
      const start = i;
      while (depth > 0 && i < text.length) {
        const c = text[i++];
        if (c === "(" || c === "{" || c === "[") depth++;
        else if (c === ")" || c === "}" || c === "]") depth--;
      }
      out.push({
        where: `${path}:${text.slice(0, m.index).split("\n").length}`,
        args: text.slice(start, i - 1).trim(),
      });
    }
  }
  return out;
}

test("every status write in the use cases takes its status and its `from` from the transition table", () => {
  const writes = filingWrites();
  const withStatus = writes.filter((w) => /\bstatus:/.test(w.args) || w.args.startsWith("PAY"));
  // void, untransmittable, supersede, add to cart, remove from cart, transmit/furnish, acknowledgements, pay.
  assert.ok(
    withStatus.length >= 8,
    `found ${withStatus.length} status writes: ${withStatus.map((w) => w.where).join(", ")}`,
  );
  for (const w of withStatus) {
    assert.not.match(
      w.args,
      new RegExp(`status:\\s*["'\`]${statusLiteral}["'\`]`),
      `${w.where} writes a status literal`,
    );
    const status = /\bstatus:\s*([\w.]+)/.exec(w.args)?.[1];
    if (status !== undefined)
      assert.match(status, /^(?:\w+\.)?to$/, `${w.where}: status ${status} is not a move's target`);
    const from = w.args.split(",")[1]?.trim() ?? "";
    assert.not.match(
      from,
      new RegExp(`^\\[\\s*["']${statusLiteral}`),
      `${w.where}: a status change selects hand-written statuses ${from}`,
    );
  }
});

test("the adapters write a filing status only from the move they are given", () => {
  const found: string[] = [];
  // The store adapters (an IRS acknowledgement's record outcome, in adapters/iris-a2a, is not a filing).
  for (const { path, text } of files.filter((f) => /^adapters\/(knex|in-memory)\//.test(f.path))) {
    // SQL: `set status = 'queued'`; object spreads: `{ ...f, status: "queued" }`.
    for (const m of text.matchAll(
      new RegExp(
        `set status\\s*=\\s*'${statusLiteral}'|\\.\\.\\.\\w+, status:\\s*["']${statusLiteral}["']`,
        "g",
      ),
    )) {
      found.push(`${path}:${text.slice(0, m.index).split("\n").length}: ${m[0]}`);
    }
  }
  assert.equal(found, []);
  const fake = files
    .filter((f) => f.path.startsWith("adapters/in-memory/"))
    .map((f) => f.text)
    .join("\n");
  const knex = files
    .filter((f) => f.path.startsWith("adapters/knex/"))
    .map((f) => f.text)
    .join("\n");
  assert.match(fake, /status: pay\.to/);
  assert.match(knex, /set status = \?/);
});

test("a filing patch does not take a status literal (compile-time guard)", () => {
  // @ts-expect-error a status must come from nextStatus or move
  const bad: FilingPatch = { status: "voided" };
  assert.is(bad.status, "voided");
});

test.run();
