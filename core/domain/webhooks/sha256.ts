// SHA-256 and HMAC-SHA256 from @noble/hashes (audited, pure JavaScript): signing and verifying webhook deliveries
// stays synchronous and runs anywhere (Node, browsers, edge runtimes) without a crypto module.
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";

export { toHex, utf8Bytes } from "../shared/encoding.ts";

/** SHA-256 of the concatenation of `parts`. */
export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  const h = nobleSha256.create();
  for (const part of parts) h.update(part);
  return h.digest();
}

/** HMAC-SHA256 of the concatenation of `parts` under `key`. Returns the 32-byte MAC. */
export function hmacSha256(key: Uint8Array, ...parts: readonly Uint8Array[]): Uint8Array {
  const m = hmac.create(nobleSha256, key);
  for (const part of parts) m.update(part);
  return m.digest();
}
