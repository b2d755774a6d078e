// What a scoreboard says about a match: status words, the clock, and a line per timeline event. Pure: the /live page
// (src/web/live/browser), the MCP match centre (src/mcp/app) and the tests use it alike.
import { isFinished, periodLabel, type Sport, STATUS } from "../core/domain/codes";
import type { Event } from "../core/domain/schemas";

/** The live fields a board row shows (a list item plus what match detail and `score_update` add). */
export interface Clock {
  sport: Sport;
  status_code: number;
  minute: number | null;
  added_time: number | null;
  period: number | null;
  game_clock_secs: number | null;
}

const STATUS_WORDS: Record<number, string> = {
  1: "Scheduled",
  2: "Live",
  3: "Full time",
  4: "Postponed",
  5: "Cancelled",
  6: "Walkover",
  7: "Interrupted",
  8: "Abandoned",
  9: "After penalties",
  10: "After extra time",
};
const BASKETBALL_STATUS: Record<number, string> = { 3: "Final", 10: "Final (OT)" };

export function statusWord(sport: Sport, code: number): string {
  return (sport === "basketball" ? BASKETBALL_STATUS[code] : undefined) ?? STATUS_WORDS[code] ?? "Unknown status";
}

/** Breaks between periods: no running clock to show. */
const BREAKS = new Set([38, 39, 30]);

const minuteText = (minute: number, added: number | null) => `${minute}'${added ? `+${added}` : ""}`;
const clockText = (secs: number) => `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;

/** "2nd Half · 67'", "Q3 · 5:10", "Half-time"; for a match not live, its status word ("Full time"). */
export function stateText(m: Clock): string {
  if (m.status_code !== STATUS.LIVE) return statusWord(m.sport, m.status_code);
  const label = periodLabel(m.sport, m.period);
  if (m.period !== null && BREAKS.has(m.period)) return label ?? "Live";
  const clock =
    m.sport === "football"
      ? m.minute !== null
        ? minuteText(m.minute, m.added_time)
        : null
      : m.game_clock_secs !== null
        ? clockText(m.game_clock_secs)
        : null;
  return [label, clock].filter(Boolean).join(" · ") || "Live";
}

export const isOver = (code: number) => isFinished(code) || code === 5 || code === 6 || code === 8;

const EVENT_WORDS: Record<string, string> = {
  goal: "Goal",
  own_goal: "Own goal",
  penalty_goal: "Penalty goal",
  missed_penalty: "Missed penalty",
  yellow_card: "Yellow card",
  second_yellow: "Second yellow card",
  red_card: "Red card",
  substitution: "Substitution",
  var: "VAR",
  field_goal: "Field goal",
  three_pointer: "Three-pointer",
  free_throw: "Free throw",
  foul: "Foul",
  timeout: "Timeout",
};

export type TimelineEvent = Pick<
  Event,
  "type" | "minute" | "added_time" | "period" | "team" | "player" | "player_in" | "player_out" | "detail"
>;

/** How the timeline marks an event: scoring plays stand out, cards get their colour. */
export type EventKind = "score" | "yellow" | "red" | "period" | "other";
const KINDS: Record<string, EventKind> = {
  goal: "score",
  own_goal: "score",
  penalty_goal: "score",
  field_goal: "score",
  three_pointer: "score",
  free_throw: "score",
  yellow_card: "yellow",
  second_yellow: "red",
  red_card: "red",
  period_start: "period",
  period_end: "period",
};

export interface EventLine {
  /** "67'", "45'+2", "Q3", or "" (kick-off, and basketball's period lines, which name the period). */
  at: string;
  text: string;
  kind: EventKind;
}

/**
 * One timeline event in words: at "67'", text "Goal: Bukayo Saka (Arsenal) – Header"; at "Q3", text "Three-pointer:
 * Jayson Tatum (Boston Celtics)"; "Kick-off". `teams` are the home and away names; an own goal names the side it
 * counts for.
 */
export function eventLine(sport: Sport, e: TimelineEvent, teams: { home: string; away: string }): EventLine {
  const kind = KINDS[e.type] ?? "other";
  const label = periodLabel(sport, e.period);
  let at = sport === "football" ? (e.minute !== null ? minuteText(e.minute, e.added_time) : "") : (label ?? "");
  if (kind === "period") {
    if (sport === "football" && e.type === "period_start" && e.period === 12) return { at: "", text: "Kick-off", kind };
    if (sport === "basketball") at = "";
    const text = e.detail ?? `${e.type === "period_start" ? "Start" : "End"} of ${label ?? "period"}`;
    return { at, text, kind };
  }
  let what = EVENT_WORDS[e.type] ?? e.type.replace(/_/g, " ");
  let detail = e.detail;
  // A detail that only restates the word ("Own goal", "Penalty") is dropped; one that extends it replaces it.
  const lower = detail?.toLowerCase() ?? "";
  if (detail && lower.startsWith(what.toLowerCase())) [what, detail] = [detail, null];
  else if (detail && what.toLowerCase().includes(lower)) detail = null;
  const who = e.type === "substitution" ? (e.player_in ? `${e.player_in} for ${e.player_out ?? "?"}` : null) : e.player;
  const team = e.team ? teams[e.team] : null;
  const side = team ? (e.type === "own_goal" ? `for ${team}` : team) : null;
  if (who) what += `: ${who}${side ? ` (${side})` : ""}`;
  else if (side) what += ` (${side})`;
  return { at, text: what + (detail ? ` – ${detail}` : ""), kind };
}

/** The same as one line: "67' Goal: Bukayo Saka (Arsenal) – Header". */
export function eventText(sport: Sport, e: TimelineEvent, teams: { home: string; away: string }): string {
  const l = eventLine(sport, e, teams);
  return l.at ? `${l.at} ${l.text}` : l.text;
}
