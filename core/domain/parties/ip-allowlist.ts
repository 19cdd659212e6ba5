// D35: production credentials of an account with CIDR ranges work only from inside them (IPv4 and IPv6;
// an IPv4-mapped IPv6 address counts as its IPv4 address).

interface Parsed { readonly v6: boolean; readonly value: bigint }
interface Range { readonly v6: boolean; readonly base: bigint; readonly bits: number }

function parseV4(s: string): bigint | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255 || (p.length > 1 && p.startsWith("0"))) return null;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
}

function parseV6(s: string): bigint | null {
  let text = s;
  let tail: bigint | null = null;
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".")) {
    tail = parseV4(text.slice(lastColon + 1));
    if (tail === null) return null;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (h: string | undefined) => (h === undefined || h === "" ? [] : h.split(":"));
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  let n = 0n;
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  if (tail !== null) n = (n & ~0xffffffffn) | tail;
  return n;
}


/** Parses an address; `::ffff:a.b.c.d` becomes the IPv4 address. */
export function parseIp(text: string): Parsed | null {
  const s = text.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4 = parseV4(s);
  if (v4 !== null) return { v6: false, value: v4 };
  const v6 = s.includes(":") ? parseV6(s) : null;
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { v6: false, value: v6 & 0xffffffffn };
  return { v6: true, value: v6 };
}

/** `a.b.c.d/n`, `x::y/n`, or a bare address (a /32 or /128). */
export function parseCidr(text: string): Range | null {
  const [addr, bitsText, extra] = text.trim().split("/");
  if (addr === undefined || extra !== undefined) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.v6 ? 128 : 32;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (bits > max) return null;
  const mask = bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(max - bits);
  return { v6: ip.v6, base: ip.value & mask, bits };
}

/** Normalises a list of CIDR ranges for storage; the first one that does not parse is returned as an error. */
export function normalizeAllowlist(cidrs: readonly string[]): { ok: true; value: string[] } | { ok: false; invalid: string } {
  const out: string[] = [];
  for (const c of cidrs) {
    if (!parseCidr(c)) return { ok: false, invalid: c };
    const t = c.trim();
    if (!out.includes(t)) out.push(t);
  }
  return { ok: true, value: out };
}

export function ipAllowed(ip: string, allowlist: readonly string[]): boolean {
  const addr = parseIp(ip);
  if (!addr) return false;
  return allowlist.some((c) => {
    const r = parseCidr(c);
    if (!r || r.v6 !== addr.v6) return false;
    const max = r.v6 ? 128 : 32;
    const shift = BigInt(max - r.bits);
    return addr.value >> shift === r.base >> shift;
  });
}
