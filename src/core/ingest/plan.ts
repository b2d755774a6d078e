// Turns validated ops into row writes and live updates against the current state. Pure: no I/O.
// Ops apply in order and see each other (a league op, then its team and match ops, in one request).
import { canTransition, isFinished, type Sport } from "../domain/codes";
import type { Event } from "../domain/schemas";
import type { IngestState, Row, Writes } from "../db/queries/ingest";
import { COLUMNS } from "../db/queries/bulk";
import { badRequest } from "../errors";
import type { LiveUpdate, MatchUpdates, ScoreData } from "../live/messages";
import type { Searchable } from "../db/queries/search-index";
import type { MatchOp, Op } from "./ops";
import { markStatFinal, planLines, planPlayer } from "./plan-people";
import type { Plan } from "./plan-types";

export type { Plan } from "./plan-types";

const fail = (i: number, field: string, why: string) => badRequest(`ops.${i}.${field}`, why);
const same = (a: Row | undefined, b: Row, cols: readonly string[]) =>
  !!a && cols.every((c) => (a[c] ?? null) === (b[c] ?? null));
const LIVE_FIELDS = ["home_score", "away_score", "period", "minute", "added_time", "game_clock_secs"] as const;
const MATCH_SETTABLE = COLUMNS.matches.filter(
  (c) => !["id", "sport", "league_id", "home_team", "away_team", "updated_at"].includes(c),
);

export function planIngest(ops: Op[], state: IngestState, now: string): Plan {
  const plan: Plan = {
    writes: {},
    updates: [],
    applied: 0,
    unchanged: 0,
    finals: new Map(),
    matches: state.matches,
    statFinals: new Map(),
    lines: new Map(),
    lineMatches: [],
    search: [],
    searchTeams: new Set(),
  };
  const write = (table: keyof Writes, row: Row) => (plan.writes[table] ??= []).push(row);
  const updatesFor = new Map<string, MatchUpdates>();
  const publish = (m: Row, u: LiveUpdate) => {
    const id = String(m.id);
    let entry = updatesFor.get(id);
    if (!entry) {
      entry = { match_id: id, sport: m.sport as Sport, league_id: String(m.league_id), updates: [] };
      updatesFor.set(id, entry);
      plan.updates.push(entry);
    }
    entry.updates.push(u);
  };
  const count = (changed: boolean) => (changed ? plan.applied++ : plan.unchanged++);

  ops.forEach((op, i) => {
    switch (op.op) {
      case "league": {
        const { op: _, ...row } = op;
        const existing = state.leagues.get(op.id);
        if (existing && existing.sport !== op.sport)
          throw fail(i, "sport", `league ${op.id} is a ${existing.sport} league`);
        const changed = !same(existing, row, ["country", "name", "season", "logo_url", "format"]);
        if (changed) {
          const next = { ...row, updated_at: now };
          state.leagues.set(op.id, next);
          write("leagues", next);
          plan.search.push({
            kind: "league",
            id: op.id,
            sport: op.sport,
            name: op.name,
            team_id: null,
            country: op.country,
            leagues: [op.id],
          });
        }
        return count(changed);
      }
      case "team": {
        const { op: _, ...row } = op;
        const existing = state.teams.get(op.id);
        if (existing && existing.sport !== op.sport)
          throw fail(i, "sport", `team ${op.id} is a ${existing.sport} team`);
        const changed = !same(existing, row, ["name", "country", "short_name", "venue", "logo_url"]);
        if (changed) {
          state.teams.set(op.id, row);
          write("teams", row);
          plan.search.push({
            kind: "team",
            id: op.id,
            sport: op.sport,
            name: op.name,
            team_id: op.id,
            country: op.country,
          });
          plan.searchTeams.add(op.id);
        }
        return count(changed);
      }
      case "player":
        return count(planPlayer(op, i, state, plan, write));
      case "player_lines":
        return count(planLines(op, i, requireMatch(op.match_id, i), state, plan, write));
      case "match":
        return count(planMatch(op, i));
      case "events": {
        const m = requireMatch(op.match_id, i);
        const known = state.events.get(op.match_id) ?? new Map<string, Row>();
        state.events.set(op.match_id, known);
        let seq = Math.max(0, ...[...known.values()].map((e) => Number(e.seq)));
        let changed = false;
        for (const e of op.events) {
          const existing = known.get(e.id);
          const owner = state.eventOwners.get(e.id);
          // Event ids are global: an id of another match's event must not silently move it here.
          if (owner !== undefined && owner !== op.match_id) {
            throw fail(i, `events.${op.events.indexOf(e)}.id`, `event ${e.id} belongs to match ${owner}`);
          }
          state.eventOwners.set(e.id, op.match_id);
          const row: Row = { ...e, match_id: op.match_id, seq: existing ? existing.seq : ++seq };
          if (same(existing, row, COLUMNS.match_events)) continue;
          changed = true;
          known.set(e.id, row);
          write("match_events", row);
          if (!existing) publish(m, { type: "event_added", data: { ...e, seq: Number(row.seq) } as Event });
        }
        return count(changed);
      }
      case "stats": {
        requireMatch(op.match_id, i);
        const data = JSON.stringify(op.data);
        const changed = state.stats.get(op.match_id) !== data;
        if (changed) {
          state.stats.set(op.match_id, data);
          write("match_stats", { match_id: op.match_id, data, updated_at: now });
        }
        return count(changed);
      }
      case "lineups": {
        requireMatch(op.match_id, i);
        const next = { home: JSON.stringify(op.home), away: JSON.stringify(op.away) };
        const existing = state.lineups.get(op.match_id);
        const changed = !existing || existing.home !== next.home || existing.away !== next.away;
        if (changed) {
          state.lineups.set(op.match_id, next);
          write("match_lineups", { match_id: op.match_id, ...next, updated_at: now });
        }
        return count(changed);
      }
    }
  });
  return plan;

  function requireMatch(id: string, i: number): Row {
    const m = state.matches.get(id);
    if (!m) throw fail(i, "match_id", `unknown match ${id}`);
    return m;
  }

  function team(id: string, sport: string, i: number, field: string): Row {
    const t = state.teams.get(id);
    if (!t) throw fail(i, field, `unknown team ${id}`);
    if (t.sport !== sport) throw fail(i, field, `team ${id} is a ${t.sport} team`);
    return t;
  }

  function planMatch(op: MatchOp, i: number): boolean {
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
    const next: Row = { ...(existing ?? { home_score: 0, away_score: 0, season: league.season }) };
    next.id = op.id;
    next.sport = op.sport;
    next.league_id = op.league_id;
    for (const f of MATCH_SETTABLE) if ((op as Row)[f] !== undefined) next[f] = (op as Row)[f];
    if (next.home_team_id === next.away_team_id) throw fail(i, "away_team_id", "a team cannot play itself");
    if (op.home_team_id) next.home_team = team(op.home_team_id, op.sport, i, "home_team_id").name;
    if (op.away_team_id) next.away_team = team(op.away_team_id, op.sport, i, "away_team_id").name;

    const from = existing ? Number(existing.status_code) : undefined;
    const to = Number(next.status_code);
    if (from !== undefined && !canTransition(from, to)) {
      throw fail(i, "status_code", `transition ${from} → ${to} is not allowed`);
    }
    if (isFinished(to)) {
      // Live-only fields are null once the match is over (docs/api.md "Period codes").
      Object.assign(next, { period: null, minute: null, added_time: null, game_clock_secs: null });
      next.finished_at ??= now;
    }
    const changed = !same(
      existing,
      next,
      COLUMNS.matches.filter((c) => c !== "updated_at"),
    );
    if (!changed) return false;
    next.updated_at = now;
    state.matches.set(op.id, next);
    write("matches", next);
    if (!existing || existing.home_team_id !== next.home_team_id || existing.away_team_id !== next.away_team_id)
      plan.searchTeams.add(String(next.home_team_id)).add(String(next.away_team_id));

    if (existing && LIVE_FIELDS.some((f) => (existing[f] ?? null) !== (next[f] ?? null))) {
      publish(next, { type: "score_update", data: scoreData(next) });
    }
    if (from !== undefined && from !== to) publish(next, { type: "status_change", data: { from, to } });
    const corrected =
      from !== undefined &&
      isFinished(from) &&
      (existing!.home_score !== next.home_score || existing!.away_score !== next.away_score);
    if (isFinished(to) && (from === undefined || !isFinished(from) || corrected)) markStatFinal(plan, next);
    if (league.format === "league" && isFinished(to) && (from === undefined || !isFinished(from) || corrected)) {
      const key = `${op.league_id}|${next.season}`;
      const f = plan.finals.get(key) ?? { leagueId: op.league_id, season: String(next.season), matchIds: [] };
      f.matchIds.push(op.id);
      plan.finals.set(key, f);
    }
    return true;
  }
}

function scoreData(m: Row): ScoreData {
  const base = { home: Number(m.home_score), away: Number(m.away_score), period: (m.period as number | null) ?? null };
  return m.sport === "football"
    ? { ...base, minute: (m.minute as number | null) ?? null, added_time: (m.added_time as number | null) ?? null }
    : { ...base, game_clock_secs: (m.game_clock_secs as number | null) ?? null };
}
