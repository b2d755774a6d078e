// The demo's data as ingest ops: the simulator's seasons go through the one ingest path like every other source's
// (docs/operations.md "Demo data"). Standings, snapshots, season stats and the search index are derived there.
import { Op } from "../core/ingest/ops";
import type { DemoData } from "./generate";

type Row = Record<string, unknown>;

/** Settable match columns (ingest's match op); the rest (team names, updated_at) ingest derives. */
const MATCH_FIELDS = [
  "season",
  "round",
  "home_team_id",
  "away_team_id",
  "home_score",
  "away_score",
  "status_code",
  "period",
  "minute",
  "added_time",
  "game_clock_secs",
  "ht_home_score",
  "ht_away_score",
  "home_penalties",
  "away_penalties",
  "home_formation",
  "away_formation",
  "referee",
  "venue",
  "attendance",
  "kickoff_ts",
  "finished_at",
];
const EVENT_FIELDS = [
  "id",
  "type",
  "minute",
  "added_time",
  "period",
  "team",
  "player",
  "player_in",
  "player_out",
  "detail",
  "player_id",
  "player_in_id",
  "player_out_id",
];
const IN_PLAY = [2, 7];

const pick = (r: Row, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null]));
const byMatch = (rows: Row[]) => {
  const out = new Map<string, Row[]>();
  for (const r of rows) out.set(String(r.match_id), [...(out.get(String(r.match_id)) ?? []), r]);
  return out;
};

/**
 * The ops of a generated demo, validated: `history` (everything not in play, sent quiet: no stream message, no
 * webhook) and `live` (the matches in play now, with their timelines, sent as any feed's). Each match's ops follow it.
 */
export function demoOps(data: DemoData): { history: Op[]; live: Op[] } {
  const history: unknown[] = [];
  const live: unknown[] = [];
  for (const l of data.leagues) {
    const { updated_at: _, has_live: __, simulated: ___, ...league } = l;
    history.push({ op: "league", ...league, simulated: true });
  }
  for (const t of data.teams) history.push({ op: "team", ...t });
  for (const p of data.players) history.push({ op: "player", ...p });
  const events = byMatch(data.events);
  const lines = byMatch(data.lines);
  const stats = new Map(data.stats.map((s) => [s.match_id, s.data]));
  const lineups = new Map(data.lineups.map((l) => [l.match_id, l]));
  for (const m of data.matches) {
    const id = String(m.id);
    const out = IN_PLAY.includes(Number(m.status_code)) ? live : history;
    out.push({ op: "match", id, sport: m.sport, league_id: m.league_id, ...pick(m, MATCH_FIELDS) });
    const ev = (events.get(id) ?? []).sort((a, b) => Number(a.seq) - Number(b.seq));
    if (ev.length > 0) out.push({ op: "events", match_id: id, events: ev.map((e) => pick(e, EVENT_FIELDS)) });
    const st = stats.get(id);
    if (st) out.push({ op: "stats", match_id: id, data: JSON.parse(st) });
    const lu = lineups.get(id);
    if (lu) out.push({ op: "lineups", match_id: id, home: JSON.parse(lu.home), away: JSON.parse(lu.away) });
    const ls = lines.get(id);
    if (ls?.length) {
      const side = (s: string) =>
        ls
          .filter((x) => x.side === s)
          .sort((a, b) => Number(a.ord) - Number(b.ord))
          .map(({ match_id: _, side: __, ord: ___, started, ...x }) => ({ ...x, started: Boolean(started) }));
      out.push({ op: "player_lines", match_id: id, home: side("home"), away: side("away") });
    }
  }
  return { history: history.map((o) => Op.parse(o)), live: live.map((o) => Op.parse(o)) };
}
