// The demo's data as ingest ops: the simulator's seasons go through the one ingest path like every other source's
// (docs/operations.md "Demo data"). Standings, snapshots, season stats and the search index are derived there.
import { isInPlay } from "../core/domain/codes";
import { Event } from "../core/domain/schemas";
import { MatchOp, Op } from "../core/ingest/ops";
import type { DemoData } from "./generate";

type Row = Record<string, unknown>;

/** What a match op may set (ingest's schema), beside its identity. */
const MATCH_FIELDS = Object.keys(MatchOp.shape).filter((k) => !["op", "id", "sport", "league_id"].includes(k));
/** An event's fields as a feed sends them: the public shape without its `seq` (ingest numbers events). */
const EVENT_FIELDS = Object.keys(Event.shape).filter((k) => k !== "seq");

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
    const out = isInPlay(Number(m.status_code)) ? live : history;
    out.push({ op: "match", id, sport: m.sport, league_id: m.league_id, ...pick(m, MATCH_FIELDS), simulated: true });
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
