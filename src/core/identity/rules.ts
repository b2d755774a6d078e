// The resolution rules (docs/identity.md "Resolution"): which entity a source's new reference is, given the
// candidates stored. Pure. What the rules cannot decide with confidence is never guessed: a new entity is made, marked
// `unresolved` when something similar exists.
import { samePlayerName, similar, surname, teamKey } from "./names";
import { sourceNamed } from "../sources";

/** Competitions whose teams come from many countries: a team is looked for among every team of the sport. */
const INTERNATIONAL = new Set(["world", "europe", "international", "africa", "asia", "south america", "north america"]);
export const isInternational = (country: string) => INTERNATIONAL.has(country.trim().toLowerCase());

export interface TeamCandidate {
  id: string;
  name: string;
  country: string;
}

export type Resolution = { id: string } | { id?: undefined; unresolved: boolean };

/**
 * A team: the one team of the same sport within the country (or, for an international competition, anywhere) whose
 * name has the same key (./names.ts). Two or more: none is chosen.
 */
export function resolveTeam(t: { name: string; country: string }, candidates: readonly TeamCandidate[]): Resolution {
  const key = teamKey(t.name);
  const pool = isInternational(t.country)
    ? candidates
    : candidates.filter((c) => c.country.toLowerCase() === t.country.toLowerCase());
  const same = pool.filter((c) => teamKey(c.name) === key);
  if (same.length === 1) return { id: same[0]!.id };
  return { unresolved: same.length > 1 || pool.some((c) => similar(teamKey(c.name), key)) };
}

export interface MatchCandidate {
  id: string;
  league_id: string;
  season: string;
  home_team_id: string;
  away_team_id: string;
  kickoff_ts: number;
}

/** A cup or tournament may pair two teams twice in a season: the kickoffs must be this close (s). */
export const CUP_KICKOFF_WINDOW_S = 36 * 3600;

/**
 * A match: same league and season and the same two teams at home and away; in a league phase that pair is the
 * season's one match, in a cup or tournament the kickoff must also be within ±36 h.
 */
export function resolveMatch(
  m: Omit<MatchCandidate, "id">,
  format: "league" | "cup",
  candidates: readonly MatchCandidate[],
): string | undefined {
  const same = candidates.filter(
    (c) =>
      c.league_id === m.league_id &&
      c.season === m.season &&
      c.home_team_id === m.home_team_id &&
      c.away_team_id === m.away_team_id &&
      (format === "league" || Math.abs(c.kickoff_ts - m.kickoff_ts) <= CUP_KICKOFF_WINDOW_S),
  );
  return same.length === 1 ? same[0]!.id : undefined;
}

export interface PlayerCandidate {
  id: string;
  name: string;
  number: number | null;
  birth_date: string | null;
}

/**
 * A player: of the (resolved) team, the one whose name is the same or an initial and the same last name, and whose
 * shirt number and birth date do not contradict the source's where both are known.
 */
export function resolvePlayer(
  p: { name: string; number?: number | null; birth_date?: string | null },
  candidates: readonly PlayerCandidate[],
): string | undefined {
  const same = candidates.filter(
    (c) =>
      samePlayerName(c.name, p.name) &&
      (c.birth_date === null || p.birth_date == null || c.birth_date === p.birth_date) &&
      (c.number === null ||
        p.number == null ||
        c.number === p.number ||
        (c.birth_date !== null && c.birth_date === p.birth_date)),
  );
  return same.length === 1 ? same[0]!.id : undefined;
}

export interface EventLike {
  id: string;
  type: string;
  team: string | null;
  minute: number | null;
  added_time: number | null;
  period?: number | null;
  player: string | null;
  player_in?: string | null;
}

const family = (type: string) => (type === "penalty_goal" ? "goal" : type);
const clock = (e: EventLike) => (e.minute ?? 0) + (e.added_time ?? 0);

/**
 * An event another source reported already: same kind (a goal and a penalty goal are one kind), same side, a minute
 * at most one apart (sources round stoppage time differently), and the same person where both name one (by last
 * name: "M. Rashford", "Marcus Rashford"). The closest such one, unless two are as close.
 */
export function matchEvent(e: EventLike, stored: readonly EventLike[]): string | undefined {
  const who = surname(e.player ?? e.player_in);
  const fits = stored
    .filter((s) => family(s.type) === family(e.type) && s.team === e.team)
    .filter((s) => Math.abs(clock(s) - clock(e)) <= 1)
    .filter((s) => {
      const theirs = surname(s.player ?? s.player_in);
      return who === "" || theirs === "" || who === theirs;
    })
    .sort((a, b) => Math.abs(clock(a) - clock(e)) - Math.abs(clock(b) - clock(e)));
  if (fits.length === 0) return undefined;
  if (fits.length > 1 && Math.abs(clock(fits[1]!) - clock(e)) === Math.abs(clock(fits[0]!) - clock(e)))
    return undefined;
  return fits[0]!.id;
}

/**
 * Which source wins a field two report (docs/identity.md "Two sources on one match"): a provider or a direct feed over
 * the history. Equal ranks: the latest report.
 */
export const rankOf = (source: string | null | undefined) => (sourceNamed(source)?.rank === "history" ? 1 : 2);
