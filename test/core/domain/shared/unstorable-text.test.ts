// jsonTextMayHoldUnstorable lets the body reader skip the walk over a parsed body: it must answer true for every
// JSON text whose value holds a NUL or a lone surrogate (findUnstorableText finds one), and false for plain text.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { findUnstorableText, jsonTextMayHoldUnstorable } from "../../../../core/domain/shared/validation.ts";

const s = suite("jsonTextMayHoldUnstorable");

s(
  "plain bodies, escaped quotes and newlines, accents and paired surrogates: only a surrogate answers true",
  () => {
    assert.is(jsonTextMayHoldUnstorable(JSON.stringify({ forms: [{ a: 'Doe, "Jr"\n\t', b: 1.5 }] })), false);
    assert.is(jsonTextMayHoldUnstorable(JSON.stringify({ name: "Zoë Ünal 漢字" })), false);
    // A valid pair (🙂) raw or escaped: true, and the walk finds nothing.
    for (const text of [JSON.stringify({ name: "🙂" }), '{"name":"\\ud83d\\ude42"}']) {
      assert.is(jsonTextMayHoldUnstorable(text), true, text);
      assert.is(findUnstorableText(JSON.parse(text)), null, text);
    }
  },
);

s("a NUL or a lone surrogate in a value or a key, however written: true, and the walk finds it", () => {
  for (const text of [
    '{"a":"x\\u0000y"}',
    '{"a\\u0000":1}',
    '{"a":["ok","\\uD800"]}',
    '{"a":"\\udfff"}',
    '{"a":{"b":"\\uDBFF tail"}}',
    JSON.stringify({ a: "lone \uD800 surrogate" }),
    JSON.stringify({ a: "nul \u0000 char" }),
  ]) {
    assert.ok(findUnstorableText(JSON.parse(text)), text);
    assert.is(jsonTextMayHoldUnstorable(text), true, text);
  }
  // An escaped backslash before "u0000" is the six characters \u0000, not a NUL: true, but the walk finds nothing.
  const literal = '{"a":"\\\\u0000"}';
  assert.is(jsonTextMayHoldUnstorable(literal), true);
  assert.is(findUnstorableText(JSON.parse(literal)), null);
});

s(
  "random strings of any UTF-16 code units: whenever the walk finds something, the text said it might",
  () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const units = [0, 0x41, 0x22, 0x5c, 0x0a, 0xe9, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0x1f];
    let found = 0;
    for (let i = 0; i < 2000; i++) {
      const str = () =>
        String.fromCharCode(
          ...Array.from({ length: next() % 6 }, () => units[next() % units.length] as number),
        );
      const text = JSON.stringify({ [str()]: [str(), { k: str() }] });
      if (findUnstorableText(JSON.parse(text)) !== null) {
        found++;
        assert.is(jsonTextMayHoldUnstorable(text), true, JSON.stringify(text));
      }
    }
    assert.ok(found > 100, `only ${found} random texts held a NUL or lone surrogate`);
  },
);

s.run();
