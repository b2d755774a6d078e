import { describe, expect, it } from "vitest";
import { base62, extractKey, generateKey, KEY_PATTERN, prefixFor, timingSafeEqual } from "../../../src/core/auth/keys";
import { decodeCursor, encodeCursor } from "../../../src/core/domain/cursor";
import { periodLabel } from "../../../src/core/domain/codes";

const req = (url: string, headers: Record<string, string> = {}) => new Request(`http://x${url}`, { headers });

describe("key format", () => {
  it("is the prefix plus 43 base62 characters, unique each time", () => {
    const a = generateKey("sk_test_");
    expect(a).toMatch(KEY_PATTERN);
    expect(generateKey("sk_live_")).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);
    expect(new Set(Array.from({ length: 50 }, () => generateKey("sk_test_"))).size).toBe(50);
  });
  it("base62 encodes all 32 bytes (the extremes fit in 43 digits)", () => {
    expect(base62(new Uint8Array(32))).toBe("0".repeat(43));
    expect(base62(new Uint8Array(32).fill(255))).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(base62(new Uint8Array(32).fill(255))).not.toBe(base62(new Uint8Array(32).fill(254)));
  });
  it("production issues sk_live_, every other environment sk_test_", () => {
    expect(prefixFor("production")).toBe("sk_live_");
    expect(prefixFor("staging")).toBe("sk_test_");
    expect(prefixFor("local")).toBe("sk_test_");
  });
});

describe("transport precedence", () => {
  it("reads X-API-Key, then Bearer, then ?api_key=", () => {
    expect(extractKey(req("/", { "x-api-key": "k1" }))).toBe("k1");
    expect(extractKey(req("/", { authorization: "Bearer k2" }))).toBe("k2");
    expect(extractKey(req("/?api_key=k3"))).toBe("k3");
    expect(extractKey(req("/"))).toBeUndefined();
  });
  it("refuses carriers that disagree", () => {
    expect(extractKey(req("/?api_key=k3", { "x-api-key": "k1" }))).toBeNull();
    expect(extractKey(req("/", { "x-api-key": "k1", authorization: "Bearer k2" }))).toBeNull();
  });
});

describe("constant-time compare", () => {
  it("equal only for identical non-empty strings", () => {
    expect(timingSafeEqual("abc", "abc")).toBe(true);
    expect(timingSafeEqual("abc", "abd")).toBe(false);
    expect(timingSafeEqual("abc", "abcd")).toBe(false);
    expect(timingSafeEqual("", "")).toBe(false);
  });
});

describe("cursor", () => {
  it("round-trips and rejects anything else", () => {
    const c = { kickoffTs: 1795324200, id: "m_eng1_2026_0001" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of ["", "!!!", btoa("x:y"), btoa("12:bad id"), btoa("-1:m")]) expect(decodeCursor(bad)).toBeNull();
  });
});

describe("period labels", () => {
  it("names football and basketball periods", () => {
    expect(periodLabel("football", 12)).toBe("1st Half");
    expect(periodLabel("football", 38)).toBe("Half-time");
    expect(periodLabel("football", 16)).toBe("Penalties");
    expect(periodLabel("basketball", 24)).toBe("Q3");
    expect(periodLabel("basketball", 26)).toBe("OT1");
    expect(periodLabel("basketball", 31)).toBe("OT5");
    expect(periodLabel("football", null)).toBeNull();
  });
});
