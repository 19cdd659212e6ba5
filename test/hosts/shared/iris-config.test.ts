// The live environment's IRIS configuration: complete, incomplete (live filing refused, naming what is missing),
// or wrong (the process stops at start with one clear line).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, describeIris, loadIrisConfig } from "../../../hosts/shared/iris-config.ts";

const dir = mkdtempSync(join(tmpdir(), "iris-config-"));
const keyFile = join(dir, "key.pem");
writeFileSync(
  keyFile,
  generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }),
);
const ecFile = join(dir, "ec.pem");
writeFileSync(
  ecFile,
  generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }),
);
const junkFile = join(dir, "junk.pem");
writeFileSync(junkFile, "not a key");

export const COMPLETE = {
  IRIS_CLIENT_ID: "2b9f1c4e-0000-4000-8000-00000000c1d0",
  IRIS_USER_ID: "jdoe-123456",
  IRIS_KEY_ID: "kid-1",
  IRIS_PRIVATE_KEY_FILE: keyFile,
  IRIS_TCC: "BB002",
  IRIS_SOFTWARE_IDS: "2025=25A0000001, 2026=26A0000001",
  IRIS_TRANSMITTER_JSON: JSON.stringify({
    tin: "00-0000001",
    name: "Filing Service Inc",
    address_line1: "1 Market St",
    city: "San Francisco",
    state: "CA",
    postal_code: "94105",
    contact_name: "Ops Desk",
    contact_email: "ops@filing.example",
    contact_phone: "(415) 555-0100",
  }),
};

const error = (env: Record<string, string>): string => {
  try {
    loadIrisConfig(env);
  } catch (e) {
    assert.instance(e, ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
};

test("nothing set: live is not configured and every required variable is named; defaults apply", () => {
  const c = loadIrisConfig({});
  assert.is(c.live, null);
  assert.equal(c.missing, [
    "IRIS_CLIENT_ID",
    "IRIS_USER_ID",
    "IRIS_KEY_ID",
    "IRIS_PRIVATE_KEY_FILE",
    "IRIS_TCC",
    "IRIS_SOFTWARE_IDS",
    "IRIS_TRANSMITTER_JSON",
  ]);
  assert.is(c.apiBase, "https://api.alt.www4.irs.gov");
  assert.is(c.testCd, "T");
  assert.is(c.pollIntervalMs, 300_000);
  assert.is(c.tinMatchDailyLimit, 9_999);
  assert.match(describeIris(c), /not configured \(missing IRIS_CLIENT_ID/);
});

test("complete: the transmitter, software ids per year and TestCd; the start-up description holds no secret", () => {
  const c = loadIrisConfig({
    ...COMPLETE,
    IRIS_API_BASE: "https://api.www4.irs.gov/",
    IRIS_TEST_CD: "P",
    IRIS_POLL_INTERVAL_MS: "60000",
    TIN_MATCH_DAILY_LIMIT: "500",
  });
  assert.ok(c.live);
  assert.is(c.live?.apiBase, "https://api.www4.irs.gov");
  assert.equal(
    [...(c.live?.softwareIds ?? [])],
    [
      [2025, "25A0000001"],
      [2026, "26A0000001"],
    ],
  );
  assert.is(c.live?.transmitter.test, false);
  assert.is(c.live?.transmitter.tcc, "BB002");
  assert.is(c.live?.transmitter.contactPhone, "4155550100");
  assert.is(c.live?.transmitter.tin.last4, "0001");
  assert.is(c.tinMatchDailyLimit, 500);
  const line = describeIris(c);
  assert.match(line, /TCC BB002, TestCd P, software ids for 2025\/2026/);
  for (const secret of ["jdoe-123456", "2b9f1c4e", "PRIVATE", "000000001"])
    assert.not.ok(line.includes(secret), secret);
  assert.equal(loadIrisConfig({ ...COMPLETE, IRIS_TCC: "" }).missing, ["IRIS_TCC"]);
});

test("wrong values: one clear line naming the variable", () => {
  assert.match(error({ ...COMPLETE, IRIS_TCC: "BB0021" }), /^IRIS_TCC must be the 5-character/);
  assert.match(
    error({ ...COMPLETE, IRIS_SOFTWARE_IDS: "2026=25A0000001" }),
    /^IRIS_SOFTWARE_IDS: software id 25A0000001 is for tax year 2025, not 2026.*TMFST020/,
  );
  assert.match(
    error({ ...COMPLETE, IRIS_SOFTWARE_IDS: "25A0000001" }),
    /^IRIS_SOFTWARE_IDS: "25A0000001" is not YEAR=SOFTWAREID/,
  );
  assert.match(
    error({ ...COMPLETE, IRIS_PRIVATE_KEY_FILE: join(dir, "absent.pem") }),
    /^IRIS_PRIVATE_KEY_FILE cannot be read \(ENOENT\)/,
  );
  assert.match(
    error({ ...COMPLETE, IRIS_PRIVATE_KEY_FILE: junkFile }),
    /^IRIS_PRIVATE_KEY_FILE does not hold a PEM private key/,
  );
  assert.match(error({ ...COMPLETE, IRIS_PRIVATE_KEY_FILE: ecFile }), /needs an RSA key/);
  assert.match(error({ ...COMPLETE, IRIS_TEST_CD: "X" }), /^IRIS_TEST_CD must be T/);
  assert.match(error({ ...COMPLETE, IRIS_API_BASE: "http://irs.example" }), /^IRIS_API_BASE must be https/);
  assert.match(
    error({ ...COMPLETE, IRIS_POLL_INTERVAL_MS: "0" }),
    /^IRIS_POLL_INTERVAL_MS must be a positive whole number/,
  );
  assert.match(
    error({ ...COMPLETE, IRIS_TRANSMITTER_JSON: JSON.stringify({ tin: "1" }) }),
    /^IRIS_TRANSMITTER_JSON: "tin" must be 9 digits/,
  );
  assert.match(
    error({ ...COMPLETE, IRIS_TRANSMITTER_JSON: "{" }),
    /^IRIS_TRANSMITTER_JSON is not a JSON object/,
  );
  assert.ok(
    loadIrisConfig({ ...COMPLETE, IRIS_API_BASE: "http://127.0.0.1:4010" }).live,
    "http is allowed for a local emulator",
  );
});

test("a process stops at start with one line on stderr for a wrong value (loadConfigOrExit, what every host calls first)", () => {
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      "const m = await import('./hosts/shared/config.ts'); m.loadConfigOrExit(); console.log('started');",
    ],
    {
      cwd: join(import.meta.dirname, "../../.."),
      encoding: "utf8",
      timeout: 60_000,
      env: {
        ...process.env,
        ...COMPLETE,
        IRIS_SOFTWARE_IDS: "2026=25A0000001",
        DATA_DIR: join(dir, "data"),
        PORT: "0",
      },
    },
  );
  assert.is(r.status, 2);
  const lines = r.stderr
    .trim()
    .split("\n")
    .filter((l) => !l.startsWith("npm warn"));
  assert.is(lines.length, 1, r.stderr);
  assert.match(
    lines[0] ?? "",
    /^Configuration error: IRIS_SOFTWARE_IDS: software id 25A0000001 is for tax year 2025, not 2026/,
  );
});

test.run();
