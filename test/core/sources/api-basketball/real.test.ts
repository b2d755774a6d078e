// API-Basketball on answers others recorded from it (test/fixtures/real/api-basketball, each file naming its source):
// NBA seasons 2021/22 and 2024/25 (overtime games among them), a head-to-head, and a multi-league day list captured
// while games were live. docs/providers.md "API-Basketball" states the rules these decide.
import { describe, expect, it } from "vitest";
import { matchOps } from "../../../../src/core/feeds/diff";
import type { Mapping, MatchState } from "../../../../src/core/sources/contract";
import { apiBasketball } from "../../../../src/core/sources/api-basketball/adapter";
import { keepValid } from "../../../../src/core/ingest/validate";
import { named, of, type Recorded } from "../../../fakes/recorded";

const mappingsOf = (games: any[]): Mapping[] => {
  const ms: Mapping[] = [];
  for (const g of games) {
    const m = {
      provider_league: String(g.league.id),
      season: String(g.league.season),
      league_id: `lg_t_${g.league.id}`,
    };
    if (!ms.some((x) => x.provider_league === m.provider_league && x.season === m.season)) ms.push(m);
  }
  return ms;
};

function parseAll(r: Recorded, prev: (id: string) => MatchState | undefined = () => undefined) {
  const games = r.body.response as any[];
  const call = { kind: "fixtures" as const, path: r.call.path, query: r.call.query };
  const parsed = apiBasketball.parse(call, r.body, mappingsOf(games), prev).matches;
  return games.map((g) => ({ raw: g, state: parsed.find((s) => s.ref === String(g.id))! }));
}

const all = of("api-basketball").flatMap((r) => parseAll(r).map((x) => ({ file: r.file, ...x })));
const game = (id: number) => all.find((x) => x.raw.id === id)!;
const ends = (s: MatchState) => s.events!.map((e) => `${e.period ?? "-"} ${e.minute ?? "-"} ${e.detail}`);

describe("every recorded API-Basketball answer", () => {
  it("holds at least 80 real games", () => {
    expect(new Set(all.map((x) => x.raw.id)).size).toBeGreaterThanOrEqual(80);
  });

  it("maps every game: a known status, and ops that pass ingest's validation whole", () => {
    for (const { file, state } of all) {
      expect(state.problem, `${file} ${state.ref}`).toBeUndefined();
      expect(keepValid(matchOps(undefined, state, new Set())).dropped, `${file} ${state.ref}`).toEqual([]);
    }
  });

  it("a finished game's quarter ends add up to its score", () => {
    for (const { raw, state } of all) {
      if (![3, 10].includes(state.fields.status_code!) || raw.scores.home.quarter_1 === null) continue;
      const last = state.events!.at(-1)!.detail!;
      expect(last, String(raw.id)).toMatch(new RegExp(`, ${state.fields.home_score}–${state.fields.away_score}$`));
    }
  });
});

describe("overtime", () => {
  it("every AOT game is status 10 with an overtime end whose number is not guessed", () => {
    const aot = all.filter((x) => x.raw.status.short === "AOT");
    expect(aot.length).toBeGreaterThanOrEqual(10);
    for (const { raw, state } of aot) {
      expect(state.fields.status_code).toBe(10);
      expect(ends(state).at(-1)).toBe(`- - End of overtime, ${raw.scores.home.total}–${raw.scores.away.total}`);
    }
  });

  it("Knicks 138–134 Celtics, 20 Oct 2021 (two overtimes, `over_time` their sum): not called OT1", () => {
    const { state } = game(137232);
    expect(ends(state)).toHaveLength(5);
    expect(ends(state)[3]).toBe("25 48 End of Q4, 116–116");
    expect(ends(state)[4]).toBe("- - End of overtime, 138–134");
    expect(state.events!.at(-1)).toMatchObject({ period: null, minute: null });
  });

  it("LKS Lodz 108–111 Starogard Gdanski (status FT, level 80–80 after four quarters, `over_time` null): overtime", () => {
    const { state } = game(413422);
    expect(state.fields).toMatchObject({ status_code: 10, home_score: 108, away_score: 111 });
    expect(ends(state).at(-1)).toBe("- - End of overtime, 108–111");
  });

  it("followed live into two overtimes, the game's end names the second (the answers' OT and BT in order)", () => {
    const base = named("nba-2021-10-20-league-season-date");
    const final = base.body.response.find((g: any) => g.id === 137232);
    // The real game's rounds, as a poller following it sees them: Q4 level, OT, the break, OT again, finished.
    const rounds = [
      { short: "Q4", over_time: null, total: [116, 116] },
      { short: "OT", over_time: [6, 6], total: [122, 122] },
      { short: "BT", over_time: [11, 11], total: [127, 127] },
      { short: "OT", over_time: [14, 12], total: [130, 128] },
      { short: "AOT", over_time: [22, 18], total: [138, 134] },
    ];
    let prev: MatchState | undefined;
    const periods: (number | null | undefined)[] = [];
    for (const r of rounds) {
      const g = structuredClone(final);
      g.status = { long: r.short, short: r.short, timer: null };
      g.scores.home = { ...g.scores.home, over_time: r.over_time?.[0] ?? null, total: r.total[0] };
      g.scores.away = { ...g.scores.away, over_time: r.over_time?.[1] ?? null, total: r.total[1] };
      const body = { ...base.body, response: [g] };
      const before = prev;
      prev = parseAll({ ...base, body }, () => before)[0]!.state;
      periods.push(prev.fields.period);
    }
    expect(periods).toEqual([25, 26, 26, 27, null]);
    expect(prev!.fields.status_code).toBe(10);
    expect(prev!.events!.at(-1)).toMatchObject({ period: 27, minute: 58, detail: "End of OT2, 138–134" });
  });
});

describe("live games as a day list shows them", () => {
  it("a quarter's period, half-time 30 with the half-time score, the quarters over as period ends", () => {
    for (const { raw, state } of all.filter((x) => ["Q1", "Q2", "Q3", "Q4", "HT"].includes(x.raw.status.short))) {
      const short = raw.status.short as string;
      expect(state.fields.status_code).toBe(2);
      expect(state.fields.period).toBe(short === "HT" ? 30 : 21 + Number(short[1]));
      const over = short === "HT" ? 2 : Number(short[1]) - 1;
      expect(state.events!.length, String(raw.id)).toBe(over);
      if (short === "HT")
        expect(state.fields.ht_home_score).toBe(raw.scores.home.quarter_1 + raw.scores.home.quarter_2);
    }
  });

  it("a cancelled game is status 5", () => {
    const canc = all.filter((x) => x.raw.status.short === "CANC");
    expect(canc.length).toBe(1);
    expect(canc[0]!.state.fields.status_code).toBe(5);
  });
});
