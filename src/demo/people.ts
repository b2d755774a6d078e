// Players, search rows and season stats of the demo: squads of the teams of the selected competitions.
import type { Searchable } from "../core/db/queries/search-index";
import { seasonTotals, type LineCounts } from "../core/domain/season-stats";
import type { LeagueSpec } from "./catalog";
import { clockAt, type FootballPlay } from "./football";
import type { LineRow } from "./box-scores";
import type { Fixture } from "./schedule";
import { reservesOf, squadOf, type DemoTeam } from "./squads";

interface PeopleData {
  players: Record<string, unknown>[];
  search: Searchable[];
}

const NOISE = new Set(["fc", "cf", "ac", "afc", "sc", "bc", "cd", "ud", "rc", "club", "de", "of", "the"]);

/** "Manchester United" → "MUN", "Arsenal" → "ARS". */
export function shortName(name: string): string {
  const ws = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w && !NOISE.has(w.toLowerCase()));
  const [a = name, b] = ws;
  return (b ? a[0]! + b.slice(0, 2) : a.slice(0, 3)).toUpperCase();
}

export function addPeople(
  data: PeopleData,
  leagues: LeagueSpec[],
  allTeams: Map<string, DemoTeam>,
  leagueIdOf: (l: LeagueSpec) => string,
  reserves = 0,
) {
  const teams = new Map<string, { team: DemoTeam; leagues: string[] }>();
  for (const l of leagues) {
    const id = leagueIdOf(l);
    data.search.push({
      kind: "league",
      id,
      sport: l.sport,
      name: l.name,
      team_id: null,
      country: l.country,
      leagues: [id],
    });
    for (const row of l.teams) {
      const team = allTeams.get(`${l.sport}:${row.split("|")[0]}`)!;
      const entry = teams.get(team.id) ?? { team, leagues: [] };
      entry.leagues.push(id);
      teams.set(team.id, entry);
    }
  }
  for (const { team, leagues: ids } of teams.values()) {
    data.search.push({
      kind: "team",
      id: team.id,
      sport: team.sport,
      name: team.name,
      team_id: team.id,
      country: team.country,
      leagues: ids,
    });
    for (const p of [...squadOf(team).players, ...reservesOf(team, reserves)]) {
      data.players.push({
        id: p.player_id,
        sport: team.sport,
        team_id: team.id,
        name: p.name,
        number: p.number,
        position: p.position,
        nationality: p.nationality,
        birth_date: p.birth_date,
      });
      data.search.push({
        kind: "player",
        id: p.player_id,
        sport: team.sport,
        name: p.name,
        team_id: team.id,
        country: null,
        leagues: ids,
      });
    }
  }
}

/** The match minute a live football match has reached (45 through half-time). */
export const liveMinute = (p: FootballPlay, elapsed: number) => Math.min(clockAt(p, elapsed).minute, 90);

/** A competition season's finished lines per player, summed into player_season_stats rows. */
export class SeasonLines {
  private byPlayer = new Map<string, { lines: LineRow[]; name: string; team: DemoTeam }>();

  constructor(
    private readonly leagueId: string,
    private readonly season: string,
  ) {}

  add(lines: LineRow[], f: Fixture) {
    for (const l of lines) {
      const id = String(l.player_id);
      const entry = this.byPlayer.get(id) ?? {
        lines: [],
        name: String(l.name),
        team: l.side === "home" ? f.home : f.away,
      };
      entry.lines.push(l);
      this.byPlayer.set(id, entry);
    }
  }

  rows(): Record<string, unknown>[] {
    return [...this.byPlayer].map(([id, p]) => ({
      player_id: id,
      league_id: this.leagueId,
      season: this.season,
      player_name: p.name,
      team_id: p.team.id,
      team_name: p.team.name,
      ...seasonTotals(p.lines as unknown as LineCounts[]),
    }));
  }
}
