// The player and player_lines ops, and which finished matches need season stats recomputed. Pure: no I/O.
import { isFinished } from "../domain/codes";
import type { IngestState, Row } from "../db/queries/ingest";
import { linesKey } from "../db/queries/ingest";
import { badRequest } from "../errors";
import type { LineIn, PlayerLinesOp, PlayerOp } from "./ops";
import type { Plan } from "./plan-types";

type Write = (table: "players" | "player_lines", row: Row) => void;
const fail = (i: number, field: string, why: string) => badRequest(`ops.${i}.${field}`, why);
const PLAYER_FIELDS = ["team_id", "name", "number", "position", "nationality", "birth_date"] as const;

export function planPlayer(op: PlayerOp, i: number, state: IngestState, plan: Plan, write: Write): boolean {
  const { op: _, ...row } = op;
  const existing = state.players.get(op.id);
  if (existing && existing.sport !== op.sport) throw fail(i, "sport", `player ${op.id} is a ${existing.sport} player`);
  const team = state.teams.get(op.team_id);
  if (!team) throw fail(i, "team_id", `unknown team ${op.team_id}`);
  if (team.sport !== op.sport) throw fail(i, "team_id", `team ${op.team_id} is a ${team.sport} team`);
  if (existing && PLAYER_FIELDS.every((f) => (existing[f] ?? null) === (row[f] ?? null))) return false;
  state.players.set(op.id, row);
  write("players", row);
  plan.search.push({ kind: "player", id: op.id, sport: op.sport, name: op.name, team_id: op.team_id, country: null });
  plan.searchTeams.add(op.team_id);
  return true;
}

export function planLines(op: PlayerLinesOp, i: number, m: Row, state: IngestState, plan: Plan, write: Write) {
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (const side of ["home", "away"] as const) {
    op[side].forEach((raw, ord) => {
      const l = raw as LineIn;
      const at = `${side}.${ord}.player_id`;
      const p = state.players.get(l.player_id);
      if (!p) throw fail(i, at, `unknown player ${l.player_id}`);
      if (p.sport !== m.sport) throw fail(i, at, `player ${l.player_id} is a ${p.sport} player`);
      if (seen.has(l.player_id)) throw fail(i, at, `player ${l.player_id} has two lines`);
      seen.add(l.player_id);
      const { name, position, started, player_id, ...counts } = l;
      rows.push({
        match_id: op.match_id,
        player_id,
        side,
        ord,
        name: name ?? p.name,
        position: position === undefined ? (p.position ?? null) : position,
        started: started ? 1 : 0,
        ...counts,
      });
    });
  }
  const key = linesKey(rows);
  if (state.lines.get(op.match_id) === key) return false;
  state.lines.set(op.match_id, key);
  plan.lineMatches.push(op.match_id);
  plan.lines.set(op.match_id, rows);
  for (const r of rows) write("player_lines", r);
  markStatFinal(plan, m);
  return true;
}

/** A finished match whose result or box score changed: its competition season's stats are recomputed. */
export function markStatFinal(plan: Plan, m: Row) {
  if (!isFinished(Number(m.status_code))) return;
  const key = `${m.league_id}|${m.season}`;
  const f = plan.statFinals.get(key) ?? { leagueId: String(m.league_id), season: String(m.season), matchIds: [] };
  if (!f.matchIds.includes(String(m.id))) f.matchIds.push(String(m.id));
  plan.statFinals.set(key, f);
}
