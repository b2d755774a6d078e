// The public shapes of player rows: a box-score line and season stats, each with its sport's fields only.
import type { Sport } from "./codes";
import type { BasketballPlayerLine, FootballPlayerLine } from "./people-schemas";
import { perGame } from "./season-stats";

type Row = Record<string, unknown>;
const n = (x: unknown) => Number(x ?? 0);

export function boxLine(sport: Sport, l: Row): FootballPlayerLine | BasketballPlayerLine {
  const base = {
    player_id: String(l.playerId ?? l.player_id),
    name: String(l.name),
    position: (l.position as string | null) ?? null,
    minutes: n(l.minutes),
    started: Boolean(l.started),
  };
  if (sport === "football")
    return {
      ...base,
      goals: n(l.goals),
      assists: n(l.assists),
      shots: n(l.shots),
      yellow_cards: n(l.yellowCards ?? l.yellow_cards),
      red_cards: n(l.redCards ?? l.red_cards),
    };
  return {
    ...base,
    points: n(l.points),
    rebounds: n(l.rebounds),
    assists: n(l.assists),
    steals: n(l.steals),
    blocks: n(l.blocks),
    turnovers: n(l.turnovers),
    fg_made: n(l.fgMade ?? l.fg_made),
    fg_attempted: n(l.fgAttempted ?? l.fg_attempted),
    three_made: n(l.threeMade ?? l.three_made),
    three_attempted: n(l.threeAttempted ?? l.three_attempted),
    ft_made: n(l.ftMade ?? l.ft_made),
    ft_attempted: n(l.ftAttempted ?? l.ft_attempted),
  };
}

/** A player's season over every competition: the sums of the per-competition rows, per-game averages from them. */
export function seasonStats(sport: Sport, rows: Row[]) {
  const sum = (k: string) => rows.reduce((s, r) => s + n(r[k]), 0);
  const games = sum("matches");
  if (sport === "football")
    return {
      appearances: games,
      starts: sum("starts"),
      minutes: sum("minutes"),
      goals: sum("goals"),
      assists: sum("assists"),
      yellow_cards: sum("yellow_cards"),
      red_cards: sum("red_cards"),
    };
  return {
    games,
    minutes: sum("minutes"),
    points: sum("points"),
    rebounds: sum("rebounds"),
    assists: sum("assists"),
    steals: sum("steals"),
    blocks: sum("blocks"),
    turnovers: sum("turnovers"),
    ppg: perGame(sum("points"), games),
    rpg: perGame(sum("rebounds"), games),
    apg: perGame(sum("assists"), games),
  };
}
