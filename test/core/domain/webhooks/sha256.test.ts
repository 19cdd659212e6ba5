import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createHash, createHmac } from "node:crypto";
import { hmacSha256, sha256, toHex } from "../../../../core/domain/webhooks/index.ts";

const text = (s: string) => new TextEncoder().encode(s);
const hex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));
const fill = (byte: number, n: number) => new Uint8Array(n).fill(byte);

test("SHA-256: FIPS 180-4 / NIST example vectors", () => {
  assert.is(toHex(sha256(text(""))), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.is(toHex(sha256(text("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.is(
    toHex(sha256(text("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
  assert.is(
    toHex(
      sha256(
        text(
          "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        ),
      ),
    ),
    "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
  );
  assert.is(
    toHex(sha256(fill(0x61, 1_000_000))),
    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
  );
});

test("SHA-256: every length around the padding boundaries agrees with node:crypto", () => {
  for (let n = 0; n <= 200; n++) {
    const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff);
    assert.is(toHex(sha256(data)), createHash("sha256").update(data).digest("hex"), `length ${n}`);
  }
});

// RFC 4231 section 4: HMAC-SHA-256 test cases 1-7.
const RFC4231: Array<[string, Uint8Array, Uint8Array, string]> = [
  ["1", fill(0x0b, 20), text("Hi There"), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"],
  [
    "2",
    text("Jefe"),
    text("what do ya want for nothing?"),
    "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
  ],
  ["3", fill(0xaa, 20), fill(0xdd, 50), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"],
  [
    "4",
    hex("0102030405060708090a0b0c0d0e0f10111213141516171819"),
    fill(0xcd, 50),
    "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
  ],
  [
    "5 (truncated to 128 bits)",
    fill(0x0c, 20),
    text("Test With Truncation"),
    "a3b6167473100ee06e0c796c2955552b",
  ],
  [
    "6",
    fill(0xaa, 131),
    text("Test Using Larger Than Block-Size Key - Hash Key First"),
    "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
  ],
  [
    "7",
    fill(0xaa, 131),
    text(
      "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
    ),
    "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
  ],
];

test("HMAC-SHA256: RFC 4231 test cases", () => {
  for (const [name, key, data, expected] of RFC4231) {
    assert.is(toHex(hmacSha256(key, data)).slice(0, expected.length), expected, `case ${name}`);
  }
});

test("property: any key and any split of the data agree with node:crypto", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 300 }),
      fc.nat(),
      (key, data, cut) => {
        const at = data.length === 0 ? 0 : cut % data.length;
        const ours = toHex(hmacSha256(key, data.subarray(0, at), data.subarray(at)));
        assert.is(ours, createHmac("sha256", key).update(data).digest("hex"));
        assert.is(
          toHex(sha256(data.subarray(0, at), data.subarray(at))),
          createHash("sha256").update(data).digest("hex"),
        );
      },
    ),
    { numRuns: 500 },
  );
});

test.run();
