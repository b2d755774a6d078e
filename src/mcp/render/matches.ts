// Compact text a model reads well, beside each tool's structuredContent.
import { periodLabel, type Sport, STATUS } from "../../core/domain/codes";
import type {
  BasketballStandingRow,
  Event,
  H2H,
  League,
  MatchDetail,
  MatchListItem,
  StandingRow,
  Standings,
} from "../../core/domain/schemas";

const STATUS_WORDS: Record<number, string> = {
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

/** What a simulated match's line says, so a model never passes an invented result off as real. */
const SIMULATED = " (simulated)";

/**
 * "Arsenal 2–1 Chelsea, 67'" / "Celtics 88–90 Heat, Q4" / "Arsenal v Chelsea, 2026-11-22 15:00 UTC" /
 * "Argentina 3–3 France, FT (pens 4–2)" where the shoot-out score is known; " (simulated)" for an invented match.
 */
export function matchLine(
  m: MatchListItem &
    Partial<Pick<MatchDetail, "period" | "sport" | "added_time" | "home_penalties" | "away_penalties">>,
): string {
  const mark = m.simulated ? SIMULATED : "";
  if (m.status_code === STATUS.SCHEDULED || m.status_code === STATUS.POSTPONED || m.status_code === STATUS.CANCELLED) {
    return `${m.home_team} v ${m.away_team}, ${kickoff(m.kickoff_ts)}${m.status_code === STATUS.SCHEDULED ? "" : ` (${STATUS_WORDS[m.status_code]})`}${mark} [${m.id}]`;
  }
  let state = STATUS_WORDS[m.status_code] ?? `status ${m.status_code}`;
  if (m.status_code === STATUS.LIVE) {
    const label = m.sport && m.period != null ? periodLabel(m.sport, m.period) : null;
    state = m.minute != null ? `${m.minute}'${m.added_time ? `+${m.added_time}` : ""}` : (label ?? "live");
  }
  if (m.status_code === STATUS.AFTER_PENALTIES && m.home_penalties != null && m.away_penalties != null)
    state = `FT (pens ${m.home_penalties}–${m.away_penalties})`;
  return `${m.home_team} ${m.home_score}–${m.away_score} ${m.away_team}, ${state}${mark} [${m.id}]`;
}

/** A league and what its current season has; a simulated one says its results are invented (docs/data.md). */
export const leagueLine = (l: League) => {
  const has = (["live", "events", "lineups", "stats", "players"] as const).filter((k) => l.coverage[k]);
  const covers = has.length ? `has ${has.join(", ")}` : "results only";
  return `${l.name} (${l.country}, ${l.season}) [${l.id}]: ${covers}${l.simulated ? "; SIMULATED: invented results for trying the service" : ""}`;
};

export function eventLine(e: Event): string {
  const at = e.minute != null ? `${e.minute}'${e.added_time ? `+${e.added_time}` : ""} ` : "";
  const who = e.type === "substitution" ? `${e.player_in ?? "?"} for ${e.player_out ?? "?"}` : (e.player ?? "");
  return `${at}${e.type.replace(/_/g, " ")}${e.team ? ` (${e.team})` : ""}${who ? `: ${who}` : ""}${e.detail ? ` – ${e.detail}` : ""}`;
}

/** "1. Arsenal 25 pts (P10 W8 D1 L1, GD +15)" / "1. Celtics 10–2 W–L (.833), GB 0, points 1120–1010" */
function standingsLine(sport: Sport, r: StandingRow): string {
  if (sport === "football" && "drawn" in r) {
    const gd = r.goal_difference > 0 ? `+${r.goal_difference}` : String(r.goal_difference);
    return `${r.position}. ${r.team} ${r.points} pts (P${r.played} W${r.won} D${r.drawn} L${r.lost}, GD ${gd})`;
  }
  const b = r as BasketballStandingRow;
  return `${b.position}. ${b.team} ${b.won}–${b.lost} W–L (${pct(b.win_pct)}), GB ${b.games_behind}, points ${b.points_for}–${b.points_against}`;
}
const pct = (p: number) => p.toFixed(3).replace(/^0/, "");

/**
 * "Premier League table (as of …):" then one line per team; `before` names the match for a kickoff snapshot. A
 * competition played in groups has a "Group A:" line before each group's rows.
 */
export function standingsText(league: string, sport: Sport, s: Standings, before?: string): string {
  const head = `${league} table${before ? ` before ${before}` : ""} (as of ${s.as_of}):`;
  const lines = [head];
  let group: string | null | undefined;
  for (const r of s.standings) {
    if (r.group && r.group !== group) lines.push(`${r.group}:`);
    group = r.group;
    lines.push(standingsLine(sport, r));
  }
  return lines.join("\n");
}

/** Football "3 played, 1–1–1 (W–D–L for Arsenal), goals 4–4"; basketball "3 played, 2–1 (W–L for …), points …". */
export function h2hSummary(m: Pick<MatchDetail, "home_team" | "away_team" | "sport">, s: H2H["summary"]): string {
  const who = `${m.home_team} v ${m.away_team}: ${s.played} played`;
  if (m.sport === "basketball")
    return `${who}, ${s.home_team_wins}–${s.away_team_wins} (W–L for ${m.home_team}), points ${s.home_team_goals}–${s.away_team_goals}`;
  return `${who}, ${s.home_team_wins}–${s.draws}–${s.away_team_wins} (W–D–L for ${m.home_team}), goals ${s.home_team_goals}–${s.away_team_goals}`;
}
