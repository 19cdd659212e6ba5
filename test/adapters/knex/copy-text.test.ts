// COPY's text format as the bulk inserts and the benches' raw floors write it (adapters/knex/copy.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyField, copyText } from "../../../adapters/knex/copy.ts";

test("copyField: NULL, a Date as ISO 8601, objects as JSON, tab, newline, CR and backslash escaped", () => {
  assert.is(copyField(null), "\\N");
  assert.is(copyField(undefined), "\\N");
  assert.is(copyField(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))), "2026-01-02T03:04:05.006Z");
  assert.is(copyField({ a: "x\ty" }), '{"a":"x\\\\ty"}');
  assert.is(copyField("a\tb\nc\rd\\e"), "a\\tb\\nc\\rd\\\\e");
  assert.is(copyField(12.5), "12.5");
  assert.is(copyField(false), "false");
});

test("copyText: one line a row, fields tab-separated", () => {
  assert.is(
    copyText([
      ["a", null, 1],
      ["b\tc", new Date(0), true],
    ]),
    "a\t\\N\t1\nb\\tc\t1970-01-01T00:00:00.000Z\ttrue\n",
  );
  assert.is(copyText([]), "");
});

test("copyText: many pieces of text (multi-byte characters, a field larger than a piece) come out whole", () => {
  const rows: unknown[][] = [];
  for (let i = 0; i < 3000; i++) rows.push([`Zoë Ñúñez ${i}`, "€".repeat(i % 50), { n: i, s: "ü\t" }, null]);
  rows.splice(1500, 0, ["x".repeat(600_000), "日本".repeat(200_000), 1, 2]);
  const naive = rows.map((r) => r.map(copyField).join("\t")).join("\n") + "\n";
  assert.ok(Buffer.byteLength(naive) > 4 * 262_144);
  assert.is(copyText(rows), naive);
});

test.run();
