// The IRIS configuration of the live environment (README "Going live"). Every variable is optional at start-up:
// without a complete set, live pay and live TIN matching are refused, naming what is missing. A value that is
// set but wrong (an unreadable private key, a TCC that is not 5 letters or digits, a software id of the wrong
// year...) stops the process at start with one clear line. Nothing here is ever logged whole: the key stays a
// KeyObject, and `describe` prints no secret.
import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import type { TransmitterInput } from "../../core/domain/iris/transmission.ts";
import { Tin } from "../../core/domain/shared/tin.ts";

export const IRIS_TEST_BASE = "https://api.alt.www4.irs.gov";
export const IRIS_PRODUCTION_BASE = "https://api.www4.irs.gov";

/** A configuration value that is set but cannot work: the process stops with this one line. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export interface IrisLiveConfig {
  readonly apiBase: string;
  readonly clientId: string;
  readonly userId: string;
  readonly keyId: string;
  readonly privateKey: KeyObject;
  /** The transmitter (the service) as the manifest names it; TCC and TestCd included. */
  readonly transmitter: Omit<TransmitterInput, "softwareId">;
  readonly softwareIds: ReadonlyMap<number, string>;
}

export interface IrisConfig {
  /** The complete live configuration, or null with `missing` naming the variables that are not set. */
  readonly live: IrisLiveConfig | null;
  readonly missing: readonly string[];
  readonly apiBase: string;
  readonly testCd: "T" | "P";
  /** How often live acknowledgements are asked for (IRIS_POLL_INTERVAL_MS, default 5 minutes). */
  readonly pollIntervalMs: number;
  /** Live TIN matches per 24 hours (TIN_MATCH_DAILY_LIMIT, default 9,999). */
  readonly tinMatchDailyLimit: number;
}

const REQUIRED = [
  "IRIS_CLIENT_ID",
  "IRIS_USER_ID",
  "IRIS_KEY_ID",
  "IRIS_PRIVATE_KEY_FILE",
  "IRIS_TCC",
  "IRIS_SOFTWARE_IDS",
  "IRIS_TRANSMITTER_JSON",
] as const;

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a positive whole number; got ${JSON.stringify(raw)}.`);
  return n;
}

/** "2025=25A0000001,2026=26A0000001": the first two digits of each id must be its tax year's last two (TMFST020). */
export function parseSoftwareIds(raw: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const part of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\d{4})=([A-Za-z0-9]{1,10})$/.exec(part);
    if (!m || m[1] === undefined || m[2] === undefined)
      throw new ConfigError(
        `IRIS_SOFTWARE_IDS: "${part}" is not YEAR=SOFTWAREID (a 4-digit tax year, up to 10 letters or digits), e.g. 2025=25A0000001.`,
      );
    if (m[2].slice(0, 2) !== m[1].slice(2))
      throw new ConfigError(
        `IRIS_SOFTWARE_IDS: software id ${m[2]} is for tax year 20${m[2].slice(0, 2)}, not ${m[1]}: its first two digits must be the tax year's last two (IRS rule TMFST020).`,
      );
    out.set(Number(m[1]), m[2]);
  }
  if (out.size === 0) throw new ConfigError("IRIS_SOFTWARE_IDS names no software id; e.g. 2025=25A0000001.");
  return out;
}

function transmitterFrom(raw: string, tcc: string, testCd: "T" | "P"): Omit<TransmitterInput, "softwareId"> {
  let j: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new Error("not an object");
    j = parsed as Record<string, unknown>;
  } catch {
    throw new ConfigError("IRIS_TRANSMITTER_JSON is not a JSON object.");
  }
  const text = (k: string, required = true): string | undefined => {
    const v = j[k];
    if (v === undefined || v === null || v === "") {
      if (required) throw new ConfigError(`IRIS_TRANSMITTER_JSON: "${k}" is required.`);
      return undefined;
    }
    if (typeof v !== "string") throw new ConfigError(`IRIS_TRANSMITTER_JSON: "${k}" must be a string.`);
    return v.trim();
  };
  const tin = Tin.parse(text("tin") ?? "");
  if (!tin) throw new ConfigError('IRIS_TRANSMITTER_JSON: "tin" must be 9 digits (hyphens allowed).');
  const tinType = text("tin_type", false) ?? "ein";
  if (tinType !== "ein" && tinType !== "ssn")
    throw new ConfigError('IRIS_TRANSMITTER_JSON: "tin_type" must be "ein" or "ssn".');
  const phone = (text("contact_phone") ?? "").replace(/\D/g, "");
  if (phone.length < 10 || phone.length > 30)
    throw new ConfigError('IRIS_TRANSMITTER_JSON: "contact_phone" must have 10 to 30 digits.');
  return {
    tin,
    tinType,
    tcc,
    test: testCd === "T",
    name: text("name") ?? "",
    address: {
      line1: text("address_line1") ?? "",
      line2: text("address_line2", false) ?? null,
      city: text("city") ?? "",
      state: text("state") ?? "",
      postalCode: text("postal_code") ?? "",
      country: text("country", false) ?? null,
    },
    contactName: text("contact_name") ?? "",
    contactEmail: text("contact_email") ?? null,
    contactPhone: phone,
  };
}

function privateKeyFrom(file: string): KeyObject {
  let pem: string;
  try {
    pem = readFileSync(file, "utf8");
  } catch (e) {
    throw new ConfigError(
      `IRIS_PRIVATE_KEY_FILE cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"}).`,
    );
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new ConfigError("IRIS_PRIVATE_KEY_FILE does not hold a PEM private key.");
  }
  if (key.asymmetricKeyType !== "rsa")
    throw new ConfigError(
      `IRIS_PRIVATE_KEY_FILE holds a ${String(key.asymmetricKeyType)} key; IRIS signs with RS256, which needs an RSA key.`,
    );
  return key;
}

export function loadIrisConfig(env: NodeJS.ProcessEnv): IrisConfig {
  const apiBase = (env["IRIS_API_BASE"] || IRIS_TEST_BASE).replace(/\/+$/, "");
  let base: URL;
  try {
    base = new URL(apiBase);
  } catch {
    throw new ConfigError(`IRIS_API_BASE is not a URL: ${JSON.stringify(apiBase)}.`);
  }
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(base.hostname);
  if (base.protocol !== "https:" && !(local && base.protocol === "http:"))
    throw new ConfigError("IRIS_API_BASE must be https (http only for a local emulator).");
  const testCd = (env["IRIS_TEST_CD"] || "T").toUpperCase();
  if (testCd !== "T" && testCd !== "P")
    throw new ConfigError(
      `IRIS_TEST_CD must be T (IRS test) or P (production); got ${JSON.stringify(env["IRIS_TEST_CD"])}.`,
    );
  const tcc = env["IRIS_TCC"] ?? "";
  if (tcc !== "" && !/^[A-Za-z0-9]{5}$/.test(tcc))
    throw new ConfigError(
      "IRIS_TCC must be the 5-character IRIS Transmitter Control Code (letters and digits).",
    );
  const softwareIds = env["IRIS_SOFTWARE_IDS"]
    ? parseSoftwareIds(env["IRIS_SOFTWARE_IDS"])
    : new Map<number, string>();
  const transmitter = env["IRIS_TRANSMITTER_JSON"]
    ? transmitterFrom(env["IRIS_TRANSMITTER_JSON"], tcc, testCd)
    : null;
  const privateKey = env["IRIS_PRIVATE_KEY_FILE"] ? privateKeyFrom(env["IRIS_PRIVATE_KEY_FILE"]) : null;
  const missing = REQUIRED.filter((k) => !env[k]);
  const common = {
    apiBase,
    testCd: testCd as "T" | "P",
    pollIntervalMs: positiveInt(env, "IRIS_POLL_INTERVAL_MS", 300_000),
    tinMatchDailyLimit: positiveInt(env, "TIN_MATCH_DAILY_LIMIT", 9_999),
  };
  if (missing.length > 0 || !transmitter || !privateKey) return { ...common, live: null, missing };
  return {
    ...common,
    missing: [],
    live: {
      apiBase,
      clientId: env["IRIS_CLIENT_ID"] ?? "",
      userId: env["IRIS_USER_ID"] ?? "",
      keyId: env["IRIS_KEY_ID"] ?? "",
      privateKey,
      transmitter,
      softwareIds,
    },
  };
}

/** One line for the start-up log: where live filing goes, never a secret. */
export function describeIris(c: IrisConfig): string {
  if (!c.live) return `not configured (missing ${c.missing.join(", ")})`;
  const years = [...c.live.softwareIds.keys()].sort().join("/");
  return `IRIS A2A at ${c.apiBase} (TCC ${c.live.transmitter.tcc}, TestCd ${c.testCd}, software ids for ${years}, poll every ${String(c.pollIntervalMs / 1000)} s)`;
}
