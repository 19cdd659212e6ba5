// Bytes as text, in one place: hex, base64 and base64url from effect's encoding module (pure, no Buffer), so
// the core runs the same in Node, browsers and edge runtimes.
import { Base64, Base64Url, Hex } from "effect/encoding";
import * as Result from "effect/Result";

export const toHex = (bytes: Uint8Array): string => Hex.encode(bytes);
export const toBase64 = (bytes: Uint8Array): string => Base64.encode(bytes);
/** base64url without padding (RFC 4648 §5), as PKCE and JWTs use it. */
export const toBase64Url = (bytes: Uint8Array): string => Base64Url.encode(bytes);
/** Hex digits as bytes; undefined when `hex` is not hex. */
export function fromHex(hex: string): Uint8Array | undefined {
  const r = Hex.decode(hex);
  return Result.isSuccess(r) ? r.success : undefined;
}
/** Base64 (padding optional) as bytes; undefined when `text` is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  const bare = text.replace(/=+$/, "");
  if (bare.length % 4 === 1) return undefined;
  const r = Base64.decode(bare + "=".repeat((4 - (bare.length % 4)) % 4));
  return Result.isSuccess(r) ? r.success : undefined;
}
const utf8 = new TextEncoder();
export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}
