// Webhook endpoint URLs (D29): https to a public host. In sandbox, where the operator allows it (the single-user
// default), loopback targets too, over http or https: http://localhost:8080/hooks for local development. Every
// IP form (decimal 2130706433, hex 0x7f.1, short 127.1, IPv4-mapped IPv6...) is normalised by the WHATWG URL
// parser before it is judged. Names that merely resolve to a private address are caught at delivery time by the
// sender, which checks the address it connects to. Addresses are parsed by core/domain/shared/ip.ts (ipaddr.js);
// which ranges a webhook may not reach is this file's rule.
import type ipaddr from "ipaddr.js";
import { groups, inRange, parseCidr, parseIp, type IpRange } from "../shared/ip.ts";

export const MAX_URL_LENGTH = 2048;

export type UrlCheck =
  | { readonly ok: true; readonly url: string }
  | { readonly ok: false; readonly message: string };

function fail(message: string): UrlCheck {
  return { ok: false, message };
}

/** Host names that never reach the public internet (RFC 6761 / 6762 / 8375 special-use names). */
function isLocalName(host: string): boolean {
  const h = host.endsWith(".") ? host.slice(0, -1) : host;
  return h === "localhost" || /\.(localhost|local|internal|home\.arpa)$/.test(h) || !h.includes(".");
}

/** A loopback target after normalisation: localhost names, 127.0.0.0/8, ::1 and IPv4-mapped 127.x. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(h)) return true;
  const ip = h.includes(":") ? parseIp(h) : null;
  if (ip === null || ip.kind() !== "ipv6") return false;
  const g = groups(ip as ipaddr.IPv6);
  const zero = (n: number) => g.slice(0, n).every((x) => x === 0);
  return (zero(7) && g[7] === 1) || (zero(5) && g[5] === 0xffff && (g[6] ?? 0) >> 8 === 127);
}

export function validateWebhookUrl(
  input: unknown,
  options: {
    readonly livemode: boolean;
    readonly sandboxLoopback: boolean;
    /** The operator allows private and loopback targets in both modes (WEBHOOK_PRIVATE_TARGETS). */
    readonly privateTargets?: boolean;
  },
): UrlCheck {
  if (typeof input !== "string" || input.length === 0) return fail("url must be a non-empty string.");
  if (input.length > MAX_URL_LENGTH) return fail(`url must be at most ${MAX_URL_LENGTH} characters.`);
  // The URL parser would silently drop these; a URL that only works after clean-up is refused instead.
  if ([...input].some((c) => c <= " " || c === "\u007f"))
    return fail("url must not contain spaces or control characters.");
  if (input.includes("#")) return fail("url must not contain a fragment (#).");
  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return fail("url must be an absolute URL such as https://example.com/webhooks.");
  }
  if (u.username !== "" || u.password !== "")
    return fail("url must not contain credentials (user:password@).");
  if (u.protocol !== "https:" && u.protocol !== "http:") return fail("url must use https.");
  const host = u.hostname.toLowerCase();
  if (host === "") return fail("url must name a host.");
  // A port over 65535 is already a parse error; 0 parses but names no port anything listens on (and an HTTP
  // client given port 0 connects to the scheme's default port instead).
  if (u.port === "0") return fail("url must name a port from 1 to 65535, or none for the scheme's default.");
  if (options.privateTargets === true) return { ok: true, url: u.href };
  const loopbackAllowed = !options.livemode && options.sandboxLoopback;
  if (isLoopbackHost(host)) {
    if (loopbackAllowed) return { ok: true, url: u.href };
    return fail(
      options.livemode
        ? "url must point to a public host, not a private, loopback or link-local address."
        : "url must point to a public host: this service does not deliver sandbox webhooks to its own machine (localhost). Use a tunnel with a public https address.",
    );
  }
  if (u.protocol === "http:") {
    return fail(
      loopbackAllowed
        ? "url must use https (http is allowed only for localhost and 127.0.0.1 in sandbox)."
        : "url must use https.",
    );
  }
  const ip = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (isIpLiteral(ip) ? isPrivateAddress(ip) : isLocalName(host)) {
    return fail("url must point to a public host, not a private, loopback or link-local address.");
  }
  return { ok: true, url: u.href };
}

// ---- IP addresses -------------------------------------------------------------------------------------------

export function isIpLiteral(text: string): boolean {
  return parseIp(text) !== null;
}

// Everything that is not a globally reachable unicast address (IANA special-purpose registries).
const V4_BLOCKED: readonly IpRange[] = [
  "0.0.0.0/8", // "this network", including the unspecified 0.0.0.0
  "10.0.0.0/8", // private
  "100.64.0.0/10", // CGNAT shared address space
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local (and cloud metadata services)
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.88.99.0/24", // 6to4 relay anycast (deprecated)
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and the broadcast address
].map((c) => parseCidr(c) as IpRange);

function isPrivateV4(octets: readonly number[]): boolean {
  const ip = parseIp(octets.join("."));
  return ip === null || V4_BLOCKED.some((r) => inRange(ip, r));
}

/**
 * True for any address a webhook must not be delivered to: private, loopback, link-local, unique-local, CGNAT,
 * unspecified, multicast, documentation and reserved ranges, IPv4 embedded in IPv6 (mapped, compatible, NAT64,
 * 6to4) when the embedded address is one of those, and anything that is not a valid IP address (fail closed).
 */
export function isPrivateAddress(ip: string): boolean {
  const text = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  const parsed = parseIp(text);
  if (parsed === null) return true;
  if (parsed.kind() === "ipv4") return isPrivateV4((parsed as ipaddr.IPv4).octets);
  const g = groups(parsed as ipaddr.IPv6);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return true; // :: unspecified
  if (zeroTo(7) && g7 === 1) return true; // ::1 loopback
  if (zeroTo(5) && g5 === 0xffff) return isPrivateV4(embedded); // ::ffff:a.b.c.d IPv4-mapped
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isPrivateV4(embedded); // ::ffff:0:a.b.c.d IPv4-translated
  if (zeroTo(6)) return true; // ::a.b.c.d IPv4-compatible (deprecated, never routed)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isPrivateV4(embedded); // NAT64
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true; // 64:ff9b:1::/48 local-use NAT64
  if (g0 === 0x2002) return isPrivateV4([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]); // 6to4
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // 100::/64 discard-only
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo: the real target is hidden in the address
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return true; // 2001::/23 IETF protocol assignments
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique-local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}
