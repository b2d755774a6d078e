// The resolution rules on their own (src/core/identity/rules.ts): the spellings sources really use resolve to one
// team, and two different real teams with similar names are never one by the rules, whichever is stored first.
import { describe, expect, it } from "vitest";
import { CLUBS, NATIONS, SHORT_FORMS } from "../../../src/core/identity/aliases";
import { teamKey } from "../../../src/core/identity/names";
import {
  matchEvent,
  resolveMatch,
  resolvePlayer,
  resolveTeam,
  type TeamCandidate,
} from "../../../src/core/identity/rules";

const team = (id: string, name: string, country: string): TeamCandidate => ({ id, name, country });

/** Different real teams a careless rule would take for one: (name, country) pairs. */
const DIFFERENT: [string, string, string, string][] = [
  ["Manchester United", "England", "Manchester City", "England"],
  ["Man United", "England", "Man City", "England"],
  ["Inter", "Italy", "Inter Miami", "USA"],
  ["Inter", "World", "Inter Miami CF", "World"],
  ["Real Madrid", "Spain", "Real Madrid Castilla", "Spain"],
  ["Real Madrid", "Spain", "Real Sociedad", "Spain"],
  ["Atlético Madrid", "Spain", "Atletico Madrid B", "Spain"],
  ["Athletic Club", "Spain", "Atlético Madrid", "Spain"],
  ["Sporting CP", "Portugal", "Sporting Gijón", "Spain"],
  ["Sporting CP", "World", "Sporting Gijón", "World"],
  ["Newcastle United", "England", "Newcastle Jets", "Australia"],
  ["Everton", "England", "Everton de Viña del Mar", "Chile"],
  ["Arsenal", "England", "Arsenal Tula", "Russia"],
  ["Arsenal", "World", "Arsenal de Sarandí", "World"],
  ["Liverpool", "England", "Liverpool Montevideo", "Uruguay"],
  ["Bayern Munich", "Germany", "Bayern Munich II", "Germany"],
  ["Borussia Dortmund", "Germany", "Borussia Mönchengladbach", "Germany"],
  ["Paris Saint-Germain", "France", "Paris FC", "France"],
  ["Celtic", "Scotland", "Celta Vigo", "Spain"],
  ["Wolverhampton Wanderers", "England", "Wycombe Wanderers", "England"],
  ["Tottenham Hotspur", "England", "Tottenham Hotspur Women", "England"],
  ["USA", "World", "Australia", "World"],
];

/** Real spellings of one team by different sources: (stored name and country, source's name and country). */
const SAME: [string, string, string, string][] = [
  ["Manchester United", "England", "Manchester United FC", "England"],
  ["Manchester United", "England", "Man United", "England"],
  ["Wolverhampton Wanderers", "England", "Wolves", "England"],
  ["Brighton & Hove Albion", "England", "Brighton and Hove Albion FC", "England"],
  ["Tottenham Hotspur", "England", "Spurs", "England"],
  ["Leeds United", "England", "Leeds", "England"],
  ["Bournemouth", "England", "AFC Bournemouth", "England"],
  ["Atlético Madrid", "Spain", "Club Atlético de Madrid", "Spain"],
  ["Atlético Madrid", "Spain", "Atletico Madrid", "Spain"],
  ["Inter", "Italy", "FC Internazionale Milano", "Italy"],
  ["Bayern Munich", "Germany", "FC Bayern München", "Germany"],
  ["Argentina", "Argentina", "Argentina", "World"],
  ["USA", "USA", "United States", "World"],
  ["South Korea", "South Korea", "Korea Republic", "World"],
];

describe("teams", () => {
  it.each(DIFFERENT)("%s (%s) and %s (%s) are never one team, whichever is stored", (a, ca, b, cb) => {
    expect(resolveTeam({ name: b, country: cb }, [team("t_a", a, ca)]).id).toBeUndefined();
    expect(resolveTeam({ name: a, country: ca }, [team("t_b", b, cb)]).id).toBeUndefined();
  });

  it("a near name stored becomes a new team marked for the operator, not a merge", () => {
    expect(
      resolveTeam({ name: "Manchester City", country: "England" }, [team("t", "Manchester United", "England")]),
    ).toEqual({
      unresolved: true,
    });
    expect(resolveTeam({ name: "Fulham", country: "England" }, [team("t", "Arsenal", "England")])).toEqual({
      unresolved: false,
    });
  });

  it.each(SAME)("%s (%s) is the team a source calls %s (%s)", (a, ca, b, cb) => {
    expect(resolveTeam({ name: b, country: cb }, [team("t_a", a, ca), team("t_x", "Fulham", ca)]).id).toBe("t_a");
  });

  it("two stored teams of the same key: neither is chosen", () => {
    const stored = [team("t1", "Arsenal FC", "England"), team("t2", "Arsenal", "England")];
    expect(resolveTeam({ name: "Arsenal", country: "England" }, stored)).toEqual({ unresolved: true });
  });

  it("within the country only: a club of another country with the same name is another club", () => {
    expect(resolveTeam({ name: "Arsenal", country: "England" }, [team("t", "Arsenal", "Ukraine")]).id).toBeUndefined();
  });

  it("the alias table gives one name per spelling (no spelling folds onto two clubs)", () => {
    const seen = new Map<string, string>();
    for (const table of [CLUBS, SHORT_FORMS, NATIONS])
      for (const [spelling, ours] of Object.entries(table)) {
        const key = teamKey(spelling);
        expect(seen.get(key) ?? teamKey(ours), `${spelling} → ${ours}`).toBe(teamKey(ours));
        seen.set(key, teamKey(ours));
      }
  });
});

describe("matches", () => {
  const stored = {
    id: "m1",
    league_id: "lg",
    season: "2022/23",
    home_team_id: "a",
    away_team_id: "b",
    kickoff_ts: 1_000_000,
  };
  it("a league season has a pairing once: the same home and away teams are the same match, whatever the kickoff", () => {
    expect(resolveMatch({ ...stored, kickoff_ts: 1_000_000 + 30 * 86_400 }, "league", [stored])).toBe("m1");
    expect(resolveMatch({ ...stored, home_team_id: "b", away_team_id: "a" }, "league", [stored])).toBeUndefined();
    expect(resolveMatch({ ...stored, season: "2023/24" }, "league", [stored])).toBeUndefined();
  });
  it("a cup or tournament: within ±36 h only", () => {
    expect(resolveMatch({ ...stored, kickoff_ts: 1_000_000 + 36 * 3600 }, "cup", [stored])).toBe("m1");
    expect(resolveMatch({ ...stored, kickoff_ts: 1_000_000 + 37 * 3600 }, "cup", [stored])).toBeUndefined();
  });
});

describe("players", () => {
  const squad = [
    { id: "p1", name: "Marcus Rashford", number: 10, birth_date: "1997-10-31" },
    { id: "p2", name: "Bukayo Saka", number: 7, birth_date: null },
  ];
  it("by name or initial and last name, within the team, numbers and birth dates not contradicting", () => {
    expect(resolvePlayer({ name: "M. Rashford", number: 10 }, squad)).toBe("p1");
    expect(resolvePlayer({ name: "Rashford", number: 10 }, squad)).toBeUndefined();
    expect(resolvePlayer({ name: "M. Rashford", birth_date: "1990-01-01" }, squad)).toBeUndefined();
    expect(resolvePlayer({ name: "Bukayo Saka", number: 11 }, squad)).toBeUndefined();
  });
});

describe("events", () => {
  const goal = { id: "e1", type: "goal", team: "home", minute: 35, added_time: null, player: "Antony" };
  it("the same goal, a minute apart, by last name: one event", () => {
    expect(matchEvent({ ...goal, id: "x", minute: 36, player: "Antony Matheus" }, [goal])).toBeUndefined();
    expect(matchEvent({ ...goal, id: "x", minute: 36 }, [goal])).toBe("e1");
    expect(matchEvent({ ...goal, id: "x", type: "penalty_goal" }, [goal])).toBe("e1");
    expect(matchEvent({ ...goal, id: "x", team: "away" }, [goal])).toBeUndefined();
    expect(matchEvent({ ...goal, id: "x", minute: 38 }, [goal])).toBeUndefined();
  });
});
