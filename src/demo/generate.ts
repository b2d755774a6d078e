// Deterministic demo data around a given instant: per league the previous season (all played) and the
// current one with today in the middle of it. The benchmark data set adds older seasons and more leagues.
import type { Lineup, StandingRow, StatRow } from "../core/domain/schemas";
import { TableBuilder } from "../core/domain/standings";
import { basketballAt, playBasketball } from "./basketball";
import { EXTENDED_LEAGUES, LEAGUES, type LeagueSpec } from "./catalog";
import type { DemoEvent } from "./events";
import { clockAt, eventOrder, isGoal, playFootball } from "./football";
import { isFinished, STATUS } from "../core/domain/codes";
import type { Searchable } from "../core/db/queries/search-index";
import { basketballLines, footballLines, withPlayerIds, type LineRow } from "./box-scores";
import { addPeople, liveMinute, SeasonLines, shortName } from "./people";
import { pick, rngFor, shuffle } from "./random";
import { buildTeams, fixturesOf, matchSeed, seasonOf, type Fixture } from "./schedule";
import { lineupFor, type DemoTeam } from "./squads";
import { refereesOf } from "./names";
import { basketballTeamStats, footballTeamStats, possessionLean, type StatLine } from "./team-stats";
import { rfc3339 } from "../lib/time";

const DAY = 86_400;

export interface DemoData {
  day: number;
  season: string;
  leagues: Record<string, unknown>[];
  teams: Record<string, unknown>[];
  matches: Record<string, unknown>[];
  events: Record<string, unknown>[];
  stats: { match_id: string; data: string; updated_at: string }[];
  lineups: { match_id: string; home: string; away: string; updated_at: string }[];
  standings: { league_id: string; season: string; as_of: string; rows: string }[];
  snapshots: { match_id: string; league_id: string; season: string; as_of_ts: number; as_of: string; rows: string }[];
  players: Record<string, unknown>[];
  lines: Record<string, unknown>[];
  seasonStats: Record<string, unknown>[];
  search: Searchable[];
}

/** Academy players per team in the benchmark data set (≥ 10k players in all). */
const BENCH_RESERVES = 20;
const leagueIdOf = (l: LeagueSpec) => `lg_${l.sport === "football" ? "fb" : "bb"}_${l.code}`;
/** The competitions generated: every demo league, or those in `only`; `extended` adds the benchmark's extra ones. */
const catalog = (extended = false) => (extended ? [...LEAGUES, ...EXTENDED_LEAGUES] : LEAGUES);
const demoLeagues = (only?: readonly string[], extended = false) =>
  catalog(extended).filter((l) => !only || only.includes(l.code));
export const demoLeagueIds = (only?: readonly string[], extended = false) =>
  demoLeagues(only, extended).map(leagueIdOf);

export interface DemoSelection {
  /** League codes to generate (tests use a few to keep seeding fast); default every demo league. */
  only?: readonly string[];
  /** Add the benchmark's extra competitions (catalog EXTENDED_LEAGUES). */
  extended?: boolean;
  /** Real past seasons are imported (npm start): no invented previous season for the leagues that have them. */
  realHistory?: boolean;
}

/** The current season (today in its middle) and the previous one, with the leagues and teams. */
export const generateDemo = (now: Date, sel: DemoSelection = {}): DemoData => generateSeasons(now, sel, [1, 0], true);

/** One finished season `yearsBack` years before the current one (≥ 2: history for the benchmark data set). */
export const generateHistory = (now: Date, sel: DemoSelection, yearsBack: number): DemoData =>
  generateSeasons(now, sel, [yearsBack], false);

function generateSeasons(now: Date, sel: DemoSelection, yearsBack: number[], withCatalog: boolean): DemoData {
  const nowTs = Math.floor(now.getTime() / 1000);
  const anchorDay = Math.floor(nowTs / DAY);
  const season = seasonOf(now);
  const nowIso = rfc3339(nowTs * 1000);
  const allTeams = buildTeams(sel.extended);
  const data: DemoData = {
    day: anchorDay,
    season,
    leagues: [],
    teams: [],
    matches: [],
    events: [],
    stats: [],
    lineups: [],
    standings: [],
    snapshots: [],
    players: [],
    lines: [],
    seasonStats: [],
    search: [],
  };
  if (withCatalog) {
    for (const t of allTeams.values())
      data.teams.push({
        id: t.id,
        sport: t.sport,
        name: t.name,
        country: t.country,
        short_name: shortName(t.name),
        venue: t.venue,
        logo_url: null,
      });
    addPeople(data, demoLeagues(sel.only, sel.extended), allTeams, leagueIdOf, sel.extended ? BENCH_RESERVES : 0);
  }

  catalog(sel.extended).forEach((l, leagueIndex) => {
    if (sel.only && !sel.only.includes(l.code)) return;
    const leagueId = leagueIdOf(l);
    if (withCatalog)
      data.leagues.push({
        id: leagueId,
        sport: l.sport,
        country: l.country,
        name: l.name,
        season,
        logo_url: null,
        format: l.format,
        updated_at: nowIso,
        // Its current season is the simulator's (docs/data.md "Coverage").
        simulated: 1,
        has_live: 0,
      });
    const teams = l.teams.map((row) => allTeams.get(`${l.sport}:${row.split("|")[0]}`)!);
    // Earlier seasons are the same calendar whole years (of 52 weeks) earlier, so every match of them has been played.
    for (const back of yearsBack) {
      if (back > 0 && sel.realHistory && l.realHistory) continue;
      const s = seasonOf(new Date((nowTs - 365 * back * DAY) * 1000));
      const day = anchorDay - 364 * back;
      playSeason(l, leagueId, s, teams, fixturesOf(l, s, teams, day, nowTs, leagueIndex), nowTs, nowIso, data);
    }
  });
  return data;
}

function playSeason(
  l: LeagueSpec,
  leagueId: string,
  season: string,
  teams: DemoTeam[],
  fixtures: Fixture[],
  nowTs: number,
  nowIso: string,
  data: DemoData,
) {
  const finished: { ts: number; matchId: string; input: Parameters<TableBuilder["add"]>[0] }[] = [];
  const totals = new SeasonLines(leagueId, season);
  // The generation day is part of match ids: tomorrow's regenerated season is a different set of matches, so no
  // MatchRoom (seq, replay log) is ever reused for another timeline.
  const generated = nowIso.slice(0, 10).replace(/-/g, "");
  fixtures
    .sort((a, b) => a.kickoff - b.kickoff)
    .forEach((f, n) => {
      const id = `m_${l.code}_${season.slice(0, 4)}_${String(n + 1).padStart(4, "0")}_${generated}`;
      const row = playMatch(l, leagueId, season, id, f, nowTs, nowIso, data);
      if (isFinished(row.status)) totals.add(row.lines, f);
      if (row.finishedTs !== null) {
        finished.push({
          ts: row.finishedTs,
          matchId: id,
          input: {
            homeTeamId: f.home.id,
            awayTeamId: f.away.id,
            homeTeam: f.home.name,
            awayTeam: f.away.name,
            homeScore: row.home,
            awayScore: row.away,
            statusCode: row.status,
            kickoffTs: f.kickoff,
          },
        });
      }
    });
  data.seasonStats.push(...totals.rows());
  if (l.format !== "league") return;
  const table = new TableBuilder(
    l.sport,
    teams.map((t) => ({ id: t.id, name: t.name })),
  );
  let rows: StandingRow[] = table.rows();
  let asOf = nowIso;
  for (const m of finished.sort((a, b) => a.ts - b.ts)) {
    table.add(m.input);
    rows = table.rows();
    asOf = rfc3339(m.ts * 1000);
    data.snapshots.push({
      match_id: m.matchId,
      league_id: leagueId,
      season,
      as_of_ts: m.ts,
      as_of: asOf,
      rows: JSON.stringify(rows),
    });
  }
  data.standings.push({ league_id: leagueId, season, as_of: asOf, rows: JSON.stringify(rows) });
}

/** Writes one fixture's match row (and events, stats, lineups) as it stands at `nowTs`. */
function playMatch(
  l: LeagueSpec,
  leagueId: string,
  season: string,
  id: string,
  f: Fixture,
  nowTs: number,
  nowIso: string,
  data: DemoData,
) {
  const seed = matchSeed(f);
  const r = rngFor(`extras:${seed}`);
  const home = lineupFor(f.home, seed);
  const away = lineupFor(f.away, seed);
  const elapsed = (nowTs - f.kickoff) / 60;
  const base = {
    id,
    sport: l.sport,
    league_id: leagueId,
    season,
    round: f.round,
    home_team_id: f.home.id,
    away_team_id: f.away.id,
    home_team: f.home.name,
    away_team: f.away.name,
    home_formation: home.formation,
    away_formation: away.formation,
    // Basketball has a crew of three different referees.
    referee: l.sport === "football" ? refereeFor(l, r) : shuffle(r, refereePool(l)).slice(0, 3).join(", "),
    venue: f.home.venue,
    kickoff_ts: f.kickoff,
  };
  let status = 1;
  let score: [number, number] = [0, 0];
  let live: Record<string, number | null> = {};
  let extra: Record<string, unknown> = {};
  let events: DemoEvent[] = [];
  let stats: StatRow[] | null = null;
  let finishedTs: number | null = null;
  let lines: LineRow[] = [];
  const lr = rngFor(`lines:${seed}`);

  if (f.override === 4 || f.override === 5 || elapsed < 0) {
    status = f.override ?? 1;
  } else if (l.sport === "football") {
    const p = playFootball(seed, home, away, [f.home.strength, f.away.strength], f.knockout ?? false, f.force);
    const stop = f.override === 8 ? Math.min(elapsed, 67) : elapsed;
    if (stop >= p.durationMin) {
      status = p.status;
      events = p.events;
      score = [p.home, p.away];
      extra = {
        ht_home_score: p.htHome,
        ht_away_score: p.htAway,
        home_penalties: p.homePens,
        away_penalties: p.awayPens,
      };
      finishedTs = f.kickoff + p.durationMin * 60;
    } else {
      const c = clockAt(p, stop);
      events = p.events.filter(
        (e) =>
          eventOrder(e) <=
            eventOrder({ period: c.period === 38 ? 13 : c.period, minute: c.minute, added_time: c.added }) &&
          !(c.period === 38 && e.period === 13),
      );
      score = [
        events.filter((e) => isGoal(e) && e.team === "home").length,
        events.filter((e) => isGoal(e) && e.team === "away").length,
      ];
      status = f.override ?? 2;
      if (status === STATUS.LIVE) live = { period: c.period, minute: c.minute, added_time: c.added };
      if (c.period !== 12) extra = { ht_home_score: p.htHome, ht_away_score: p.htAway };
    }
    // Minutes played: the live clock, or the whole match (with extra time) once it is over.
    const now = finishedTs !== null ? (status === STATUS.FINISHED ? 90 : 120) : liveMinute(p, stop);
    lines = footballLines(lr, events, home, away, now);
    const lineShots = (side: string) => lines.reduce((n, x) => n + (x.side === side ? Number(x.shots) : 0), 0);
    stats = footballTeamStats(id, events, now, possessionLean(f.home.strength, f.away.strength), {
      home: lineShots("home"),
      away: lineShots("away"),
    });
  } else {
    const p = playBasketball(seed, home, away, [f.home.strength, f.away.strength]);
    if (elapsed >= p.durationMin) {
      status = p.status;
      events = p.events;
      score = [p.home, p.away];
      const half = p.quarters.slice(0, 2).reduce((s, [h, a]) => [s[0] + h, s[1] + a], [0, 0]);
      extra = { ht_home_score: half[0], ht_away_score: half[1] };
      finishedTs = f.kickoff + p.durationMin * 60;
    } else {
      const s = basketballAt(p, elapsed);
      status = 2;
      score = [s.home, s.away];
      live = { period: s.period, game_clock_secs: s.clock, minute: null };
      events = p.events.filter((e) => e.minute < s.gameMinute);
    }
    const played = Math.min(1, elapsed / p.durationMin);
    lines = basketballLines(lr, score, home, away, played);
    stats = basketballTeamStats(id, lines as StatLine[], played);
  }

  const started = status !== STATUS.SCHEDULED && status !== STATUS.POSTPONED && status !== STATUS.CANCELLED;
  data.matches.push({
    ...base,
    home_score: score[0],
    away_score: score[1],
    status_code: status,
    period: null,
    minute: null,
    added_time: null,
    game_clock_secs: null,
    ht_home_score: null,
    ht_away_score: null,
    home_penalties: null,
    away_penalties: null,
    ...live,
    ...extra,
    attendance: started ? Math.round(f.home.capacity * (0.72 + r() * 0.27)) : null,
    finished_at: finishedTs === null ? null : rfc3339(finishedTs * 1000),
    updated_at: finishedTs !== null ? rfc3339(finishedTs * 1000) : nowIso,
    // The simulator's own (migration 0015): the only matches it plays.
    simulated: 1,
  });
  withPlayerIds(events, home, away).forEach((e, i) =>
    data.events.push({ id: `${id}_e${i + 1}`, match_id: id, seq: i + 1, ...e }),
  );
  for (const line of lines) data.lines.push({ match_id: id, ...line });
  if (started && stats) data.stats.push({ match_id: id, data: JSON.stringify(stats), updated_at: nowIso });
  // Lineups are published about an hour before kickoff.
  if (started || f.kickoff - nowTs <= 3600) {
    data.lineups.push({
      match_id: id,
      home: JSON.stringify(home as Lineup),
      away: JSON.stringify(away as Lineup),
      updated_at: nowIso,
    });
  }
  return { status, home: score[0], away: score[1], finishedTs: status === STATUS.ABANDONED ? null : finishedTs, lines };
}

/** Referees per catalogue nation: invented, as the players are (./names.ts); as many as each pool has always had. */
const REFEREE_COUNT: Record<string, number> = { en: 6, es: 5, it: 5, de: 5, fr: 5, eu: 5, us: 6 };
const REFEREES: Record<string, string[]> = Object.fromEntries(
  Object.entries(REFEREE_COUNT).map(([nation, n]) => [nation, refereesOf(nation, n)]),
);
const refereePool = (l: LeagueSpec) => REFEREES[l.nation] ?? REFEREES.eu!;
const refereeFor = (l: LeagueSpec, r: () => number) => pick(r, refereePool(l));
