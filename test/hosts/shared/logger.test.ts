// The pino logger: secret-named fields redacted at any depth, TIN- and key-like text masked (messages, errors,
// free text), other fields untouched; silent writes nothing.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeLogger } from "../../../hosts/shared/logger.ts";

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

test.run();
