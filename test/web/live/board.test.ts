// The /live scoreboard's state (src/web/live/board.ts): REST rows and stream frames merged, grouped for display.
import { describe, expect, it } from "vitest";
import { addLeagues, applyFrame, applyState, emptyBoard, groupBoard, putMatch } from "../../../src/web/live/board";
import type { MatchListItem } from "../../../src/core/domain/schemas";
import { stateMessage, type Envelope } from "../../../src/core/live/messages";

const T0 = Date.parse("2026-11-23T12:00:00Z");
const item = (over: Partial<MatchListItem> = {}): MatchListItem => ({
  id: "m1",
  league_id: "lg_fb_eng1",
  season: "2026/27",
  home_team: "Arsenal",
  away_team: "Chelsea",
  home_team_id: "tm_a",
  away_team_id: "tm_c",
  home_score: 1,
  away_score: 0,
  status_code: 2,
  minute: 30,
  kickoff_ts: T0 / 1000 - 1800,
  updated_at: new Date(T0).toISOString(),
  seq: 0,
  ...over,
});
const score = (seq: number, home: number, away: number, ts = T0 + seq * 1000): Envelope => ({
  type: "score_update",
  match_id: "m1",
  sport: "football",
  seq,
  ts,
  data: { home, away, minute: 30 + seq, period: 12 },
});
const league = (id: string, name: string, country: string) => ({
  id,
  name,
  country,
  season: "2026/27",
  logo_url: null,
});

describe("states on the board (what /v1/ws/live opens with)", () => {
  const state = (over: Partial<MatchListItem>) => stateMessage("football", item(over), T0);

  it("a state of a match not on the board adds it, with its seq: frames up to it are repeats", () => {
    const b = emptyBoard();
    expect(applyState(b, state({ seq: 4, home_score: 2 }))).toEqual({ unknown: false, changed: true, scored: false });
    expect(b.matches.get("m1")).toMatchObject({ home_score: 2, seq: 4, sport: "football" });
    expect(applyFrame(b, score(4, 9, 9)).changed).toBe(false);
    expect(applyFrame(b, score(5, 3, 0, T0 + 60_000))).toMatchObject({ changed: true, scored: true });
  });

  it("a newer state replaces the row (a score change is reported); an older or equal one changes nothing", () => {
    const b = emptyBoard();
    applyState(b, state({ seq: 4, home_score: 2, updated_at: new Date(T0).toISOString() }));
    const newer = state({ seq: 6, home_score: 3, updated_at: new Date(T0 + 5_000).toISOString() });
    expect(applyState(b, newer)).toEqual({ unknown: false, changed: true, scored: true });
    expect(applyState(b, state({ seq: 6, home_score: 7 })).changed).toBe(false);
    expect(applyState(b, state({ seq: 5, home_score: 7 })).changed).toBe(false);
    expect(b.matches.get("m1")).toMatchObject({ home_score: 3, seq: 6 });
  });

  it("a state older than what REST already showed keeps the row but covers the frames up to its seq", () => {
    const b = emptyBoard();
    putMatch(b, "football", item({ home_score: 3, updated_at: new Date(T0 + 10_000).toISOString() }));
    const old = state({ seq: 2, home_score: 1, updated_at: new Date(T0).toISOString() });
    expect(applyState(b, old).changed).toBe(false);
    expect(b.matches.get("m1")).toMatchObject({ home_score: 3, seq: 2 });
  });
});

describe("frames on the board", () => {
  it("a score change is applied and reported as scored; a clock tick is a change but not a score", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    expect(applyFrame(b, score(1, 2, 0))).toEqual({ unknown: false, changed: true, scored: true });
    expect(b.matches.get("m1")).toMatchObject({ home_score: 2, away_score: 0, minute: 31, period: 12, seq: 1 });
    expect(applyFrame(b, score(2, 2, 0))).toEqual({ unknown: false, changed: true, scored: false });
  });

  it("a repeat (seq already applied, e.g. the same frame on the match socket and the live socket) changes nothing", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, score(5, 2, 0));
    expect(applyFrame(b, score(5, 2, 0)).changed).toBe(false);
    expect(applyFrame(b, score(4, 9, 9)).changed).toBe(false);
    expect(b.matches.get("m1")!.home_score).toBe(2);
  });

  it("a frame older than the REST state it follows is not applied (queued while the lists loaded)", () => {
    const b = emptyBoard();
    putMatch(b, "football", item({ home_score: 3, updated_at: new Date(T0 + 10_000).toISOString() }));
    expect(applyFrame(b, score(1, 2, 0, T0 + 5_000)).changed).toBe(false);
    expect(b.matches.get("m1")!.home_score).toBe(3);
    expect(b.matches.get("m1")!.seq).toBe(1);
  });

  it("a frame of a match not on the board asks for it", () => {
    expect(applyFrame(emptyBoard(), score(1, 1, 0))).toEqual({ unknown: true, changed: false, scored: false });
  });

  it("status changes and events: the final whistle clears the period, an event becomes the latest event in words", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, {
      type: "event_added",
      match_id: "m1",
      sport: "football",
      seq: 1,
      ts: T0 + 1000,
      data: {
        id: "e1",
        seq: 1,
        type: "goal",
        minute: 88,
        added_time: null,
        period: 13,
        team: "away",
        player: "Cole Palmer",
        player_in: null,
        player_out: null,
        detail: null,
        player_id: null,
        player_in_id: null,
        player_out_id: null,
      },
    });
    expect(b.matches.get("m1")).toMatchObject({ lastEvent: "88' Goal: Cole Palmer (Chelsea)", lastEventSeq: 1 });
    applyFrame(b, {
      type: "status_change",
      match_id: "m1",
      sport: "football",
      seq: 2,
      ts: T0 + 2000,
      data: { from: 2, to: 3 },
    });
    expect(b.matches.get("m1")).toMatchObject({ status_code: 3, period: null });
  });
});

describe("REST rows on the board", () => {
  it("a newer REST read replaces the row but keeps the stream's seq and latest event", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, score(3, 2, 0));
    Object.assign(b.matches.get("m1")!, { lastEvent: "31' Goal", lastEventSeq: 3 });
    putMatch(b, "football", item({ home_score: 2, away_score: 1, updated_at: new Date(T0 + 60_000).toISOString() }));
    expect(b.matches.get("m1")).toMatchObject({
      home_score: 2,
      away_score: 1,
      seq: 3,
      lastEvent: "31' Goal",
      lastEventSeq: 3,
      period: 12,
    });
  });

  it("a REST read older than what the stream already showed is ignored", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, score(1, 4, 0, T0 + 30_000));
    putMatch(b, "football", item({ home_score: 3, updated_at: new Date(T0 + 20_000).toISOString() }));
    expect(b.matches.get("m1")!.home_score).toBe(4);
  });

  it("a match detail brings the period and the basketball clock the list lacks", () => {
    const b = emptyBoard();
    putMatch(b, "basketball", { ...item({ minute: null }), period: 24, added_time: null, game_clock_secs: 310 });
    expect(b.matches.get("m1")).toMatchObject({ sport: "basketball", period: 24, game_clock_secs: 310 });
  });
});

describe("grouping", () => {
  it("football before basketball; leagues by country then name; matches by kickoff; unknown leagues by id", () => {
    const b = emptyBoard();
    addLeagues(b, "football", [
      league("lg_fb_eng1", "Premier League", "England"),
      league("lg_fb_esp1", "La Liga", "Spain"),
    ]);
    addLeagues(b, "basketball", [league("lg_bb_nba", "NBA", "USA"), league("lg_bb_acb", "Liga ACB", "Spain")]);
    putMatch(b, "basketball", item({ id: "b1", league_id: "lg_bb_nba" }));
    putMatch(b, "basketball", item({ id: "b2", league_id: "lg_bb_acb" }));
    putMatch(b, "football", item({ id: "f1", league_id: "lg_fb_esp1" }));
    putMatch(b, "football", item({ id: "f3", league_id: "lg_fb_eng1", kickoff_ts: 200 }));
    putMatch(b, "football", item({ id: "f2", league_id: "lg_fb_eng1", kickoff_ts: 100 }));
    putMatch(b, "football", item({ id: "f4", league_id: "lg_fb_new" }));
    const groups = groupBoard(b);
    expect(groups.map((g) => g.title)).toEqual(["Football", "Basketball"]);
    expect(groups[0]!.leagues.map((l) => [l.league.name, l.matches.map((m) => m.id)])).toEqual([
      ["lg_fb_new", ["f4"]],
      ["Premier League", ["f2", "f3"]],
      ["La Liga", ["f1"]],
    ]);
    expect(groups[1]!.leagues.map((l) => l.league.name)).toEqual(["Liga ACB", "NBA"]);
  });

  it("a sport with no live match has no section", () => {
    const b = emptyBoard();
    putMatch(b, "basketball", item({ league_id: "lg_bb_nba" }));
    expect(groupBoard(b).map((g) => g.sport)).toEqual(["basketball"]);
  });
});
