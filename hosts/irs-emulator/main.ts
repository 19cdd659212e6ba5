// `npm run irs-emulator`: the IRS emulator as its own HTTP server, to run the live environment against it
// (README "Going live"). `npm run irs-emulator -- keygen DIR` writes a key pair for it and the service.
//
// IRS_EMULATOR_PORT (default 4010), IRS_EMULATOR_PUBLIC_KEY_FILE (the PEM public key, or a JWK / JWKS JSON file,
// of the key the service signs with: the "JWK uploaded to the IRS"), and optionally IRS_EMULATOR_CLIENT_ID,
// IRS_EMULATOR_USER_ID, IRS_EMULATOR_KEY_ID and IRS_EMULATOR_TCC (then the JWT claims, the kid and the TCC must
// be these), IRS_EMULATOR_ACK_DELAY_MS (default 0). Each record is checked against the IRS form rules (issue 41: a
// Report Error finding answers "Accepted with Errors" with the rule ids) unless IRS_EMULATOR_FORM_RULES=0;
// IRS_EMULATOR_THRESHOLD_PERCENT (unset: never) rejects a submission with ThresholdRule once more than that share of
// its records breaks one threshold-graded rule (the IRS does not publish its own threshold).
import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createIrsEmulator } from "../../adapters/irs-emulator/emulator.ts";
import { serveEmulator } from "../../adapters/irs-emulator/server.ts";

function fail(message: string): never {
  process.stderr.write(`irs-emulator: ${message}\n`);
  process.exit(2);
}

function keygen(dir: string, kid: string): void {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "iris-private.pem"), privateKey.export({ type: "pkcs8", format: "pem" }), {
    mode: 0o600,
  });
  writeFileSync(join(out, "iris-public.pem"), publicKey.export({ type: "spki", format: "pem" }));
  writeFileSync(
    join(out, "iris-jwk.json"),
    `${JSON.stringify({ keys: [{ ...publicKey.export({ format: "jwk" }), kid, use: "sig", alg: "RS256" }] }, null, 2)}\n`,
  );
  process.stdout.write(
    `Wrote ${join(out, "iris-private.pem")} (IRIS_PRIVATE_KEY_FILE), iris-public.pem (IRS_EMULATOR_PUBLIC_KEY_FILE) and iris-jwk.json (kid ${kid}).\n`,
  );
}

function publicKeyFrom(file: string): KeyObject {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return fail(`IRS_EMULATOR_PUBLIC_KEY_FILE cannot be read: ${file}`);
  }
  try {
    if (text.trim().startsWith("{")) {
      const j = JSON.parse(text) as { keys?: unknown[] } & Record<string, unknown>;
      const jwk = (Array.isArray(j.keys) ? j.keys[0] : j) as import("node:crypto").JsonWebKey;
      return createPublicKey({ key: jwk, format: "jwk" });
    }
    return createPublicKey(text); // a public key, or the private key it belongs to
  } catch {
    return fail("IRS_EMULATOR_PUBLIC_KEY_FILE holds no RSA public key (PEM, JWK or JWKS).");
  }
}

const [command, arg] = process.argv.slice(2);
if (command === "keygen") {
  keygen(arg ?? "./.data/iris-keys", process.env["IRS_EMULATOR_KEY_ID"] || "service-key-1");
  process.exit(0);
}

const env = process.env;
const keyFile = env["IRS_EMULATOR_PUBLIC_KEY_FILE"];
if (!keyFile)
  fail("set IRS_EMULATOR_PUBLIC_KEY_FILE (`npm run irs-emulator -- keygen DIR` makes a key pair).");
const port = Number(env["IRS_EMULATOR_PORT"] ?? 4010);
const thresholdText = env["IRS_EMULATOR_THRESHOLD_PERCENT"];
const threshold = thresholdText ? Number(thresholdText) : undefined;
if (threshold !== undefined && !(threshold >= 0 && threshold <= 100))
  fail("IRS_EMULATOR_THRESHOLD_PERCENT must be a number from 0 to 100.");
const emulator = createIrsEmulator({
  publicKey: publicKeyFrom(keyFile),
  ...(env["IRS_EMULATOR_CLIENT_ID"] ? { clientId: env["IRS_EMULATOR_CLIENT_ID"] } : {}),
  ...(env["IRS_EMULATOR_USER_ID"] ? { userId: env["IRS_EMULATOR_USER_ID"] } : {}),
  ...(env["IRS_EMULATOR_KEY_ID"] ? { keyId: env["IRS_EMULATOR_KEY_ID"] } : {}),
  judge: {
    ...(env["IRS_EMULATOR_TCC"] ? { knownTccs: [env["IRS_EMULATOR_TCC"]] } : {}),
    formRules: env["IRS_EMULATOR_FORM_RULES"] !== "0",
    ...(threshold !== undefined ? { thresholdPercent: threshold } : {}),
  },
  ackDelayMs: Number(env["IRS_EMULATOR_ACK_DELAY_MS"] ?? 0),
  log: (line, fields) =>
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), msg: line, ...fields })}\n`),
});

const served = await serveEmulator(emulator, port);
process.stderr.write(`IRS emulator listening on ${served.url} (IRIS_API_BASE for the service)\n`);
const stop = () => {
  void served.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
