// Squads, coaches and lineups for demo teams, derived from the team id so they are stable across matches.
import type { Sport } from "../core/domain/codes";
import type { Lineup, Player } from "../core/domain/schemas";
import { clubSlot, COACH_SLOT, HOME_POOLS, nameAt, NATIONALITIES } from "./names";
import { int, pick, rngFor, shuffle, type Rng } from "./random";
import { utcDay } from "../lib/time";

export interface DemoTeam {
  id: string;
  sport: Sport;
  name: string;
  country: string;
  nation: string;
  venue: string;
  capacity: number;
  strength: number;
}

/** A squad member: the lineup entry plus what the players table holds. */
export interface DemoPlayer extends Omit<Player, "number"> {
  number: number | null;
  player_id: string;
  nationality: string;
  birth_date: string;
}

export interface Squad {
  players: DemoPlayer[];
  coach: string;
  formation: string | null;
}

const FORMATIONS = ["4-3-3", "4-2-3-1", "4-4-2", "3-5-2", "3-4-3", "4-1-4-1"];
const FOOTBALL_SHAPE: [string, number][] = [
  ["G", 3],
  ["D", 8],
  ["M", 7],
  ["F", 5],
];
const BASKETBALL_SHAPE: [string, number][] = [
  ["PG", 3],
  ["SG", 2],
  ["SF", 3],
  ["PF", 2],
  ["C", 3],
];

/** Most players share the club's nation; some come from elsewhere. Names are invented and unique (./names.ts). */
function person(r: Rng, team: DemoTeam, place: number) {
  const home = HOME_POOLS[team.nation] ?? HOME_POOLS.eu!;
  const nationality = r() < 0.65 ? pick(r, home) : pick(r, NATIONALITIES);
  return { name: nameAt(nationality, clubSlot(team.sport, team.name) + place), nationality };
}

const DAY_MS = 86_400_000;
/** Born between 1990 and 2006. */
const birthDate = (r: Rng) => utcDay(Date.UTC(1990, 0, 1) + int(r, 0, 17 * 365) * DAY_MS);

const cache = new Map<string, Squad>();

export function squadOf(team: DemoTeam): Squad {
  const hit = cache.get(team.id);
  if (hit) return hit;
  const r = rngFor(`squad:${team.id}`);
  const shape = team.sport === "football" ? FOOTBALL_SHAPE : BASKETBALL_SHAPE;
  const numbers = shuffle(
    r,
    Array.from({ length: 98 }, (_, i) => i + 2),
  );
  const players: DemoPlayer[] = [];
  for (const [position, count] of shape) {
    for (let i = 0; i < count; i++) {
      const p = person(r, team, players.length);
      const number = team.sport === "football" && position === "G" && i === 0 ? 1 : numbers.pop()!;
      const player_id = `pl_${team.id.slice(3)}_${players.length + 1}`;
      players.push({ ...p, number, position, player_id, birth_date: birthDate(r) });
    }
  }
  const squad = {
    players,
    coach: person(r, team, COACH_SLOT).name,
    formation: team.sport === "football" ? pick(r, FORMATIONS) : null,
  };
  cache.set(team.id, squad);
  return squad;
}

/** The club whose squad a player id is of ("pl_fb_arsenal_3", "pl_fb_arsenal_r2" → "tm_fb_arsenal"). */
export const clubIdOfPlayer = (playerId: string) => `tm_${playerId.slice(3).replace(/_r?\d+$/, "")}`;

/** Academy players (never in a lineup): the benchmark data set's squads are deeper, for ≥ 10k players. */
export function reservesOf(team: DemoTeam, n: number): DemoPlayer[] {
  const r = rngFor(`reserves:${team.id}`);
  const positions = (team.sport === "football" ? FOOTBALL_SHAPE : BASKETBALL_SHAPE).map(([p]) => p);
  // Past RESERVE_SLOTS (20, the benchmark's), reserves take the next club's places: invented, not unique.
  return Array.from({ length: n }, (_, i) => ({
    ...person(r, team, COACH_SLOT + 1 + i),
    number: null,
    position: pick(r, positions),
    player_id: `pl_${team.id.slice(3)}_r${i + 1}`,
    birth_date: birthDate(r),
  }));
}

/** A match-day lineup: the first-choice players with a little rotation from the match seed. */
export function lineupFor(team: DemoTeam, matchSeed: string): Lineup {
  const squad = squadOf(team);
  const r = rngFor(`lineup:${matchSeed}:${team.id}`);
  const entry = ({ name, number, position, player_id }: DemoPlayer): Player => ({ name, number, position, player_id });
  const byPos = (p: string) => squad.players.filter((x) => x.position === p).map(entry);
  if (team.sport === "basketball") {
    const order = ["PG", "SG", "SF", "PF", "C"].map((p) => rotate(r, byPos(p)));
    const starters = order.map((xs) => xs[0]!);
    const rest = order.flatMap((xs) => xs.slice(1));
    return { formation: null, starters, substitutes: rest.slice(0, 8), coach: squad.coach };
  }
  const parts = squad.formation!.split("-").map(Number);
  const need = { G: 1, D: parts[0]!, M: parts.slice(1, -1).reduce((a, b) => a + b, 0), F: parts[parts.length - 1]! };
  const starters: Player[] = [];
  const bench: Player[] = [];
  for (const pos of ["G", "D", "M", "F"] as const) {
    const xs = pos === "G" ? byPos(pos) : rotate(r, byPos(pos));
    starters.push(...xs.slice(0, need[pos]));
    bench.push(...xs.slice(need[pos]));
  }
  return { formation: squad.formation, starters, substitutes: bench.slice(0, 9), coach: squad.coach };
}

function rotate(r: Rng, xs: Player[]): Player[] {
  if (xs.length < 3 || r() > 0.3) return xs;
  const i = int(r, 0, 1);
  const j = int(r, 2, xs.length - 1);
  const out = [...xs];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
