// The player op: an upsert of the player row and its search entry; the player's team must exist, of the same sport.
import { fail, type Planner } from "./context";

const FIELDS = ["team_id", "name", "number", "position", "nationality", "birth_date"] as const;

export const planPlayer: Planner<"player"> = ({ plan, state, write }, op, i) => {
  const { op: _, ...row } = op;
  const existing = state.players.get(op.id);
  if (existing && existing.sport !== op.sport) throw fail(i, "sport", `player ${op.id} is a ${existing.sport} player`);
  const team = state.teams.get(op.team_id);
  if (!team) throw fail(i, "team_id", `unknown team ${op.team_id}`);
  if (team.sport !== op.sport) throw fail(i, "team_id", `team ${op.team_id} is a ${team.sport} team`);
  if (existing && FIELDS.every((f) => (existing[f] ?? null) === (row[f] ?? null))) return false;
  state.players.set(op.id, row);
  write("players", row);
  plan.search.push({ kind: "player", id: op.id, sport: op.sport, name: op.name, team_id: op.team_id, country: null });
  plan.searchTeams.add(op.team_id);
  return true;
};
