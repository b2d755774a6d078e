// Fixtures: who plays whom and when, for a season placed around a given day.
import type { Sport } from "../core/domain/codes";
import { EXTENDED_LEAGUES, LEAGUES, type LeagueSpec } from "./catalog";
import { playFootball } from "./football";
import { hash32, rngFor, shuffle } from "./random";
import { slug } from "../lib/slug";
import { lineupFor, type DemoTeam } from "./squads";

const DAY = 86_400;

export interface Fixture {
  season: string;
  round: string;
  home: DemoTeam;
  away: DemoTeam;
  kickoff: number;
  knockout?: boolean;
  force?: "extra_time" | "penalties";
  override?: 4 | 5 | 8;
}

export function seasonOf(d: Date): string {
  const y = d.getUTCFullYear();
  const start = d.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, "0")}`;
}

/** Circle-method round robin: n−1 rounds of n/2 pairings (n even). */
function roundRobin<T>(teams: T[]): [T, T][][] {
  const xs = [...teams];
  const rounds: [T, T][][] = [];
  for (let r = 0; r < xs.length - 1; r++) {
    const pairs: [T, T][] = [];
    for (let i = 0; i < xs.length / 2; i++) {
      const a = xs[i]!;
      const b = xs[xs.length - 1 - i]!;
      pairs.push(r % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    xs.splice(1, 0, xs.pop()!);
  }
  return rounds;
}

/** Kickoffs of the round being played today, relative to now: two finished, two live, the rest later. */
const TODAY_OFFSETS_MIN = [-235, -175, -80, -35, 40, 130, 220, 300, 360, 420, 480, 540, 600, 660, 720];
const HOURS: Record<Sport, number[]> = { football: [12.5, 15, 17.5, 20], basketball: [0, 0.5, 1, 2, 2.5, 3] };

let byId: Map<string, DemoTeam> | undefined;
/** A club of the catalogue (the benchmark's extra competitions included) by its id. */
export const demoTeamById = (id: string): DemoTeam | undefined =>
  (byId ??= new Map([...buildTeams(true).values()].map((t) => [t.id, t]))).get(id);

/** Every club of the demo competitions (and of the benchmark's extra ones, with `extended`). */
export function buildTeams(extended = false): Map<string, DemoTeam> {
  const teams = new Map<string, DemoTeam>();
  for (const l of extended ? [...LEAGUES, ...EXTENDED_LEAGUES] : LEAGUES) {
    for (const row of l.teams) {
      const [name, venue, capacity] = row.split("|") as [string, string?, string?];
      const key = `${l.sport}:${name}`;
      if (teams.has(key) || !venue) continue;
      const id = `tm_${l.sport === "football" ? "fb" : "bb"}_${slug(name)}`;
      const strength = 0.8 + ((hash32(id) % 1000) / 1000) * 0.5;
      teams.set(key, {
        id,
        sport: l.sport,
        name,
        country: l.country,
        nation: l.nation,
        venue,
        capacity: Number(capacity),
        strength,
      });
    }
  }
  return teams;
}

export function fixturesOf(
  l: LeagueSpec,
  season: string,
  teams: DemoTeam[],
  anchorDay: number,
  nowTs: number,
  leagueIndex: number,
): Fixture[] {
  const r = rngFor(`fixtures:${l.code}:${season}`);
  const isCurrent = season === seasonOf(new Date(nowTs * 1000));
  const out: Fixture[] = [];
  const at = (day: number, idx: number) => {
    const hours = HOURS[l.sport];
    return day * DAY + Math.round(hours[idx % hours.length]! * 3600) + (l.sport === "basketball" ? DAY : 0);
  };
  if (l.format === "cup") {
    // Single-leg knockout: round of 16 four weeks ago, quarter-finals last week, semi-finals ahead.
    let alive = shuffle(r, teams);
    const rounds: [string, number][] = [
      ["Round of 16", -28],
      ["Quarter-finals", -7],
      ["Semi-finals", 10],
    ];
    for (const [name, offset] of rounds) {
      const next: DemoTeam[] = [];
      for (let i = 0; i + 1 < alive.length; i += 2) {
        const f: Fixture = {
          season,
          round: name,
          home: alive[i]!,
          away: alive[i + 1]!,
          kickoff: at(anchorDay + offset + (i % 4 === 0 ? 0 : 1), i / 2),
          knockout: true,
          force: name === "Round of 16" ? (i === 0 ? "extra_time" : i === 2 ? "penalties" : undefined) : undefined,
        };
        out.push(f);
        next.push(cupWinner(f));
      }
      alive = next;
    }
    return out;
  }
  const single = roundRobin(shuffle(r, teams));
  const isContinental = l.country === "Europe" && l.sport === "football";
  const rounds = isContinental
    ? single.slice(0, 8)
    : [...single, ...single.map((ps) => ps.map(([a, b]) => [b, a] as [DemoTeam, DemoTeam]))];
  const spacing = isContinental ? 14 : l.sport === "basketball" && l.code === "nba" ? 3 : 7;
  const current = isContinental ? 4 : Math.floor(rounds.length * (l.sport === "football" ? 0.4 : 0.3));
  rounds.forEach((pairs, ri) => {
    const day = anchorDay + (ri - current) * spacing + (isContinental ? 2 : 0);
    pairs.forEach(([home, away], i) => {
      const kickoff =
        ri === current && !isContinental && isCurrent
          ? roundTo5(nowTs + (TODAY_OFFSETS_MIN[i % TODAY_OFFSETS_MIN.length]! + leagueIndex * 4) * 60)
          : at(day + (l.sport === "football" ? (i % 3) - 1 : 0), i);
      out.push({
        season,
        round: isContinental ? `League phase – Matchday ${ri + 1}` : `Round ${ri + 1}`,
        home,
        away,
        kickoff,
      });
    });
  });
  // A few matches that did not go to plan (status codes 4, 5 and 8, docs/api.md "Status codes").
  const special: Record<string, [number, number, 4 | 5 | 8][]> = {
    eng1: [[current - 3, 2, 4]],
    esp1: [[current - 5, 4, 5]],
    ita1: [[current - 2, 6, 8]],
    ger1: [[current + 1, 3, 4]],
  };
  for (const [ri, i, code] of isCurrent ? (special[l.code] ?? []) : []) {
    const f = out[ri * rounds[0]!.length + i];
    if (f) f.override = code;
  }
  return out;
}

const roundTo5 = (ts: number) => Math.round(ts / 300) * 300;

function cupWinner(f: Fixture): DemoTeam {
  const p = playFootball(
    matchSeed(f),
    lineupFor(f.home, matchSeed(f)),
    lineupFor(f.away, matchSeed(f)),
    [f.home.strength, f.away.strength],
    true,
    f.force,
  );
  const homeWins = p.home !== p.away ? p.home > p.away : (p.homePens ?? 0) > (p.awayPens ?? 0);
  return homeWins ? f.home : f.away;
}

export const matchSeed = (f: Fixture) => `${f.season}:${f.home.id}:${f.away.id}:${f.round}`;
