// Search: case- and diacritics-insensitive word prefixes, ranked, over tracked leagues' teams, players and leagues.
import { describe, expect, it } from "vitest";
import { ingestOps } from "../helpers/live";
import { newMatchOp, playerOp } from "../helpers/ops";
import { moveMatchOp, moveSeasonOp, reassignMatchOp, SEASONS, seedPeople, seedSeasons } from "../helpers/people";
import { getJson, seed, type Seeded } from "../helpers/seed";

const s: Seeded = await seed(["acb"]);
await seedPeople(s.accountId);
await seedSeasons(s.accountId);
const search = async (sport: string, q: string, extra = "") =>
  (await getJson(`/v1/${sport}/search?q=${encodeURIComponent(q)}${extra}`, s.key)).body;
/** Hits among this file's own fixtures (the demo slice may hold namesakes). */
const ids = async (sport: string, q: string, extra = "") =>
  (await search(sport, q, extra)).data.map((h: any) => h.id).filter((id: string) => id.includes("_pp_"));

describe("GET /v1/{sport}/search", () => {
  it("ignores case and diacritics, including letters that do not decompose (Ø)", async () => {
    expect(await ids("football", "ODE")).toEqual(["pl_pp_ode"]);
    expect(await ids("football", "ødeg")).toEqual(["pl_pp_ode"]);
    expect(await ids("basketball", "donc")).toEqual(["pl_pp_don"]);
    expect(await ids("basketball", "lebr")).toEqual(["pl_pp_leb"]);
    expect(await ids("football", "atletico", "&type=team")).toEqual(["tm_pp_atm"]);
  });

  it("needs every word to be a prefix of a word of the name", async () => {
    expect(await ids("football", "atl mad")).toEqual(["tm_pp_atm"]);
    expect(await ids("football", "mad atl")).toEqual(["tm_pp_atm"]);
    expect(await ids("football", "atl nort")).toEqual([]);
    expect(await ids("football", "tico")).toEqual([]);
  });

  it("ranks an exact name first, then a prefix of the first word, then of a later word", async () => {
    await ingestOps([playerOp({ id: "pl_pp_mad2", team_id: "tm_pp_mad", name: "Madrid" })]);
    const hits = await search("football", "madrid");
    expect(hits.data.map((h: any) => h.id)).toEqual(["pl_pp_mad2", "pl_pp_mad", "tm_pp_mad", "tm_pp_atm"]);
    expect(hits.data[2]).toEqual({
      type: "team",
      id: "tm_pp_mad",
      name: "Madrid Norte",
      sport: "football",
      country: "Spain",
      season: "2026/27",
    });
    expect(hits.data[1]).toMatchObject({ type: "player", team_id: "tm_pp_mad" });
    expect(hits).toMatchObject({ total: 4, limit: 10, next_cursor: null });
  });

  it("covers leagues, filters by type and applies the limit", async () => {
    expect(await search("football", "liga")).toMatchObject({
      data: [{ type: "league", id: "lg_fb_people", name: "Liga Gente", country: "Spain" }],
    });
    expect(await ids("football", "mull", "&type=player")).toEqual(["pl_pp_mad", "pl_pp_mul"]);
    expect(await ids("football", "mull", "&type=player&limit=1")).toEqual(["pl_pp_mad"]);
    expect((await search("football", "mull", "&limit=500")).limit).toBe(50);
  });

  it("shows nothing of untracked leagues (their league, teams and players)", async () => {
    expect(await ids("football", "hidden")).toEqual([]);
    expect(await ids("football", "oculta")).toEqual([]);
    expect(await ids("football", "muller")).toEqual(["pl_pp_mad", "pl_pp_mul"]);
  });

  it("is 400 naming q or type for a bad query", async () => {
    for (const [q, param] of [
      ["?q=a", "q"],
      ["", "q"],
      [`?q=${"x".repeat(101)}`, "q"],
      ["?q=ab&type=coach", "type"],
      ["?q=ab&limit=0", "limit"],
    ]) {
      const r = await getJson(`/v1/football/search${q}`, s.key);
      expect(r.status, q).toBe(400);
      expect(r.body.detail).toContain(param);
    }
  });
});

describe("search never answers 5xx (a query folds into at most 10 words)", () => {
  // `½` folds to "1 2" and `ﷺ` to four Arabic words: 100 characters became 101 and 100 words, past D1's 100 bound
  // parameters per statement.
  const expanders = ["½".repeat(100), "ﷺ".repeat(33)];

  it("a query that folds into many words answers 200", async () => {
    for (const q of expanders) {
      const r = await getJson(`/v1/football/search?q=${encodeURIComponent(q)}`, s.key);
      expect(r.status, q).toBe(200);
      expect(r.body).toMatchObject({ data: expect.any(Array), next_cursor: null });
    }
  });

  it("past 10 words after folding, only the first 10 are used", async () => {
    const ten = "atl mad atl mad atl mad atl mad atl mad";
    expect(await ids("football", ten)).toEqual(["tm_pp_atm"]);
    // "nort" alone would change the answer (no name has both "atl" and "nort") …
    expect(await ids("football", "atl nort")).toEqual([]);
    // … but as the 11th word it is not used, even though it is the longest (the one the search would seek by).
    expect(await ids("football", `${ten} nort`)).toEqual(["tm_pp_atm"]);
    // Words are counted after folding: "㏂" folds to "a m", two words, so "nort" is the 11th word here too.
    expect(await ids("football", `${"atl ".repeat(8)}㏂ nort`)).toEqual(["tm_pp_atm"]);
  });
});

describe("search finds what the team and player reads show: every season, the current one first (issue 49)", () => {
  const read = async (id: string) =>
    await getJson(`/v1/football/${id.startsWith("pl_") ? "players" : "teams"}/${id}`, s.key);
  const readable = async (id: string) => (await read(id)).status === 200;
  /** The season fixtures' hits for `q`, sorted. */
  const found = async (q: string) =>
    (await search("football", q)).data
      .map((h: any) => h.id)
      .filter((id: string) => id.includes("_sv_"))
      .sort();
  /** Every id is read (200) and found by search (the words of its name), or neither. */
  const expectShown = async (ids: string[], q: string, shown: boolean) => {
    for (const id of ids) expect(await readable(id), id).toBe(shown);
    expect(await found(q)).toEqual(shown ? [...ids].sort() : []);
  };
  /** Each id is read and found, its hit in `season`; a team plays this season (league_ids) or not. */
  const expectSeason = async (ids: string[], q: string, season: string, current: boolean) => {
    await expectShown(ids, q, true);
    const hits = (await search("football", q)).data.filter((h: any) => ids.includes(h.id));
    expect(hits.map((h: any) => [h.id, h.season]).sort()).toEqual(ids.map((id) => [id, season]).sort());
    for (const id of ids.filter((i) => i.startsWith("tm_")))
      expect((await read(id)).body.league_ids.length > 0, `${id} plays this season`).toBe(current);
  };

  it("a team and a player of only a previous season's match are found, with that season, after the current season's", async () => {
    await expectSeason(SEASONS.previous.slice(0, 2), "pasado", "2025/26", false);
    await expectSeason(SEASONS.previous.slice(2), "antiguo", "2025/26", false);
    await expectSeason(SEASONS.current.slice(0, 2), "presente", "2026/27", true);
    await expectSeason(SEASONS.current.slice(2), "actual", "2026/27", true);
    const team = (await read("tm_sv_pasado1")).body;
    expect(team.seasons).toEqual([{ league_id: "lg_fb_seasons", season: "2025/26" }]);
    // One word matching both: the current season's hits first.
    await ingestOps([
      { op: "team", id: "tm_sv_orden_old", sport: "football", name: "Aaa Orden", country: "Spain" },
      { op: "team", id: "tm_sv_orden_new", sport: "football", name: "Zzz Orden", country: "Spain" },
      newMatchOp({
        id: "m_sv_orden_old",
        league_id: "lg_fb_seasons",
        season: "2025/26",
        home_team_id: "tm_sv_orden_old",
        away_team_id: "tm_sv_pasado1",
      }),
      newMatchOp({
        id: "m_sv_orden_new",
        league_id: "lg_fb_seasons",
        home_team_id: "tm_sv_orden_new",
        away_team_id: "tm_sv_presente1",
      }),
    ]);
    const order = (await search("football", "orden")).data.map((h: any) => h.id);
    expect(order).toEqual(["tm_sv_orden_new", "tm_sv_orden_old"]);
  });

  it("follows an ingest that moves a league to a new season", async () => {
    await expectSeason(SEASONS.beforeMove, "antes", "2025/26", true);
    await expectSeason(SEASONS.afterMove, "despues", "2026/27", false);
    await ingestOps([moveSeasonOp]);
    await expectSeason(SEASONS.beforeMove, "antes", "2025/26", false);
    await expectSeason(SEASONS.afterMove, "despues", "2026/27", true);
  });

  it("follows an ingest that moves a match to another season", async () => {
    await expectSeason(SEASONS.matchMoved, "cambio", "2026/27", true);
    await ingestOps([moveMatchOp]);
    await expectSeason(SEASONS.matchMoved, "cambio", "2025/26", false);
  });

  it("follows an ingest that gives a match another team", async () => {
    await expectShown([SEASONS.reassigned, "tm_sv_traslado2"], "traslado", true);
    await ingestOps([reassignMatchOp]);
    await expectShown([SEASONS.reassigned], "traslado uno", false);
    await expectShown([SEASONS.reassignedTo, "tm_sv_traslado2"], "traslado", true);
  });

  it("finds a team of five competitions by the one the account tracks, whatever its place among them", async () => {
    const team = await getJson(`/v1/football/teams/${SEASONS.fiveLeagues}`, s.key);
    expect(team.body.league_ids).toEqual(["lg_fb_copa5"]);
    expect(await found("cinco copas")).toEqual([SEASONS.fiveLeagues]);
  });
});
