// Which URLs a webhook may target (docs/webhooks.md "URLs"). A webhook makes our Worker send requests to a URL
// a customer chose: without these rules it is a server-side request forgery tool (OWASP SSRF) pointed at loopback,
// private networks and cloud metadata services. Checked when an endpoint is created AND before every delivery.
//
// The limit, stated plainly: a Worker cannot resolve a name itself (no DNS API; DNS-over-HTTPS would be a second
// lookup that a rebinding name can answer differently from the one fetch() makes), so a public-looking name whose
// DNS points at a private address is not caught here, nor a cluster-internal name built on a namespace we cannot
// know. What is caught, by class: every IP literal in any notation the URL parser accepts (decimal, hex, octal and
// short IPv4 forms are normalised by it; every IPv6 form that embeds an IPv4 address is checked as that address; only
// global unicast IPv6 outside the special-purpose ranges passes), host names with any number of trailing dots, names
// under special-use, private and cluster-internal suffixes, and wildcard-DNS services that map names to loopback or
// to any address. On Cloudflare, fetch() from a Worker leaves from Cloudflare's edge, where neither our loopback nor
// a private network of ours exists; these rules matter most for self-hosted workerd.

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

type Problem = { reason: string; loopback: boolean };

/**
 * Names that are never public hosts, with their subdomains: special-use names (RFC 6761: localhost, test, invalid,
 * example; RFC 6762: local, which holds Kubernetes' cluster.local; RFC 7686: onion; RFC 9476: alt; RFC 8375 and
 * RFC 3172: home.arpa and the rest of arpa), ICANN's private-use TLD (internal), the private TLDs RFC 6762 Appendix G
 * found in use (intranet, private, corp, home, lan), the names ICANN never delegates for collisions (corp, home,
 * mail), the hosts-file default (localdomain) and service-discovery domains (Consul's consul, Docker's docker).
 */
const PRIVATE_SUFFIXES = [
  ...["local", "test", "invalid", "example", "onion", "alt", "arpa", "internal"],
  ...["intranet", "private", "corp", "home", "lan", "mail", "localdomain", "consul", "docker"],
];
/**
 * Kubernetes names: a cluster's DNS search path completes "<service>.<namespace>" and "<service>.<namespace>.svc"
 * (SSRF to the API server or any service). svc and the namespaces every cluster has; a namespace of the cluster's
 * own naming is not knowable here (see the limit above).
 */
const CLUSTER_SUFFIXES = ["svc", "default", "kube-system", "kube-public", "kube-node-lease"];
/**
 * Wildcard-DNS services: every subdomain resolves to the address written in it (`10.0.0.1.nip.io` → 10.0.0.1) or to
 * loopback (`anything.lvh.me` → 127.0.0.1), or alternates between addresses for DNS rebinding (rbndr.us, 1u.ms).
 * Maintained from each service's own documentation and the community list github.com/EvilBMP/local-dns; a domain is
 * added only when its documentation says it resolves names to loopback or to addresses chosen in the name.
 */
const WILDCARD_DNS = [
  // An address chosen in the name.
  ...["nip.io", "sslip.io", "xip.io", "traefik.me", "local-ip.sh"],
  // Loopback.
  ...["localhost.direct", "localtest.me", "lvh.me", "vcap.me", "lacolhost.com", "127-0-0-1.org.uk", "localhost.tv"],
  ...["localhst.co.uk", "ddev.site"],
  // DNS rebinding test services.
  ...["rbndr.us", "1u.ms"],
];
const METADATA_NAMES = ["metadata", "instance-data"];

const v4Number = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function parseV4(host: string): number | undefined {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return undefined;
  const parts = host.split(".").map(Number);
  return parts.every((p) => p <= 255) ? v4Number(host) : undefined;
}

function v4Problem(n: number): Problem | undefined {
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

/** Whether the first `bits` bits of `g` are those of `prefix`. */
function inV6(g: number[], prefix: number[], bits: number) {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((g[i]! & mask) !== (prefix[i]! & mask)) return false;
  }
  return true;
}

const v4Of = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo;
/**
 * IPv6 forms that carry an IPv4 address, where it sits, and whether the form reaches that address over a public route
 * (mapped: the host's own IPv4 stack; NAT64, RFC 6052; 6to4, RFC 3056). The others are refused whatever they carry.
 */
interface Embedding {
  prefix: string;
  bits: number;
  form: string;
  routed?: boolean;
  v4: (g: number[]) => number;
}
const V6_EMBEDDING = (<Embedding[]>[
  { prefix: "::ffff:0:0", bits: 96, form: "an IPv4-mapped address", routed: true, v4: (g) => v4Of(g[6]!, g[7]!) },
  { prefix: "::ffff:0:0:0", bits: 96, form: "an IPv4-translated address", v4: (g) => v4Of(g[6]!, g[7]!) },
  { prefix: "::", bits: 96, form: "an IPv4-compatible address", v4: (g) => v4Of(g[6]!, g[7]!) },
  { prefix: "64:ff9b::", bits: 96, form: "a NAT64 address", routed: true, v4: (g) => v4Of(g[6]!, g[7]!) },
  // RFC 6052 §2.2 with a /48 prefix: the address sits in bits 48–63 and 72–87, around the reserved octet.
  {
    prefix: "64:ff9b:1::",
    bits: 48,
    form: "a local-use NAT64 address",
    v4: (g) => v4Of(g[3]!, ((g[4]! & 0xff) << 8) | (g[5]! >>> 8)),
  },
  { prefix: "2002::", bits: 16, form: "a 6to4 address", routed: true, v4: (g) => v4Of(g[1]!, g[2]!) },
  // RFC 4380 §4: the client's address, each bit inverted, in the last 32 bits.
  { prefix: "2001::", bits: 32, form: "a Teredo address", v4: (g) => v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff) },
]).map((e) => ({ ...e, groups: parseV6(e.prefix)! }));

/** IPv6 ranges that are never public (IANA IPv6 special-purpose address registry, RFC 6890). */
const V6_BLOCKED = (
  [
    ["100::", 64, "a discard-only address"],
    ["2001::", 23, "an IETF protocol address"],
    ["2001:db8::", 32, "a documentation address"],
    ["3fff::", 20, "a documentation address"],
    ["5f00::", 16, "an SRv6 segment identifier"],
    ["fc00::", 7, "a unique-local (private) address"],
    ["fe80::", 10, "a link-local address"],
    ["fec0::", 10, "a site-local address"],
    ["ff00::", 8, "a multicast address"],
  ] as const
).map(([prefix, bits, reason]) => ({ groups: parseV6(prefix)!, bits, reason }));

function v6Problem(g: number[]): Problem | undefined {
  if (g.every((x) => x === 0)) return { reason: "the unspecified address", loopback: false };
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return { reason: "a loopback address", loopback: true };
  // An IPv4 address inside IPv6 is that address to whatever unwraps it: checked as IPv4 (an SSRF filter bypass).
  const e = V6_EMBEDDING.find((x) => inV6(g, x.groups, x.bits));
  if (e) {
    const p = v4Problem(e.v4(g));
    if (p) return { reason: `${p.reason} (inside ${e.form})`, loopback: p.loopback && e.prefix === "::ffff:0:0" };
    return e.routed ? undefined : { reason: e.form, loopback: false };
  }
  const blocked = V6_BLOCKED.find((r) => inV6(g, r.groups, r.bits));
  if (blocked) return { reason: blocked.reason, loopback: false };
  // Only global unicast (2000::/3) is public; the rest of the space is reserved or special-purpose.
  if ((g[0]! & 0xe000) !== 0x2000) return { reason: "not a global unicast address", loopback: false };
  return undefined;
}

function nameProblem(name: string): Problem | undefined {
  const under = (suffix: string) => name === suffix || name.endsWith(`.${suffix}`);
  if (under("localhost")) return { reason: "a loopback name", loopback: true };
  if (METADATA_NAMES.some((m) => name === m || name.startsWith(`${m}.`)))
    return { reason: "a cloud metadata name", loopback: false };
  if (PRIVATE_SUFFIXES.some(under)) return { reason: "a private or local name", loopback: false };
  if (CLUSTER_SUFFIXES.some(under)) return { reason: "a cluster-internal name", loopback: false };
  if (WILDCARD_DNS.some(under)) return { reason: "a wildcard-DNS name that can point anywhere", loopback: false };
  if (!name.includes(".")) return { reason: "not a public host name", loopback: false };
  return undefined;
}

/**
 * The host as a resolver looks it up: without its trailing dots, however many ("localhost.." is localhost; a
 * resolver strips the root's dot and empty labels), then parsed again as a host so that what remains is normalised
 * like any host ("0x7f000001.." is 127.0.0.1). Undefined when nothing valid remains.
 */
function resolvedHost(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  const bare = host.replace(/\.+$/, "");
  if (bare === host) return host || undefined;
  try {
    return new URL(`https://${bare}/`).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
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
  const host = resolvedHost(url);
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
