// src/core/db/queries/counters.ts: attempt counters for the abuse limits.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dbFor } from "../../../../src/core/db/client";
import { countAttempt, uncountAttempt } from "../../../../src/core/db/queries/counters";

const db = dbFor(env.DB);
const stored = async (subject: string, windowStart: number) =>
  (
    await env.DB.prepare("SELECT n FROM abuse_counters WHERE subject = ? AND window_start = ?")
      .bind(subject, windowStart)
      .first<{ n: number }>()
  )?.n;

describe("attempt counters", () => {
  it("parallel counts each get their own new count (1 … N, no two alike)", async () => {
    const counts = await Promise.all(Array.from({ length: 12 }, () => countAttempt(db, ["race", "race-ip"], 1000)));
    expect(counts.map((c) => c[0]).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(counts.map((c) => c[1]).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await stored("race", 1000)).toBe(12);
  });

  it("windows and subjects count apart; giving back never goes below zero", async () => {
    expect(await countAttempt(db, ["a", "b"], 5000)).toEqual([1, 1]);
    expect(await countAttempt(db, ["a"], 5000)).toEqual([2]);
    expect(await countAttempt(db, ["a"], 6000)).toEqual([1]);
    await uncountAttempt(db, ["a", "b"], 5000);
    await uncountAttempt(db, ["b"], 5000);
    expect(await stored("a", 5000)).toBe(1);
    expect(await stored("b", 5000)).toBe(0);
  });

  it("windows older than a day are pruned by the next count", async () => {
    await countAttempt(db, ["old"], 10_000);
    await countAttempt(db, ["new"], 10_000 + 86_400_001);
    expect(await stored("old", 10_000)).toBeUndefined();
    expect(await stored("new", 10_000 + 86_400_001)).toBe(1);
  });
});
