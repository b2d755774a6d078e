// The player_lines op: a match's box score, replacing the stored one; a finished match's season stats follow it.
import { linesKey, type Row } from "../../db/queries/ingest";
import type { LineIn } from "../ops";
import { fail, requireMatch, type OpOf, type PlanContext, type Planner } from "./context";
import { markStatFinal } from "./finals";

export const planPlayerLines: Planner<"player_lines"> = (ctx, op, i) => {
  const m = requireMatch(ctx, op.match_id, i);
  return storeLines(ctx, m, lineRows(ctx.state, op, i, m));
};

/** Match `m`'s box score replaced by `rows` (unless it is that already); a finished match's season stats follow. */
export function storeLines(ctx: PlanContext, m: Row, rows: Row[]): boolean {
  const { plan, state } = ctx;
  const id = String(m.id);
  const key = linesKey(rows);
  if (state.lines.get(id) === key) return false;
  state.lines.set(id, key);
  plan.lineMatches.push(id);
  plan.lines.set(id, rows);
  for (const r of rows) ctx.write("player_lines", r);
  markStatFinal(plan, m);
  return true;
}

/** The op's lines as rows, home then away in the feed's order; every player known, of the match's sport, once. */
function lineRows(state: PlanContext["state"], op: OpOf<"player_lines">, i: number, m: Row): Row[] {
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
  return rows;
}
