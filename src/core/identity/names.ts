// Names as the resolution rules compare them (docs/identity.md "Resolution"): folded (case, accents, punctuation,
// `&`/`and`, club affixes such as FC, CF, AFC), then looked up in the one alias table every source shares
// (./aliases.ts). Pure.
import { CLUBS, NATIONS, SHORT_FORMS } from "./aliases";

/** Case, accents and punctuation away; `&` is "and". */
export const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Words that say what kind of club, not which one ("FC Barcelona", "Arsenal FC", "AS Roma", "VfL Bochum"). */
const AFFIXES = new Set([
  "fc",
  "cf",
  "afc",
  "sc",
  "ac",
  "as",
  "ss",
  "ssc",
  "us",
  "cd",
  "ud",
  "sd",
  "rc",
  "rcd",
  "ca",
  "fk",
  "sk",
  "sv",
  "vfb",
  "vfl",
  "tsg",
  "bk",
]);

const bare = (folded: string) =>
  folded
    .split(" ")
    .filter((w) => !AFFIXES.has(w))
    .join(" ") || folded;

/** Every spelling the alias table knows, folded → our name. */
const ALIASES = new Map<string, string>();
for (const table of [CLUBS, SHORT_FORMS, NATIONS])
  for (const [spelling, ours] of Object.entries(table)) {
    ALIASES.set(bare(fold(spelling)), ours);
    ALIASES.set(bare(fold(ours)), ours);
  }

/** The key two names of one team share: folded, through the alias table, folded again. */
export function teamKey(name: string): string {
  const own = bare(fold(name));
  const ours = ALIASES.get(own);
  return ours === undefined ? own : bare(fold(ours));
}

/**
 * Two keys that are not the same team by the rules but could be to a reader (one is the other's first words, or they
 * share their first word: "manchester united" and "manchester city", "inter" and "inter miami"): a new team made
 * while such a one exists is marked `unresolved` for the operator.
 */
export function similar(a: string, b: string): boolean {
  if (a === b) return true;
  const [wa, wb] = [a.split(" "), b.split(" ")];
  return wa[0] === wb[0];
}

/**
 * Whether two player names may be one person: the same folded name, or an initial and the same last name
 * ("M. Rashford", "Marcus Rashford").
 */
export function samePlayerName(a: string, b: string): boolean {
  const [fa, fb] = [fold(a), fold(b)];
  if (fa === fb) return fa !== "";
  const [wa, wb] = [fa.split(" "), fb.split(" ")];
  if (wa.length < 2 || wb.length < 2 || wa.at(-1) !== wb.at(-1)) return false;
  const [ia, ib] = [wa[0]!, wb[0]!];
  return (ia.length === 1 || ib.length === 1) && ia[0] === ib[0];
}

/** The last word of a person's folded name ("Lionel Messi" and "L. Messi": "messi"), for matching events. */
export const surname = (name: string | null | undefined) => (name ? (fold(name).split(" ").at(-1) ?? "") : "");
