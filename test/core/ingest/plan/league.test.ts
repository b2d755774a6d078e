import { describe, expect, it } from "vitest";
import { BEFORE, NOW, ingestState, leagueRow, plan, refusal } from "../../../helpers/ingest-state";
import { leagueOp, newMatchOp } from "../../../helpers/ops";

describe("planning a league op", () => {
  it("a new league is written with the batch's time, its defaults filled in, and indexed for search", () => {
    const state = ingestState();
    const p = plan([leagueOp({ id: "lg_fb_new", name: "New League" })], state);
    const row = {
      id: "lg_fb_new",
      sport: "football",
      country: "England",
      name: "New League",
      season: "2026/27",
      logo_url: null,
      format: "league",
      simulated: 0,
      has_live: 0,
      updated_at: NOW,
    };
    expect(p).toMatchObject({ applied: 1, unchanged: 0, writes: { leagues: [row] }, updates: [] });
    expect(p.search).toEqual([
      {
        kind: "league",
        id: "lg_fb_new",
        sport: "football",
        name: "New League",
        team_id: null,
        country: "England",
        leagues: ["lg_fb_new"],
      },
    ]);
    expect(p.searchTeams.size).toBe(0);
    expect(state.leagues.get("lg_fb_new")).toEqual(row);
  });

  it("the same league again is unchanged: nothing written, not re-indexed, updated_at kept", () => {
    const state = ingestState();
    const op = leagueOp({ id: "lg_fb_eng1", name: "Premier League" });
    const p = plan([op], state);
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {} });
    expect(p.search).toEqual([]);
    expect(state.leagues.get("lg_fb_eng1")!.updated_at).toBe(BEFORE);
  });

  it.each([
    ["name", { name: "Premier League 2" }],
    ["country", { country: "Wales" }],
    ["season", { season: "2027/28" }],
    ["logo_url", { logo_url: "https://img.example/pl.png" }],
    ["format", { format: "cup" }],
  ])("a changed %s rewrites the row", (_, change) => {
    const p = plan([leagueOp({ id: "lg_fb_eng1", name: "Premier League", ...change })]);
    expect(p.applied).toBe(1);
    expect(p.writes.leagues).toHaveLength(1);
    expect(p.writes.leagues![0]).toMatchObject({ id: "lg_fb_eng1", ...change, updated_at: NOW });
    expect(p.search.map((s) => s.id)).toEqual(["lg_fb_eng1"]);
  });

  it("an op naming an older season (a history import) updates the league but never winds its season back", () => {
    const state = ingestState({ leagues: [leagueRow({ has_live: 1 })] });
    const p = plan([leagueOp({ id: "lg_fb_eng1", name: "Premier League", season: "2015/16" })], state);
    expect(p).toMatchObject({ applied: 0, unchanged: 1 });
    const renamed = plan([leagueOp({ id: "lg_fb_eng1", name: "The Premier League", season: "2015/16" })], state);
    expect(renamed.writes.leagues![0]).toMatchObject({ name: "The Premier League", season: "2026/27", has_live: 1 });
  });

  it("a new season starts its live coverage afresh; `simulated` is kept when an op leaves it out", () => {
    const state = ingestState({ leagues: [leagueRow({ has_live: 1, simulated: 1 })] });
    const p = plan([leagueOp({ id: "lg_fb_eng1", name: "Premier League", season: "2027/28" })], state);
    expect(p.writes.leagues![0]).toMatchObject({ season: "2027/28", has_live: 0, simulated: 1 });
    const real = plan([leagueOp({ id: "lg_fb_eng1", name: "Premier League", simulated: false })], state);
    expect(real.writes.leagues![0]).toMatchObject({ simulated: 0 });
  });

  it("a league id of the other sport is refused, naming ops.<i>.sport", () => {
    const state = ingestState();
    const r = refusal([leagueOp({ id: "lg_fb_new" }), leagueOp({ id: "lg_fb_eng1", sport: "basketball" })], state);
    expect(r).toEqual({
      status: 400,
      code: "invalid_request",
      detail: "invalid `ops.1.sport`: league lg_fb_eng1 is a football league",
    });
  });

  it("a match later in the batch sees the new league: its season and its format", () => {
    const p = plan([
      leagueOp({ id: "lg_fb_new", season: "2027/28", format: "cup" }),
      newMatchOp({ id: "m_new", league_id: "lg_fb_new", status_code: 3, home_score: 1 }),
    ]);
    expect(p.applied).toBe(2);
    expect(p.writes.matches![0]).toMatchObject({ league_id: "lg_fb_new", season: "2027/28" });
    // A cup has no table: the finished match changes season stats only.
    expect(p.finals.size).toBe(0);
    expect([...p.statFinals.keys()]).toEqual(["lg_fb_new|2027/28"]);
  });
});
