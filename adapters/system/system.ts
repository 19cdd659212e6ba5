// Node implementations of the small ports: clock, ids, hashing and the TIN vault (AES-256-GCM + HMAC, D6).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  hkdfSync,
} from "node:crypto";
import * as Layer from "effect/Layer";
import { Clock } from "../../core/ports/clock.port.ts";
import { Hasher } from "../../core/ports/hasher.port.ts";
import { Ids } from "../../core/ports/ids.port.ts";
import { TinVault } from "../../core/ports/tin-vault.port.ts";
import { Tin } from "../../core/domain/shared/tin.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Random bytes are drawn 8 KB at a time: ids and nonces are made by the thousand on intake. Each byte is used once.
let pool = Buffer.alloc(0);
let poolAt = 0;
/** Where the next `n` fresh bytes start in `pool` (refilled first when fewer are left; read `pool` after this). */
function reserve(n: number): number {
  if (poolAt + n > pool.length) {
    pool = randomBytes(8192);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += n;
  return at;
}

function randomByte(): number {
  const at = reserve(1);
  return pool[at] as number;
}

/** `n` fresh random bytes from the pool (a nonce per TIN sealed: thousands per intake). */
function randomSlice(n: number): Buffer {
  const at = reserve(n);
  return Buffer.from(pool.subarray(at, at + n));
}

const BASE62_CODES = Buffer.from(BASE62, "latin1");
const HEX_CODES = Buffer.from("0123456789abcdef", "latin1");
/** Where an id's characters are written before they become one string (a string a character cost an allocation each). */
const scratch = Buffer.allocUnsafe(64);

export function randomBase62(length: number): string {
  const out = length <= scratch.length ? scratch : Buffer.allocUnsafe(length);
  let n = 0;
  while (n < length) {
    const b = randomByte();
    if (b < 248) out[n++] = BASE62_CODES[b % 62] as number; // 248 = 4*62: no modulo bias
  }
  return out.toString("latin1", 0, n);
}

/**
 * A version 4 UUID from the random pool, written as one string: `crypto.randomUUID` builds it from 20 pieces of
 * string, and intake makes two a form.
 */
export function randomUuid(): string {
  const from = reserve(16);
  let o = 0;
  for (let i = 0; i < 16; i++) {
    const raw = pool[from + i] as number;
    // Byte 6 carries the version (4), byte 8 the variant (10xx).
    const byte = i === 6 ? (raw & 0x0f) | 0x40 : i === 8 ? (raw & 0x3f) | 0x80 : raw;
    if (i === 4 || i === 6 || i === 8 || i === 10) scratch[o++] = 0x2d; // "-"
    scratch[o++] = HEX_CODES[byte >> 4] as number;
    scratch[o++] = HEX_CODES[byte & 15] as number;
  }
  return scratch.toString("latin1", 0, 36);
}

export const systemClock = Clock.of({ now: () => new Date() });
export const systemIds = Ids.of({
  uuid: randomUuid,
  short: (prefix, length = 24) => prefix + randomBase62(length),
  randomBytes: (n) => new Uint8Array(randomBytes(n)),
});
export const sha256Hasher = Hasher.of({
  sha256Hex: (text) => createHash("sha256").update(text).digest("hex"),
});

/** Derives separate encryption and hashing keys from one configured secret. */
export function makeTinVault(secret: string): TinVault["Service"] {
  const master = Buffer.from(secret, "utf8");
  const encKey = Buffer.from(hkdfSync("sha256", master, "tin-vault", "aes-256-gcm", 32));
  const macKey = Buffer.from(hkdfSync("sha256", master, "tin-vault", "hmac-sha256", 32));
  const macKeyObject = createSecretKey(macKey);
  const encKeyObject = createSecretKey(encKey);
  const hash = (tin: Tin) => createHmac("sha256", macKeyObject).update(tin.reveal()).digest("hex");
  return TinVault.of({
    hash,
    seal: (tin) => {
      const iv = randomSlice(12);
      const c = createCipheriv("aes-256-gcm", encKeyObject, iv);
      const body = Buffer.concat([c.update(tin.reveal(), "utf8"), c.final()]);
      const ciphertext = `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64")}`;
      // The keyed hash is computed only when asked for: sealing a TIN inside a form needs the ciphertext alone.
      let keyed: string | undefined;
      return {
        ciphertext,
        last4: tin.last4,
        get hash() {
          return (keyed ??= hash(tin));
        },
      };
    },
    open: (ciphertext) => {
      const raw = Buffer.from(ciphertext.slice(3), "base64");
      const d = createDecipheriv("aes-256-gcm", encKeyObject, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Tin.fromDigits(Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8"));
    },
  });
}

export const systemLayer = (tinSecret: string) =>
  Layer.mergeAll(
    Layer.succeed(Clock, systemClock),
    Layer.succeed(Ids, systemIds),
    Layer.succeed(Hasher, sha256Hasher),
    Layer.succeed(TinVault, makeTinVault(tinSecret)),
  );

/** Encrypts short secrets at rest (webhook signing secrets): AES-256-GCM under a key derived from the configured secret. */
export interface SecretBox {
  readonly seal: (text: string) => string;
  readonly open: (stored: string) => string;
}

export const plainSecretBox: SecretBox = { seal: (t) => t, open: (t) => t };

export function makeSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), "secret-box", "aes-256-gcm", 32));
  return {
    seal: (text) => {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([c.update(text, "utf8"), c.final()]);
      return `sb1:${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64")}`;
    },
    // Values written before encryption (no prefix) are read as they are.
    open: (stored) => {
      if (!stored.startsWith("sb1:")) return stored;
      const raw = Buffer.from(stored.slice(4), "base64");
      const d = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
    },
  };
}
