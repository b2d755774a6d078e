// The conversion of openfootball files to ops, against the bundled files themselves (data/openfootball).
import { describe, expect, it } from "vitest";
import { convertFile } from "../../../src/import/openfootball/convert";
import { BUNDLED, bundled, IMPORT_NOW } from "../../helpers/openfootball";

/** The converter's answer with its ops as plain records: these tests read fields by name, whatever the op. */
const convertLoose = (...a: Parameters<typeof convertFile>) => {
  const c = convertFile(...a);
  return { ...c, ops: c.ops as Record<string, unknown>[] };
};

const convert = (path: RegExp) => {
  const [f] = bundled(path);
  return convertLoose(f!.path, JSON.parse(f!.text), IMPORT_NOW);
};
const matchOf = (ops: Record<string, unknown>[], home: string, away: string) =>
  ops.find((o) => o.op === "match" && o.home_team_id === home && o.away_team_id === away)!;

describe("openfootball files → ops", () => {
  it("every bundled file converts, every club name is in the alias table as spelled, every match is accounted for", () => {
    const seasons = BUNDLED.filter((f) => !/squads|groups|stadiums|teams/.test(f.path));
    expect(seasons.length).toBe(61);
    for (const f of seasons) {
      const json = JSON.parse(f.text);
      const c = convertLoose(f.path, json, IMPORT_NOW);
      expect(c.report.names, f.path).toEqual([]);
      const inFile = (json.matches ?? json.rounds.flatMap((r: { matches: unknown[] }) => r.matches)).length;
      expect(c.report.matches + c.report.skipped.length, f.path).toBe(inFile);
    }
  });

  it("kickoffs in UTC: a league's local time in its zone (summer and winter), a tournament's offset", () => {
    const pl = convert(/2015-16\/en\.1/).ops;
    // 2015-08-08 12:45 London (BST, UTC+1) and 2015-12-26 15:00 London (GMT).
    const opener = pl.find((o) => o.op === "match" && o.home_team_id === "tm_fb_manchester-united")!;
    expect(opener).toMatchObject({
      away_team_id: "tm_fb_tottenham-hotspur",
      kickoff_ts: Date.UTC(2015, 7, 8, 11, 45) / 1000,
    });
    const wc = convert(/2026\/worldcup\.json/).ops;
    // "2026-06-11", "13:00 UTC-6": 19:00 UTC.
    expect(matchOf(wc, "tm_fb_nt_mexico", "tm_fb_nt_south-africa").kickoff_ts).toBe(Date.UTC(2026, 5, 11, 19) / 1000);
    // 2022 gives Qatar's local time without an offset: "2022-11-20", "19:00" is 16:00 UTC.
    const q = convert(/2022\/worldcup\.json/).ops;
    expect(matchOf(q, "tm_fb_nt_qatar", "tm_fb_nt_ecuador").kickoff_ts).toBe(Date.UTC(2022, 10, 20, 16) / 1000);
  });

  it("extra time, a shoot-out (scores before it), an own goal on the side it counted for, stoppage time", () => {
    const wc = convert(/2022\/worldcup\.json/).ops;
    const final = matchOf(wc, "tm_fb_nt_argentina", "tm_fb_nt_france");
    expect(final).toMatchObject({ status_code: 9, home_score: 3, away_score: 3, home_penalties: 4, away_penalties: 2 });
    const wc26 = convert(/2026\/worldcup\.json/).ops;
    const f26 = matchOf(wc26, "tm_fb_nt_spain", "tm_fb_nt_argentina");
    expect(f26).toMatchObject({ status_code: 10, home_score: 1, away_score: 0, ht_home_score: 0 });
    const events = wc26.find((o) => o.op === "events" && o.match_id === f26.id)!.events as Record<string, unknown>[];
    expect(events).toEqual([
      expect.objectContaining({ type: "goal", player: "Ferran Torres", minute: 106, period: 15, team: "home" }),
    ]);
    // 2018 final: Mandžukić's own goal is listed under France, for whom it counted.
    const wc18 = convert(/2018\/worldcup\.json/).ops;
    const f18 = matchOf(wc18, "tm_fb_nt_france", "tm_fb_nt_croatia");
    const e18 = wc18.find((o) => o.op === "events" && o.match_id === f18.id)!.events as Record<string, unknown>[];
    expect(e18[0]).toMatchObject({ type: "own_goal", player: "Mandžukić", team: "home", minute: 18, period: 12 });
    expect(e18.filter((e) => e.team === "home")).toHaveLength(4);
    // A goal in stoppage time: "90+6" (2026) and minute 90 with offset 4 (2018).
    const opener18 = wc18.find(
      (o) => o.op === "events" && o.match_id === matchOf(wc18, "tm_fb_nt_russia", "tm_fb_nt_saudi-arabia").id,
    )!;
    expect(opener18.events).toContainEqual(
      expect.objectContaining({ player: "Golovin", minute: 90, added_time: 4, period: 13 }),
    );
  });

  it("statuses: cancelled, awarded with its score, postponed; a match without a score after its kickoff is left out", () => {
    const fr = convert(/2019-20\/fr\.1/);
    expect(fr.ops.filter((o) => o.op === "match" && o.status_code === 5)).toHaveLength(101);
    const it16 = convert(/2016-17\/it\.1/).ops;
    expect(matchOf(it16, "tm_fb_sassuolo", "tm_fb_pescara")).toMatchObject({
      status_code: 6,
      home_score: 0,
      away_score: 3,
    });
    const en26 = convert(/2025-26\/en\.1/);
    expect(matchOf(en26.ops, "tm_fb_manchester-city", "tm_fb_crystal-palace")).toMatchObject({ status_code: 4 });
    expect(en26.report.skipped.length).toBe(88);
    expect(en26.report.skipped[0]!.reason).toBe("no score, although its kickoff has passed");
  });

  it("a shoot-out the file gives as a draw is imported without its penalties, and the report says so", () => {
    const cl = convert(/uefa\.cl/);
    const tie = matchOf(cl.ops, "tm_fb_liverpool", "tm_fb_paris-saint-germain");
    expect(tie).toMatchObject({ status_code: 9, home_score: 0, away_score: 1 });
    expect(tie.home_penalties).toBeUndefined();
    expect(cl.report.notes.map((n) => n.note)).toContain(
      "shoot-out given as 4–4, which cannot end a shoot-out: penalties left out",
    );
  });

  it("the 2026 squads: 48 national teams' players with number, position and birth date", () => {
    const sq = convert(/worldcup\.squads/);
    expect(sq.ops.filter((o) => o.op === "team")).toHaveLength(48);
    expect(sq.report.players).toBeGreaterThan(48 * 23);
    expect(sq.ops).toContainEqual(
      expect.objectContaining({
        op: "player",
        team_id: "tm_fb_nt_czech-republic",
        name: "Matěj Kovář",
        number: 1,
        position: "G",
        birth_date: "2000-05-17",
      }),
    );
  });
});
