// The operator's match and player merges (issue 48, docs/identity.md "Merging"): two stored matches that are one
// real match become one (the old id answers as the kept one, the table counts it once, the kept one gains what it
// lacked, the changes feed says so), and two player ids that are one person become one (his goals, lines and season
// stats under the kept id).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin } from "../../helpers/admin";
import { ingestRaw } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";
import { track } from "../feeds/harness";

const s = await seed(["eng1"]);
const get = async (path: string) => (await getJson(path, s.key)).body;
const KICKOFF = Math.floor(Date.UTC(2021, 3, 10, 14) / 1000);
const LEAGUE = "lg_fb_mrg";
const match = (id: string, home: string, away: string, over: Record<string, unknown> = {}) => ({
  op: "match",
  id,
  sport: "football",
  league_id: LEAGUE,
  season: "2020/21",
  home_team_id: home,
  away_team_id: away,
  kickoff_ts: KICKOFF,
  status_code: 3,
  home_score: 2,
  away_score: 0,
  ...over,
  // Two hours after kickoff: the tables at a later kickoff (the snapshots) hold it.
  finished_at: new Date((Number(over.kickoff_ts ?? KICKOFF) + 7200) * 1000).toISOString().replace(".000", ""),
});
async function send(ops: unknown[]) {
  const res = await ingestRaw({ ops });
  expect(res.status, await res.clone().text()).toBe(200);
}
const merge = (body: Record<string, string>) => admin("POST", "/identities/merge", body);
const row = (t: any, team: string) => t.standings.find((r: any) => r.team_id === team);

await send([
  { op: "league", id: LEAGUE, sport: "football", country: "England", name: "Merge League", season: "2020/21" },
  ...["Corbridge Town", "Dunmore Rovers", "Elham United"].map((name, i) => ({
    op: "team",
    id: `tm_mrg${i}`,
    sport: "football",
    name,
    country: "England",
  })),
  { op: "player", id: "pl_mrg_a", sport: "football", team_id: "tm_mrg0", name: "J. Carver", number: 9 },
  { op: "player", id: "pl_mrg_b", sport: "football", team_id: "tm_mrg0", name: "Joe Carver", number: 9 },
]);
await track(s.accountId, ["lg_fb_eng1", LEAGUE]);

describe("merging two matches that are one", () => {
  it("the old id answers as the kept match, which gains its timeline and venue; the table counts it once", async () => {
    // One real match stored twice (say, a source whose kickoff was a day out): a timeline on one, a venue on the other.
    await send([
      match("m_mrg_a", "tm_mrg0", "tm_mrg1"),
      {
        op: "events",
        match_id: "m_mrg_a",
        events: [
          { id: "ev_mrg_1", type: "goal", minute: 12, team: "home", player: "J. Carver", player_id: "pl_mrg_a" },
          { id: "ev_mrg_2", type: "goal", minute: 80, team: "home", player: "J. Carver", player_id: "pl_mrg_a" },
        ],
      },
      match("m_mrg_b", "tm_mrg0", "tm_mrg1", { kickoff_ts: KICKOFF + 86_400, venue: "Tyne Park" }),
      match("m_mrg_c", "tm_mrg1", "tm_mrg2", { kickoff_ts: KICKOFF + 7 * 86_400, home_score: 1, away_score: 1 }),
    ]);
    const before = await get(`/v1/football/leagues/${LEAGUE}/standings?season=2020/21`);
    expect(row(before, "tm_mrg0")).toMatchObject({ played: 2, won: 2, points: 6 });
    const cursor = (await get("/v1/football/changes?limit=1000")).next_cursor;

    const res = await merge({ kind: "match", from: "m_mrg_a", into: "m_mrg_b" });
    expect(res.status, await res.clone().text()).toBe(200);

    const old = await get("/v1/football/matches/m_mrg_a");
    expect(old).toMatchObject({ id: "m_mrg_b", venue: "Tyne Park", home_score: 2, away_score: 0 });
    const events = await get("/v1/football/matches/m_mrg_a/events");
    expect(events.match_id).toBe("m_mrg_b");
    expect(events.data.map((e: any) => [e.minute, e.player_id])).toEqual([
      [12, "pl_mrg_a"],
      [80, "pl_mrg_a"],
    ]);
    const after = await get(`/v1/football/leagues/${LEAGUE}/standings?season=2020/21`);
    expect(row(after, "tm_mrg0")).toMatchObject({ played: 1, won: 1, points: 3 });
    expect(row(after, "tm_mrg1")).toMatchObject({ played: 2, lost: 1, drawn: 1 });
    // The later match's table at kickoff no longer counts the merged one.
    const atKickoff = await get("/v1/football/matches/m_mrg_c/standings");
    expect(row(atKickoff, "tm_mrg0")).toMatchObject({ played: 1 });
    // One match in the team's list, and the changes feed names both: the merged id (gone) and the kept one.
    const list = await get(`/v1/football/matches?team_id=tm_mrg0&league_id=${LEAGUE}`);
    expect(list.data.map((m: any) => m.id)).toEqual(["m_mrg_b"]);
    const changed = (await get(`/v1/football/changes?since=${cursor}`)).data.map((c: any) => c.match_id);
    expect(changed).toEqual(expect.arrayContaining(["m_mrg_a", "m_mrg_b"]));
    const n = await env.DB.prepare("SELECT count(*) n FROM match_events WHERE match_id = 'm_mrg_a'").first<{
      n: number;
    }>();
    expect(n!.n).toBe(0);
  });

  it("refuses what is not one match, naming the field", async () => {
    const other = await merge({ kind: "match", from: "m_mrg_c", into: "m_mrg_b" });
    expect(other.status).toBe(400);
    expect((await other.json<any>()).detail).toMatch(/merge the teams first/);
    const gone = await merge({ kind: "match", from: "m_nope", into: "m_mrg_b" });
    expect(gone.status).toBe(400);
    expect((await gone.json<any>()).detail).toMatch(/`from`.*no match m_nope/);
    const league = await merge({ kind: "league", from: LEAGUE, into: "lg_fb_eng1" });
    expect(league.status).toBe(400);
    expect((await league.json<any>()).detail).toMatch(/`kind`/);
  });
});

describe("merging two players who are one", () => {
  it("his goals, box score and season stats move to the kept id, and the old id answers as it", async () => {
    await send([
      {
        op: "player_lines",
        match_id: "m_mrg_b",
        home: [{ player_id: "pl_mrg_a", started: true, minutes: 90, goals: 2 }],
        away: [],
      },
    ]);
    const leaders = async () => (await get(`/v1/football/leagues/${LEAGUE}/leaders?stat=goals&season=2020/21`)).data;
    expect((await leaders()).map((l: any) => [l.player_id, l.value])).toEqual([["pl_mrg_a", 2]]);

    const res = await merge({ kind: "player", from: "pl_mrg_a", into: "pl_mrg_b" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ matches: 1 });

    expect((await leaders()).map((l: any) => [l.player_id, l.value])).toEqual([["pl_mrg_b", 2]]);
    const old = await get("/v1/football/players/pl_mrg_a");
    expect(old).toMatchObject({ id: "pl_mrg_b", name: "Joe Carver" });
    const events = await get("/v1/football/matches/m_mrg_b/events");
    expect(events.data.map((e: any) => e.player_id)).toEqual(["pl_mrg_b", "pl_mrg_b"]);
    const box = await get("/v1/football/matches/m_mrg_b/players");
    expect(box.home.map((l: any) => [l.player_id, l.goals])).toEqual([["pl_mrg_b", 2]]);
    const squad = await get("/v1/football/teams/tm_mrg0/squad");
    expect(squad.players.map((p: any) => p.id)).toEqual(["pl_mrg_b"]);
  });
});
