// The league op: an upsert of the league row and its search entry.
// A league keeps its current season: an op naming an earlier one (a history import, see
// docs/data.md "Importing history") updates the league's name and the rest, never winds its season back. A new
// season starts the season's coverage afresh (src/core/db/queries/coverage.ts); `simulated` is kept when an op
// leaves it out.
import { fail, same, type Planner } from "./context";

const FIELDS = ["country", "name", "season", "logo_url", "format", "simulated", "has_live"];

export const planLeague: Planner<"league"> = ({ plan, state, now, write }, op, i) => {
  const { op: _, simulated, ...fields } = op;
  const existing = state.leagues.get(op.id);
  if (existing && existing.sport !== op.sport) throw fail(i, "sport", `league ${op.id} is a ${existing.sport} league`);
  const season = existing && String(existing.season) > op.season ? String(existing.season) : op.season;
  const row = {
    ...fields,
    season,
    simulated: simulated === undefined ? Number(existing?.simulated ?? 0) : Number(simulated),
    has_live: existing && existing.season === season ? Number(existing.has_live ?? 0) : 0,
  };
  if (same(existing, row, FIELDS)) return false;
  const next = { ...row, updated_at: now };
  state.leagues.set(op.id, { ...existing, ...next });
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
  return true;
};
