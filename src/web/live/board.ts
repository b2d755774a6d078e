// The /live scoreboard's state: matches from REST merged with frames from the streams, grouped for display. Pure.
import type { Sport } from "../../core/domain/codes";
import type { League, MatchDetail, MatchListItem } from "../../core/domain/schemas";
import type { Envelope, StateMessage } from "../../core/live/messages";
import { eventText, type Clock } from "./words";

export interface BoardMatch extends Clock {
  id: string;
  league_id: string;
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
  kickoff_ts: number;
  /** The last stream seq applied (0 while only REST is known): frames at or below it are repeats. */
  seq: number;
  /** Epoch ms of the state shown: REST's `updated_at` or the last frame's `ts`; older frames are not applied. */
  asOf: number;
  lastEvent: string | null;
  /** The seq of the frame that set `lastEvent` (0: none yet), so a slower REST read does not replace it. */
  lastEventSeq: number;
}

export interface BoardLeague {
  id: string;
  sport: Sport;
  name: string;
  country: string;
}

export interface Board {
  matches: Map<string, BoardMatch>;
  leagues: Map<string, BoardLeague>;
}

export const emptyBoard = (): Board => ({ matches: new Map(), leagues: new Map() });

export function addLeagues(b: Board, sport: Sport, leagues: League[]) {
  for (const l of leagues) b.leagues.set(l.id, { id: l.id, sport, name: l.name, country: l.country });
}

type RestMatch = MatchListItem & Partial<Pick<MatchDetail, "period" | "added_time" | "game_clock_secs">>;

/**
 * Puts a match as REST answered it on the board, unless the board already shows a newer state (a frame that arrived
 * after REST read it). Keeps what REST does not carry: the stream seq and the latest event.
 */
export function putMatch(b: Board, sport: Sport, m: RestMatch, seq?: number): BoardMatch {
  const known = b.matches.get(m.id);
  const asOf = Date.parse(m.updated_at);
  if (known && known.asOf > asOf) {
    // A state older than what is shown still covers the frames up to its seq.
    if (seq !== undefined) known.seq = Math.max(known.seq, seq);
    return known;
  }
  const row: BoardMatch = {
    id: m.id,
    sport,
    league_id: m.league_id,
    home_team: m.home_team,
    away_team: m.away_team,
    home_score: m.home_score,
    away_score: m.away_score,
    status_code: m.status_code,
    kickoff_ts: m.kickoff_ts,
    minute: m.minute,
    added_time: m.added_time ?? known?.added_time ?? null,
    period: m.period !== undefined ? m.period : (known?.period ?? null),
    game_clock_secs: m.game_clock_secs !== undefined ? m.game_clock_secs : (known?.game_clock_secs ?? null),
    seq: Math.max(known?.seq ?? 0, seq ?? 0),
    asOf,
    lastEvent: known?.lastEvent ?? null,
    lastEventSeq: known?.lastEventSeq ?? 0,
  };
  b.matches.set(m.id, row);
  return row;
}

export interface Applied {
  /** The frame's match is not on the board: fetch it, then apply the frame again. */
  unknown: boolean;
  /** The board changed. */
  changed: boolean;
  /** The score changed (the page flashes it). */
  scored: boolean;
}

/**
 * Applies a `state` message (what a stream opens with): the match as it stands at the state's seq, put on the board
 * unless the board already shows that seq or a newer one. A match not on the board yet is added (`unknown` false).
 */
export function applyState(b: Board, f: StateMessage): Applied {
  const known = b.matches.get(f.match_id);
  if (known && f.seq <= known.seq) return { unknown: false, changed: false, scored: false };
  const scored = !!known && (known.home_score !== f.data.home_score || known.away_score !== f.data.away_score);
  const row = putMatch(b, f.sport, f.data, f.seq);
  return { unknown: false, changed: row !== known, scored: scored && row !== known };
}

/** Applies one stream frame; repeats (seq already seen) and frames older than the REST state change nothing. */
export function applyFrame(b: Board, f: Envelope): Applied {
  const m = b.matches.get(f.match_id);
  if (!m) return { unknown: true, changed: false, scored: false };
  if (f.seq <= m.seq) return { unknown: false, changed: false, scored: false };
  m.seq = f.seq;
  if (f.ts < m.asOf) return { unknown: false, changed: false, scored: false };
  m.asOf = f.ts;
  let scored = false;
  if (f.type === "score_update") {
    const d = f.data;
    scored = d.home !== m.home_score || d.away !== m.away_score;
    m.home_score = d.home;
    m.away_score = d.away;
    if (d.minute !== undefined) m.minute = d.minute;
    if (d.added_time !== undefined) m.added_time = d.added_time;
    if (d.period !== undefined) m.period = d.period;
    if (d.game_clock_secs !== undefined) m.game_clock_secs = d.game_clock_secs;
  } else if (f.type === "status_change") {
    m.status_code = f.data.to;
    if (f.data.to !== 2) m.period = null;
  } else {
    m.lastEvent = eventText(m.sport, f.data, { home: m.home_team, away: m.away_team });
    m.lastEventSeq = f.seq;
  }
  return { unknown: false, changed: true, scored };
}

export interface LeagueGroup {
  league: BoardLeague;
  matches: BoardMatch[];
}
export interface SportGroup {
  sport: Sport;
  title: string;
  leagues: LeagueGroup[];
}

const SPORT_TITLES: Record<Sport, string> = { football: "Football", basketball: "Basketball" };

/** Football then basketball; leagues by country then name (as /leagues orders them); matches by kickoff, then home. */
export function groupBoard(b: Board): SportGroup[] {
  const bySport = new Map<Sport, Map<string, LeagueGroup>>();
  for (const m of b.matches.values()) {
    const league = b.leagues.get(m.league_id) ?? { id: m.league_id, sport: m.sport, name: m.league_id, country: "" };
    let leagues = bySport.get(m.sport);
    if (!leagues) bySport.set(m.sport, (leagues = new Map()));
    let group = leagues.get(league.id);
    if (!group) leagues.set(league.id, (group = { league, matches: [] }));
    group.matches.push(m);
  }
  return (["football", "basketball"] as const)
    .filter((s) => bySport.has(s))
    .map((sport) => ({
      sport,
      title: SPORT_TITLES[sport],
      leagues: [...bySport.get(sport)!.values()]
        .sort((x, y) => x.league.country.localeCompare(y.league.country) || x.league.name.localeCompare(y.league.name))
        .map((g) => ({
          ...g,
          matches: g.matches.sort((x, y) => x.kickoff_ts - y.kickoff_ts || x.home_team.localeCompare(y.home_team)),
        })),
    }));
}
