// Search over random unicode `q` (fast-check): any q answers 200 or 400, never a 5xx (folding may turn one character
// into several words). FUZZ_SEED=<n> replays a run; the seed is printed in the describe name and after the run.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { seedPeople } from "../helpers/people";
import { get, seed } from "../helpers/seed";

const SEED = Number(env.FUZZ_SEED || Date.now() % 2 ** 31);
const RUNS = 300;

const s = await seed(["acb"]);
await seedPeople(s.accountId);

/** Characters that fold into several words (½ → "1 2", ﷺ → four words), into none, or change length when folded. */
const expander = fc.constantFrom(
  "½",
  "¼",
  "⅞",
  "ﷺ",
  "ﷻ",
  "㍿",
  "㈱",
  "ǅ",
  "ß",
  "İ",
  "Ø",
  "ﬃ",
  "⑽",
  "⒇",
  "…",
  "\u0301",
  "\u200d",
  " ",
);
/** Text dense in words: one expander (or a letter and a space) repeated, so folding yields up to ~100 words. */
const dense = fc
  .tuple(fc.oneof(expander, fc.constantFrom("a ", "1 ", "é ", "½a")), fc.integer({ min: 1, max: 100 }))
  .map(([c, n]) => c.repeat(n).slice(0, 100));
// Lengths drawn over the whole 2–100 range (fast-check's default size keeps strings short).
const big = { size: "max" } as const;
const q = fc.oneof(
  fc.string({ unit: "binary", minLength: 2, maxLength: 100, ...big }),
  fc.string({ unit: "grapheme", minLength: 2, maxLength: 60, ...big }),
  fc
    .array(fc.oneof(expander, fc.string({ unit: "binary", maxLength: 3 })), { minLength: 1, maxLength: 100, ...big })
    .map((parts) => parts.join("")),
  fc.array(expander, { minLength: 2, maxLength: 100, ...big }).map((parts) => parts.join("")),
  dense,
);

describe(`search fuzzing (seed ${SEED})`, { timeout: 120_000 }, () => {
  afterAll(() => console.log(`search fuzz: seed ${SEED}; replay with FUZZ_SEED=${SEED}`));

  it("any q answers 200 or 400 over REST", async () => {
    await fc.assert(
      fc.asyncProperty(q, fc.constantFrom("football", "basketball"), async (text, sport) => {
        // A lone surrogate cannot be percent-encoded; the client would send U+FFFD in its place.
        const sent = new TextDecoder().decode(new TextEncoder().encode(text));
        const res = await get(`/v1/${sport}/search?q=${encodeURIComponent(sent)}`, s.key);
        await res.arrayBuffer();
        expect([200, 400], `${JSON.stringify(sent)} → ${res.status}`).toContain(res.status);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
