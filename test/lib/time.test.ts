// src/lib/time.ts: the one timestamp format and the one day format.
import { describe, expect, it } from "vitest";
import { rfc3339, utcDay } from "../../src/lib/time";

describe("time formats", () => {
  it("timestamps are RFC 3339 UTC to the second: milliseconds are dropped, not rounded", () => {
    expect(rfc3339(Date.UTC(2026, 4, 1, 18, 30, 0, 999))).toBe("2026-05-01T18:30:00Z");
    expect(rfc3339(0)).toBe("1970-01-01T00:00:00Z");
    expect(rfc3339()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("a day is the UTC calendar day of the instant", () => {
    expect(utcDay(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe("2026-12-31");
    expect(utcDay(Date.UTC(2027, 0, 1))).toBe("2027-01-01");
  });
});
