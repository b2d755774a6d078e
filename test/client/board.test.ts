// The /live scoreboard's state (src/client/board.ts): REST rows and stream frames merged, grouped for display.
import { describe, expect, it } from "vitest";
import { addLeagues, applyFrame, emptyBoard, groupBoard, noteEvents, putMatch } from "../../src/client/board";
import type { MatchListItem } from "../../src/core/domain/schemas";
import type { Envelope } from "../../src/core/live/messages";

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
  simulated: false,
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
  coverage: { live: true, events: true, lineups: true, stats: true, players: true },
  simulated: false,
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

  it("a frame the REST read already reflects (seq at or below the read's) is not applied; the next one is", () => {
    const b = emptyBoard();
    putMatch(b, "football", item({ home_score: 3, seq: 3 }));
    expect(applyFrame(b, score(2, 2, 0)).changed).toBe(false);
    expect(applyFrame(b, score(3, 2, 0)).changed).toBe(false);
    expect(b.matches.get("m1")).toMatchObject({ home_score: 3, seq: 3 });
    expect(applyFrame(b, score(4, 4, 0)).changed).toBe(true);
    expect(b.matches.get("m1")).toMatchObject({ home_score: 4, seq: 4 });
  });

  it("a final whistle read over REST within the same second as the last tick is shown (seq, not timestamps)", () => {
    const b = emptyBoard();
    putMatch(b, "football", item({ seq: 4 }));
    // The last tick's frame is stamped in milliseconds after the REST row's whole second...
    applyFrame(b, score(5, 1, 0, T0 + 900));
    // ...and the read after a reconnect finds the match finished at seq 6, `updated_at` in that same second.
    putMatch(b, "football", item({ status_code: 3, minute: null, seq: 6, updated_at: new Date(T0).toISOString() }));
    expect(b.matches.get("m1")).toMatchObject({ status_code: 3, minute: null, seq: 6 });
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

describe("corrections on the board", () => {
  const goal = (over: Record<string, unknown> = {}) => ({
    id: "e1",
    seq: 1,
    type: "goal",
    minute: 88,
    added_time: null,
    period: 13,
    team: "away" as const,
    player: "Cole Palmer",
    player_in: null,
    player_out: null,
    detail: null,
    player_id: null,
    player_in_id: null,
    player_out_id: null,
    ...over,
  });
  const frame = (seq: number, type: string, data: unknown) =>
    ({ type, match_id: "m1", sport: "football", seq, ts: T0 + seq * 1000, data }) as Envelope;

  it("an update of the latest event rewrites it; of an older one leaves it; its removal clears it", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, frame(1, "event_added", goal()));
    applyFrame(b, frame(2, "event_updated", goal({ player: "Nicolas Jackson" })));
    expect(b.matches.get("m1")).toMatchObject({ lastEvent: "88' Goal: Nicolas Jackson (Chelsea)", lastEventId: "e1" });
    applyFrame(b, frame(3, "event_updated", goal({ id: "e0", seq: 0, player: "Someone Else" })));
    expect(b.matches.get("m1")!.lastEvent).toBe("88' Goal: Nicolas Jackson (Chelsea)");
    applyFrame(b, frame(4, "event_removed", { id: "e0" }));
    expect(b.matches.get("m1")!.lastEvent).toBe("88' Goal: Nicolas Jackson (Chelsea)");
    expect(applyFrame(b, frame(5, "event_removed", { id: "e1" }))).toMatchObject({ changed: true, scored: false });
    expect(b.matches.get("m1")).toMatchObject({ lastEvent: "VAR: goal disallowed", lastEventId: null, seq: 5 });
  });

  it("a removed card clears the latest event; a goal known from a timeline read, when removed, is a goal disallowed", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, frame(1, "event_added", goal({ id: "c1", type: "yellow_card", player: "Moises Caicedo" })));
    applyFrame(b, frame(2, "event_removed", { id: "c1" }));
    expect(b.matches.get("m1")).toMatchObject({ lastEvent: null, lastEventId: null });
    noteEvents(b, "m1", [goal({ id: "g9" }) as never]);
    applyFrame(b, frame(3, "event_removed", { id: "g9" }));
    applyFrame(b, score(4, 1, 0));
    expect(b.matches.get("m1")).toMatchObject({ lastEvent: "VAR: goal disallowed", home_score: 1, away_score: 0 });
  });
});

describe("REST rows on the board", () => {
  it("a newer REST read replaces the row and its seq but keeps the latest event", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, score(3, 2, 0));
    Object.assign(b.matches.get("m1")!, { lastEvent: "31' Goal", lastEventSeq: 3 });
    putMatch(b, "football", item({ home_score: 2, away_score: 1, seq: 4 }));
    expect(b.matches.get("m1")).toMatchObject({
      home_score: 2,
      away_score: 1,
      seq: 4,
      lastEvent: "31' Goal",
      lastEventSeq: 3,
      period: 12,
    });
  });

  it("a REST read older than what the stream already showed is ignored, whatever its updated_at", () => {
    const b = emptyBoard();
    putMatch(b, "football", item());
    applyFrame(b, score(5, 4, 0, T0));
    putMatch(b, "football", item({ home_score: 3, seq: 4, updated_at: new Date(T0 + 60_000).toISOString() }));
    expect(b.matches.get("m1")).toMatchObject({ home_score: 4, seq: 5 });
  });

  it("a state message is a read: a newer one replaces, an older or equal one changes nothing, an unknown match is added", () => {
    const b = emptyBoard();
    const state = (seq: number, over: Partial<MatchListItem> = {}) =>
      ({ type: "state", match_id: "m1", sport: "football", seq, ts: T0, data: item({ seq, ...over }) }) as const;
    expect(applyFrame(b, state(2))).toMatchObject({ changed: true, added: true });
    applyFrame(b, score(3, 2, 0));
    expect(applyFrame(b, state(3, { home_score: 9 })).changed).toBe(false);
    expect(applyFrame(b, state(7, { home_score: 2, away_score: 2 }))).toMatchObject({ changed: true, scored: true });
    expect(b.matches.get("m1")).toMatchObject({ home_score: 2, away_score: 2, seq: 7 });
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
