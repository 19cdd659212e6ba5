// IP addresses and CIDR ranges, parsed by ipaddr.js (one module for every IP check of the core: the account IP
// allowlist, D35, and the webhook target rules, D29). What is strict here is the service's choice:
// - IPv4 only as four decimal parts without leading zeros (a leading zero is octal to some parsers and decimal
//   to others; such a text is refused rather than guessed);
// - brackets and an IPv6 zone id (`%eth0`) are dropped;
// - `::a.b.c.d` is the IPv4-compatible address ::a.b:c.d (ipaddr.js reads it as IPv4-mapped, which would hide a
//   deprecated, never-routed form behind the address it embeds).
import ipaddr from "ipaddr.js";

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

const COMPATIBLE = /^::(\d{1,3}(?:\.\d{1,3}){3})$/;

/** Parses an address strictly (see the header); null when it is not one. */
export function parseIp(text: string): IpAddress | null {
  const s = text
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return ipaddr.IPv4.parse(s);
  if (!s.includes(":") || !/^[0-9a-fA-F:.]+$/.test(s)) return null;
  const compatible = COMPATIBLE.exec(s);
  if (compatible) {
    const v4 = ipaddr.IPv4.isValidFourPartDecimal(compatible[1] ?? "")
      ? ipaddr.IPv4.parse(compatible[1] ?? "").octets
      : null;
    return v4
      ? new ipaddr.IPv6([
          0,
          0,
          0,
          0,
          0,
          0,
          ((v4[0] ?? 0) << 8) | (v4[1] ?? 0),
          ((v4[2] ?? 0) << 8) | (v4[3] ?? 0),
        ])
      : null;
  }
  // An embedded IPv4 part must be four-part decimal too.
  const dotted = s.slice(s.lastIndexOf(":") + 1);
  if (dotted.includes(".") && !ipaddr.IPv4.isValidFourPartDecimal(dotted)) return null;
  return ipaddr.IPv6.isValid(s) ? ipaddr.IPv6.parse(s) : null;
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) stands for; any other address as it is. */
export function unmapped(ip: IpAddress): IpAddress {
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()
    ? (ip as ipaddr.IPv6).toIPv4Address()
    : ip;
}

export interface IpRange {
  readonly base: IpAddress;
  readonly bits: number;
}

/** `a.b.c.d/n`, `x::y/n`, or a bare address (a /32 or /128). An IPv4-mapped base counts as its IPv4 address. */
export function parseCidr(text: string): IpRange | null {
  const [addr, bitsText, extra] = text.trim().split("/");
  if (addr === undefined || extra !== undefined) return null;
  const parsed = parseIp(addr);
  if (!parsed) return null;
  const base = unmapped(parsed);
  const max = base.kind() === "ipv6" ? 128 : 32;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = bitsText === undefined ? max : Number(bitsText);
  return bits > max ? null : { base, bits };
}

/** True when `ip` lies in `range` (same family only). */
export function inRange(ip: IpAddress, range: IpRange): boolean {
  return ip.kind() === range.base.kind() && ip.match(range.base, range.bits);
}

/** The eight 16-bit groups of an IPv6 address. */
export function groups(ip: ipaddr.IPv6): readonly number[] {
  return ip.parts;
}
