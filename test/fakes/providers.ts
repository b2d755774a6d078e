// Local fakes of API-Football v3, API-Basketball v1 and football-data.org v4: they play the scripted match day of
// ./match-day.ts in each provider's documented shape (docs/providers.md), with its quirks (errors inside 200 bodies, the
// quota headers, lower-case `subst`, shoot-out kicks as `Goal` events, `fullTime` counting shoot-out goals), and
// faults a test can queue. Used in-process by the Workers tests (`fake.fetch`) and over HTTP by scripts/fake-provider.mjs
// and the end-to-end tests (./server.ts). Hand-written; nothing is copied from a provider's payload.
import {
  BASKETBALL_DAY,
  BB_SEASON,
  FOOTBALL_DAY,
  SEASON,
  type NEvent,
  type NGame,
  type NMatch,
  type NState,
  type Person,
} from "./match-day";

export type FakeKind = "api-football" | "api-basketball" | "football-data";
export type Fault =
  | "error-in-200"
  | "quota-in-200"
  | "429"
  | "timeout"
  | "500"
  | "unknown-status"
  | "extra-fields"
  /** Values no real answer has (issue 47): 100 KB texts with NUL, BEL and RLO, scores of -3 and 10^9, a script URL. */
  | "hostile"
  /** A valid answer of 11 MiB: with its Content-Length, and (`huge-chunked`) streamed without one. */
  | "huge"
  | "huge-chunked";

/** What a hostile provider writes over each fixture (API-Football). */
export function hostile(fixture: any) {
  const long = (s: string) => s + "\u0007" + "A".repeat(100_000);
  fixture.fixture.referee = long("Ref\u0000eree");
  fixture.fixture.venue = { ...fixture.fixture.venue, name: "Stadium\u202emuidatS" };
  fixture.teams.away.logo = "javascript:alert(1)";
  fixture.goals = { home: -3, away: 1_000_000_000 };
  for (const e of fixture.events ?? []) if (e.player) e.player.name = long(e.player.name ?? "");
  return fixture;
}

export interface FakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class FakeProvider {
  step = 0;
  /** Faults for the next calls, in order (one per call). */
  faults: Fault[] = [];
  /** Every call's path and query, in order. */
  calls: string[] = [];
  perMinute = 300;
  perDay = 7500;
  private dayUsed = 0;
  private minute: number[] = [];
  private dayOf = "";

  constructor(
    readonly kind: FakeKind,
    /** The match day, YYYY-MM-DD; kickoffs are 12:00 UTC plus each match's offset. */
    readonly day: string,
    readonly clock: () => number = () => Date.now(),
    /** The first kickoff (ms); the day's matches kick off from it (default 12:00 UTC of `day`). */
    readonly start: number = Date.parse(`${day}T12:00:00Z`),
  ) {}

  get stepCount() {
    return this.kind === "api-basketball" ? BASKETBALL_DAY[0]!.states.length : FOOTBALL_DAY[0]!.states.length;
  }

  /** For in-process use as `fetch`: a "timeout" fault hangs until the caller's signal aborts. */
  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = this.answer(url, new Headers(init?.headers));
    if (answer === "hang")
      return new Promise((_, reject) => {
        const signal = init?.signal;
        if (!signal) return;
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason));
      });
    if (answer.headers["x-fake-chunked"]) {
      // No Content-Length: the body arrives as a stream, in 1 MiB chunks.
      const bytes = new TextEncoder().encode(answer.body);
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (at >= bytes.length) return c.close();
          c.enqueue(bytes.subarray(at, (at += 1024 * 1024)));
        },
      });
      return new Response(body, { status: answer.status, headers: answer.headers });
    }
    const headers = { ...answer.headers, "content-length": String(new TextEncoder().encode(answer.body).length) };
    return new Response(answer.body, { status: answer.status, headers });
  };

  answer(url: URL, headers: Headers): FakeAnswer | "hang" {
    const now = this.clock();
    firstKickoff = Math.floor(this.start / 1000) * 1000;
    this.calls.push(`${url.pathname}${url.search}`);
    const fault = this.faults.shift();
    if (fault === "timeout") return "hang";
    // The quota, as the provider counts it.
    const today = new Date(now).toISOString().slice(0, 10);
    if (today !== this.dayOf) [this.dayOf, this.dayUsed] = [today, 0];
    this.minute = this.minute.filter((t) => t > now - 60_000);
    this.minute.push(now);
    this.dayUsed++;
    const overMinute = this.minute.length > this.perMinute;
    const overDay = this.dayUsed > this.perDay;
    if (this.kind === "football-data") return this.footballData(url, headers, fault, overMinute || overDay);
    return this.apiSports(url, headers, fault, overMinute, overDay);
  }

  // ---------- API-Sports (football and basketball) ----------
  private apiSports(
    url: URL,
    headers: Headers,
    fault: Fault | undefined,
    overMinute: boolean,
    overDay: boolean,
  ): FakeAnswer {
    const quota = {
      "content-type": "application/json",
      "x-ratelimit-requests-limit": String(this.perDay),
      "x-ratelimit-requests-remaining": String(Math.max(0, this.perDay - this.dayUsed)),
      "X-RateLimit-Limit": String(this.perMinute),
      "X-RateLimit-Remaining": String(Math.max(0, this.perMinute - this.minute.length)),
    };
    const params = Object.fromEntries(url.searchParams);
    const envelope = (response: unknown[], errors: unknown = []) =>
      JSON.stringify({
        get: url.pathname.replace(/^\//, ""),
        parameters: Object.keys(params).length ? params : [],
        errors,
        results: response.length,
        ...(this.kind === "api-football" ? { paging: { current: 1, total: 1 } } : {}),
        response,
        // A valid answer padded past 10 MiB with a key adapters ignore.
        ...(fault === "huge" || fault === "huge-chunked" ? { padding: "x".repeat(11 * 1024 * 1024) } : {}),
      });
    const ok = (response: unknown[], errors: unknown = []) => ({
      status: 200,
      headers: fault === "huge-chunked" ? { ...quota, "x-fake-chunked": "1" } : quota,
      body: envelope(response, errors),
    });
    if (!headers.has("x-apisports-key")) return ok([], { token: "Error/Missing application key." });
    if (fault === "500")
      return {
        status: 500,
        headers: quota,
        body: JSON.stringify({ message: "Something went wrong while fetching details. Try again later." }),
      };
    // Over the minute: the minute's counter at 0 (the day's says what is left of the day).
    if (fault === "429")
      return {
        status: 429,
        headers: { ...quota, "X-RateLimit-Remaining": "0" },
        body: envelope([], { rateLimit: "Too many requests." }),
      };
    if (fault === "quota-in-200" || overMinute)
      return ok([], { rateLimit: `Too many requests. Your rate limit is ${this.perMinute} requests per minute.` });
    if (overDay) return ok([], { requests: "You have reached the request limit for the day." });
    if (fault === "error-in-200") return ok([], { league: "The League field cannot be used with the Search field." });
    if (Object.keys(params).length === 0) return ok([], { required: "At least one parameter is required." });
    const extra = fault === "extra-fields";
    const unknown = fault === "unknown-status";
    if (this.kind === "api-football") {
      if (url.pathname !== "/fixtures") return ok([], { endpoint: "This endpoint does not exist in this fake." });
      return ok(
        this.fixtures(params).map(({ m, full }) => {
          const f = afFixture(m, this.state(m), this.day, full, extra, unknown);
          return fault === "hostile" ? hostile(f) : f;
        }),
      );
    }
    if (url.pathname !== "/games") return ok([], { endpoint: "This endpoint does not exist in this fake." });
    return ok(
      this.games(params).map((g) =>
        abGame(g, g.states[Math.min(this.step, g.states.length - 1)]!, this.day, extra, unknown),
      ),
    );
  }

  private state(m: NMatch): NState {
    return m.states[Math.min(this.step, m.states.length - 1)]!;
  }

  /** API-Football `/fixtures`: by id(s) (with events, lineups, statistics), live, date + league, league + season. */
  private fixtures(q: Record<string, string>): { m: NMatch; full: "all" | "events" | "none" }[] {
    const all = FOOTBALL_DAY;
    const inLeague = (m: NMatch) => !q.league || String(m.league.id) === q.league;
    const inSeason = (m: NMatch) => !q.season || q.season === String(SEASON);
    if (q.id || q.ids) {
      const ids = (q.ids ?? q.id)!.split("-");
      return all.filter((m) => ids.includes(String(m.id))).map((m) => ({ m, full: "all" as const }));
    }
    if (q.live) {
      const leagues = q.live === "all" ? null : q.live.split("-");
      return all
        .filter(
          (m) =>
            (!leagues || leagues.includes(String(m.league.id))) &&
            ["1H", "HT", "2H", "ET", "BT", "P"].includes(this.state(m).status),
        )
        .map((m) => ({ m, full: "events" as const }));
    }
    return all
      .filter((m) => inLeague(m) && inSeason(m) && (!q.date || q.date === this.day))
      .map((m) => ({ m, full: "none" as const }));
  }

  private games(q: Record<string, string>): NGame[] {
    return BASKETBALL_DAY.filter(
      (g) =>
        (!q.id || q.id === String(g.id)) &&
        (!q.league || q.league === String(g.league.id)) &&
        (!q.season || q.season === BB_SEASON || q.season === BB_SEASON.slice(0, 4)) &&
        (!q.date || q.date === this.day),
    );
  }

  // ---------- football-data.org ----------
  private footballData(url: URL, headers: Headers, fault: Fault | undefined, over: boolean): FakeAnswer {
    const left = Math.max(0, this.perMinute - this.minute.length);
    const h = {
      "content-type": "application/json",
      "X-API-Version": "v4",
      "X-Requests-Available-Minute": String(left),
      "X-RequestCounter-Reset": "60",
    };
    const json = (status: number, body: unknown, extraHeaders: Record<string, string> = {}) => ({
      status,
      headers: { ...h, ...extraHeaders },
      body: JSON.stringify(body),
    });
    if (!headers.has("x-auth-token"))
      return json(403, {
        message:
          "The resource you are looking for is restricted. Please pass a valid API token and check your subscription for permission.",
        errorCode: 403,
      });
    if (fault === "429" || fault === "quota-in-200" || over)
      return json(
        429,
        { message: "You reached your request limit. Wait 31 seconds.", errorCode: 429 },
        { "X-Requests-Available-Minute": "0", "X-RequestCounter-Reset": "31" },
      );
    if (fault === "500") return json(500, { message: "Internal error", errorCode: 500 });
    if (fault === "error-in-200") return json(400, { message: "Filter dateFrom is not a valid date.", errorCode: 400 });
    const extra = fault === "extra-fields";
    const unknown = fault === "unknown-status";
    // Served under the API's version path, as the real base URL is (FOOTBALL_DATA_BASE_URL ends in /v4).
    const path = url.pathname.replace(/^\/v4(?=\/)/, "");
    const single = /^\/matches\/(\d+)$/.exec(path);
    if (single) {
      const m = FOOTBALL_DAY.find((x) => String(x.id) === single[1]);
      if (!m) return json(404, { message: "The resource you are looking for does not exist.", errorCode: 404 });
      return json(200, fdMatch(m, this.state(m), this.day, true, extra, unknown));
    }
    const list = /^\/competitions\/([A-Za-z0-9]+)\/matches$/.exec(path);
    if (!list) return json(404, { message: "The resource you are looking for does not exist.", errorCode: 404 });
    const code = list[1]!;
    const q = Object.fromEntries(url.searchParams);
    const matches = FOOTBALL_DAY.filter(
      (m) =>
        (m.league.code === code || String(fdCompetition(m).id) === code) &&
        (!q.season || q.season === String(SEASON)) &&
        (!q.dateFrom || (q.dateFrom <= this.day && this.day <= (q.dateTo ?? q.dateFrom))),
    );
    const first = matches[0];
    return json(200, {
      filters: { ...q, permission: "TIER_ONE" },
      resultSet: {
        count: matches.length,
        first: this.day,
        last: this.day,
        played: matches.filter((m) => ["FT", "AET", "PEN"].includes(this.state(m).status)).length,
      },
      competition: first ? fdCompetition(first) : { id: 0, code },
      matches: matches.map((m) => fdMatch(m, this.state(m), this.day, false, extra, unknown)),
    });
  }
}

/** Set per answer from the fake's `start`: the renderers below place kickoffs from it. */
let firstKickoff = 0;
const kickoff = (_day: string, min: number) => firstKickoff + min * 60_000;
const logo = (kind: string, id: number) => `https://media.example.com/${kind}/${id}.png`;

// ---------- API-Football shapes (docs/providers.md "API-Football") ----------
const AF_LONG: Record<string, string> = {
  NS: "Not Started",
  "1H": "First Half",
  HT: "Halftime",
  "2H": "Second Half",
  ET: "Extra Time",
  BT: "Break Time",
  P: "Penalty In Progress",
  FT: "Match Finished",
  AET: "Match Finished",
  PEN: "Match Finished",
  PST: "Match Postponed",
};

function afFixture(
  m: NMatch,
  s: NState,
  day: string,
  full: "all" | "events" | "none",
  extra: boolean,
  unknown: boolean,
) {
  const ko = kickoff(day, m.kickoffMin);
  const started = s.status !== "NS" && s.status !== "PST";
  const team = (t: Person, side: "home" | "away") => {
    const [h, a] = s.goals;
    const lead = side === "home" ? h - a : a - h;
    const pen = s.pen ? (side === "home" ? s.pen[0] - s.pen[1] : s.pen[1] - s.pen[0]) : 0;
    return {
      id: t.id,
      name: t.name,
      logo: logo("teams", t.id),
      winner: !started ? null : lead !== 0 ? lead > 0 : pen !== 0 && s.status === "PEN" ? pen > 0 : null,
    };
  };
  const pair = (p: [number, number] | undefined) => ({ home: p?.[0] ?? null, away: p?.[1] ?? null });
  const regular = s.et ? ([s.goals[0] - s.et[0], s.goals[1] - s.et[1]] as [number, number]) : s.goals;
  const fixture: Record<string, unknown> = {
    fixture: {
      id: m.id,
      referee: "Pat Whistler, England",
      timezone: "UTC",
      date: new Date(ko).toISOString().replace(".000Z", "+00:00"),
      timestamp: ko / 1000,
      periods: {
        first: started ? ko / 1000 : null,
        second: ["2H", "ET", "BT", "P", "FT", "AET", "PEN"].includes(s.status) ? ko / 1000 + 3600 : null,
      },
      venue: { id: null, name: `${m.home.name} Ground`, city: "Somewhere" },
      status: {
        long: unknown ? "Something New" : AF_LONG[s.status],
        short: unknown ? "XYZ" : s.status,
        elapsed: s.elapsed,
        extra: null,
      },
    },
    league: {
      id: m.league.id,
      name: m.league.name,
      country: m.league.country,
      logo: logo("leagues", m.league.id),
      flag: null,
      season: SEASON,
      round: m.league.cup ? "Round of 16" : "Regular Season - 14",
      standings: !m.league.cup,
    },
    teams: { home: team(m.home, "home"), away: team(m.away, "away") },
    goals: started ? pair(s.goals) : { home: null, away: null },
    score: {
      halftime: pair(s.ht ?? (s.status === "1H" ? s.goals : undefined)),
      fulltime: ["FT", "AET", "PEN", "ET", "BT", "P"].includes(s.status) ? pair(regular) : pair(undefined),
      extratime: pair(s.et),
      penalty: pair(s.pen),
    },
  };
  if (full !== "none") fixture.events = s.events.map((e) => afEvent(m, e));
  if (full === "all") {
    fixture.lineups = [afLineup(m.home, "home"), afLineup(m.away, "away")];
    fixture.statistics = started ? [afStats(m.home, s, 0), afStats(m.away, s, 1)] : [];
    fixture.players = [];
  }
  if (extra)
    Object.assign(fixture, {
      odds_preview: { available: false },
      fixture_v4: { note: "a field this adapter does not know" },
    });
  return fixture;
}

function afEvent(m: NMatch, e: NEvent) {
  const team = e.side === "home" ? m.home : m.away;
  const base = {
    time: { elapsed: e.minute, extra: e.extra ?? null },
    team: { id: team.id, name: team.name, logo: logo("teams", team.id) },
    player: { id: e.player.id, name: e.player.name },
    assist: { id: e.other?.id ?? null, name: e.other?.name ?? null },
    comments: null as string | null,
  };
  switch (e.kind) {
    case "goal":
      return { ...base, type: "Goal", detail: "Normal Goal" };
    case "own_goal":
      return { ...base, type: "Goal", detail: "Own Goal" };
    case "penalty":
      return { ...base, type: "Goal", detail: "Penalty" };
    case "missed_penalty":
      return { ...base, type: "Goal", detail: "Missed Penalty" };
    case "yellow":
      return { ...base, type: "Card", detail: "Yellow Card", comments: "Foul" };
    case "red":
      return { ...base, type: "Card", detail: "Red Card", comments: "Dissent" };
    case "sub":
      return { ...base, type: "subst", detail: "Substitution 1" };
    case "var_cancel":
      return { ...base, type: "Var", detail: "Goal cancelled" };
    case "shootout":
      return {
        ...base,
        time: { elapsed: 120, extra: e.order ?? null },
        type: "Goal",
        detail: e.scored ? "Penalty" : "Missed Penalty",
        comments: "Penalty Shootout",
      };
  }
}

const squad = (t: Person) =>
  Array.from({ length: 16 }, (_, i) => ({
    id: t.id * 100 + i + 1,
    name: `${t.name.split(" ")[0]} Player ${i + 1}`,
    number: i + 1,
    pos: i === 0 ? "G" : i < 5 ? "D" : i < 9 ? "M" : "F",
  }));

function afLineup(t: Person, side: "home" | "away") {
  const players = squad(t);
  return {
    team: { id: t.id, name: t.name, logo: logo("teams", t.id), colors: null },
    coach: { id: t.id + 50_000, name: `${side === "home" ? "Ada" : "Bo"} Coachman`, photo: null },
    formation: side === "home" ? "4-3-3" : "4-4-2",
    startXI: players.slice(0, 11).map((p, i) => ({
      player: { ...p, grid: i === 0 ? "1:1" : `${2 + Math.floor((i - 1) / 4)}:${1 + ((i - 1) % 4)}` },
    })),
    substitutes: players.slice(11).map((p) => ({ player: { ...p, grid: null } })),
  };
}

function afStats(t: Person, s: NState, side: 0 | 1) {
  const shots = 3 + (s.elapsed ?? 0) / 10 + s.goals[side];
  return {
    team: { id: t.id, name: t.name, logo: logo("teams", t.id) },
    statistics: [
      { type: "Shots on Goal", value: Math.round(shots / 2) },
      { type: "Total Shots", value: Math.round(shots) },
      { type: "Ball Possession", value: side === 0 ? "54%" : "46%" },
      {
        type: "Yellow Cards",
        value: s.events.filter((e) => e.kind === "yellow" && (e.side === "home") === (side === 0)).length || null,
      },
      { type: "expected_goals", value: (0.4 + s.goals[side] * 0.6).toFixed(2) },
    ],
  };
}

// ---------- API-Basketball shapes (docs/providers.md "API-Basketball") ----------
const AB_LONG: Record<string, string> = {
  NS: "Not Started",
  Q1: "Quarter 1",
  Q2: "Quarter 2",
  Q3: "Quarter 3",
  Q4: "Quarter 4",
  OT: "Over Time",
  BT: "Break Time",
  HT: "Halftime",
  FT: "Game Finished",
  AOT: "After Over Time",
};

function abGame(g: NGame, s: NGame["states"][number], day: string, extra: boolean, unknown: boolean) {
  const ko = kickoff(day, g.kickoffMin);
  const side = (i: 0 | 1) => {
    const q = s.quarters.map((x) => (x ? x[i] : null));
    const total = s.status === "NS" ? null : q.reduce<number>((a, b) => a + (b ?? 0), 0) + (s.ot?.[i] ?? 0);
    return { quarter_1: q[0], quarter_2: q[1], quarter_3: q[2], quarter_4: q[3], over_time: s.ot?.[i] ?? null, total };
  };
  return {
    id: g.id,
    date: new Date(ko).toISOString().replace(".000Z", "+00:00"),
    time: new Date(ko).toISOString().slice(11, 16),
    timestamp: ko / 1000,
    timezone: "UTC",
    stage: null,
    week: "3",
    venue: `${g.home.name} Arena`,
    status: {
      long: unknown ? "Something New" : AB_LONG[s.status],
      short: unknown ? "XYZ" : s.status,
      timer: ["Q1", "Q2", "Q3", "Q4", "OT"].includes(s.status) ? "8" : ["HT", "BT"].includes(s.status) ? "0" : null,
    },
    // The season as a span here; recordings show an int in the same response as well.
    league: {
      id: g.league.id,
      name: g.league.name,
      type: "League",
      season: g.id % 2 ? BB_SEASON : Number(BB_SEASON.slice(0, 4)),
      logo: logo("leagues", g.league.id),
    },
    country: { id: 5, name: g.league.country, code: "US", flag: null },
    teams: {
      home: { id: g.home.id, name: g.home.name, logo: logo("teams", g.home.id) },
      away: { id: g.away.id, name: g.away.name, logo: logo("teams", g.away.id) },
    },
    scores: { home: side(0), away: side(1) },
    ...(extra ? { odds_preview: null, broadcast: ["somewhere"] } : {}),
  };
}

// ---------- football-data.org shapes (docs/providers.md "football-data.org") ----------
const FD_STATUS: Record<string, string> = {
  NS: "TIMED",
  "1H": "IN_PLAY",
  HT: "PAUSED",
  "2H": "IN_PLAY",
  ET: "EXTRA_TIME",
  BT: "PAUSED",
  P: "PENALTY_SHOOTOUT",
  FT: "FINISHED",
  AET: "FINISHED",
  PEN: "FINISHED",
  PST: "POSTPONED",
};
const fdCompetition = (m: NMatch) => ({
  id: m.league.code === "PL" ? 2021 : 2001,
  name: m.league.name,
  code: m.league.code,
  type: m.league.cup ? "CUP" : "LEAGUE",
  emblem: logo("competitions", m.league.id),
});

function fdMatch(m: NMatch, s: NState, day: string, single: boolean, extra: boolean, unknown: boolean) {
  const ko = kickoff(day, m.kickoffMin);
  const started = s.status !== "NS" && s.status !== "PST";
  const beyond = s.et !== undefined;
  const duration = s.pen ? "PENALTY_SHOOTOUT" : beyond ? "EXTRA_TIME" : "REGULAR";
  const pair = (p: [number, number] | undefined | null) => ({ home: p?.[0] ?? null, away: p?.[1] ?? null });
  // Observed: after a shoot-out, fullTime also counts the shoot-out's goals.
  const full = !started
    ? null
    : s.status === "PEN" && s.pen
      ? ([s.goals[0] + s.pen[0], s.goals[1] + s.pen[1]] as [number, number])
      : s.goals;
  const regular = beyond ? ([s.goals[0] - s.et![0], s.goals[1] - s.et![1]] as [number, number]) : undefined;
  const [h, a] = s.goals;
  const team = (t: Person) => ({
    id: t.id,
    name: t.name,
    shortName: t.name.split(" ")[0],
    tla: t.name.slice(0, 3).toUpperCase(),
    crest: logo("crests", t.id),
  });
  const out: Record<string, unknown> = {
    area: { id: 2072, name: m.league.country, code: m.league.country.slice(0, 3).toUpperCase(), flag: null },
    competition: fdCompetition(m),
    season: {
      id: 1900 + m.league.id,
      startDate: `${SEASON}-08-01`,
      endDate: `${SEASON + 1}-05-31`,
      currentMatchday: 14,
      winner: null,
    },
    id: m.id,
    utcDate: new Date(ko).toISOString().replace(".000Z", "Z"),
    status: unknown ? "LIVE" : FD_STATUS[s.status],
    matchday: m.league.cup ? null : 14,
    stage: m.league.cup ? "LAST_16" : "REGULAR_SEASON",
    group: null,
    lastUpdated: new Date(ko + (s.elapsed ?? 0) * 60_000).toISOString().replace(".000Z", "Z"),
    homeTeam: team(m.home),
    awayTeam: team(m.away),
    score: {
      winner:
        s.status === "FT" || s.status === "PEN"
          ? h > a || (h === a && (s.pen?.[0] ?? 0) > (s.pen?.[1] ?? 0))
            ? "HOME_TEAM"
            : h < a || (s.pen && s.pen[1] > s.pen[0])
              ? "AWAY_TEAM"
              : "DRAW"
          : null,
      duration,
      fullTime: pair(full),
      halfTime: pair(s.ht),
      ...(beyond ? { regularTime: pair(regular), extraTime: pair(s.et), penalties: pair(s.pen) } : {}),
    },
    odds: { msg: "Activate Odds-Package in User-Panel to retrieve odds." },
    referees: [{ id: 11_000, name: "Pat Whistler", type: "REFEREE", nationality: "England" }],
  };
  if (single) {
    const side = (e: NEvent) => (e.side === "home" ? m.home : m.away);
    const live = s.events.filter((e) => e.kind !== "shootout");
    const cancelled = new Set(
      live
        .filter((e) => e.kind === "var_cancel")
        .map((v) => live.filter((g) => g.kind === "goal" && g.side === v.side && g.minute <= v.minute).at(-1)),
    );
    Object.assign(out, {
      venue: `${m.home.name} Ground`,
      minute: started ? s.elapsed : null,
      injuryTime: null,
      attendance: started ? 30_000 + (m.id % 1000) : null,
      goals: live
        .filter((e) => ["goal", "own_goal", "penalty"].includes(e.kind) && !cancelled.has(e))
        .map((e) => ({
          minute: e.minute,
          injuryTime: e.extra ?? null,
          type: e.kind === "own_goal" ? "OWN" : e.kind === "penalty" ? "PENALTY" : "REGULAR",
          team: { id: side(e).id, name: side(e).name },
          scorer: { id: e.player.id, name: e.player.name },
          assist: e.other ? { id: e.other.id, name: e.other.name } : null,
          score: { home: null, away: null },
        })),
      bookings: live
        .filter((e) => e.kind === "yellow" || e.kind === "red")
        .map((e) => ({
          minute: e.minute,
          team: { id: side(e).id, name: side(e).name },
          player: { id: e.player.id, name: e.player.name },
          card: e.kind === "red" ? "RED" : "YELLOW",
        })),
      substitutions: live
        .filter((e) => e.kind === "sub")
        .map((e) => ({
          minute: e.minute,
          team: { id: side(e).id, name: side(e).name },
          playerOut: { id: e.player.id, name: e.player.name },
          playerIn: { id: e.other!.id, name: e.other!.name },
        })),
      penalties: s.events
        .filter((e) => e.kind === "shootout")
        .map((e) => ({
          player: { id: e.player.id, name: e.player.name },
          team: { id: side(e).id, name: side(e).name },
          scored: e.scored,
        })),
    });
  }
  if (extra) Object.assign(out, { newField: { since: "v5" }, broadcast: [] });
  return out;
}
