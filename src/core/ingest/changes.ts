// The changes feed's rows of one commit (GET /v1/{sport}/changes, docs/api.md "Changes feed"): each match the batch
// changed, the parts of it that changed and its seq after the commit, written in the same D1 batch as the data.
import type { ChangeRow, Row } from "../db/queries/ingest";
import type { IngestPlan } from "./plan";

export const CHANGE_PARTS = ["match", "events", "stats", "lineups", "players", "standings"] as const;
export type ChangePart = (typeof CHANGE_PARTS)[number];

/** Changes are kept at least this long (the contract says 7 days; one more day of slack before trimming). */
export const CHANGES_KEPT_MS = 8 * 24 * 3600 * 1000;

export function changeRows(
  plan: Pick<IngestPlan, "writes" | "matches" | "lines" | "finals" | "updates" | "removedMatches">,
  seqOf: (matchId: string) => number,
  at: string,
  atMs: number,
): ChangeRow[] {
  const parts = new Map<string, Set<ChangePart>>();
  const mark = (id: unknown, part: ChangePart) => {
    const key = String(id);
    const set = parts.get(key) ?? new Set<ChangePart>();
    set.add(part);
    parts.set(key, set);
  };
  const byMatch = (rows: Row[] | undefined, part: ChangePart, key = "match_id") =>
    rows?.forEach((r) => mark(r[key], part));
  byMatch(plan.writes.matches, "match", "id");
  byMatch(plan.writes.match_events, "events");
  // A removal writes no event row: its message says which match's timeline changed.
  for (const mu of plan.updates) if (mu.updates.some((u) => u.type === "event_removed")) mark(mu.match_id, "events");
  byMatch(plan.writes.match_stats, "stats");
  byMatch(plan.writes.match_lineups, "lineups");
  for (const id of plan.lines.keys()) mark(id, "players");
  // A table recomputed by a finished match is a change of that match's league, told with the match.
  if (plan.writes.standings?.length)
    for (const f of plan.finals.values())
      if (plan.writes.standings.some((s) => s.league_id === f.leagueId && s.season === f.season))
        f.matchIds.forEach((id) => mark(id, "standings"));
  const out: ChangeRow[] = [];
  // A match merged into another is gone: its row says so (its id now answers as the other's, docs/identity.md).
  for (const m of plan.removedMatches)
    out.push({
      sport: String(m.sport),
      match_id: String(m.id),
      league_id: String(m.league_id),
      seq: Number(m.seq ?? 0),
      parts: JSON.stringify(["match"]),
      at,
      at_ms: atMs,
    });
  for (const [id, set] of parts) {
    const m = plan.matches.get(id);
    if (!m) continue;
    out.push({
      sport: String(m.sport),
      match_id: id,
      league_id: String(m.league_id),
      seq: seqOf(id),
      parts: JSON.stringify(CHANGE_PARTS.filter((p) => set.has(p))),
      at,
      at_ms: atMs,
    });
  }
  return out;
}
