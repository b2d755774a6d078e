// The match op: an upsert of the match row. A new match needs teams, kickoff and status; an update sends only what
// changed, within the allowed status transitions. A change is pushed live; a final whistle changes its season.
import { canTransition, countsInTable } from "../../domain/codes";
import { COLUMNS } from "../../db/queries/bulk";
import type { Row } from "../../db/queries/ingest";
import { fail, same, type OpOf, type PlanContext, type Planner } from "./context";
import { markSeasonFinals } from "./finals";
import { publishMatchChanges } from "./match-updates";

const SETTABLE = COLUMNS.matches.filter(
  (c) => !["id", "sport", "league_id", "home_team", "away_team", "updated_at", "simulated"].includes(c),
);
const COMPARED = COLUMNS.matches.filter((c) => c !== "updated_at");

export const planMatch: Planner<"match"> = (ctx, op, i) => {
  const { league, existing } = checkMatch(ctx, op, i);
  const next = nextMatch(ctx, op, i, league, existing);
  if (same(existing, next, COMPARED)) return false;
  next.updated_at = ctx.now;
  ctx.state.matches.set(op.id, next);
  ctx.write("matches", next);
  if (!existing || existing.home_team_id !== next.home_team_id || existing.away_team_id !== next.away_team_id)
    ctx.plan.searchTeams.add(String(next.home_team_id)).add(String(next.away_team_id));
  publishMatchChanges(ctx, existing, next);
  markSeasonFinals(ctx.plan, league, existing, next);
  return true;
};

/** The match's league (known, same sport) and the match as stored (same sport and league); what a new one needs. */
function checkMatch({ state }: PlanContext, op: OpOf<"match">, i: number) {
  const league = state.leagues.get(op.league_id);
  if (!league) throw fail(i, "league_id", `unknown league ${op.league_id}`);
  if (league.sport !== op.sport) throw fail(i, "sport", `league ${op.league_id} is a ${league.sport} league`);
  const existing = state.matches.get(op.id);
  if (existing && existing.sport !== op.sport) throw fail(i, "sport", `match ${op.id} is a ${existing.sport} match`);
  if (existing && existing.league_id !== op.league_id)
    throw fail(i, "league_id", `match ${op.id} belongs to ${existing.league_id}`);
  if (!existing) {
    for (const f of ["home_team_id", "away_team_id", "kickoff_ts", "status_code"] as const) {
      if (op[f] === undefined) throw fail(i, f, "required for a new match");
    }
  }
  return { league, existing };
}

/** The row after the op: the stored one (or a new one at 0–0) with the op's fields over it. */
function nextMatch(ctx: PlanContext, op: OpOf<"match">, i: number, league: Row, existing: Row | undefined): Row {
  const next: Row = { ...(existing ?? { home_score: 0, away_score: 0, season: league.season, simulated: 0 }) };
  if (op.simulated !== undefined) next.simulated = Number(op.simulated);
  next.id = op.id;
  next.sport = op.sport;
  next.league_id = op.league_id;
  for (const f of SETTABLE) if ((op as Row)[f] !== undefined) next[f] = (op as Row)[f];
  if (next.home_team_id === next.away_team_id) throw fail(i, "away_team_id", "a team cannot play itself");
  if (op.home_team_id) next.home_team = teamName(ctx, op.home_team_id, op.sport, i, "home_team_id");
  if (op.away_team_id) next.away_team = teamName(ctx, op.away_team_id, op.sport, i, "away_team_id");

  const from = existing ? Number(existing.status_code) : undefined;
  const to = Number(next.status_code);
  if (from !== undefined && !canTransition(from, to)) {
    throw fail(i, "status_code", `transition ${from} → ${to} is not allowed`);
  }
  if (countsInTable(to)) {
    // Live-only fields are null once the match is over (docs/api.md "Period codes").
    Object.assign(next, { period: null, minute: null, added_time: null, game_clock_secs: null });
    next.finished_at ??= ctx.now;
  }
  return next;
}

function teamName({ state }: PlanContext, id: string, sport: string, i: number, field: string) {
  const t = state.teams.get(id);
  if (!t) throw fail(i, field, `unknown team ${id}`);
  if (t.sport !== sport) throw fail(i, field, `team ${id} is a ${t.sport} team`);
  return t.name;
}
