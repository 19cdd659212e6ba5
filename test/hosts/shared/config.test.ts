// One validated configuration: every number is checked when it is read, and a bad value stops the start with a
// message naming the variable (never a NaN that fails later).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_TUNING, loadConfig } from "../../../hosts/shared/config.ts";
import { ConfigError } from "../../../hosts/shared/iris-config.ts";
import { DEFAULT_THROTTLE_POLICY } from "../../../core/domain/security/throttle.ts";
import * as Redacted from "effect/Redacted";

const base = { TIN_ENCRYPTION_KEY: "test-only-tin-key", DATA_DIR: "./.data-config-test" };

test("defaults without variables; numbers read once into the config", () => {
  const c = loadConfig(base);
  assert.is(c.port, 3000);
  assert.is(c.rateLimitPerMinute, 600);
  assert.equal(c.tuning, DEFAULT_TUNING);
  const t = loadConfig({
    ...base,
    PORT: "8080",
    PG_POOL_MAX: "4",
    CREDENTIAL_CACHE_MS: "0",
    RUN_WORKER: "false",
    WEBHOOK_RETRY_SCALE: "0.001",
    LOG_LEVEL: "silent",
  });
  assert.is(t.port, 8080);
  assert.equal(
    [
      t.tuning?.pgPoolMax,
      t.tuning?.credentialCacheMs,
      t.tuning?.runWorker,
      t.tuning?.announce,
      t.webhookRetryScale,
    ],
    [4, 0, false, false, 0.001],
  );
});

test("the throttles' limits and windows (issue 38): defaults, and the variables read", () => {
  const c = loadConfig(base);
  assert.equal(c.throttles, DEFAULT_THROTTLE_POLICY);
  assert.equal(c.throttles?.signInPerUser, { limit: 10, windowSeconds: 900 });
  const t = loadConfig({
    ...base,
    SIGN_IN_FAILURES_PER_USER: "3",
    SIGN_IN_FAILURES_PER_ADDRESS: "7",
    SIGN_IN_FAILURE_WINDOW_SECONDS: "60",
    CREDENTIAL_FAILURES_PER_ADDRESS: "20",
    CREDENTIAL_FAILURE_WINDOW_SECONDS: "30",
  });
  assert.equal(t.throttles, {
    signInPerUser: { limit: 3, windowSeconds: 60 },
    signInPerAddress: { limit: 7, windowSeconds: 60 },
    credentialPerAddress: { limit: 20, windowSeconds: 30 },
  });
  for (const [name, value] of [
    ["SIGN_IN_FAILURES_PER_USER", "0"],
    ["SIGN_IN_FAILURES_PER_ADDRESS", "ten"],
    ["SIGN_IN_FAILURE_WINDOW_SECONDS", "90000"],
    ["CREDENTIAL_FAILURES_PER_ADDRESS", "-1"],
    ["CREDENTIAL_FAILURE_WINDOW_SECONDS", "1.5"],
  ] as const) {
    assert.throws(
      () => loadConfig({ ...base, [name]: value }),
      (e: unknown) => e instanceof ConfigError && e.message.includes(name),
      `${name}=${value}`,
    );
  }
});

test("a bad value is a ConfigError naming the variable and the value", () => {
  for (const [name, value] of [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "3.5"],
    ["PG_POOL_MAX", "0"],
    ["CREDENTIAL_CACHE_MS", "-1"],
    ["SANDBOX_ACK_DELAY_MS", "2s"],
    ["RATE_LIMIT_PER_MINUTE", "lots"],
    ["JOB_EXPIRE_SECONDS", "NaN"],
    ["WEBHOOK_RETRY_SCALE", "x"],
    ["OUTBOX_POLL_MS", "Infinity"],
    ["SANDBOX_MAIL_DELAY_MS", "soon"],
  ] as const) {
    try {
      loadConfig({ ...base, [name]: value });
      assert.unreachable(`${name}=${value}`);
    } catch (e) {
      assert.instance(e, ConfigError, `${name}=${value}`);
      assert.match((e as Error).message, name);
      assert.match((e as Error).message, JSON.stringify(value));
    }
  }
});

test("SANDBOX_WEBHOOK_LOOPBACK: on for the embedded database, off on Postgres; true/false override either", () => {
  const pg = { DATABASE_URL: "postgres://user@db.invalid:5432/app" };
  assert.is(loadConfig(base).sandboxWebhookLoopback, true, "embedded (no DATABASE_URL): on");
  assert.is(loadConfig({ ...base, DATABASE_URL: "" }).sandboxWebhookLoopback, true, "empty DATABASE_URL: on");
  assert.is(loadConfig({ ...base, ...pg }).sandboxWebhookLoopback, false, "Postgres: off");
  assert.is(loadConfig({ ...base, ...pg, SANDBOX_WEBHOOK_LOOPBACK: "" }).sandboxWebhookLoopback, false);
  assert.is(loadConfig({ ...base, ...pg, SANDBOX_WEBHOOK_LOOPBACK: "true" }).sandboxWebhookLoopback, true);
  assert.is(loadConfig({ ...base, SANDBOX_WEBHOOK_LOOPBACK: "false" }).sandboxWebhookLoopback, false);
});
test("Lob: unset without LOB_API_KEY; a key is kept redacted with its base and webhook secret; a wrong one stops", () => {
  const none = loadConfig(base);
  assert.is(none.lob, undefined);
  assert.is(none.sandboxMailDelayMs, 2000);
  const c = loadConfig({
    ...base,
    LOB_API_KEY: "test_0dc8d51e0acffcb1880e",
    LOB_API_BASE: "http://127.0.0.1:4020",
    LOB_WEBHOOK_SECRET: "whsec",
    SANDBOX_MAIL_DELAY_MS: "0",
  });
  assert.is(c.sandboxMailDelayMs, 0);
  assert.is(c.lob?.apiBase, "http://127.0.0.1:4020");
  assert.is(c.lob ? Redacted.value(c.lob.apiKey) : "", "test_0dc8d51e0acffcb1880e");
  assert.is(c.lob?.webhookSecret ? Redacted.value(c.lob.webhookSecret) : "", "whsec");
  assert.not.match(JSON.stringify(c.lob), "0dc8d51e");
  assert.is(loadConfig({ ...base, LOB_API_KEY: "live_abcdefgh1234" }).lob?.apiBase, "https://api.lob.com");
  for (const env of [
    { LOB_API_KEY: "sk_test_abcdefgh1234" },
    { LOB_API_KEY: "test_abcdefgh1234", LOB_API_BASE: "https://api.lob.com/v1" },
    { LOB_API_KEY: "test_abcdefgh1234", LOB_API_BASE: "ftp://lob" },
    { LOB_API_BASE: "http://127.0.0.1:4020" },
  ]) {
    try {
      loadConfig({ ...base, ...env });
      assert.unreachable(JSON.stringify(env));
    } catch (e) {
      assert.instance(e, ConfigError, JSON.stringify(env));
      assert.match((e as Error).message, "LOB_");
      assert.not.match((e as Error).message, "abcdefgh1234");
    }
  }
});

test("SANDBOX_LOB_API_BASE: unset keeps the in-process emulator; set, an origin with a test key (default test_emulator)", () => {
  assert.is(loadConfig(base).sandboxLob, undefined);
  const c = loadConfig({ ...base, SANDBOX_LOB_API_BASE: "http://127.0.0.1:4020/" });
  assert.is(c.sandboxLob?.apiBase, "http://127.0.0.1:4020");
  assert.is(c.sandboxLob ? Redacted.value(c.sandboxLob.apiKey) : "", "test_emulator");
  const k = loadConfig({
    ...base,
    SANDBOX_LOB_API_BASE: "http://lob:4020",
    SANDBOX_LOB_API_KEY: "test_bench1",
  });
  assert.is(k.sandboxLob ? Redacted.value(k.sandboxLob.apiKey) : "", "test_bench1");
  assert.not.match(JSON.stringify(k.sandboxLob), "bench1");
  for (const env of [
    { SANDBOX_LOB_API_BASE: "http://127.0.0.1:4020/v1" },
    { SANDBOX_LOB_API_BASE: "lob" },
    { SANDBOX_LOB_API_BASE: "http://127.0.0.1:4020", SANDBOX_LOB_API_KEY: "live_abcdefgh1234" },
    { SANDBOX_LOB_API_KEY: "test_abcdefgh1234" },
  ]) {
    try {
      loadConfig({ ...base, ...env });
      assert.unreachable(JSON.stringify(env));
    } catch (e) {
      assert.instance(e, ConfigError, JSON.stringify(env));
      assert.match((e as Error).message, "SANDBOX_LOB_API_");
      assert.not.match((e as Error).message, "abcdefgh1234");
    }
  }
});

test("PRINT_RETURN_ADDRESS_JSON and PORTAL_BASE_URL: parsed, defaulted, and a wrong value named", () => {
  const c = loadConfig(base);
  assert.is(c.statements?.returnAddress, undefined);
  assert.is(c.statements?.portalBaseUrl, "http://localhost:3000");
  const t = loadConfig({
    ...base,
    PORT: "8080",
    PORTAL_BASE_URL: "https://files.example.com/",
    PRINT_RETURN_ADDRESS_JSON: JSON.stringify({
      name: "Acme Filing",
      address_line1: "1 Main St",
      city: "Austin",
      state: "TX",
      postal_code: "78701",
    }),
  });
  assert.is(t.statements?.portalBaseUrl, "https://files.example.com");
  assert.equal(t.statements?.returnAddress, {
    name: "Acme Filing",
    addressLine1: "1 Main St",
    addressLine2: null,
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    country: "US",
  });
  assert.is(loadConfig({ ...base, PORT: "8080" }).statements?.portalBaseUrl, "http://localhost:8080");
  for (const [name, value, says] of [
    ["PRINT_RETURN_ADDRESS_JSON", "{", /not JSON/],
    ["PRINT_RETURN_ADDRESS_JSON", "[]", /must be an object/],
    [
      "PRINT_RETURN_ADDRESS_JSON",
      JSON.stringify({ name: "A", address_line1: "1 St", city: "X", state: "TX" }),
      /postal_code is required/,
    ],
    [
      "PRINT_RETURN_ADDRESS_JSON",
      JSON.stringify({ name: "A", address_line1: "1 St", city: "X", state: "TX", postal_code: "7870" }),
      /ZIP/,
    ],
    ["PRINT_RETURN_ADDRESS_JSON", JSON.stringify({ name: "A", street: "1 St" }), /unknown field "street"/],
    ["PORTAL_BASE_URL", "ftp://x", /PORTAL_BASE_URL/],
    ["PORTAL_BASE_URL", "https://x.example/?a=1", /PORTAL_BASE_URL/],
  ] as const)
    assert.throws(
      () => loadConfig({ ...base, [name]: value }),
      (e: unknown) => e instanceof ConfigError && says.test(e.message),
      `${name}=${value}`,
    );
});

test("SMTP_URL and EMAIL_FROM: unset is no SMTP; set, the URL redacted; a wrong value named", () => {
  assert.is(loadConfig(base).email, undefined);
  const c = loadConfig({
    ...base,
    SMTP_URL: "smtps://user:secret@smtp.example.com:465",
    EMAIL_FROM: "Tax statements <statements@example.com>",
  });
  assert.is(c.email?.from, "Tax statements <statements@example.com>");
  assert.is(
    Redacted.value(c.email?.smtpUrl ?? Redacted.make("")),
    "smtps://user:secret@smtp.example.com:465",
  );
  assert.not.ok(String(c.email?.smtpUrl).includes("secret"), "redacted when printed");
  for (const [env, says] of [
    [{ SMTP_URL: "http://smtp.example.com", EMAIL_FROM: "a@example.com" }, /SMTP_URL must be/],
    [{ SMTP_URL: "smtp://127.0.0.1:2525" }, /EMAIL_FROM is required/],
    [{ SMTP_URL: "smtp://127.0.0.1:2525", EMAIL_FROM: "Statements <nope>" }, /EMAIL_FROM must be/],
  ] as const)
    assert.throws(
      () => loadConfig({ ...base, ...env }),
      (e: unknown) => e instanceof ConfigError && says.test(e.message),
      JSON.stringify(env),
    );
});

test("STATEMENT_SEND_CONCURRENCY: default 8, 1 to 64", () => {
  assert.is(loadConfig(base).tuning?.statementSendConcurrency, 8);
  assert.is(loadConfig({ ...base, STATEMENT_SEND_CONCURRENCY: "16" }).tuning?.statementSendConcurrency, 16);
  assert.throws(
    () => loadConfig({ ...base, STATEMENT_SEND_CONCURRENCY: "0" }),
    (e: unknown) => e instanceof ConfigError,
  );
});

test.run();
