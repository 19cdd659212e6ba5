// Node implementations of the small ports: clock, ids, hashing and the TIN vault (AES-256-GCM + HMAC, D6).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomUUID,
  hkdfSync,
} from "node:crypto";
import * as Layer from "effect/Layer";
import { Clock } from "../../core/ports/clock.port.ts";
import { Hasher } from "../../core/ports/hasher.port.ts";
import { Ids } from "../../core/ports/ids.port.ts";
import { TinVault } from "../../core/ports/tin-vault.port.ts";
import { Tin } from "../../core/domain/shared/tin.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Random bytes are drawn 8 KB at a time: short ids are made by the thousand on intake.
let pool = Buffer.alloc(0);
let poolAt = 0;
function randomByte(): number {
  if (poolAt >= pool.length) {
    pool = randomBytes(8192);
    poolAt = 0;
  }
  return pool[poolAt++] as number;
}

/** `n` fresh random bytes from the pool (a nonce per TIN sealed: thousands per intake). */
function randomSlice(n: number): Buffer {
  if (poolAt + n > pool.length) {
    pool = randomBytes(8192);
    poolAt = 0;
  }
  const out = Buffer.from(pool.subarray(poolAt, poolAt + n));
  poolAt += n;
  return out;
}

export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const b = randomByte();
    if (b < 248) out += BASE62[b % 62]; // 248 = 4*62: no modulo bias
  }
  return out;
}

export const systemClock = Clock.of({ now: () => new Date() });
export const systemIds = Ids.of({
  uuid: () => randomUUID(),
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
