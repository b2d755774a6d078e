// What the providers' adapters share: seasons, numbers, the football clock, teams, the score's hold on goals. What
// only some share lives with them: the API-Sports envelope (./api-sports.ts).
import type { Sport } from "../domain/codes";
import { teamId } from "./ids";
import type { TeamIn } from "./contract";

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const int = (v: unknown): number | null =>
  typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : null;
export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** A team as an answer names it: our id from the provider's, the competition's country (providers give a club none). */
export function teamOf(
  prefix: string,
  sport: Sport,
  ref: number,
  country: string,
  t: { name: unknown; short_name?: unknown; logo: unknown },
): TeamIn {
  return {
    id: teamId(prefix, ref),
    sport,
    name: str(t.name) ?? `Team ${ref}`,
    country,
    short_name: str(t.short_name),
    venue: null,
    logo_url: str(t.logo),
  };
}

/** A stat value: an int, a percentage string ("32%") or a decimal string ("1.53"); null when the provider has none. */
export function statNumber(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v !== "string") return null;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*%?\s*$/.exec(v);
  return m ? Number(m[1]) : null;
}

/**
 * Our season (`yyyy/yy`) for a provider's: a start year ("2026", 2026) or a span ("2025-2026"). A calendar-year
 * season (MLS "2026") becomes "2026/27": our format names the year it starts in.
 */
export function ourSeason(s: unknown): string | null {
  const text = typeof s === "number" ? String(s) : typeof s === "string" ? s : "";
  const m = /^(\d{4})(?:[-/](\d{2}|\d{4}))?$/.exec(text.trim());
  if (!m) return null;
  const start = Number(m[1]);
  return `${start}/${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The start year of a season as mapped ("2026", "2025-2026" → 2025…): mappings are compared on it. */
export const seasonStart = (s: unknown) => ourSeason(s)?.slice(0, 4) ?? null;

/** A football event's period, minute and added time from the provider's elapsed and extra minutes. */
export function footballClock(elapsed: number | null, extra: number | null) {
  if (elapsed === null) return { period: null, minute: null, added_time: null };
  const period = elapsed <= 45 ? 12 : elapsed <= 90 ? 13 : elapsed <= 105 ? 14 : 15;
  return { period, minute: elapsed, added_time: extra !== null && extra > 0 ? extra : null };
}

const GOALS = ["goal", "penalty_goal", "own_goal"];

/**
 * The timeline never shows more goals for a side than the provider's score: goal events past it are held back,
 * latest first, until the score counts them. A score that is no score (missing, or out of range: validation drops
 * it) decides nothing.
 */
export function withinScore<E extends { type: string; team: string | null }>(
  events: E[],
  score: { home: number | null; away: number | null },
): E[] {
  const held = new Set<E>();
  for (const side of ["home", "away"] as const) {
    const stated = score[side];
    if (stated === null || stated < 0 || stated > 999) continue;
    const goals = events.filter((e) => GOALS.includes(e.type) && e.team === side);
    for (let i = goals.length - 1; i >= stated; i--) held.add(goals[i]!);
  }
  return held.size === 0 ? events : events.filter((e) => !held.has(e));
}

/** A header's value as a whole number, or undefined (the quota headers). */
export const headerNumber = (h: Headers, name: string) => {
  const v = h.get(name);
  return v !== null && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
};
