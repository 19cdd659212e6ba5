// The id generators of the system adapter: version 4 UUIDs and base62 short ids, each drawn from the random pool and
// written as one string.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { randomBase62, randomUuid, systemIds } from "../../adapters/system/system.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("uuid: version 4, variant 10, lower-case hex, never repeated over 20,000 (across pool refills)", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 20_000; i++) {
    const id = systemIds.uuid();
    assert.ok(UUID_V4.test(id), id);
    seen.add(id);
  }
  assert.is(seen.size, 20_000);
  // The first hex digit takes all 16 values: the random bytes are used, not a fixed pattern.
  const digits = new Set(Array.from({ length: 200 }, () => randomUuid()[0]));
  assert.is(digits.size, 16);
});

test("short ids: the prefix, then the asked length of base62, never repeated", () => {
  const ids = Array.from({ length: 5000 }, () => systemIds.short("fil_"));
  for (const id of ids) assert.ok(/^fil_[0-9A-Za-z]{24}$/.test(id), id);
  assert.is(new Set(ids).size, ids.length);
  assert.ok(/^[0-9A-Za-z]{10}$/.test(randomBase62(10)));
  // Longer than the scratch buffer the characters are written to.
  assert.ok(/^[0-9A-Za-z]{100}$/.test(randomBase62(100)));
  // Each call returns its own string, not a view of the shared buffer.
  const a = randomBase62(24);
  const b = randomBase62(24);
  assert.is.not(a, b);
  assert.is(a.length, 24);
  const chars = new Set(Array.from({ length: 100 }, () => randomBase62(24)).join(""));
  assert.is(chars.size, 62);
});

test.run();
