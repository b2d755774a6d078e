// Which URLs a webhook may target (docs/webhooks.md "URLs"). A webhook makes our Worker send requests to a URL
// a customer chose: without these rules it is a server-side request forgery tool (OWASP SSRF) pointed at loopback,
// private networks and cloud metadata services. Checked when an endpoint is created AND before every delivery.
//
// The limit, stated plainly: a Worker cannot resolve a name itself (no DNS API; DNS-over-HTTPS would be a second
// lookup that a rebinding name can answer differently from the one fetch() makes), so a public-looking name whose
// DNS points at a private address is not caught here. What is caught: every IP literal in any notation the URL
// parser accepts (decimal, hex, octal and short IPv4 forms are normalised by it; IPv4-mapped, NAT64 and 6to4 IPv6
// are unwrapped), and the well-known names of local, private and metadata hosts and of wildcard-DNS services that
// map names to arbitrary addresses. On Cloudflare, fetch() from a Worker leaves from Cloudflare's edge, where neither
// our loopback nor a private network of ours exists; these rules matter most for self-hosted workerd.

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const V4_BLOCKED: [string, number, string][] = [
  ["0.0.0.0", 8, "a 'this network' address"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a shared (carrier-grade NAT) address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local (cloud metadata) address"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "an IETF protocol address"],
  ["192.0.2.0", 24, "a documentation address"],
  ["192.88.99.0", 24, "a 6to4 relay address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["198.51.100.0", 24, "a documentation address"],
  ["203.0.113.0", 24, "a documentation address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
  // Azure's wire server answers metadata-like requests on this public-range address.
  ["168.63.129.16", 32, "a cloud metadata address"],
];

/** Names that are never public hosts (RFC 6761, RFC 6762, RFC 8375, cloud metadata names). */
const PRIVATE_SUFFIXES = ["localhost", "local", "internal", "intranet", "lan", "home.arpa", "corp", "localdomain"];
/** Wildcard DNS services: `10.0.0.1.nip.io` resolves to 10.0.0.1, `localtest.me` to 127.0.0.1. */
const WILDCARD_DNS = ["nip.io", "sslip.io", "xip.io", "localtest.me", "lvh.me", "vcap.me", "lacolhost.com"];
const METADATA_NAMES = ["metadata", "instance-data"];

const v4Number = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function parseV4(host: string): number | undefined {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return undefined;
  const parts = host.split(".").map(Number);
  return parts.every((p) => p <= 255) ? v4Number(host) : undefined;
}

function v4Problem(n: number): { reason: string; loopback: boolean } | undefined {
  for (const [base, bits, reason] of V4_BLOCKED) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === (v4Number(base) & mask) >>> 0) return { reason, loopback: base === "127.0.0.0" };
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 literal (brackets removed), or undefined. */
function parseV6(host: string): number[] | undefined {
  let s = host.toLowerCase();
  const v4tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4tail) {
    const n = parseV4(v4tail[1]!);
    if (n === undefined) return undefined;
    s = `${s.slice(0, -v4tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const part = (h: string) =>
    h === "" ? [] : h.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(fill, 0)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : undefined;
}

function v6Problem(g: number[]): { reason: string; loopback: boolean } | undefined {
  const embedded = (hi: number, lo: number) => v4Problem(((hi << 16) >>> 0) + lo);
  if (g.every((x) => x === 0)) return { reason: "the unspecified address", loopback: false };
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return { reason: "a loopback address", loopback: true };
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) reach the IPv4 address inside.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    const p = embedded(g[6]!, g[7]!);
    return p ?? (g[5] === 0 ? { reason: "an IPv4-compatible address", loopback: false } : undefined);
  }
  // 64:ff9b::/96 (NAT64) translates to the IPv4 address in its last 32 bits.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return { reason: "a local NAT64 address", loopback: false };
  // 2002::/16 (6to4) carries an IPv4 address in bits 16–47.
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  if (g[0] === 0x2001 && g[1] === 0) return { reason: "a Teredo address", loopback: false };
  if (g[0] === 0x2001 && g[1] === 0xdb8) return { reason: "a documentation address", loopback: false };
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return { reason: "a discard address", loopback: false };
  if ((g[0]! & 0xfe00) === 0xfc00) return { reason: "a unique-local (private) address", loopback: false };
  if ((g[0]! & 0xffc0) === 0xfe80) return { reason: "a link-local address", loopback: false };
  if ((g[0]! & 0xffc0) === 0xfec0) return { reason: "a site-local address", loopback: false };
  if ((g[0]! & 0xff00) === 0xff00) return { reason: "a multicast address", loopback: false };
  return undefined;
}

function nameProblem(name: string): { reason: string; loopback: boolean } | undefined {
  const under = (suffix: string) => name === suffix || name.endsWith(`.${suffix}`);
  if (under("localhost")) return { reason: "a loopback name", loopback: true };
  if (METADATA_NAMES.some((m) => name === m || name.startsWith(`${m}.`)))
    return { reason: "a cloud metadata name", loopback: false };
  if (PRIVATE_SUFFIXES.some(under)) return { reason: "a private or local name", loopback: false };
  if (WILDCARD_DNS.some(under)) return { reason: "a wildcard-DNS name that can point anywhere", loopback: false };
  if (!name.includes(".")) return { reason: "not a public host name", loopback: false };
  return undefined;
}

/**
 * Whether `raw` may be a webhook target in `environment`. Production: `https:` to a public host only. Staging and
 * local: the same, plus `http:` or `https:` to loopback, so a receiver on the developer's machine can be tested.
 */
export function checkWebhookUrl(raw: string, environment: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not an absolute URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "must be https://" };
  // Credentials in the URL would be sent to the receiver on every request and shown in every list.
  if (url.username || url.password) return { ok: false, reason: "must not contain a user name or password" };
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return { ok: false, reason: "has no host" };
  const v4 = parseV4(host);
  const v6 = host.startsWith("[") ? parseV6(host.slice(1, -1)) : undefined;
  if (host.startsWith("[") && !v6) return { ok: false, reason: "is not a valid IPv6 address" };
  const problem = v4 !== undefined ? v4Problem(v4) : v6 ? v6Problem(v6) : nameProblem(host);
  const loopbackAllowed = environment !== "production" && problem?.loopback === true;
  if (problem && !loopbackAllowed) return { ok: false, reason: `points to ${problem.reason} (${host})` };
  if (url.protocol === "http:" && !loopbackAllowed)
    return {
      ok: false,
      reason: environment === "production" ? "must be https://" : "must be https:// (http:// only to loopback)",
    };
  return { ok: true, url };
}
