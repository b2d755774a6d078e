// A scoreboard's state (the /live page, the MCP match centre): matches from REST and state messages merged with
// frames from the streams by `seq` (docs/api.md "One version per match"), never by timestamps; grouped for display.
// Pure.
import type { Sport } from "../core/domain/codes";
import type { Event, League, MatchDetail, MatchListItem } from "../core/domain/schemas";
import type { Envelope } from "../core/live/messages";
import { eventLine, eventText, type Clock } from "./words";

export interface BoardMatch extends Clock {
  id: string;
  league_id: string;
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
  kickoff_ts: number;
  /**
   * The version shown: the seq of a REST read or state message, or of the last frame applied. A representation with a
   * lower seq is older and not applied; frames at or below it are repeats.
   */
  seq: number;
  /** Scoring events seen (frames or a timeline read): a removal of one of them is a goal disallowed. */
  scoring: string[];
  lastEvent: string | null;
  /** The seq of the frame that set `lastEvent` (0: none yet), so a slower REST read does not replace it. */
  lastEventSeq: number;
  /** The event `lastEvent` shows, so its correction or removal (a goal VAR disallows) reaches the board. */
  lastEventId: string | null;
}

export interface BoardLeague {
  id: string;
  sport: Sport;
  name: string;
  country: string;
  /** Its matches come from the simulator: the page says so (docs/data.md "Coverage"). */
  simulated: boolean;
}

export interface Board {
  matches: Map<string, BoardMatch>;
  leagues: Map<string, BoardLeague>;
}

export const emptyBoard = (): Board => ({ matches: new Map(), leagues: new Map() });

export function addLeagues(b: Board, sport: Sport, leagues: League[]) {
  for (const l of leagues)
    b.leagues.set(l.id, { id: l.id, sport, name: l.name, country: l.country, simulated: l.simulated });
}

type RestMatch = MatchListItem & Partial<Pick<MatchDetail, "period" | "added_time" | "game_clock_secs">>;

/**
 * Puts a match as REST (or a state message) gave it on the board, unless the board already shows a newer version (a
 * frame with a higher seq than the read). Keeps what a list item does not carry: the clock and the latest event.
 */
export function putMatch(b: Board, sport: Sport, m: RestMatch): BoardMatch {
  const known = b.matches.get(m.id);
  if (known && known.seq > m.seq) return known;
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
    seq: m.seq,
    scoring: known?.scoring ?? [],
    lastEvent: known?.lastEvent ?? null,
    lastEventSeq: known?.lastEventSeq ?? 0,
    lastEventId: known?.lastEventId ?? null,
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
  /** A state message put a match on the board that was not there (it needs a row). */
  added?: boolean;
}

/** A stream's opening message for a match: its list item at `seq` (docs/live-streams.md). */
export interface StateMessage {
  type: "state";
  match_id: string;
  sport: Sport;
  seq: number;
  ts: number;
  data: MatchListItem;
}
export type StreamMessage = Envelope | StateMessage;

/** What the board shows in place of a scoring event that was removed (the score goes back in the same commit). */
export const disallowedNote = (sport: Sport) => (sport === "football" ? "VAR: goal disallowed" : "Basket cancelled");

const isScoring = (sport: Sport, e: Event, teams: { home: string; away: string }) =>
  eventLine(sport, e, teams).kind === "score";

/** Remembers the scoring events of a timeline read, so a later removal of one reads as a goal disallowed. */
export function noteEvents(b: Board, matchId: string, events: Event[]) {
  const m = b.matches.get(matchId);
  if (!m) return;
  for (const e of events)
    if (isScoring(m.sport, e, { home: m.home_team, away: m.away_team }) && !m.scoring.includes(e.id))
      m.scoring = [...m.scoring.slice(-19), e.id];
}

/**
 * Applies one stream message. A state message is a representation like a REST read (applied unless older); a frame
 * applies only if it is newer than what is shown (seq), so repeats and frames a newer read already holds change nothing.
 */
export function applyFrame(b: Board, f: StreamMessage): Applied {
  if (f.type === "state") {
    const known = b.matches.get(f.match_id);
    if (known && known.seq >= f.seq) return { unknown: false, changed: false, scored: false };
    const scored = !!known && (known.home_score !== f.data.home_score || known.away_score !== f.data.away_score);
    putMatch(b, f.sport, f.data);
    return { unknown: false, changed: true, scored, added: !known };
  }
  const m = b.matches.get(f.match_id);
  if (!m) return { unknown: true, changed: false, scored: false };
  if (f.seq <= m.seq) return { unknown: false, changed: false, scored: false };
  m.seq = f.seq;
  let scored = false;
  const teams = { home: m.home_team, away: m.away_team };
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
  } else if (f.type === "event_removed") {
    if (m.scoring.includes(f.data.id)) {
      // A goal taken back (VAR): say so where the last event shows; the score_update of the same commit follows.
      m.scoring = m.scoring.filter((id) => id !== f.data.id);
      Object.assign(m, { lastEvent: disallowedNote(m.sport), lastEventId: null, lastEventSeq: f.seq });
    } else if (f.data.id === m.lastEventId) {
      // The board shows one event, not the timeline: a withdrawn one leaves nothing in its place.
      Object.assign(m, { lastEvent: null, lastEventId: null, lastEventSeq: f.seq });
    }
  } else if (f.type === "event_added" || f.data.id === m.lastEventId) {
    if (isScoring(m.sport, f.data, teams) && !m.scoring.includes(f.data.id))
      m.scoring = [...m.scoring.slice(-19), f.data.id];
    m.lastEvent = eventText(m.sport, f.data, teams);
    m.lastEventSeq = f.seq;
    m.lastEventId = f.data.id;
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
    const league = b.leagues.get(m.league_id) ?? {
      id: m.league_id,
      sport: m.sport,
      name: m.league_id,
      country: "",
      simulated: false,
    };
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
