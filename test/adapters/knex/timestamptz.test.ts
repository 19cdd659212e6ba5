// The timestamptz parser of connection.ts: the same Date as pg's own parser for every text form Postgres sends,
// on its fast path (a UTC session's `YYYY-MM-DD HH:MM:SS[.ffffff]+00`) and on the forms it hands to pg's parser.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import pg from "pg";

// pg's own parser, taken before connection.ts replaces it.
const pgParse = pg.types.getTypeParser(1184, "text") as (v: string) => unknown;
const { parseTimestamptzFast } = await import("../../../adapters/knex/connection.ts");

const test = suite("timestamptz parser");
const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? Object.is(a.getTime(), b.getTime()) : Object.is(a, b);

test("connection.ts installs it for timestamptz", () => {
  assert.is(pg.types.getTypeParser(1184, "text"), parseTimestamptzFast);
});

test("agrees with pg's parser on UTC timestamps of every precision, and on the forms it leaves to it", () => {
  const cases = [
    "2026-11-24 20:44:09.123456+00",
    "2026-11-24 20:44:09+00",
    "2026-11-24 20:44:09.1+05:30",
    "2026-11-24 20:44:09-07",
    "1999-12-31 23:59:59.999999+00",
    "0099-01-01 00:00:00+00",
    "2026-11-24 20:44:09.5+00 BC",
    "12026-11-24 20:44:09+00",
    "infinity",
    "-infinity",
  ];
  for (let i = 0; i < 2000; i++) {
    const iso = new Date(Math.floor(Math.random() * 4e12) - 1e12).toISOString();
    const micros = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
    const fraction = i % 5 === 0 ? "" : "." + micros.slice(0, 1 + (i % 6));
    cases.push(`${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00`);
  }
  for (const c of cases) assert.ok(same(parseTimestamptzFast(c), pgParse(c)), c);
});

test.run();
