import { test } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Tin } from "../../../../core/domain/shared/tin.ts";
import { parsePageQuery, toPage } from "../../../../core/domain/shared/paging.ts";
import { InvalidRequest } from "../../../../core/domain/shared/errors.ts";

test("TIN: 9 digits or hyphenated EIN/SSN; anything else refused (D6)", () => {
  assert.is(Tin.parse("123456789")?.reveal(), "123456789");
  assert.is(Tin.parse("12-3456789")?.reveal(), "123456789");
  assert.is(Tin.parse("123-45-6789")?.reveal(), "123456789");
  for (const bad of [
    "12345678",
    "1234567890",
    "12-345-6789",
    "abcdefghi",
    "",
    123456789,
    null,
    "1234-56789",
  ]) {
    assert.is(Tin.parse(bad), undefined, String(bad));
  }
});

test("TIN never prints whole: String, JSON, inspect", () => {
  const tin = Tin.parse("987654321") as Tin;
  for (const shown of [String(tin), JSON.stringify({ tin }), inspect(tin), `${tin}`]) {
    assert.not.ok(shown.includes("987654321"), shown);
    assert.ok(shown.includes("4321"));
  }
  assert.is(tin.last4, "4321");
});

test("paging: limit 1..500, default 100 (D34)", () => {
  assert.equal(parsePageQuery({}), { limit: 100, startingAfter: null });
  assert.equal(parsePageQuery({ limit: "500", starting_after: "abc" }), { limit: 500, startingAfter: "abc" });
  for (const bad of ["0", "501", "-1", "1.5", "ten", ""]) {
    const r = parsePageQuery({ limit: bad });
    assert.instance(r, InvalidRequest, bad);
    if (r instanceof InvalidRequest) assert.is(r.param, "limit");
  }
});

test("toPage: has_more and next_cursor from limit + 1 rows", () => {
  const rows = [{ id: "a" }, { id: "b" }, { id: "c" }];
  assert.equal(toPage(rows, 2), { data: [{ id: "a" }, { id: "b" }], hasMore: true, nextCursor: "b" });
  assert.equal(toPage(rows, 3), { data: rows, hasMore: false, nextCursor: null });
});

test.run();
