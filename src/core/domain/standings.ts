// League tables from results. Pure: the seed, the ingest (on the final whistle) and tests share it.
import type { Sport } from "./codes";
import { countsInTable } from "./codes";
import type { BasketballStandingRow, FootballStandingRow, StandingRow } from "./schemas";

export interface ResultInput {
  homeTeamId: string;
  awayTeamId: string;
  homeTeam: string;
  awayTeam: string;
  homeScore: number;
  awayScore: number;
  statusCode: number;
  kickoffTs: number;
}

interface Tally {
  team_id: string;
  team: string;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  results: string[];
}

/** Accumulates results one at a time so callers can take a table after each match (snapshots). */
export class TableBuilder {
  private tallies = new Map<string, Tally>();

  constructor(
    private readonly sport: Sport,
    teams: Iterable<{ id: string; name: string }>,
    /** The group this table is ("Group A"), or null for a competition's one table. */
    private readonly group: string | null = null,
  ) {
    for (const t of teams) this.team(t.id, t.name);
  }

  /** A team of the table before it has played. */
  register(id: string, name: string): void {
    this.team(id, name);
  }

  private team(id: string, name: string): Tally {
    let t = this.tallies.get(id);
    if (!t) {
      t = { team_id: id, team: name, won: 0, drawn: 0, lost: 0, scored: 0, conceded: 0, results: [] };
      this.tallies.set(id, t);
    }
    return t;
  }

  /** Adds a match if its result counts (3, 6, 9, 10); other statuses only register the teams. */
  add(m: ResultInput): void {
    const home = this.team(m.homeTeamId, m.homeTeam);
    const away = this.team(m.awayTeamId, m.awayTeam);
    if (!countsInTable(m.statusCode)) return;
    home.scored += m.homeScore;
    home.conceded += m.awayScore;
    away.scored += m.awayScore;
    away.conceded += m.homeScore;
    if (m.homeScore > m.awayScore) {
      (home.won++, away.lost++, home.results.push("W"), away.results.push("L"));
    } else if (m.homeScore < m.awayScore) {
      (home.lost++, away.won++, home.results.push("L"), away.results.push("W"));
    } else {
      (home.drawn++, away.drawn++, home.results.push("D"), away.results.push("D"));
    }
  }

  rows(): StandingRow[] {
    return this.sport === "football" ? this.football() : this.basketball();
  }

  private football(): FootballStandingRow[] {
    const rows = [...this.tallies.values()].map((t) => ({
      team_id: t.team_id,
      team: t.team,
      played: t.won + t.drawn + t.lost,
      won: t.won,
      drawn: t.drawn,
      lost: t.lost,
      goals_for: t.scored,
      goals_against: t.conceded,
      goal_difference: t.scored - t.conceded,
      points: 3 * t.won + t.drawn,
      form: t.results.slice(-5).join(""),
    }));
    rows.sort(
      (a, b) =>
        b.points - a.points ||
        b.goal_difference - a.goal_difference ||
        b.goals_for - a.goals_for ||
        a.team.localeCompare(b.team),
    );
    return rows.map((r, i) => ({ position: i + 1, group: this.group, ...r }));
  }

  private basketball(): BasketballStandingRow[] {
    const rows = [...this.tallies.values()].map((t) => {
      const played = t.won + t.lost + t.drawn;
      return {
        team_id: t.team_id,
        team: t.team,
        played,
        won: t.won,
        lost: t.lost + t.drawn,
        points_for: t.scored,
        points_against: t.conceded,
        win_pct: played === 0 ? 0 : Math.round((t.won / played) * 1000) / 1000,
      };
    });
    rows.sort((a, b) => b.win_pct - a.win_pct || b.won - a.won || a.team.localeCompare(b.team));
    const leader = rows[0];
    return rows.map((r, i) => ({
      position: i + 1,
      group: this.group,
      ...r,
      games_behind: leader ? (leader.won - r.won + (r.lost - leader.lost)) / 2 : 0,
    }));
  }
}

/** The table after every finished match in `results` (any order; sorted by kickoff here). */
export function computeTable(
  sport: Sport,
  teams: Iterable<{ id: string; name: string }>,
  results: ResultInput[],
): StandingRow[] {
  const b = new TableBuilder(sport, teams);
  for (const m of [...results].sort((x, y) => x.kickoffTs - y.kickoffTs)) b.add(m);
  return b.rows();
}
