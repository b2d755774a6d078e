// The team op: an upsert of the team row and its search entry (its players' entries follow its leagues).
import { fail, same, type Planner } from "./context";

const FIELDS = ["name", "country", "short_name", "venue", "logo_url"];

export const planTeam: Planner<"team"> = ({ plan, state, write }, op, i) => {
  const { op: _, ...row } = op;
  const existing = state.teams.get(op.id);
  if (existing && existing.sport !== op.sport) throw fail(i, "sport", `team ${op.id} is a ${existing.sport} team`);
  if (same(existing, row, FIELDS)) return false;
  state.teams.set(op.id, row);
  write("teams", row);
  plan.search.push({ kind: "team", id: op.id, sport: op.sport, name: op.name, team_id: op.id, country: op.country });
  plan.searchTeams.add(op.id);
  return true;
};
