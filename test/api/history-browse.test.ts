// History to browse (issue 49): a league's past season as a match list (`?league_id=&season=`), and a team against a
// team over every season (REST `GET /v1/{sport}/teams/{id}/h2h?opponent=`, MCP `get_head_to_head` with team ids).
import { describe, expect, it } from "vitest";
import { createKey } from "../helpers/admin";
import { ingestOps } from "../helpers/live";
import { mcpSession } from "../helpers/mcp";
import { getJson, seed } from "../helpers/seed";
import { track } from "../core/feeds/harness";

const s = await seed(["eng1"]);
const get = (path: string, key = s.key) => getJson(path, key);
const LEAGUE = "lg_fb_hist";
const DAY = 86_400;
const T0 = Math.floor(Date.UTC(2015, 7, 8, 14) / 1000);
/** Three clubs over two seasons: a double round robin each season, fixed results. */
const clubs = ["tm_hb_north", "tm_hb_south", "tm_hb_east"];
const ops: unknown[] = [
  { op: "league", id: LEAGUE, sport: "football", country: "England", name: "History League", season: "2016/17" },
  ...clubs.map((id, i) => ({
    op: "team",
    id,
    sport: "football",
    name: ["North", "South", "East"][i],
    country: "England",
  })),
];
let k = 0;
for (const season of ["2015/16", "2016/17"])
  for (const h of clubs)
    for (const a of clubs)
      if (h !== a) {
        const n = k++;
        ops.push({
          op: "match",
          id: `m_hb_${n}`,
          sport: "football",
          league_id: LEAGUE,
          season,
          home_team_id: h,
          away_team_id: a,
          kickoff_ts: T0 + (season === "2015/16" ? 0 : 365 * DAY) + n * 7 * DAY,
          status_code: 3,
          home_score: n % 3,
          away_score: 1,
        });
      }
await ingestOps(ops);
await track(s.accountId, ["lg_fb_eng1", LEAGUE]);

describe("?season= on the match list", () => {
  it("lists one season of the league, in kickoff order, with its total", async () => {
    const r = await get(`/v1/football/matches?league_id=${LEAGUE}&season=2015/16&limit=100`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(6);
    expect(r.body.data.map((m: any) => m.id)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `m_hb_${n}`));
    const team = await get(`/v1/football/matches?league_id=${LEAGUE}&season=2016/17&team_id=tm_hb_east&limit=2`);
    expect(team.body).toMatchObject({ total: 4 });
    expect(team.body.data).toHaveLength(2);
    const next = await get(
      `/v1/football/matches?league_id=${LEAGUE}&season=2016/17&team_id=tm_hb_east&limit=2&after=${team.body.next_cursor}`,
    );
    expect(next.body.data).toHaveLength(2);
    expect(next.body.next_cursor).toBeNull();
  });

  it("is 400 naming season without a league, or in another form", async () => {
    for (const q of ["season=2015/16", `league_id=${LEAGUE}&season=2015`]) {
      const r = await get(`/v1/football/matches?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.detail, q).toContain("season");
    }
  });
});

describe("a team against a team", () => {
  it("lists every meeting over the seasons, newest first, with the summary from the team's side", async () => {
    const r = await get("/v1/football/teams/tm_hb_north/h2h?opponent=tm_hb_south&limit=50");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ match_id: null, home_team_id: "tm_hb_north", away_team_id: "tm_hb_south" });
    const meetings = ops.filter(
      (o: any) => o.op === "match" && [o.home_team_id, o.away_team_id].sort().join() === "tm_hb_north,tm_hb_south",
    ) as any[];
    expect(r.body.matches).toHaveLength(4);
    expect(r.body.matches.map((m: any) => m.id)).toEqual(meetings.map((m) => m.id).reverse());
    const goals = (team: string) =>
      meetings.reduce((n, m) => n + (m.home_team_id === team ? m.home_score : m.away_score), 0);
    expect(r.body.summary).toMatchObject({
      played: 4,
      home_team_goals: goals("tm_hb_north"),
      away_team_goals: goals("tm_hb_south"),
    });
    expect(r.body.summary.home_team_wins + r.body.summary.draws + r.body.summary.away_team_wins).toBe(4);
  });

  it("refuses what is not two known teams, and needs read:matches", async () => {
    const self = await get("/v1/football/teams/tm_hb_north/h2h?opponent=tm_hb_north");
    expect(self.status).toBe(400);
    expect(self.body.detail).toContain("opponent");
    expect((await get("/v1/football/teams/tm_hb_north/h2h")).status).toBe(400);
    expect((await get("/v1/football/teams/tm_nope/h2h?opponent=tm_hb_north")).status).toBe(404);
    expect((await get("/v1/basketball/teams/tm_hb_north/h2h?opponent=tm_hb_south")).status).toBe(404);
    const leaguesOnly = await createKey(s.accountId, ["read:leagues"]);
    const denied = await get("/v1/football/teams/tm_hb_north/h2h?opponent=tm_hb_south", leaguesOnly.key);
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe("insufficient_scope");
    // The team itself still answers that key (read:leagues), with every season it played.
    const team = await get("/v1/football/teams/tm_hb_north", leaguesOnly.key);
    expect(team.body.seasons).toEqual([
      { league_id: LEAGUE, season: "2016/17" },
      { league_id: LEAGUE, season: "2015/16" },
    ]);
  });

  it("MCP get_head_to_head takes two team ids", async () => {
    const mcp = await mcpSession({ "x-api-key": s.key });
    const r = await mcp.call("get_head_to_head", { team_id: "tm_hb_north", opponent_id: "tm_hb_south" });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual((await get("/v1/football/teams/tm_hb_north/h2h?opponent=tm_hb_south")).body);
    expect(r.content[0].text).toMatch(/^North v South: 4 played/);
    const bad = await mcp.call("get_head_to_head", { team_id: "tm_hb_north" });
    expect(bad.isError).toBe(true);
  });
});

describe("leaders of any season, from the timeline where there are no box scores", () => {
  it("ranks the season's scorers by goals, shoot-out kicks not counted, player_id null without a player of ours", async () => {
    const goal = (id: string, minute: number, team: string, player: string, over: Record<string, unknown> = {}) => ({
      id,
      type: "goal",
      minute,
      team,
      player,
      ...over,
    });
    await ingestOps([
      {
        op: "events",
        match_id: "m_hb_0",
        events: [goal("ev_hb_1", 10, "home", "A. Striker"), goal("ev_hb_2", 20, "away", "B. Forward")],
      },
      {
        op: "events",
        // South v North.
        match_id: "m_hb_2",
        events: [
          goal("ev_hb_3", 30, "away", "A. Striker"),
          goal("ev_hb_4", 88, "away", "A. Striker", { type: "penalty_goal" }),
          // A shoot-out kick (period 16) is no goal of the match.
          goal("ev_hb_5", 120, "home", "B. Forward", { type: "penalty_goal", period: 16 }),
          goal("ev_hb_6", 120, "home", "B. Forward", { type: "penalty_goal", period: 16 }),
        ],
      },
    ]);
    const r = await get(`/v1/football/leagues/${LEAGUE}/leaders?stat=goals&season=2015/16`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ league_id: LEAGUE, season: "2015/16", stat: "goals" });
    expect(r.body.data.map((l: any) => [l.rank, l.player, l.team_id, l.value, l.matches, l.player_id])).toEqual([
      [1, "A. Striker", "tm_hb_north", 3, 2, null],
      [2, "B. Forward", "tm_hb_south", 1, 1, null],
    ]);
    // The current season (2016/17) has no goals stored: no one.
    expect((await get(`/v1/football/leagues/${LEAGUE}/leaders?stat=goals`)).body).toMatchObject({
      season: "2016/17",
      data: [],
    });
    expect((await get(`/v1/football/leagues/${LEAGUE}/leaders?stat=goals&season=15/16`)).status).toBe(400);
  });
});
