// Compact text a model reads well, beside each tool's structuredContent.
import { periodLabel } from "../domain/codes";
import type { Event, League, MatchDetail, MatchListItem, Standings } from "../domain/schemas";

const STATUS: Record<number, string> = {
  1: "scheduled",
  2: "live",
  3: "FT",
  4: "postponed",
  5: "cancelled",
  6: "walkover",
  7: "interrupted",
  8: "abandoned",
  9: "FT (pens)",
  10: "AET",
};

const kickoff = (ts: number) => new Date(ts * 1000).toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** "Arsenal 2–1 Chelsea, 67'" / "Celtics 88–90 Heat, Q4" / "Arsenal v Chelsea, 2026-11-22 15:00 UTC" */
export function matchLine(m: MatchListItem & Partial<Pick<MatchDetail, "period" | "sport" | "added_time">>): string {
  if (m.status_code === 1 || m.status_code === 4 || m.status_code === 5) {
    return `${m.home_team} v ${m.away_team}, ${kickoff(m.kickoff_ts)}${m.status_code === 1 ? "" : ` (${STATUS[m.status_code]})`} [${m.id}]`;
  }
  let state = STATUS[m.status_code] ?? `status ${m.status_code}`;
  if (m.status_code === 2) {
    const label = m.sport && m.period != null ? periodLabel(m.sport, m.period) : null;
    state = m.minute != null ? `${m.minute}'${m.added_time ? `+${m.added_time}` : ""}` : (label ?? "live");
  }
  return `${m.home_team} ${m.home_score}–${m.away_score} ${m.away_team}, ${state} [${m.id}]`;
}

export const leagueLine = (l: League) => `${l.name} (${l.country}, ${l.season}) [${l.id}]`;

export function eventLine(e: Event): string {
  const at = e.minute != null ? `${e.minute}'${e.added_time ? `+${e.added_time}` : ""} ` : "";
  const who = e.type === "substitution" ? `${e.player_in ?? "?"} for ${e.player_out ?? "?"}` : (e.player ?? "");
  return `${at}${e.type.replace(/_/g, " ")}${e.team ? ` (${e.team})` : ""}${who ? `: ${who}` : ""}${e.detail ? ` – ${e.detail}` : ""}`;
}

export function standingsLines(s: Standings): string {
  return s.standings
    .map((r) =>
      "points" in r
        ? `${r.position}. ${r.team} ${r.points} pts (P${r.played} W${r.won} D${r.drawn} L${r.lost}, GD ${r.goal_difference})`
        : `${r.position}. ${r.team} ${r.won}-${r.lost} (${r.win_pct.toFixed(3)}, GB ${r.games_behind})`,
    )
    .join("\n");
}
