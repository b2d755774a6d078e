// Coverage says what the routes answer (issue 49, "honest marks"): a simulated league's `coverage.stats` is true, so
// a simulated match has its team statistics once it is under way, the ones the simulator plays itself included
// (they once answered 404 "no stats yet" after full time). The demo's season is seeded for a fixed instant, then the
// simulator's feed is polled tick after tick through the one ingest path, its clock a minute per tick, until the
// matches it kicked off at the first tick have played to full time. Then every match of the leagues' current
// seasons that is under way or over answers each route its league's coverage promises, and its statistics agree with
// its timeline, score and box score (football: goals ≤ shots on target ≤ shots; basketball: the shooting adds up to
// the score).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { writePlan } from "../../src/core/auth/service";
import { dbFor } from "../../src/core/db/client";
import { pollFeed } from "../../src/core/ingest/feeds/run";
import { simulatorFeed } from "../../src/demo/simulator";
import { getJson, seed } from "../helpers/seed";

const START = Date.parse("2026-11-22T11:00:00Z");
/** A football match kicked off at the first tick is over by the 98th (45 + 3, half-time, 45 + 3). */
const TICKS = 104;
const LEAGUES = { lg_fb_eng1: "football", lg_bb_acb: "basketball" } as const;
const UNDER_WAY = [2, 3, 8, 9, 10];

const s = await seed(["eng1", "acb"], new Date(START));
// Every route of a few hundred matches, read in a minute or two: the largest plan's request budget.
await writePlan(dbFor(env.DB), s.accountId, "scale");
const get = (path: string) => getJson(path, s.key);

type Side = "home" | "away";
const SIDES: Side[] = ["home", "away"];
type Stats = { name: string; home: number; away: number }[];

/** What is wrong with a football match's statistics, given its score, timeline and box score. */
function footballProblems(m: any, stats: Stats, events: any[], box: any): string[] {
  const out: string[] = [];
  const stat = (name: string, side: Side) => {
    const row = stats.find((r) => r.name === name);
    if (!row) out.push(`no "${name}"`);
    return Number(row?.[side] ?? NaN);
  };
  const count = (side: Side, types: string[]) => events.filter((e) => e.team === side && types.includes(e.type)).length;
  const other = (side: Side): Side => (side === "home" ? "away" : "home");
  const say = (ok: boolean, what: string) => ok || out.push(`${m.id}: ${what}`);
  const [ph, pa] = [stat("Ball possession", "home"), stat("Ball possession", "away")];
  say(ph + pa === 100 && ph >= 22 && ph <= 78, `possession ${ph}–${pa}`);
  for (const side of SIDES) {
    const goals = count(side, ["goal", "penalty_goal"]);
    const onTarget = stat("Shots on target", side);
    const shots = stat("Total shots", side);
    const boxShots = (box[side] as any[]).reduce((n, l) => n + l.shots, 0);
    say(
      m[`${side}_score`] === goals + count(side, ["own_goal"]),
      `${side} score ${m[`${side}_score`]}, goals ${goals}`,
    );
    say(goals <= onTarget && onTarget <= shots, `${side}: ${goals} goals, ${onTarget} on target, ${shots} shots`);
    say(shots >= boxShots, `${side}: ${shots} shots, ${boxShots} in the box score`);
    const saves = stat("Saves", other(side));
    say(saves === onTarget - goals, `${side}: ${onTarget} on target, ${goals} goals, ${saves} saved`);
    const [yellow, red] = [stat("Yellow cards", side), stat("Red cards", side)];
    say(yellow === count(side, ["yellow_card", "second_yellow"]), `${side}: ${yellow} yellow cards`);
    say(red === count(side, ["red_card", "second_yellow"]), `${side}: ${red} red cards`);
    say(stat("Fouls", side) >= yellow + red, `${side}: fewer fouls than cards`);
    say(stat("Accurate passes", side) <= stat("Passes", side), `${side}: more accurate passes than passes`);
    if ([3, 9, 10].includes(m.status_code))
      say(onTarget >= 1 && stat("Passes", side) > 200, `${side} at full time: ${onTarget} on target`);
  }
  return out;
}

/** What is wrong with a basketball game's statistics: its shooting makes its score, the rest is the box score's. */
function basketballProblems(m: any, stats: Stats, box: any): string[] {
  const out: string[] = [];
  const stat = (name: string, side: Side) => {
    const row = stats.find((r) => r.name === name);
    if (!row) out.push(`no "${name}"`);
    return Number(row?.[side] ?? NaN);
  };
  const say = (ok: boolean, what: string) => ok || out.push(`${m.id}: ${what}`);
  for (const side of SIDES) {
    const [fgm, fga] = [stat("Field goals made", side), stat("Field goals attempted", side)];
    const [tpm, tpa] = [stat("3-pointers made", side), stat("3-pointers attempted", side)];
    const [ftm, fta] = [stat("Free throws made", side), stat("Free throws attempted", side)];
    const points = 2 * (fgm - tpm) + 3 * tpm + ftm;
    say(points === m[`${side}_score`], `${side}: shooting makes ${points}, the score is ${m[`${side}_score`]}`);
    say(fgm <= fga && tpm <= tpa && tpa <= fga && ftm <= fta, `${side}: made above attempted`);
    for (const [name, key] of [
      ["Rebounds", "rebounds"],
      ["Assists", "assists"],
      ["Steals", "steals"],
      ["Blocks", "blocks"],
      ["Turnovers", "turnovers"],
    ] as const) {
      const sum = (box[side] as any[]).reduce((n, l) => n + l[key], 0);
      say(stat(name, side) === sum, `${side}: ${name} ${stat(name, side)}, box score ${sum}`);
    }
    if ([3, 10].includes(m.status_code)) say(stat("Rebounds", side) >= 10, `${side} at full time: few rebounds`);
  }
  return out;
}

/** Every route of a match, and what is wrong with its statistics. */
async function examine(sport: string, id: string) {
  const base = `/v1/${sport}/matches/${id}`;
  const [match, events, stats, lineups, players] = await Promise.all(
    ["", "/events", "/stats", "/lineups", "/players"].map((p) => get(`${base}${p}`)),
  );
  const problems =
    stats!.status !== 200 || events!.status !== 200 || players!.status !== 200
      ? []
      : sport === "football"
        ? footballProblems(match!.body, stats!.body.data, events!.body.data, players!.body)
        : basketballProblems(match!.body, stats!.body.data, players!.body);
  return {
    match: match!.body,
    status: { events: events!.status, stats: stats!.status, lineups: lineups!.status, players: players!.status },
    stats: stats!.body.data as Stats,
    problems,
  };
}

const query = async (sql: string, ...args: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...args)
      .all<{ id: string; sport: string; status_code: number }>()
  ).results;

/** Matches not started when the simulator began: those it kicks off itself. */
let notStarted = new Set<string>();
/** What was wrong with live matches' statistics while they were played, checked now and then. */
const liveProblems: string[] = [];
/** A match the simulator kicked off, its statistics at two moments of its play. */
const growth: { id: string; stats: Stats }[] = [];

/** Possession of the matches seeded live, as the generator gave it and after the simulator's first tick. */
const handOver: { id: string; seeded: number[]; ticked?: number[] }[] = [];
const possession = (st: Stats) => {
  const row = st.find((r) => r.name === "Ball possession");
  return row ? [row.home, row.away] : [];
};

beforeAll(async () => {
  notStarted = new Set((await query("SELECT id FROM matches WHERE status_code = 1")).map((m) => m.id));
  for (const m of await query("SELECT id, sport FROM matches WHERE status_code = 2 AND sport = 'football'"))
    handOver.push({ id: m.id, seeded: possession((await examine(m.sport, m.id)).stats) });
  for (let i = 0; i < TICKS; i++) {
    await pollFeed(env, simulatorFeed, new Date(START + i * 60_000));
    if (i === 0) for (const h of handOver) h.ticked = possession((await examine("football", h.id)).stats);
    if (i % 25 !== 0) continue;
    for (const m of await query("SELECT id, sport FROM matches WHERE status_code = 2")) {
      const seen = await examine(m.sport, m.id);
      if (seen.status.stats !== 200) liveProblems.push(`${m.id} live at tick ${i}: stats ${seen.status.stats}`);
      liveProblems.push(...seen.problems.map((p) => `tick ${i}: ${p}`));
      if (m.sport === "football" && notStarted.has(m.id) && (i === 25 || i === 75))
        growth.push({ id: m.id, stats: seen.stats });
    }
  }
}, 240_000);

describe("a simulated match's statistics, while it is played and after it", () => {
  it("the simulator gives the matches it plays their statistics from the kickoff on, in agreement with the play", () => {
    expect(liveProblems).toEqual([]);
  });

  it("after full time, /stats answers 200 for the matches the simulator kicked off, with sensible values", async () => {
    const over = (await query("SELECT id, sport, status_code FROM matches WHERE status_code IN (3, 9, 10)")).filter(
      (m) => notStarted.has(m.id),
    );
    expect(over.filter((m) => m.sport === "football").length).toBeGreaterThanOrEqual(4);
    expect(over.filter((m) => m.sport === "basketball").length).toBeGreaterThanOrEqual(2);
    for (const m of over) {
      const seen = await examine(m.sport, m.id);
      expect(seen.status, m.id).toEqual({ events: 200, stats: 200, lineups: 200, players: 200 });
      expect(seen.problems).toEqual([]);
    }
  });

  it("a match seeded live keeps its statistics' footing when the simulator takes it over (same possession)", () => {
    expect(handOver.length).toBeGreaterThanOrEqual(2);
    for (const h of handOver) expect(h.ticked, h.id).toEqual(h.seeded);
  });

  it("figures the timeline does not decide only grow while a match is played", () => {
    const byId = new Map<string, Stats[]>();
    for (const g of growth) byId.set(g.id, [...(byId.get(g.id) ?? []), g.stats]);
    const pairs = [...byId.values()].filter((xs) => xs.length === 2);
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    for (const [before, after] of pairs)
      for (const name of ["Passes", "Corner kicks", "Offsides"])
        for (const side of SIDES) {
          const [a, b] = [before!, after!].map((st) => st.find((r) => r.name === name)![side]);
          expect(b, name).toBeGreaterThanOrEqual(a!);
        }
  });
});

describe("a simulated league's coverage is what the routes answer for its matches", () => {
  it("every match under way or over answers events, stats, lineups and box score; every club has a squad", async () => {
    for (const [leagueId, sport] of Object.entries(LEAGUES)) {
      const league = (await get(`/v1/${sport}/leagues`)).body.data.find((l: any) => l.id === leagueId);
      expect(league, leagueId).toMatchObject({ simulated: true });
      const { coverage } = league;
      expect(coverage, leagueId).toMatchObject({ events: true, lineups: true, stats: true, players: true });
      const matches = await query(
        "SELECT m.id, m.status_code FROM matches m JOIN leagues l ON l.id = m.league_id AND l.season = m.season WHERE m.league_id = ?",
        leagueId,
      );
      const underWay = matches.filter((m) => UNDER_WAY.includes(m.status_code));
      expect(underWay.length, leagueId).toBeGreaterThan(50);
      const wrong: string[] = [];
      for (let i = 0; i < underWay.length; i += 10) {
        const seen = await Promise.all(underWay.slice(i, i + 10).map((m) => examine(sport, m.id)));
        for (const x of seen) {
          for (const flag of ["events", "lineups", "stats", "players"] as const) {
            const promised = coverage[flag] ? 200 : 404;
            if (x.status[flag] !== promised) wrong.push(`${x.match.id}: ${flag} ${x.status[flag]}`);
          }
          wrong.push(...x.problems);
        }
      }
      expect(wrong).toEqual([]);
      // `players`: the clubs of the season have squads (and, above, every match under way its box score).
      const table = (await get(`/v1/${sport}/leagues/${leagueId}/standings`)).body.standings;
      for (const row of table) {
        const squad = await get(`/v1/${sport}/teams/${row.team_id}/squad`);
        expect(squad.status, row.team_id).toBe(200);
        expect(squad.body.players.length, row.team_id).toBeGreaterThanOrEqual(sport === "football" ? 23 : 13);
      }
    }
  });
});
