// PKCE (RFC 7636), S256 only (SPEC "Authentication", RFC 9700 §2.1.1). Hashing is passed in: the core has no
// crypto of its own.
import { fromHex, toBase64Url } from "../shared/encoding.ts";

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
export const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url (no padding) of a SHA-256 digest: exactly 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function hexToBase64Url(hex: string): string {
  return toBase64Url(fromHex(hex) ?? new Uint8Array(0));
}

/** BASE64URL-ENCODE(SHA256(ASCII(code_verifier))) (RFC 7636 §4.2). */
export function s256Challenge(verifier: string, sha256Hex: (text: string) => string): string {
  return hexToBase64Url(sha256Hex(verifier));
}

/** Checks the authorization request's PKCE parameters: S256 and a well-formed challenge, nothing else. */
export function checkChallenge(challenge: string | undefined, method: string | undefined): string | null {
  if (challenge === undefined) return "code_challenge is required (PKCE with S256).";
  if (method === undefined) return "code_challenge_method is required and must be S256.";
  if (method !== "S256") return `code_challenge_method ${method} is not supported; use S256.`;
  if (!S256_CHALLENGE.test(challenge))
    return "code_challenge must be 43 base64url characters (the S256 digest of the verifier).";
  return null;
}

/** True when `verifier` proves `challenge` (RFC 7636 §4.6); a malformed verifier never does. */
export function verifierMatches(
  verifier: string,
  challenge: string,
  sha256Hex: (text: string) => string,
): boolean {
  return VERIFIER.test(verifier) && constantTimeEqual(s256Challenge(verifier, sha256Hex), challenge);
}

/** Compares two strings without stopping at the first difference. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
