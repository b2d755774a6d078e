// The league op: an upsert of the league row and its search entry.
import { fail, same, type Planner } from "./context";

const FIELDS = ["country", "name", "season", "logo_url", "format"];

export const planLeague: Planner<"league"> = ({ plan, state, now, write }, op, i) => {
  const { op: _, ...row } = op;
  const existing = state.leagues.get(op.id);
  if (existing && existing.sport !== op.sport) throw fail(i, "sport", `league ${op.id} is a ${existing.sport} league`);
  if (same(existing, row, FIELDS)) return false;
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
  return true;
};
