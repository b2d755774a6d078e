// Season stats as sums of box-score lines. Pure: ingest (on the final whistle) and the demo generator share it.
export interface LineCounts {
  minutes: number;
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
  points: number;
  rebounds: number;
  steals: number;
  blocks: number;
  turnovers: number;
  started: number | boolean;
}

export interface SeasonTotals {
  matches: number;
  starts: number;
  minutes: number;
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
  cards: number;
  points: number;
  rebounds: number;
  steals: number;
  blocks: number;
  turnovers: number;
  ppg: number;
}

const SUMMED = [
  "minutes",
  "goals",
  "assists",
  "yellow_cards",
  "red_cards",
  "points",
  "rebounds",
  "steals",
  "blocks",
  "turnovers",
] as const;

export const perGame = (total: number, games: number) => (games === 0 ? 0 : Math.round((total / games) * 10) / 10);

export function seasonTotals(lines: Iterable<LineCounts>): SeasonTotals {
  const t: SeasonTotals = {
    matches: 0,
    starts: 0,
    minutes: 0,
    goals: 0,
    assists: 0,
    yellow_cards: 0,
    red_cards: 0,
    cards: 0,
    points: 0,
    rebounds: 0,
    steals: 0,
    blocks: 0,
    turnovers: 0,
    ppg: 0,
  };
  for (const l of lines) {
    t.matches++;
    if (Number(l.started)) t.starts++;
    for (const k of SUMMED) t[k] += Number(l[k]);
  }
  t.cards = t.yellow_cards + t.red_cards;
  t.ppg = perGame(t.points, t.matches);
  return t;
}
