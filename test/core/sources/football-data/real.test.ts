// football-data.org on answers others recorded from it (test/fixtures/real/football-data, each file naming its
// source): the 2022 World Cup whole (before, during and after), Champions League qualifiers with extra time and
// shoot-outs, postponed and cancelled league matches, live day lists, single matches. docs/providers.md
// "football-data.org" states the rules these decide.
import { describe, expect, it } from "vitest";
import { matchOps } from "../../../../src/core/feeds/diff";
import type { Mapping, MatchState } from "../../../../src/core/sources/contract";
import { footballData, roundOf } from "../../../../src/core/sources/football-data/adapter";
import { groupOf, isKnockoutRound } from "../../../../src/core/domain/codes";
import { keepValid } from "../../../../src/core/ingest/validate";
import { named, of, type Recorded } from "../../../fakes/recorded";

/** An answer's matches (a list, or one match), each parsed with its competition-season mapped. */
function parseAll(r: Recorded): { raw: any; state: MatchState | undefined }[] {
  const raw: any[] = Array.isArray(r.body.matches) ? r.body.matches : [r.body];
  const ms: Mapping[] = [];
  for (const x of raw) {
    const comp = { ...r.body.competition, ...x.competition };
    const season = String(x.season?.startDate ?? "").slice(0, 4);
    if (!ms.some((m) => m.provider_league === String(comp.id) && m.season === season))
      ms.push({ provider_league: String(comp.id), season, league_id: `lg_t_${comp.code ?? comp.id}` });
  }
  const call = { kind: "fixtures" as const, path: r.call.path, query: r.call.query };
  const parsed = footballData.parse(call, r.body, ms, () => undefined).matches;
  return raw.map((x) => ({ raw: x, state: parsed.find((s) => s.ref === String(x.id)) }));
}

const all = of("football-data").flatMap((r) => parseAll(r).map((x) => ({ file: r.file, ...x })));
const wc = parseAll(named("wc-2022-complete-64-after-final")).map((x) => x.state!);
const find = (list: MatchState[], home: string, away: string) =>
  list.find((m) => m.teams[0]!.name === home && m.teams[1]!.name === away)!;

describe("every recorded football-data.org answer", () => {
  it("holds at least 200 real matches", () => {
    expect(new Set(all.map((x) => x.raw.id)).size).toBeGreaterThanOrEqual(200);
  });

  it("maps every match with both teams known: a known status, ops that pass ingest's validation whole", () => {
    for (const { file, raw, state } of all) {
      if (raw.homeTeam?.id == null || raw.awayTeam?.id == null) {
        // A knockout slot not decided yet (both teams null): nothing to create until the provider names them.
        expect(state, `${file} ${raw.id}`).toBeUndefined();
        continue;
      }
      expect(state?.problem, `${file} ${raw.id}`).toBeUndefined();
      expect(keepValid(matchOps(undefined, state!, new Set())).dropped, `${file} ${raw.id}`).toEqual([]);
    }
  });

  it("statuses: postponed 4, cancelled 5, paused at half-time 38, in play by the half-time score 12 or 13", () => {
    const by = (status: string) => all.filter((x) => x.raw.status === status && x.state);
    for (const x of by("POSTPONED")) expect(x.state!.fields.status_code).toBe(4);
    for (const x of by("CANCELLED")) expect(x.state!.fields.status_code).toBe(5);
    for (const x of by("PAUSED")) expect(x.state!.fields).toMatchObject({ status_code: 2, period: 38 });
    for (const x of by("IN_PLAY"))
      expect(x.state!.fields.period, String(x.raw.id)).toBe(x.raw.score.halfTime.home === null ? 12 : 13);
    expect(by("POSTPONED").length + by("CANCELLED").length + by("PAUSED").length).toBeGreaterThanOrEqual(5);
  });
});

describe("the 2022 World Cup: rounds from `stage` and `group`, not `matchday`", () => {
  it("48 group matches in 8 groups of 6; 16 knockout matches named as the history names them, none in a table", () => {
    const groups = new Map<string, number>();
    for (const m of wc) {
      const g = groupOf(m.fields.round);
      if (g) groups.set(g, (groups.get(g) ?? 0) + 1);
    }
    expect([...groups.entries()].sort()).toEqual(
      ["A", "B", "C", "D", "E", "F", "G", "H"].map((l) => [`Group ${l}`, 6]),
    );
    const knockouts = wc.filter((m) => isKnockoutRound(m.fields.round));
    expect(knockouts.map((m) => m.fields.round).sort()).toEqual(
      [
        ...Array(8).fill("Round of 16"),
        ...Array(4).fill("Quarter-finals"),
        ...Array(2).fill("Semi-finals"),
        "Match for third place",
        "Final",
      ].sort(),
    );
    expect(wc.filter((m) => !groupOf(m.fields.round) && !isKnockoutRound(m.fields.round))).toEqual([]);
    expect(find(wc, "Qatar", "Ecuador").fields.round).toBe("Group A, Matchday 1");
  });

  it("the third-place match is one round whether the answer says THIRD_PLACE (December) or BRONZE (after the final)", () => {
    const december = parseAll(named("wc-2022-knockouts-before-semis"));
    const third = december.find((x) => x.raw.id === 391943)!;
    expect(third.raw.stage).toBe("THIRD_PLACE");
    // Its teams were not known in December (no match is made of it yet); its stage names the same round.
    expect(roundOf(third.raw)).toBe("Match for third place");
    expect(wc.find((m) => m.ref === "391943")!.fields.round).toBe("Match for third place");
  });

  it("shoot-outs: `fullTime` counts the kicks; the score is regular + extra time, the kicks are penalties", () => {
    expect(find(wc, "Argentina", "France").fields).toMatchObject({
      status_code: 9,
      home_score: 3,
      away_score: 3,
      home_penalties: 4,
      away_penalties: 2,
    });
    expect(find(wc, "Morocco", "Spain").fields).toMatchObject({ status_code: 9, home_score: 0, away_score: 0 });
    expect(wc.filter((m) => m.fields.status_code === 9)).toHaveLength(5);
  });

  it("on its opening day, Qatar–Ecuador in play at 0–2 after half-time (its half-time score is set), the rest scheduled", () => {
    const parsed = parseAll(named("wc-2022-opening-day-in-play"));
    // The 16 knockout slots have no teams yet: nothing is created for them.
    expect(parsed.filter((x) => x.state === undefined)).toHaveLength(16);
    const day = parsed.flatMap((x) => (x.state ? [x.state] : []));
    const live = day.filter((m) => m.fields.status_code === 2);
    expect(live.map((m) => [m.teams[0]!.name, m.fields.home_score, m.fields.away_score, m.fields.period])).toEqual([
      ["Qatar", 0, 2, 13],
    ]);
    expect(day.filter((m) => m.fields.status_code === 1)).toHaveLength(64 - 16 - 1);
  });
});

describe("extra time and shoot-outs in the Champions League qualifiers (regularTime null)", () => {
  const cl = parseAll(named("cl-2022-23-qualifying-extra-time-shootouts"));
  it("after extra time: status 10 and `fullTime` as the score; after a shoot-out: `fullTime` less the kicks", () => {
    for (const { raw, state } of cl) {
      if (raw.score.duration === "EXTRA_TIME")
        expect([state!.fields.status_code, state!.fields.home_score, state!.fields.away_score]).toEqual([
          10,
          raw.score.fullTime.home,
          raw.score.fullTime.away,
        ]);
    }
    const shootout = cl.find((x) => x.raw.id === 418518)!.state!;
    expect(shootout.fields).toMatchObject({
      status_code: 9,
      home_score: 2,
      away_score: 1,
      home_penalties: 4,
      away_penalties: 5,
    });
  });

  it("qualifying rounds are knockouts, not a table's; the group stage's matches are their group's", () => {
    for (const { raw, state } of cl) {
      if (!state) continue;
      if (raw.stage === "GROUP_STAGE") expect(groupOf(state.fields.round), String(raw.id)).toMatch(/^Group [A-H]$/);
      else expect(isKnockoutRound(state.fields.round), `${raw.id} ${state.fields.round}`).toBe(true);
    }
  });
});

describe("a single match with goals, bookings and substitutions (the provider's own sample)", () => {
  it("Troyes 1–1 Marseille: the penalty, the goal, eight cards, ten substitutions, in time order", () => {
    const m = parseAll(named("match-330299-fl1-troyes-marseille-goals-bookings-subs"))[0]!.state!;
    const events = m.events!;
    expect(
      events.filter((e) => e.type.includes("goal")).map((e) => `${e.minute} ${e.team} ${e.type} ${e.player}`),
    ).toEqual(["28 away penalty_goal Dimitri Payet", "90 home goal Yoann Touzghar"]);
    expect(events.filter((e) => e.type.endsWith("card"))).toHaveLength(8);
    const subs = events.filter((e) => e.type === "substitution");
    expect(subs).toHaveLength(10);
    expect(subs[0]).toMatchObject({ minute: 57, player_out: "Valentin Rongier", player_in: "Pol Lirola" });
    const minutes = events.map((e) => (e.minute ?? 0) * 100 + (e.added_time ?? 0));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });
});
