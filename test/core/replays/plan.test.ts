// A replay's plan (src/core/replays/plan.ts) of a real match: the 2022 World Cup final as the history holds it
// (data/openfootball, through the importer), at speed 600 — every goal in the timeline's order at its minute × 60 / 600
// seconds, the score each goal left, the periods a match decided on penalties passes through, and the end as it ended.
import { describe, expect, it } from "vitest";
import wc2022 from "../../../data/openfootball/worldcup.json/2022/worldcup.json";
import { convertFile } from "../../../src/import/openfootball/convert";
import { replayPlan, type SourceEvent, type SourceMatch, type Step } from "../../../src/core/replays/plan";
import { IMPORT_NOW } from "../../helpers/openfootball";

type Rec = Record<string, unknown>;

/** The final as the history imports it: its match op and its events. */
function theFinal() {
  const ops = convertFile("worldcup.json/2022/worldcup.json", wc2022, IMPORT_NOW).ops as Rec[];
  const m = ops.find((o) => o.op === "match" && o.round === "Final")!;
  const events = ops
    .filter((o) => o.op === "events" && o.match_id === m.id)
    .flatMap((o) => o.events as Rec[])
    .map((e): SourceEvent => ({
      id: String(e.id),
      type: String(e.type),
      minute: (e.minute as number) ?? null,
      added_time: (e.added_time as number) ?? null,
      period: (e.period as number) ?? null,
      team: (e.team as "home" | "away") ?? null,
      player: (e.player as string) ?? null,
      player_in: null,
      player_out: null,
      detail: null,
    }));
  const source: SourceMatch = {
    sport: "football",
    status_code: m.status_code as number,
    round: "Final",
    home_team_id: String(m.home_team_id),
    away_team_id: String(m.away_team_id),
    home_score: m.home_score as number,
    away_score: m.away_score as number,
    ht_home_score: (m.ht_home_score as number) ?? null,
    ht_away_score: (m.ht_away_score as number) ?? null,
    home_penalties: (m.home_penalties as number) ?? null,
    away_penalties: (m.away_penalties as number) ?? null,
    venue: (m.venue as string) ?? null,
  };
  return { source, events };
}

const KICKOFF = Date.UTC(2026, 10, 28, 12, 0, 0);
const target = { matchId: "rp_test_final", leagueId: "rp_l_test", season: "2026", kickoffMs: KICKOFF, speed: 600 };

/** The replay match as each step leaves it: every match op's fields folded in order. */
function fold(steps: Step[]) {
  const state: Rec = {};
  const after: { atMs: number; state: Rec; events: Rec[] }[] = [];
  for (const s of steps) {
    const events: Rec[] = [];
    for (const op of s.ops as Rec[]) {
      if (op.op === "match") Object.assign(state, op);
      if (op.op === "events") events.push(...(op.events as Rec[]));
    }
    after.push({ atMs: s.atMs, state: { ...state }, events });
  }
  return after;
}

describe("a replay's plan of the 2022 World Cup final at speed 600", () => {
  const { source, events } = theFinal();
  const steps = replayPlan(source, events, target);
  const played = fold(steps);

  it("the source is the final as it ended: 3–3, 4–2 on penalties, status 9, six goals", () => {
    expect(source).toMatchObject({
      status_code: 9,
      home_score: 3,
      away_score: 3,
      home_penalties: 4,
      away_penalties: 2,
    });
    expect(events).toHaveLength(6);
  });

  it("kicks off live at 0–0 and ends as the source ended", () => {
    expect(steps[0]!.atMs).toBe(0);
    expect(played[0]!.state).toMatchObject({
      status_code: 2,
      home_score: 0,
      away_score: 0,
      period: 12,
      simulated: true,
    });
    expect(played.at(-1)!.state).toMatchObject({
      status_code: 9,
      home_score: 3,
      away_score: 3,
      home_penalties: 4,
      away_penalties: 2,
      ht_home_score: 2,
      ht_away_score: 0,
    });
  });

  it("plays every goal in the timeline's order, none before its minute × 60 / speed, the score moving with each", () => {
    const replayed = played.flatMap((p) => p.events.map((e) => ({ e, p })));
    expect(replayed.map(({ e }) => [e.type, e.minute, e.player, e.team])).toEqual(
      events.map((e) => [e.type, e.minute, e.player, e.team]),
    );
    let [home, away] = [0, 0];
    for (const { e, p } of replayed) {
      const clock = (e.minute as number) + ((e.added_time as number) ?? 0);
      expect(p.atMs).toBeGreaterThanOrEqual((clock * 60_000) / 600);
      e.team === "home" ? home++ : away++;
      expect([p.state.home_score, p.state.away_score]).toEqual([home, away]);
    }
    // Mbappé's third, at 118: no sooner than 11.8 s after kickoff.
    expect(replayed.at(-1)!.e).toMatchObject({ minute: 118, player: "Kylian Mbappé" });
    expect(replayed.at(-1)!.p.atMs).toBeGreaterThanOrEqual(11_800);
  });

  it("steps never go back in time, and pass through half-time, both halves of extra time and the shoot-out", () => {
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.atMs).toBeGreaterThanOrEqual(steps[i - 1]!.atMs);
    const periods: number[] = [];
    for (const s of steps)
      for (const op of s.ops as Rec[])
        if (op.op === "match" && typeof op.period === "number" && periods.at(-1) !== op.period) periods.push(op.period);
    expect(periods).toEqual([12, 38, 13, 14, 15, 16]);
    // The whole replay lasts 120 minutes at speed 600: 12 s.
    expect(steps.at(-1)!.atMs).toBe(12_000);
  });

  it("at speed 1 the last goal is due at its real minute", () => {
    const slow = replayPlan(source, events, { ...target, speed: 1 });
    const last = fold(slow)
      .filter((p) => p.events.length > 0)
      .at(-1)!;
    expect(last.atMs).toBe(118 * 60_000);
  });
});

describe("a basketball replay's plan", () => {
  // A EuroLeague-shaped game that went to overtime: a few of its baskets in the timeline (the end sets the full score).
  const source: SourceMatch = {
    sport: "basketball",
    status_code: 10,
    round: "Regular Season - 3",
    home_team_id: "tm_bb_home",
    away_team_id: "tm_bb_away",
    home_score: 101,
    away_score: 99,
    ht_home_score: 48,
    ht_away_score: 50,
    home_penalties: null,
    away_penalties: null,
    venue: null,
  };
  const ev = (id: string, minute: number, period: number, team: "home" | "away", type: string): SourceEvent => ({
    id,
    type,
    minute,
    added_time: null,
    period,
    team,
    player: `Player ${id}`,
    player_in: null,
    player_out: null,
    detail: null,
  });
  const events = [
    ev("b1", 5, 22, "home", "field_goal"),
    ev("b2", 14, 23, "away", "three_pointer"),
    ev("b3", 30, 24, "home", "free_throw"),
    ev("b4", 50, 26, "away", "field_goal"),
  ];
  const steps = replayPlan(source, events, { ...target, speed: 60 });
  const played = fold(steps);

  it("counts each basket by its kind (2, 3, 1) and ends with the source's score and status", () => {
    const after = played.filter((p) => p.events.length > 0).map((p) => [p.state.home_score, p.state.away_score]);
    // The overtime basket comes with the end (due at the same moment, one batch): the score as the source ended.
    expect(after).toEqual([
      [2, 0],
      [2, 3],
      [3, 3],
      [101, 99],
    ]);
    const last = steps.at(-1)!.ops as Rec[];
    expect(last.filter((o) => o.op === "match" && "away_score" in o).map((o) => o.away_score)).toEqual([5, 99]);
    expect(played.at(-1)!.state).toMatchObject({ status_code: 10, home_score: 101, away_score: 99 });
  });

  it("passes through the four quarters and the overtime the timeline names, each basket no sooner than its minute", () => {
    const periods: number[] = [];
    for (const s of steps)
      for (const op of s.ops as Rec[])
        if (op.op === "match" && typeof op.period === "number" && periods.at(-1) !== op.period) periods.push(op.period);
    expect(periods).toEqual([22, 23, 24, 25, 26]);
    for (const p of played)
      for (const e of p.events) expect(p.atMs).toBeGreaterThanOrEqual(((e.minute as number) * 60_000) / 60);
    // The overtime basket at 50', at speed 60: 50 s after tip-off; the end no sooner.
    expect(played.at(-1)!.atMs).toBeGreaterThanOrEqual(50_000);
  });
});
