// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript, so signing and verifying webhook
// deliveries is synchronous and works anywhere (Node, browsers, edge runtimes) without a crypto module.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const BLOCK = 64;

const W = new Uint32Array(64);

function compress(h: Uint32Array, data: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++) {
    const j = at + i * 4;
    W[i] = ((data[j] as number) << 24) | ((data[j + 1] as number) << 16) | ((data[j + 2] as number) << 8) | (data[j + 3] as number);
  }
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15] as number;
    const w2 = W[i - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = ((W[i - 16] as number) + s0 + (W[i - 7] as number) + s1) | 0;
  }
  let a = h[0] as number, b = h[1] as number, c = h[2] as number, d = h[3] as number;
  let e = h[4] as number, f = h[5] as number, g = h[6] as number, k = h[7] as number;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (k + S1 + ch + (K[i] as number) + (W[i] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    k = g; g = f; f = e; e = (d + t1) | 0;
    d = c; c = b; b = a; a = (t1 + t2) | 0;
  }
  h[0] = (h[0] as number) + a; h[1] = (h[1] as number) + b; h[2] = (h[2] as number) + c; h[3] = (h[3] as number) + d;
  h[4] = (h[4] as number) + e; h[5] = (h[5] as number) + f; h[6] = (h[6] as number) + g; h[7] = (h[7] as number) + k;
}

/** SHA-256 of the concatenation of `parts` (no copy of the parts is made). Returns the 32-byte digest. */
export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  const h = new Uint32Array(H0);
  const buf = new Uint8Array(BLOCK);
  let filled = 0;
  let total = 0;
  for (const part of parts) {
    total += part.length;
    let i = 0;
    if (filled > 0) {
      const take = Math.min(BLOCK - filled, part.length);
      buf.set(part.subarray(0, take), filled);
      filled += take;
      i = take;
      if (filled < BLOCK) continue;
      compress(h, buf, 0);
      filled = 0;
    }
    for (; i + BLOCK <= part.length; i += BLOCK) compress(h, part, i);
    if (i < part.length) { buf.set(part.subarray(i), 0); filled = part.length - i; }
  }
  // Padding: 0x80, zeros, then the message length in bits as a 64-bit big-endian integer.
  buf.fill(0, filled);
  buf[filled] = 0x80;
  if (filled >= BLOCK - 8) { compress(h, buf, 0); buf.fill(0); }
  const bits = total * 8;
  const hi = Math.floor(bits / 0x100000000);
  const lo = bits >>> 0;
  buf[56] = hi >>> 24; buf[57] = hi >>> 16; buf[58] = hi >>> 8; buf[59] = hi;
  buf[60] = lo >>> 24; buf[61] = lo >>> 16; buf[62] = lo >>> 8; buf[63] = lo;
  compress(h, buf, 0);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = h[i] as number;
    out[i * 4] = v >>> 24; out[i * 4 + 1] = v >>> 16; out[i * 4 + 2] = v >>> 8; out[i * 4 + 3] = v;
  }
  return out;
}

/** HMAC-SHA256 of the concatenation of `parts` under `key`. Returns the 32-byte MAC. */
export function hmacSha256(key: Uint8Array, ...parts: readonly Uint8Array[]): Uint8Array {
  const k = new Uint8Array(BLOCK);
  k.set(key.length > BLOCK ? sha256(key) : key);
  const ipad = new Uint8Array(BLOCK);
  const opad = new Uint8Array(BLOCK);
  for (let i = 0; i < BLOCK; i++) {
    ipad[i] = (k[i] as number) ^ 0x36;
    opad[i] = (k[i] as number) ^ 0x5c;
  }
  return sha256(opad, sha256(ipad, ...parts));
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += HEX[b] as string;
  return out;
}

const utf8 = new TextEncoder();
export function utf8Bytes(text: string): Uint8Array { return utf8.encode(text); }
