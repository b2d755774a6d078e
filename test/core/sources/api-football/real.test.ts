// API-Football on answers others recorded from it (test/fixtures/real/api-football, each file naming its source):
// live captures of 2021–2026, season and day lists, World Cup and Champions League shoot-outs, detail answers. The
// rules the adapter follows are decided here (docs/providers.md "API-Football").
import { describe, expect, it } from "vitest";
import { matchOps } from "../../../../src/core/feeds/diff";
import type { EventIn, Mapping, MatchState } from "../../../../src/core/sources/contract";
import { apiFootball } from "../../../../src/core/sources/api-football/adapter";
import { keepValid } from "../../../../src/core/ingest/validate";
import { named, of, type Recorded } from "../../../fakes/recorded";

/** Every fixture of a `/fixtures` answer, parsed with each competition-season it names mapped. */
export function parseAll(r: Recorded): { raw: any; state: MatchState }[] {
  const raw = (r.body.response as any[]).filter((f) => f?.fixture?.id !== undefined);
  const ms: Mapping[] = [];
  for (const f of raw) {
    const m = {
      provider_league: String(f.league.id),
      season: String(f.league.season),
      league_id: `lg_t_${f.league.id}`,
    };
    if (!ms.some((x) => x.provider_league === m.provider_league && x.season === m.season)) ms.push(m);
  }
  const call = { kind: "followup" as const, path: r.call.path, query: r.call.query };
  const parsed = apiFootball.parse(call, r.body, ms, () => undefined).matches;
  return raw.map((f) => ({ raw: f, state: parsed.find((s) => s.ref === String(f.fixture.id))! }));
}

const answers = of("api-football").filter((r) => r.call.path === "/fixtures");
const all = answers.flatMap((r) => parseAll(r).map((x) => ({ file: r.file, ...x })));
/** A fixture as the answer with the most of its events has it. */
const byId = (id: number) =>
  all
    .filter((x) => x.raw.fixture.id === id)
    .sort((a, b) => (b.raw.events?.length ?? 0) - (a.raw.events?.length ?? 0))[0]!;
const goalsOf = (events: EventIn[], side: string) =>
  events.filter((e) => ["goal", "penalty_goal", "own_goal"].includes(e.type) && e.team === side).length;
const timeline = (events: EventIn[]) =>
  events.map((e) =>
    e.type === "substitution"
      ? `${e.minute} ${e.team} on ${e.player_in} off ${e.player_out}`
      : `${e.minute}${e.added_time ? `+${e.added_time}` : ""} ${e.team} ${e.type} ${e.player ?? "?"}`,
  );

describe("every recorded API-Football answer", () => {
  it("holds at least 300 real fixtures across the files", () => {
    expect(new Set(all.map((x) => x.raw.fixture.id)).size).toBeGreaterThanOrEqual(300);
  });

  it("maps every fixture: a known status, and ops that pass ingest's validation whole", () => {
    for (const { file, state } of all) {
      expect(state, file).toBeDefined();
      expect(state.problem, `${file} ${state.ref}`).toBeUndefined();
      const { dropped } = keepValid(matchOps(undefined, state, new Set()));
      expect(dropped, `${file} ${state.ref}`).toEqual([]);
    }
  });

  it("never shows more goals for a side than its score (a goal listed at 0–0 is held back)", () => {
    for (const { file, state } of all) {
      if (!state.events) continue;
      for (const side of ["home", "away"] as const)
        expect(goalsOf(state.events, side), `${file} ${state.ref} ${side}`).toBeLessThanOrEqual(
          state.fields[`${side}_score`]!,
        );
    }
    // Belediye Derincespor–Yeni Orduspor, 25 Mar 2023: a goal at 48' with no scorer while the score is 0–0.
    const held = byId(893312).state;
    expect([held.fields.home_score, held.fields.away_score]).toEqual([0, 0]);
    expect(goalsOf(held.events!, "away")).toBe(0);
  });

  it("never brings on a player already on the pitch, nor takes off one who is not", () => {
    let checked = 0;
    for (const { file, raw, state } of all) {
      if (!state.events) continue;
      const key = (id: string | null, name: string | null) => id ?? name;
      const on = new Set<string>();
      const off = new Set<string>();
      for (const l of raw.lineups ?? []) {
        for (const p of l.startXI) on.add(`pl_af_${p.player.id}`);
        for (const p of l.substitutes) off.add(`pl_af_${p.player.id}`);
      }
      // Without line-ups: whoever scored or assisted before a substitution was on the pitch then.
      for (const e of state.events) {
        if (e.type === "substitution") {
          const inn = key(e.player_in_id, e.player_in);
          const out = key(e.player_out_id, e.player_out);
          if (inn) expect(on.has(inn), `${file} ${state.ref} ${e.minute}' ${e.player_in} comes on twice`).toBe(false);
          if (out) expect(off.has(out), `${file} ${state.ref} ${e.minute}' ${e.player_out} was not on`).toBe(false);
          if (inn) (on.add(inn), off.delete(inn));
          if (out) (off.add(out), on.delete(out));
          checked++;
        } else if (["goal", "penalty_goal", "missed_penalty"].includes(e.type)) {
          const who = key(e.player_id, e.player);
          if (who && !off.has(who)) on.add(who);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe("substitutions: the pitch decides which side comes on, whatever the field order", () => {
  it("Liverpool–Luton, 21 Feb 2024 (live, `player` comes on): Woodrow, booked at 42', goes off at 58'", () => {
    const subs = timeline(byId(1035430).state.events!).filter((t) => t.includes(" on "));
    expect(subs).toEqual([
      "46 away on P. Mpanzu off A. S. Lokonga",
      "58 away on A. Townsend off C. Woodrow",
      "63 away on J. Clark off T. Chong",
    ]);
  });

  it("Real Sociedad–Celta, 22 Apr 2021 (live): Januzaj, who scored at 39', goes off at 46'", () => {
    const subs = timeline(byId(605373).state.events!).filter((t) => t.includes(" on "));
    expect(subs[0]).toBe("46 home on M. Oyarzabal off A. Januzaj");
    // The answer's other substitutions go the same way (Isak, who missed a penalty at 29', off at 68').
    expect(subs).toContain("68 home on A. Barrenetxea off A. Isak");
  });

  it("Manchester United 3–1 Arsenal, 4 Sep 2022 (detail, `player` goes off): Antony off at 58', Rashford at 80'", () => {
    const { state } = byId(868001);
    const subs = timeline(state.events!).filter((t) => t.includes(" on "));
    expect(subs).toContain("58 home on Cristiano Ronaldo off Antony");
    expect(subs).toContain("80 home on Casemiro off M. Rashford");
    // The goals: Antony 35', Saka 60', Rashford 66' and 75'; the VAR check of Martinelli's goal at 13' takes nothing.
    expect(timeline(state.events!).filter((t) => /goal|var/.test(t))).toEqual([
      "13 away var Gabriel Martinelli",
      "35 home goal Antony",
      "60 away goal B. Saka",
      "66 home goal M. Rashford",
      "75 home goal M. Rashford",
    ]);
  });

  it("Arsenal–Porto and the other UCL shoot-out (ids= detail with line-ups): every player off was in the XI or came on", () => {
    for (const id of [1149523, 1149519]) {
      const { raw, state } = byId(id);
      const xi = new Set<string>(raw.lineups.flatMap((l: any) => l.startXI.map((p: any) => `pl_af_${p.player.id}`)));
      const bench = new Set<string>(
        raw.lineups.flatMap((l: any) => l.substitutes.map((p: any) => `pl_af_${p.player.id}`)),
      );
      const subs = state.events!.filter((e) => e.type === "substitution");
      expect(subs.length).toBeGreaterThanOrEqual(8);
      for (const e of subs) {
        expect(xi.has(e.player_out_id!) || subs.some((s) => s.player_in_id === e.player_out_id), e.player_out!).toBe(
          true,
        );
        expect(bench.has(e.player_in_id!), e.player_in!).toBe(true);
      }
    }
  });
});

describe("VAR: a cancellation takes back only the goal it matches", () => {
  it("FC Basel 1–2 FC Sion, 3 Sep 2026: Celar's 40' goal stands after the review at 45+2; the timeline says 1–2", () => {
    const { state } = byId(1555381);
    expect([state.fields.home_score, state.fields.away_score]).toEqual([1, 2]);
    expect([goalsOf(state.events!, "home"), goalsOf(state.events!, "away")]).toEqual([1, 2]);
    expect(timeline(state.events!).filter((t) => /goal|var/.test(t))).toEqual([
      "40 home goal Žan Celar",
      "45+2 home var Žan Celar",
      "76 away goal Winsley Boteli Mokango",
      "79 away goal Winsley Boteli Mokango",
    ]);
  });

  it("a goal the review names, minutes before it, is taken back; the score is the provider's", () => {
    const base = named("live-2026-09-03-basel-sion");
    const body = structuredClone(base.body);
    const f = body.response.find((x: any) => x.fixture.id === 1555381);
    // As a provider that keeps the cancelled goal: Celar again at 45+1, reviewed at 45+2; the score stays 1–2.
    f.events.splice(2, 0, {
      ...f.events[0],
      time: { elapsed: 45, extra: 1 },
      assist: { id: null, name: null },
    });
    const state = parseAll({ ...base, body }).find((x) => x.raw.fixture.id === 1555381)!.state;
    expect(timeline(state.events!).filter((t) => /home (goal|var)/.test(t))).toEqual([
      "40 home goal Žan Celar",
      "45+2 home var Žan Celar",
    ]);
  });
});

describe("shoot-outs, own goals, statuses", () => {
  it("the 2022 World Cup final: 3–3 after extra time, 4–2 on penalties, status 9; the kicks are not goals", () => {
    const { state } = byId(979139);
    expect(state.fields).toMatchObject({
      status_code: 9,
      home_score: 3,
      away_score: 3,
      home_penalties: 4,
      away_penalties: 2,
    });
  });

  it("Arsenal–Porto, UCL 2024: 1–0, 4–2 on penalties; no shoot-out kick among the events", () => {
    const { state } = byId(1149523);
    expect(state.fields).toMatchObject({ status_code: 9, home_score: 1, away_score: 0 });
    expect(state.events!.filter((e) => e.minute === 120 && e.type.includes("goal"))).toEqual([]);
    expect(goalsOf(state.events!, "home")).toBe(1);
  });

  it("every status the recordings hold is one the table knows", () => {
    const seen = new Set(all.map((x) => x.raw.fixture.status.short));
    expect([...seen].sort()).toEqual(["1H", "2H", "FT", "HT", "NS", "PEN", "PST"]);
    for (const { raw, state } of all.filter((x) => x.raw.fixture.status.short === "PST"))
      expect(state.fields.status_code, String(raw.fixture.id)).toBe(4);
  });

  it("an own goal counts for the side it is filed under, and its scorer is named", () => {
    const own = all.flatMap(({ state }) => (state.events ?? []).filter((e) => e.type === "own_goal"));
    expect(own.length).toBeGreaterThan(0);
    for (const e of own) expect(e.team).not.toBeNull();
  });
});
