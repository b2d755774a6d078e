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
