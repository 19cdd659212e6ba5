// The pino logger: secret-named fields redacted at any depth, TIN- and key-like text masked (messages, errors,
// free text), other fields untouched; silent writes nothing.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeLogger, scrubText } from "../../../hosts/shared/logger.ts";

function capture(level: Parameters<typeof makeLogger>[0]) {
  const lines: string[] = [];
  return {
    lines,
    logger: makeLogger(level, {
      destination: {
        write: (l: string) => {
          lines.push(l);
        },
      },
    }),
  };
}

test("fields named like secrets are redacted at any depth; TIN- and key-like text is masked", () => {
  const { lines, logger } = capture("info");
  logger.info("payer 12-3456701 saved", {
    tin: "123456701",
    client: { client_secret: "abc", token: "tok", nested: { password: "p", TIN: "1" } },
    key: "sk_live_" + "a".repeat(32),
    note: "recipient 123-45-6701 and 123456702 with sk_sandbox_" + "b".repeat(32),
    error: new Error("TIN 987654301 refused"),
    request_id: "req_x",
    status: 200,
    amount: "1500.00",
    year: 2025,
    payer_id: "5b0e4a1c-2f7d-4c4e-9a57-3d1f0c9e8b21",
  });
  const line = lines.join("");
  for (const secret of [
    "12-3456701",
    "123456701",
    "123-45-6701",
    "123456702",
    "987654301",
    "a".repeat(32),
    "b".repeat(32),
    '"abc"',
    '"tok"',
    '"p"',
  ]) {
    assert.not.ok(line.includes(secret), `${secret} in ${line}`);
  }
  const out = JSON.parse(line) as Record<string, unknown>;
  assert.is(out["tin"], "[REDACTED]");
  assert.equal(out["client"], {
    client_secret: "[REDACTED]",
    token: "[REDACTED]",
    nested: { password: "[REDACTED]", TIN: "[REDACTED]" },
  });
  assert.is(out["msg"], "payer [REDACTED] saved");
  assert.equal(
    [out["request_id"], out["status"], out["amount"], out["year"], out["payer_id"]],
    ["req_x", 200, "1500.00", 2025, "5b0e4a1c-2f7d-4c4e-9a57-3d1f0c9e8b21"],
  );
  assert.is(out["level"], "info");
});

test("levels: below the level and silent write nothing", () => {
  const info = capture("info");
  info.logger.debug("hidden");
  info.logger.warn("shown");
  assert.is(info.lines.length, 1);
  assert.ok(info.logger.enabled("info") && !info.logger.enabled("debug"));
  const silent = capture("silent");
  silent.logger.error("nothing");
  assert.is(silent.lines.length, 0);
  assert.not.ok(silent.logger.enabled("error"));
});

test("a TIN standing as its own token is masked, however it is written or wrapped", () => {
  // Made-up numbers in every shape a TIN takes, alone and in the text around it in logs and error messages.
  const cases: Array<[string, string]> = [
    ["123456789", "[REDACTED]"],
    ["123-45-6789", "[REDACTED]"],
    ["12-3456789", "[REDACTED]"],
    ["tin=123456789", "tin=[REDACTED]"],
    ["TIN:123456789", "TIN:[REDACTED]"],
    ["TIN: 123-45-6789.", "TIN: [REDACTED]."],
    ["TIN123456789", "TIN[REDACTED]"],
    ["ssn 123-45-6789, ein 12-3456789;", "ssn [REDACTED], ein [REDACTED];"],
    ['"123456789"', '"[REDACTED]"'],
    ["'12-3456789'", "'[REDACTED]'"],
    ['{"tin":"123456789","other":"123-45-6789"}', '{"tin":"[REDACTED]","other":"[REDACTED]"}'],
    ["(123456789)", "([REDACTED])"],
    ["a/123456789/b", "a/[REDACTED]/b"],
    ["?tin=123456789&x=1", "?tin=[REDACTED]&x=1"],
    ["recipient 123456789 refused", "recipient [REDACTED] refused"],
    ["123456789\n000456789", "[REDACTED]\n[REDACTED]"],
    ["first 123456789", "first [REDACTED]"],
    // Before a full stop or after a dot that ends no number (the old rule let these through).
    ["recipient 123456789.", "recipient [REDACTED]."],
    ["payer.tin.123456789", "payer.tin.[REDACTED]"],
    // JSON-encoded text inside a string: the escape before the number is no letter of a token.
    [JSON.stringify({ note: "line\n123456789\t12-3456789" }), '{"note":"line\\n[REDACTED]\\t[REDACTED]"}'],
  ];
  for (const [text, scrubbed] of cases) assert.is(scrubText(text), scrubbed, text);
});

test("digits inside a longer token are not a TIN: ids, UUIDs and numbers stay as written", () => {
  for (const text of [
    "req_gPKpe9Ch750000000i60",
    "req_gPKpe9Ch123456789i60",
    "evt_0123456789abcdefGHIJ",
    "fil_aB123456789",
    "ord_123456789zz",
    "req_123456789",
    "x123456789y",
    "123456789abc",
    "5b0e4a1c-2f7d-4c4e-9a57-3d1f0c9e8b21",
    "12345678-1234-1234-1234-123456789012",
    "1234567890",
    "12345678",
    "123456789.00",
    "0.123456789",
    "amount 1234.56",
    "2025-06-15T12:34:56.789Z",
  ]) {
    assert.is(scrubText(text), text, text);
  }
  // Quoted by a customer to support: the id in the logs is the id in the answer.
  assert.is(
    scrubText("unhandled error in req_gPKpe9Ch750000000i60 for TIN 123456789"),
    "unhandled error in req_gPKpe9Ch750000000i60 for TIN [REDACTED]",
  );
});

test("a request id is logged as it was answered, in a field or in a message", () => {
  const { lines, logger } = capture("info");
  logger.info("request req_gPKpe9Ch750000000i60 done", {
    request_id: "req_gPKpe9Ch750000000i60",
    tin_last4: "6789",
  });
  const out = JSON.parse(lines.join("")) as Record<string, unknown>;
  assert.is(out["request_id"], "req_gPKpe9Ch750000000i60");
  assert.is(out["msg"], "request req_gPKpe9Ch750000000i60 done");
});

test.run();
