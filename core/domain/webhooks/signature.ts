// Webhook signatures (SPEC "Events", D26). Exported for receivers: `verifySignature` is synchronous and needs no
// crypto module (@noble/hashes), so it runs the same in Node, browsers and edge runtimes.
import { hmacSha256, toHex, utf8Bytes } from "./sha256.ts";
import { fromBase64, toBase64 } from "../shared/encoding.ts";

export const SIGNATURE_HEADER = "Service-Signature";
export const SECRET_PREFIX = "whsec_";
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** D26: for this long after a rotation, deliveries carry a second `v1=` signed with the previous secret. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const DOT = utf8Bytes(".");

function mac(secret: string, timestamp: string, body: Uint8Array): string {
  return toHex(hmacSha256(utf8Bytes(secret), utf8Bytes(timestamp), DOT, body));
}

function bodyBytes(rawBody: string | Uint8Array): Uint8Array {
  return typeof rawBody === "string" ? utf8Bytes(rawBody) : rawBody;
}

/**
 * The `Service-Signature` header value: `t=<unix>,v1=<hex>` with one `v1` per secret, in the order given
 * (current secret first, then the previous one during the rotation overlap).
 */
export function signPayload(
  secrets: readonly string[],
  timestamp: number,
  rawBody: string | Uint8Array,
): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new RangeError("timestamp must be whole unix seconds");
  if (secrets.length === 0) throw new RangeError("at least one signing secret is required");
  const t = String(timestamp);
  const body = bodyBytes(rawBody);
  return [`t=${t}`, ...secrets.map((s) => `v1=${mac(s, t, body)}`)].join(",");
}

export interface SigningSecrets {
  readonly current: string;
  readonly previous: string | null;
  /** When `current` replaced `previous`. */
  readonly rotatedAt: Date | null;
}

/** The secrets a delivery made at `now` is signed with (D26: the previous one too, for 24 h after a rotation). */
export function activeSigningSecrets(secrets: SigningSecrets, now: Date): string[] {
  const { current, previous, rotatedAt } = secrets;
  if (previous === null || rotatedAt === null) return [current];
  const age = now.getTime() - rotatedAt.getTime();
  return age >= 0 && age < ROTATION_OVERLAP_MS ? [current, previous] : [current];
}

export type VerifyResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: "malformed" | "timestamp_out_of_tolerance" | "no_matching_signature";
    };

export interface VerifyInput {
  /** The `Service-Signature` header exactly as received. */
  readonly header: string | null | undefined;
  /** The request body as received, before any JSON parsing: a re-serialised body will not verify. */
  readonly rawBody: string | Uint8Array;
  /** The endpoint's signing secret (`whsec_…`); several are accepted, e.g. while you roll out a rotated one. */
  readonly secret: string | readonly string[];
  /** Deliveries whose timestamp is further than this from `now` (either way) are refused. Default 300. */
  readonly toleranceSeconds?: number;
  readonly now: Date;
}

interface ParsedHeader {
  readonly timestamp: string;
  readonly signatures: readonly string[];
}

function parseHeader(header: string): ParsedHeader | null {
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const rawPart of header.split(",")) {
    const part = rawPart.trim();
    const eq = part.indexOf("=");
    if (eq <= 0) return null;
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === "t") {
      if (timestamp !== null || !/^\d{1,15}$/.test(value)) return null;
      timestamp = value;
    } else if (key === "v1") {
      signatures.push(value.toLowerCase());
    }
    // Other schemes (a future v2) are skipped, so receivers keep working when one is added.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/** Compares two strings in time that depends only on their lengths, never on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a delivery: the header must carry a `v1` signature made with (one of) your secret(s) over
 * `{t}.{rawBody}`, and `t` must be within the tolerance of `now`.
 */
export function verifySignature(input: VerifyInput): VerifyResult {
  const { header, rawBody, now } = input;
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (typeof header !== "string") return { ok: false, reason: "malformed" };
  const parsed = parseHeader(header);
  if (parsed === null) return { ok: false, reason: "malformed" };
  const secrets = typeof input.secret === "string" ? [input.secret] : input.secret;
  const body = bodyBytes(rawBody);
  let matched = false;
  for (const secret of secrets) {
    const expected = mac(secret, parsed.timestamp, body);
    // Every candidate is compared, matched or not, so timing says nothing about which one matched.
    for (const candidate of parsed.signatures) if (constantTimeEqual(expected, candidate)) matched = true;
  }
  if (!matched) return { ok: false, reason: "no_matching_signature" };
  // Checked after the signature, so this reason means an authentic but stale (possibly replayed) delivery.
  const ageSeconds = now.getTime() / 1000 - Number(parsed.timestamp);
  if (!(Math.abs(ageSeconds) <= tolerance)) return { ok: false, reason: "timestamp_out_of_tolerance" };
  return { ok: true };
}

/** D26: `whsec_` + the 32 random bytes in base64. The caller supplies the randomness (the core has no I/O). */
export function newSigningSecret(randomBytes32: Uint8Array): string {
  if (randomBytes32.length !== 32) throw new RangeError("a signing secret needs exactly 32 random bytes");
  return SECRET_PREFIX + toBase64(randomBytes32);
}

/** What is shown of a secret after creation: the prefix and four characters, e.g. `whsec_abcd…`. */
export function secretPreview(secret: string): string {
  const rest = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return `${SECRET_PREFIX}${rest.slice(0, 4)}\u2026`;
}

// Standard Webhooks (standardwebhooks.com): deliveries also carry `webhook-id`, `webhook-timestamp` and
// `webhook-signature` (`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the secret's base64 part
// decoded), so the off-the-shelf verifiers of that spec accept them with the same `whsec_…` secret.
export const STANDARD_ID_HEADER = "webhook-id";
export const STANDARD_TIMESTAMP_HEADER = "webhook-timestamp";
export const STANDARD_SIGNATURE_HEADER = "webhook-signature";

/** The HMAC key Standard Webhooks derives from a `whsec_…` secret: its base64 part, decoded. */
export function standardWebhookKey(secret: string): Uint8Array {
  const rest = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return fromBase64(rest) ?? utf8Bytes(rest);
}

/** The three Standard Webhooks headers of a delivery of message `id` (the event id), one signature per secret. */
export function standardWebhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  rawBody: string | Uint8Array,
): Record<string, string> {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new RangeError("timestamp must be whole unix seconds");
  if (secrets.length === 0) throw new RangeError("at least one signing secret is required");
  const body = bodyBytes(rawBody);
  const signed = [utf8Bytes(`${id}.${timestamp}.`), body];
  return {
    [STANDARD_ID_HEADER]: id,
    [STANDARD_TIMESTAMP_HEADER]: String(timestamp),
    [STANDARD_SIGNATURE_HEADER]: secrets
      .map((s) => `v1,${toBase64(hmacSha256(standardWebhookKey(s), ...signed))}`)
      .join(" "),
  };
}
