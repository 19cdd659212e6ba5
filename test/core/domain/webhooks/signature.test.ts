import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createHmac } from "node:crypto";
import {
  ROTATION_OVERLAP_MS,
  activeSigningSecrets,
  constantTimeEqual,
  newSigningSecret,
  secretPreview,
  signPayload,
  verifySignature,
} from "../../../../core/domain/webhooks/index.ts";

const secret = newSigningSecret(Uint8Array.from({ length: 32 }, (_, i) => i));
const oldSecret = newSigningSecret(new Uint8Array(32).fill(0xee));
const body = JSON.stringify({
  id: "evt_1",
  type: "filing.accepted",
  created: 1_781_000_000,
  data: { id: "f", status: "accepted" },
});
const t = 1_781_000_000;
const at = (unix: number) => new Date(unix * 1000);

test("secret: whsec_ + base64 of the 32 bytes; preview shows the prefix and four characters", () => {
  assert.is(secret, "whsec_" + Buffer.from(Uint8Array.from({ length: 32 }, (_, i) => i)).toString("base64"));
  assert.is(secret, "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
      assert.is(newSigningSecret(bytes), "whsec_" + Buffer.from(bytes).toString("base64"));
    }),
  );
  assert.throws(() => newSigningSecret(new Uint8Array(16)), /32/);
  assert.is(secretPreview(secret), "whsec_AAEC\u2026");
  assert.not.ok(secretPreview(secret).includes(secret.slice(10)));
});

test("header format, and agreement with a hand-written node:crypto check", () => {
  const header = signPayload([secret], t, body);
  assert.match(header, /^t=1781000000,v1=[0-9a-f]{64}$/);
  // What a receiver writes from the spec: HMAC-SHA256 keyed with the whole secret string over `{t}.{rawBody}`.
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  assert.is(header, `t=${t},v1=${expected}`);
  // Bytes and text give the same signature (UTF-8), non-ASCII included.
  const unicode = JSON.stringify({ name: "Zoë Ørsted — 株式会社" });
  assert.is(signPayload([secret], t, new TextEncoder().encode(unicode)), signPayload([secret], t, unicode));
  assert.is(
    signPayload([secret], t, unicode).split("v1=")[1],
    createHmac("sha256", secret).update(`${t}.${unicode}`, "utf8").digest("hex"),
  );
});

test("sign then verify round trip (property)", () => {
  fc.assert(
    fc.property(
      fc.string(),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.integer({ min: 0, max: 4_000_000_000 }),
      (raw, bytes, ts) => {
        const s = newSigningSecret(bytes);
        const header = signPayload([s], ts, raw);
        assert.equal(verifySignature({ header, rawBody: raw, secret: s, now: at(ts) }), { ok: true });
      },
    ),
  );
});

test("tampered body, timestamp or signature fails", () => {
  const header = signPayload([secret], t, body);
  const now = at(t + 10);
  assert.equal(verifySignature({ header, rawBody: body + " ", secret, now }), {
    ok: false,
    reason: "no_matching_signature",
  });
  assert.equal(verifySignature({ header, rawBody: body.replace("accepted", "rejected"), secret, now }), {
    ok: false,
    reason: "no_matching_signature",
  });
  const shifted = header.replace(`t=${t}`, `t=${t + 1}`);
  assert.equal(verifySignature({ header: shifted, rawBody: body, secret, now }), {
    ok: false,
    reason: "no_matching_signature",
  });
  const last = header.at(-1) === "0" ? "1" : "0";
  assert.equal(verifySignature({ header: header.slice(0, -1) + last, rawBody: body, secret, now }), {
    ok: false,
    reason: "no_matching_signature",
  });
  assert.equal(verifySignature({ header, rawBody: body, secret: oldSecret, now }), {
    ok: false,
    reason: "no_matching_signature",
  });
  // Upper-case hex is the same signature.
  assert.equal(
    verifySignature({
      header: header.toUpperCase().replace("T=", "t=").replace("V1=", "v1="),
      rawBody: body,
      secret,
      now,
    }),
    { ok: true },
  );
});

test("tolerance: 300 s by default, either direction; configurable", () => {
  const header = signPayload([secret], t, body);
  const v = (now: Date, toleranceSeconds?: number) =>
    verifySignature({
      header,
      rawBody: body,
      secret,
      now,
      ...(toleranceSeconds === undefined ? {} : { toleranceSeconds }),
    });
  assert.equal(v(at(t + 300)), { ok: true });
  assert.equal(v(at(t - 300)), { ok: true });
  assert.equal(v(at(t + 301)), { ok: false, reason: "timestamp_out_of_tolerance" });
  assert.equal(v(at(t - 301)), { ok: false, reason: "timestamp_out_of_tolerance" });
  assert.equal(v(new Date((t + 300) * 1000 + 1)), { ok: false, reason: "timestamp_out_of_tolerance" });
  assert.equal(v(at(t + 3600), 3600), { ok: true });
  assert.equal(v(at(t + 11), 10), { ok: false, reason: "timestamp_out_of_tolerance" });
});

test("malformed headers", () => {
  const good = signPayload([secret], t, body);
  const sig = good.split(",")[1] as string;
  const cases: Array<string | null | undefined> = [
    null,
    undefined,
    "",
    "garbage",
    `${sig}`,
    `t=${t}`,
    `t=abc,${sig}`,
    `t=-5,${sig}`,
    `t=1.5,${sig}`,
    `t=${t},t=${t},${sig}`,
    `t=${t},,${sig}`,
    `t=${t},${sig},`,
    `=1,${sig}`,
    `t=${t},v2=abcd`,
  ];
  for (const header of cases) {
    assert.equal(
      verifySignature({ header, rawBody: body, secret, now: at(t) }),
      { ok: false, reason: "malformed" },
      String(header),
    );
  }
  // Spaces after commas and unknown schemes beside v1 are accepted.
  assert.equal(verifySignature({ header: `t=${t}, v0=zz, ${sig}`, rawBody: body, secret, now: at(t) }), {
    ok: true,
  });
});

test("rotation: two signatures, each verifies with its own secret; previous secret for 24 h only", () => {
  const rotatedAt = at(t - 3600);
  const secrets = activeSigningSecrets({ current: secret, previous: oldSecret, rotatedAt }, at(t));
  assert.equal(secrets, [secret, oldSecret]);
  const header = signPayload(secrets, t, body);
  assert.match(header, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  const [, v1a, v1b] = header.split(",");
  assert.is(v1a, `v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`);
  assert.is(v1b, `v1=${createHmac("sha256", oldSecret).update(`${t}.${body}`).digest("hex")}`);
  assert.equal(verifySignature({ header, rawBody: body, secret, now: at(t) }), { ok: true });
  assert.equal(verifySignature({ header, rawBody: body, secret: oldSecret, now: at(t) }), { ok: true });
  assert.equal(
    verifySignature({ header: `t=${t},${v1b}`, rawBody: body, secret: [secret, oldSecret], now: at(t) }),
    { ok: true },
  );
  assert.equal(verifySignature({ header, rawBody: body, secret: "whsec_other", now: at(t) }), {
    ok: false,
    reason: "no_matching_signature",
  });

  const later = new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS);
  assert.equal(
    activeSigningSecrets({ current: secret, previous: oldSecret, rotatedAt }, new Date(later.getTime() - 1)),
    [secret, oldSecret],
  );
  assert.equal(activeSigningSecrets({ current: secret, previous: oldSecret, rotatedAt }, later), [secret]);
  assert.equal(activeSigningSecrets({ current: secret, previous: null, rotatedAt: null }, at(t)), [secret]);
});

test("signPayload refuses a non-integer timestamp and an empty secret list", () => {
  assert.throws(() => signPayload([secret], 1.5, body));
  assert.throws(() => signPayload([], t, body));
});

test("constantTimeEqual", () => {
  assert.ok(constantTimeEqual("abc", "abc"));
  assert.not.ok(constantTimeEqual("abc", "abd"));
  assert.not.ok(constantTimeEqual("abc", "ab"));
  assert.ok(constantTimeEqual("", ""));
});

test.run();
