// Search folding: lower case, no diacritics, and the letters Unicode does not decompose (Ø, ß, Ł, Æ …) spelled out,
// so "ode" finds Ødegaard and "muller" finds Müller. Pure: ingest, seeding and queries share it.
const LETTERS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
};

export function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[øæœßłđðþıħ]/g, (c) => LETTERS[c]!)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export const words = (s: string) => fold(s).split(" ").filter(Boolean);

/** Words a search query is matched by (contract: past 10 words after folding, only the first 10 are used). */
export const MAX_QUERY_WORDS = 10;

/**
 * A query's words, at most MAX_QUERY_WORDS: folding can turn one character into several words (½ → "1 2", ﷺ → four),
 * and each word is a bound parameter, of which D1 allows 100 per statement.
 */
export const queryWords = (q: string) => words(q).slice(0, MAX_QUERY_WORDS);

/** Longest prefix stored per word; longer query words seek by this much and are checked in full. */
export const MAX_PREFIX = 16;

/** Every prefix (2+ characters) of every word, with its class: 1 for the first word, 2 for later ones. */
export function prefixesOf(name: string): { prefix: string; cls: 1 | 2 }[] {
  const out = new Map<string, 1 | 2>();
  words(name).forEach((w, i) => {
    for (let n = 2; n <= Math.min(w.length, MAX_PREFIX); n++) {
      const p = w.slice(0, n);
      if (!out.has(p) || i === 0) out.set(p, i === 0 ? 1 : 2);
    }
  });
  return [...out].map(([prefix, cls]) => ({ prefix, cls }));
}
