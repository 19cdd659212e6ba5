export * from "./events.ts";
export * from "./signature.ts";
export * from "./url.ts";
export { hmacSha256, sha256, toHex } from "./sha256.ts";
