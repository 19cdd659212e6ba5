// D35: production credentials of an account with CIDR ranges work only from inside them (IPv4 and IPv6;
// an IPv4-mapped IPv6 address counts as its IPv4 address).

import { inRange, parseCidr, parseIp as parseAddress, unmapped, type IpAddress } from "../shared/ip.ts";

export { parseCidr } from "../shared/ip.ts";

/** Parses an address; `::ffff:a.b.c.d` becomes the IPv4 address. */
export function parseIp(text: string): { readonly v6: boolean; readonly address: IpAddress } | null {
  const parsed = parseAddress(text);
  if (!parsed) return null;
  const address = unmapped(parsed);
  return { v6: address.kind() === "ipv6", address };
}

/** Normalises a list of CIDR ranges for storage; the first one that does not parse is returned as an error. */
export function normalizeAllowlist(
  cidrs: readonly string[],
): { ok: true; value: string[] } | { ok: false; invalid: string } {
  const out: string[] = [];
  for (const c of cidrs) {
    if (!parseCidr(c)) return { ok: false, invalid: c };
    const t = c.trim();
    if (!out.includes(t)) out.push(t);
  }
  return { ok: true, value: out };
}

export function ipAllowed(ip: string, allowlist: readonly string[]): boolean {
  const addr = parseIp(ip)?.address;
  if (!addr) return false;
  return allowlist.some((c) => {
    const r = parseCidr(c);
    return r !== null && inRange(addr, r);
  });
}
