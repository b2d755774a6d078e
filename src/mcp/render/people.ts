// Text for the people tools (search, team, player, leaders, box score), in each sport's words.
import type { Sport } from "../../core/domain/codes";
import type {
  BasketballPlayerLine,
  FootballPlayerLine,
  Leader,
  LeaderStat,
  PlayerProfile,
  SearchHit,
  Team,
} from "../../core/domain/people-schemas";

/** "1 goal", "2 goals". */
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const one = (x: number) => x.toFixed(1);

export function hitLine(h: SearchHit): string {
  const where = [h.sport, h.country, h.team_id && `team ${h.team_id}`].filter(Boolean).join(", ");
  return `${h.type}: ${h.name} (${where}) [${h.id}]`;
}

export function teamText(t: Team): string {
  const name = `${t.name}${t.short_name ? ` (${t.short_name})` : ""}`;
  return `${name}, ${t.country}, ${t.sport}${t.venue ? ` · ${t.venue}` : ""} [${t.id}]\nTracked leagues this season: ${t.league_ids.join(", ") || "none"}\nSeasons: ${t.seasons.map((s) => `${s.league_id} ${s.season}`).join(", ")}`;
}

export function playerText(p: PlayerProfile): string {
  const about = [p.number != null && `#${p.number}`, p.position, p.nationality, p.birth_date && `born ${p.birth_date}`]
    .filter(Boolean)
    .join(", ");
  const head = `${p.name}${about ? ` (${about})` : ""}, ${p.team} [${p.id}]`;
  const s = p.season_stats;
  const season = `${p.season ?? "This season"}, all competitions: `;
  if ("appearances" in s) {
    return `${head}\n${season}${count(s.appearances, "appearance")} (${count(s.starts, "start")}), ${s.minutes} min, ${count(s.goals, "goal")}, ${count(s.assists, "assist")}, ${count(s.yellow_cards, "yellow card")}, ${count(s.red_cards, "red card")}`;
  }
  return `${head}\n${season}${count(s.games, "game")}, ${s.minutes} min, ${s.points} PTS, ${s.rebounds} REB, ${s.assists} AST (${one(s.ppg)} PPG, ${one(s.rpg)} RPG, ${one(s.apg)} APG), ${s.steals} STL, ${s.blocks} BLK, ${s.turnovers} TO`;
}

const STAT_WORDS: Record<LeaderStat, [string, (v: number) => string]> = {
  goals: ["goals", (v) => count(v, "goal")],
  assists: ["assists", (v) => count(v, "assist")],
  cards: ["cards (yellow + red)", (v) => count(v, "card")],
  points: ["points", (v) => `${v} PTS`],
  rebounds: ["rebounds", (v) => `${v} REB`],
  ppg: ["points per game", (v) => `${one(v)} PPG`],
};

export function leadersText(league: string, season: string, stat: LeaderStat, rows: Leader[]): string {
  const [title, value] = STAT_WORDS[stat];
  const lines = rows.map((r) => `${r.rank}. ${r.player} (${r.team}) ${value(r.value)} in ${count(r.matches, "match")}`);
  return [`${league} leaders, ${title} (${season}):`, ...(lines.length ? lines : ["No one yet."])].join("\n");
}

type Line = FootballPlayerLine | BasketballPlayerLine;

/** "Martin Ødegaard (M) 90 min: 1 goal, 1 yellow card" / "Luka Dončić (G) 38 min: 30 PTS, 10 REB, 9 AST, FG 11/20 …" */
function boxLine(sport: Sport, l: Line): string {
  const who = `${l.name}${l.position ? ` (${l.position})` : ""} ${l.minutes} min`;
  if (sport === "football" && "goals" in l) {
    const parts = [
      l.goals && count(l.goals, "goal"),
      l.assists && count(l.assists, "assist"),
      l.shots && count(l.shots, "shot"),
      l.yellow_cards && count(l.yellow_cards, "yellow card"),
      l.red_cards && count(l.red_cards, "red card"),
    ].filter(Boolean);
    return parts.length ? `${who}: ${parts.join(", ")}` : who;
  }
  const b = l as BasketballPlayerLine;
  return `${who}: ${b.points} PTS, ${b.rebounds} REB, ${b.assists} AST, FG ${b.fg_made}/${b.fg_attempted}, 3PT ${b.three_made}/${b.three_attempted}, FT ${b.ft_made}/${b.ft_attempted}`;
}

export function boxScoreText(
  sport: Sport,
  teams: { home: string; away: string },
  lines: { home: Line[]; away: Line[] },
): string {
  const side = (team: string, ls: Line[]) => [`${team}:`, ...ls.map((l) => `  ${boxLine(sport, l)}`)];
  return [...side(teams.home, lines.home), ...side(teams.away, lines.away)].join("\n");
}
