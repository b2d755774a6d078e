// Two sources on one match and the operator's hand on the crosswalk (issue 48, docs/identity.md): field by field
// from the better source, a final score they disagree on listed in the feed status, the unresolved list, pinning, and
// a merge after which the old id still answers and the tables count each match once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin } from "../../helpers/admin";
import { ingestRaw } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";
import { track } from "../feeds/harness";

const s = await seed(["eng1"]);
const get = async (path: string) => (await getJson(path, s.key)).body;
const KICKOFF = Math.floor(Date.UTC(2021, 4, 1, 14) / 1000);
const league = {
  op: "league",
  id: "lg_fb_idt",
  sport: "football",
  country: "England",
  name: "Identity League",
  season: "2020/21",
};
const teams = (prefix: string, names: [string, string]) =>
  names.map((name, i) => ({ op: "team", id: `${prefix}${i}`, sport: "football", name, country: "England" }));
const match = (id: string, home: string, away: string, over: Record<string, unknown> = {}) => ({
  op: "match",
  id,
  sport: "football",
  league_id: "lg_fb_idt",
  season: "2020/21",
  home_team_id: home,
  away_team_id: away,
  kickoff_ts: KICKOFF,
  status_code: 3,
  home_score: 2,
  away_score: 1,
  ...over,
});
async function send(ops: unknown[], source?: string, quiet = false) {
  const res = await ingestRaw({ ops, quiet, ...(source ? { source } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
}

await send([league]);
await track(s.accountId, ["lg_fb_eng1", "lg_fb_idt"]);

describe("two sources on one match", () => {
  it("the history first, then a provider: one match; the provider's score is kept and the disagreement listed", async () => {
    await send(
      [
        ...teams("tm_of_idt", ["Ashford Town FC", "Brackley Athletic"]),
        match("m_of_idt1", "tm_of_idt0", "tm_of_idt1", { venue: "The Homelands" }),
      ],
      "openfootball",
      true,
    );
    await send(
      [
        ...teams("tm_af_", ["Ashford Town", "Brackley Athletic"]).map((t, i) => ({ ...t, id: `tm_af_${7000 + i}` })),
        match("m_af_9001", "tm_af_7000", "tm_af_7001", { home_score: 3, referee: "A. Referee", venue: null }),
      ],
      "api-football",
    );
    const m = await get("/v1/football/matches/m_of_idt1");
    expect(m).toMatchObject({
      home_team_id: "tm_of_idt0",
      home_score: 3,
      away_score: 1,
      referee: "A. Referee",
      venue: "The Homelands",
    });
    expect(m.external_ids).toEqual({ "api-football": "9001" });
    expect((await getJson("/v1/football/matches/m_af_9001", s.key)).status).toBe(404);
    const feeds = await (await admin("GET", "/feeds")).json<any>();
    expect(feeds.conflicts).toContainEqual(
      expect.objectContaining({
        match_id: "m_of_idt1",
        source: "openfootball",
        kept_source: "api-football",
        kept: "3–1",
        theirs: "2–1",
      }),
    );
  });

  it("a provider first, then the history: the history never overwrites the provider's values, and fills what it lacks", async () => {
    await send(
      [
        ...teams("tm_af_", ["Corby Town", "Daventry United"]).map((t, i) => ({ ...t, id: `tm_af_${7100 + i}` })),
        match("m_af_9101", "tm_af_7100", "tm_af_7101", { kickoff_ts: KICKOFF + 86_400 }),
      ],
      "api-football",
    );
    await send(
      [
        ...teams("tm_of_cd", ["Corby Town FC", "Daventry United FC"]),
        match("m_of_cd1", "tm_of_cd0", "tm_of_cd1", {
          kickoff_ts: KICKOFF + 86_400,
          home_score: 1,
          venue: "Steel Park",
        }),
      ],
      "openfootball",
      true,
    );
    const m = await get("/v1/football/matches/m_af_9101");
    expect(m).toMatchObject({ home_score: 2, away_score: 1, venue: "Steel Park" });
    expect((await getJson("/v1/football/matches/m_of_cd1", s.key)).status).toBe(404);
    const table = await get("/v1/football/leagues/lg_fb_idt/standings?season=2020/21");
    expect(table.standings.map((r: any) => r.team).sort()).toEqual(
      ["Ashford Town FC", "Brackley Athletic", "Corby Town", "Daventry United"].sort(),
    );
  });
});

describe("a provider that lost its storage", () => {
  it("takes the history's match it resolved onto through the transitions, as it would its own", async () => {
    const kickoff = KICKOFF + 10 * 86_400;
    await send(
      [
        ...teams("tm_of_ef", ["Epsom Rovers FC", "Frome Town FC"]),
        match("m_of_ef1", "tm_of_ef0", "tm_of_ef1", {
          kickoff_ts: kickoff,
          status_code: 1,
          home_score: 0,
          away_score: 0,
        }),
      ],
      "openfootball",
      true,
    );
    const af = teams("tm_af_", ["Epsom Rovers", "Frome Town"]).map((t, i) => ({ ...t, id: `tm_af_${7200 + i}` }));
    // Its first report: scheduled, as the history has it; the match is now the provider's.
    await send(
      [
        ...af,
        match("m_af_9201", "tm_af_7200", "tm_af_7201", {
          kickoff_ts: kickoff,
          status_code: 1,
          home_score: 0,
          away_score: 0,
        }),
      ],
      "api-football",
    );
    // Its storage lost, it sees the match only by its own reference, finished: 1 → 3 goes through 2.
    await send(
      [
        match("m_af_9201", "tm_af_7200", "tm_af_7201", {
          kickoff_ts: kickoff,
          status_code: 3,
          home_score: 1,
          away_score: 0,
        }),
      ],
      "api-football",
    );
    expect(await get("/v1/football/matches/m_of_ef1")).toMatchObject({ status_code: 3, home_score: 1 });
  });
});

describe("the operator's hand", () => {
  it("a near name becomes a new team marked unresolved; pinning sends the next report to the chosen team", async () => {
    await send(
      [{ op: "team", id: "tm_fd_501", sport: "football", name: "Ashford", country: "England" }],
      "football-data",
    );
    const list = await (await admin("GET", "/identities?kind=team&source=football-data&status=unresolved")).json<any>();
    expect(list.data).toContainEqual(
      expect.objectContaining({ source_ref: "501", id: "tm_fd_501", status: "unresolved", resolved_by: "rule" }),
    );
    const pinned = await admin("PUT", "/identities", {
      kind: "team",
      source: "football-data",
      source_ref: "502",
      id: "tm_of_idt0",
    });
    expect(pinned.status).toBe(200);
    await send(
      [{ op: "team", id: "tm_fd_502", sport: "football", name: "Ashford Town Kent", country: "England" }],
      "football-data",
    );
    expect((await get("/v1/football/teams/tm_of_idt0")).external_ids).toMatchObject({ "football-data": "502" });
    const bad = await admin("PUT", "/identities", {
      kind: "team",
      source: "football-data",
      source_ref: "503",
      id: "tm_nope",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).detail).toMatch(/`id`.*no team tm_nope/);
  });

  it("a merge: the old id answers as the team it went into, and the table counts its matches once", async () => {
    // Two ids for one club (a source's own before the crosswalk): a second match under the duplicate.
    await send([
      { op: "team", id: "tm_dup_ashford", sport: "football", name: "Ashford Town (dup)", country: "England" },
      match("m_dup1", "tm_dup_ashford", "tm_af_7101", { kickoff_ts: KICKOFF + 2 * 86_400 }),
    ]);
    const before = await get("/v1/football/leagues/lg_fb_idt/standings?season=2020/21");
    expect(before.standings).toHaveLength(7);
    const res = await admin("POST", "/identities/merge", { kind: "team", from: "tm_dup_ashford", into: "tm_of_idt0" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ matches: 1 });
    const old = await get("/v1/football/teams/tm_dup_ashford");
    expect(old.id).toBe("tm_of_idt0");
    const after = await get("/v1/football/leagues/lg_fb_idt/standings?season=2020/21");
    expect(after.standings).toHaveLength(6);
    expect(after.standings.find((r: any) => r.team_id === "tm_of_idt0").played).toBe(2);
    expect((await get("/v1/football/matches/m_dup1")).home_team_id).toBe("tm_of_idt0");
    const refused = await admin("POST", "/identities/merge", { kind: "team", from: "tm_of_idt0", into: "tm_of_idt0" });
    expect(refused.status).toBe(400);
    const hits = await env.DB.prepare("SELECT count(*) n FROM search_prefixes WHERE ref_id = 'tm_dup_ashford'").first<{
      n: number;
    }>();
    expect(hits!.n).toBe(0);
  });
});
