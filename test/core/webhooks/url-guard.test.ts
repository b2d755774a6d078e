// URL rules (docs/webhooks.md "URLs"): https only in production, no private, loopback, link-local or metadata
// targets in any notation; staging and local also take http:// loopback.
import { describe, expect, it } from "vitest";
import { checkWebhookUrl } from "../../../src/core/webhooks/url-guard";

const ok = (url: string, env = "production") => checkWebhookUrl(url, env).ok;
const reason = (url: string, env = "production") => {
  const r = checkWebhookUrl(url, env);
  return r.ok ? "" : r.reason;
};

describe("production: https to public hosts only", () => {
  it.each([
    "https://hooks.example.com/in",
    "https://example.com:8443/x?y=1",
    "https://93.184.215.14/",
    "https://[2606:4700::1111]/",
  ])("accepts %s", (url) => expect(ok(url)).toBe(true));

  it.each([
    ["http://hooks.example.com/in", "must be https://"],
    ["ftp://example.com/", "must be https://"],
    ["not a url", "not an absolute URL"],
    ["https://user:pw@example.com/", "user name or password"],
  ])("refuses %s (%s)", (url, why) => expect(reason(url)).toContain(why));

  it.each([
    "https://127.0.0.1/",
    "https://127.1/", // short form, normalised by the URL parser
    "https://2130706433/", // 127.0.0.1 as one decimal number
    "https://0x7f000001/",
    "https://0177.0.0.1/", // octal
    "https://localhost/",
    "https://api.localhost/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/", // IPv4-mapped
    "https://[::ffff:7f00:1]/",
    "https://10.1.2.3/",
    "https://172.16.0.1/",
    "https://172.31.255.255/",
    "https://192.168.1.1/",
    "https://100.64.0.1/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fe80::1]/",
    "https://[fd00:ec2::254]/", // AWS metadata over IPv6 (unique-local)
    "https://[fc00::1]/",
    "https://[64:ff9b::a9fe:a9fe]/", // NAT64 of 169.254.169.254
    "https://[2002:a00:1::]/", // 6to4 of 10.0.0.1
    "https://0.0.0.0/",
    "https://[::]/",
    "https://224.0.0.1/",
    "https://255.255.255.255/",
    "https://168.63.129.16/",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://metadata/",
    "https://instance-data/",
    "https://printer.local/",
    "https://intranet/",
    "https://10.0.0.1.nip.io/",
    "https://app.localtest.me/",
    "https://router.home.arpa/",
  ])("refuses %s", (url) => {
    expect(ok(url)).toBe(false);
    expect(reason(url)).toMatch(/^points to /);
  });
});

const refused = (url: string) => {
  const r = checkWebhookUrl(url, "production");
  expect(r.ok, url).toBe(false);
  expect(r.ok ? "" : r.reason, url).toMatch(/^points to /);
};

/** An IPv4 address's two 16-bit groups in hex, and the same XOR 0xffff (Teredo obscures the client address so). */
function groups(v4: string) {
  const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
  const hi = (a << 8) | b;
  const lo = (c << 8) | d;
  const hex = (n: number) => n.toString(16);
  return { hi: hex(hi), lo: hex(lo), xhi: hex(hi ^ 0xffff), xlo: hex(lo ^ 0xffff) };
}

/**
 * Every IPv6 form that embeds an IPv4 address, in compressed and expanded hex, in dotted-quad form where the form
 * ends in the IPv4 address, and in upper case.
 */
function embeddingForms(v4: string): Record<string, string[]> {
  const { hi, lo, xhi, xlo } = groups(v4);
  const forms = {
    "IPv4-mapped (::ffff:0:0/96)": [`::ffff:${v4}`, `::ffff:${hi}:${lo}`, `0:0:0:0:0:ffff:${hi}:${lo}`],
    "IPv4-translated (::ffff:0:0:0/96)": [`::ffff:0:${v4}`, `::ffff:0:${hi}:${lo}`, `0:0:0:0:ffff:0:${hi}:${lo}`],
    "IPv4-compatible (::/96)": [`::${v4}`, `::${hi}:${lo}`, `0:0:0:0:0:0:${hi}:${lo}`],
    "NAT64 (64:ff9b::/96)": [`64:ff9b::${v4}`, `64:ff9b::${hi}:${lo}`, `64:ff9b:0:0:0:0:${hi}:${lo}`],
    // RFC 6052 §2.2 with a /48 prefix: the IPv4 address straddles the reserved octet (bits 64–71).
    "local NAT64 (64:ff9b:1::/48)": [`64:ff9b:1::${v4}`, `64:ff9b:1:${hi}:${lo.padStart(4, "0").slice(0, 2)}::`],
    "6to4 (2002::/16)": [`2002:${hi}:${lo}::`, `2002:${hi}:${lo}::1`, `2002:${hi}:${lo}:0:0:0:0:1`],
    "Teredo (2001::/32)": [`2001:0:${hi}:${lo}::`, `2001:0:4136:e378:8000:63bf:${xhi}:${xlo}`],
  };
  for (const list of Object.values(forms)) list.push(...list.map((f) => f.toUpperCase()));
  return forms;
}

describe("production: every IPv6 form that embeds an IPv4 address is checked as that address", () => {
  // The review's case: IPv4-translated loopback was accepted.
  it("refuses https://[::ffff:0:127.0.0.1]/", () => refused("https://[::ffff:0:127.0.0.1]/"));

  const blocked = ["127.0.0.1", "10.0.0.1", "169.254.169.254", "192.168.1.1", "172.16.0.1", "100.64.0.1", "0.0.0.0"];
  for (const v4 of blocked)
    it.each(Object.entries(embeddingForms(v4)))(`refuses ${v4} as %s`, (_form, hosts) => {
      for (const h of hosts) refused(`https://[${h}]/`);
    });

  it("accepts a public IPv4 address behind the forms that reach it (mapped, NAT64, 6to4)", () => {
    const { hi, lo } = groups("8.8.8.8");
    for (const h of [`::ffff:8.8.8.8`, `64:ff9b::8.8.8.8`, `64:FF9B::${hi}:${lo}`, `2002:${hi}:${lo}::1`])
      expect(ok(`https://[${h}]/`), h).toBe(true);
  });

  it("refuses the forms with no public route whatever they embed (compatible, translated, local NAT64, Teredo)", () => {
    const forms = embeddingForms("8.8.8.8");
    for (const form of ["IPv4-compatible", "IPv4-translated", "local NAT64", "Teredo"])
      for (const h of Object.entries(forms).find(([k]) => k.startsWith(form))![1]) refused(`https://[${h}]/`);
  });
});

describe("production: IPv6 ranges that are never public (RFC 6890 and the IANA special-purpose registry)", () => {
  it.each([
    ["loopback", ["::1", "0:0:0:0:0:0:0:1", "0000:0000:0000:0000:0000:0000:0000:0001"]],
    ["unspecified", ["::", "0:0:0:0:0:0:0:0"]],
    ["unique-local fc00::/7", ["fc00::1", "fd00:ec2::254", "FDFF:FFFF::1"]],
    ["link-local fe80::/10", ["fe80::1", "febf:ffff::1", "FE80:0:0:0:0:0:0:1"]],
    ["site-local fec0::/10", ["fec0::1", "feff::1"]],
    ["multicast ff00::/8", ["ff02::1", "ff05::1:3", "FF0E::1"]],
    ["documentation 2001:db8::/32 and 3fff::/20", ["2001:db8::1", "2001:DB8:0:0:0:0:0:1", "3fff::1", "3fff:fff::1"]],
    ["discard 100::/64", ["100::1", "100:0:0:0:ffff::1"]],
    ["IETF protocol assignments 2001::/23", ["2001:1::1", "2001:2::1", "2001:1ff::1"]],
    ["SRv6 SIDs 5f00::/16", ["5f00::1"]],
    ["outside global unicast 2000::/3", ["4000::1", "1::1", "e000::1"]],
  ])("refuses %s", (_range, hosts) => {
    for (const h of hosts as string[]) refused(`https://[${h}]/`);
  });

  it("accepts public IPv6 addresses next to those ranges", () => {
    for (const h of ["2606:4700::1111", "2001:4860:4860::8888", "2001:200::1", "2a00:1450:4001::1", "2620:fe::fe"])
      expect(ok(`https://[${h}]/`), h).toBe(true);
  });
});

describe("production: host names", () => {
  // A resolver strips the root's dot, and a second dot is one more empty label the URL parser keeps.
  it.each(["localhost", "api.localhost", "127.0.0.1", "0x7f000001", "2130706433", "10.0.0.1.nip.io", "printer.local"])(
    "refuses %s with 1 to 3 trailing dots",
    (host) => {
      for (const dots of [".", "..", "..."]) refused(`https://${host}${dots}/`);
    },
  );

  it("refuses loopback names written in upper case, percent-encoded or in full-width letters", () => {
    for (const h of [
      "LOCALHOST",
      "Api.LocalHost..",
      "%6c%6f%63%61%6c%68%6f%73%74",
      "ｌｏｃａｌｈｏｓｔ",
      "localhost。",
    ])
      refused(`https://${h}/`);
  });

  const internal = [
    "svc", // Kubernetes: <service>.<namespace>.svc
    "cluster.local",
    "internal",
    "lan",
    "home",
    "home.arpa",
    "arpa",
    "local",
    "localhost",
    "localdomain",
    "intranet",
    "corp",
    "private",
    "mail",
    "test",
    "invalid",
    "example",
    "onion",
    "alt",
    "consul",
    "docker",
  ];
  it.each(internal)("refuses names under .%s, in any case", (suffix) => {
    for (const h of [`host.${suffix}`, `a.b.${suffix}.`, `Host.${suffix.toUpperCase()}`]) refused(`https://${h}/`);
  });

  it("refuses cluster-internal names (the review's kubernetes.default.svc)", () => {
    for (const h of [
      "kubernetes.default.svc",
      "kubernetes.default.svc.cluster.local",
      "kubernetes.default",
      "kube-dns.kube-system",
      "x.kube-public",
      "host.docker.internal",
    ])
      refused(`https://${h}/`);
  });

  const wildcards = [
    "nip.io",
    "sslip.io",
    "xip.io",
    "traefik.me",
    "localhost.direct",
    "localtest.me",
    "lvh.me",
    "vcap.me",
    "lacolhost.com",
    "local-ip.sh",
    "127-0-0-1.org.uk",
    "localhost.tv",
    "localhst.co.uk",
    "ddev.site",
    "rbndr.us",
    "1u.ms",
  ];
  it.each(wildcards)("refuses wildcard-DNS service %s with any subdomain", (domain) => {
    for (const h of [
      domain,
      `foo.${domain}`,
      `10-0-0-1.${domain}`,
      `127.0.0.1.${domain}`,
      `A.B.${domain.toUpperCase()}`,
    ])
      refused(`https://${h}/`);
  });

  it("still accepts public names that merely contain those words", () => {
    for (const url of [
      "https://hooks.example-customer.com/x",
      "https://example.com/",
      "https://svc.example.org/hook",
      "https://internal.company.com/",
      "https://local.dev.customer.io/",
      "https://test.io/",
      "https://nip.io.customer.com/",
      "https://mynip.io/",
      "https://alt.net/",
      "https://localhost.company.com/",
      "https://xn--bcher-kva.example.net/", // bücher.example.net
      "https://hooks.example.com./in", // a fully-qualified name
    ])
      expect(ok(url), url).toBe(true);
  });
});

describe("staging and local: also http:// loopback", () => {
  it.each(["staging", "local"])("%s accepts loopback over http and https", (env) => {
    for (const url of [
      "http://127.0.0.1:9999/hook",
      "http://localhost:3000/x",
      "http://[::1]:8080/",
      "https://127.0.0.1/",
      "http://127.0.0.2/",
    ])
      expect(ok(url, env), url).toBe(true);
  });

  it.each(["staging", "local"])("%s still refuses private, link-local and plain-http public targets", (env) => {
    for (const url of ["http://10.0.0.1/", "http://169.254.169.254/", "https://192.168.0.1/", "http://[fe80::1]/"])
      expect(ok(url, env), url).toBe(false);
    expect(reason("http://example.com/", env)).toContain("http:// only to loopback");
  });

  it("production refuses the loopback receivers staging accepts", () => {
    expect(ok("http://127.0.0.1:9999/hook", "production")).toBe(false);
    expect(ok("https://127.0.0.1/", "production")).toBe(false);
    expect(ok("https://localhost/", "production")).toBe(false);
  });
});
