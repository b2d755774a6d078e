// src/core/domain/schemas.ts: the list limits, one definition for the REST query and the MCP tool arguments.
import { describe, expect, it } from "vitest";
import { LIST_LIMITS, limitArg, limitParam } from "../../../src/core/domain/schemas";

describe("list limits", () => {
  it.each(Object.entries(LIST_LIMITS))("%s: the default when absent, clamped to the maximum above it", (_, l) => {
    for (const limit of [limitParam(l), limitArg(l)]) {
      expect(limit.parse(undefined)).toBe(l.fallback);
      expect(limit.parse(1)).toBe(1);
      expect(limit.parse(l.max)).toBe(l.max);
      expect(limit.parse(l.max + 1)).toBe(l.max);
      expect(limit.safeParse(0).success).toBe(false);
      expect(limit.safeParse(1.5).success).toBe(false);
    }
  });

  it("a query string's limit is text and is coerced; a tool argument's must be a number", () => {
    expect(limitParam(LIST_LIMITS.matches).parse("7")).toBe(7);
    expect(limitArg(LIST_LIMITS.matches).safeParse("7").success).toBe(false);
  });

  it("the match list pages up to 200 (default 50); head-to-head and search up to 50 (default 10); changes 1000 (100)", () => {
    expect(LIST_LIMITS).toEqual({
      matches: { max: 200, fallback: 50 },
      h2h: { max: 50, fallback: 10 },
      search: { max: 50, fallback: 10 },
      changes: { max: 1000, fallback: 100 },
    });
  });
});
