// History's goals as the files write them (docs/data.md "Goals and squads"): stoppage time kept as `added_time` in
// every shape the files use, and a goal credited to a side that cannot have scored it refused with the file's line
// (EURO 2020's Ukraine 0–4 England lists England's four goals under Ukraine) — or credited to the side the file
// says, where it says one.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { convertFile } from "../../../src/import/openfootball/convert";
import { summary } from "../../../src/import/cli";
import { importFiles } from "../../../src/import/run";
import { bundled, IMPORT_NOW, workerTarget } from "../../helpers/openfootball";

/** The converter's answer with its ops as plain records: these tests read fields by name, whatever the op. */
const convertLoose = (...a: Parameters<typeof convertFile>) => {
  const c = convertFile(...a);
  return { ...c, ops: c.ops as Record<string, unknown>[] };
};

type Ev = Record<string, unknown>;
const eventsOf = (ops: Record<string, unknown>[], matchId: string) =>
  ops.filter((o) => o.op === "events" && o.match_id === matchId).flatMap((o) => o.events as Ev[]);

/** A tournament file of one match, as a test writes it ("2021/copa.json": a tournament the service does not know). */
function tournament(match: Record<string, unknown>, layout: "matches" | "rounds" = "matches") {
  const json =
    layout === "matches"
      ? { name: "Copa América 2021", matches: [{ round: "Final", date: "2021-07-10", time: "21:00 UTC-3", ...match }] }
      : {
          name: "Copa América 2021",
          rounds: [{ name: "Final", matches: [{ date: "2021-07-10", time: "21:00", timezone: "UTC-3", ...match }] }],
        };
  const text = JSON.stringify(json, null, 2);
  const c = convertLoose("copa.json/2021/copa.json", JSON.parse(text), IMPORT_NOW, text);
  const m = c.ops.find((o) => o.op === "match")!;
  return { c, m, events: eventsOf(c.ops, String(m.id)) };
}
const clock = (e: Ev) => [e.player, e.minute, e.added_time, e.period, e.team];

describe("stoppage time", () => {
  it("45+2 and 90+2 are minute 45 and 90 with added_time 2, in every shape the files write them", () => {
    const { c, m, events } = tournament({
      team1: "Argentina",
      team2: "Brazil",
      score: { ht: [2, 0], ft: [4, 2] },
      goals1: [
        { name: "A. String", minute: "45+2" },
        { name: "B. Offset", minute: 90, offset: 2 },
        { name: "C. Quoted", minute: "90+3'" },
        { name: "D. Apart", minute: "45", offset: 1 },
      ],
      goals2: [
        { name: "E. Plain", minute: 12 },
        { name: "F. Extra", minute: "105+1" },
      ],
    });
    expect(m).toMatchObject({ league_id: "lg_fb_copa", home_team_id: "tm_fb_nt_argentina", status_code: 3 });
    expect(c.report.league).toMatchObject({ id: "lg_fb_copa", name: "Copa América", country: "South America" });
    expect(events.map(clock)).toEqual([
      ["E. Plain", 12, null, 12, "away"],
      ["D. Apart", 45, 1, 12, "home"],
      ["A. String", 45, 2, 12, "home"],
      ["B. Offset", 90, 2, 13, "home"],
      ["C. Quoted", 90, 3, 13, "home"],
      ["F. Extra", 105, 1, 14, "away"],
    ]);
  });

  it("the bundled files: EURO 2020's `offset` and the 2026 World Cup's \"90+2\"", () => {
    const [wc] = bundled(/2026\/worldcup\.json/);
    const ops = convertLoose(wc!.path, JSON.parse(wc!.text), IMPORT_NOW).ops;
    const all = ops.filter((o) => o.op === "events").flatMap((o) => o.events as Ev[]);
    expect(all).toContainEqual(
      expect.objectContaining({ player: "Enzo Fernández", minute: 90, added_time: 2, period: 13 }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ player: "Jonathan David", minute: 45, added_time: 3, period: 12 }),
    );
  });

  it("imported, they are stored and served as 45+2 and 90+2 (EURO 2020: Miranchuk, Ronaldo)", async () => {
    await importFiles(bundled(/euro\.json\/2020\/euro\.json/), workerTarget(), { now: IMPORT_NOW });
    const stored = async (player: string) =>
      env.DB.prepare(
        "SELECT minute, added_time, period FROM match_events WHERE player = ? ORDER BY minute DESC, added_time DESC",
      )
        .bind(player)
        .first();
    expect(await stored("Miranchuk")).toEqual({ minute: 45, added_time: 2, period: 12 });
    expect(await stored("Ronaldo")).toEqual({ minute: 90, added_time: 2, period: 13 });
  });
});

describe("a goal credited to the side that cannot have scored it", () => {
  const euro = () => bundled(/euro\.json\/2020\/euro\.json/)[0]!;

  it("EURO 2020 Ukraine 0–4 England: the four goals listed under Ukraine are refused, with the file's line", () => {
    const f = euro();
    const c = convertLoose(f.path, JSON.parse(f.text), IMPORT_NOW, f.text);
    expect(c.report.refused).toHaveLength(1);
    const r = c.report.refused[0]!;
    expect(r.match).toBe("2021-07-03 Ukraine – England");
    expect(r.reason).toBe(
      "4 goal(s) credited to Ukraine (Kane 4', Maguire 46', Kane 50', J. Henderson 63'), who scored 0, while England " +
        "scored 4 with 0 listed: the file does not say which side scored them, so they are not imported",
    );
    // The line named is the file's "goals1" of that match, and Kane's goal follows it.
    const [, line] = /^euro\.json\/2020\/euro\.json:(\d+) \(rounds\[4\]\.matches\[3\]\.goals1\)$/.exec(r.at)!;
    const lines = f.text.split("\n");
    expect(lines[Number(line) - 1]!.trim()).toBe('"goals1": [');
    expect(lines.slice(Number(line), Number(line) + 3).join("\n")).toMatch(/"name": "Kane",\s*"minute": 4/);
    // The match is imported with its score; its timeline has none of them (and withdraws them where imported).
    const m = c.ops.find(
      (o) => o.op === "match" && o.home_team_id === "tm_fb_nt_ukraine" && o.away_team_id === "tm_fb_nt_england",
    )!;
    expect(m).toMatchObject({ away_team_id: "tm_fb_nt_england", home_score: 0, away_score: 4, status_code: 3 });
    expect(eventsOf(c.ops, String(m.id))).toEqual([]);
    expect(c.ops).toContainEqual({
      op: "remove_events",
      match_id: m.id,
      event_ids: [1, 2, 3, 4].map((i) => `${m.id}_h${i}`),
    });
    // Only that match: the file's 141 other goals are imported, and no other match is refused or noted.
    expect(c.report.goals).toBe(142 - 4);
    expect(c.report.notes).toEqual([]);
    expect(
      summary({ files: [c.report], alreadyImported: [], ops: 0, applied: 0, unchanged: 0, teams: [] }, 1),
    ).toContain(`  ${r.at}: 2021-07-03 Ukraine – England: 4 goal(s) credited to Ukraine`);
  });

  it("a deployment that imported them credited to Ukraine has them withdrawn by the import", async () => {
    const f = euro();
    const c = convertLoose(f.path, JSON.parse(f.text), IMPORT_NOW, f.text);
    const m = c.ops.find(
      (o) => o.op === "match" && o.home_team_id === "tm_fb_nt_ukraine" && o.away_team_id === "tm_fb_nt_england",
    )!;
    const target = workerTarget();
    // What the earlier importer sent: the match, and the four goals as Ukraine's.
    const teams = c.ops.filter(
      (o) => o.op === "team" && ["tm_fb_nt_ukraine", "tm_fb_nt_england"].includes(String(o.id)),
    );
    const league = c.ops.find((o) => o.op === "league")!;
    const wrong = ["Kane", "Maguire", "Kane", "J. Henderson"].map((player, i) => ({
      id: `${m.id}_h${i + 1}`,
      type: "goal",
      minute: [4, 46, 50, 63][i],
      added_time: null,
      period: i === 0 ? 12 : 13,
      team: "home",
      player,
    }));
    await target.send([league, ...teams, m, { op: "events", match_id: m.id, events: wrong }]);
    const count = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM match_events WHERE match_id = ?")
        .bind(m.id)
        .first<{ n: number }>())!.n;
    expect(await count()).toBe(4);

    const report = await importFiles([f], target, { now: IMPORT_NOW, force: true });
    expect(report.files[0]!.refused).toHaveLength(1);
    expect(await count()).toBe(0);
    expect(
      await env.DB.prepare("SELECT home_score, away_score, status_code FROM matches WHERE id = ?").bind(m.id).first(),
    ).toEqual({ home_score: 0, away_score: 4, status_code: 3 });
  });

  it("credited to the other side where the file says so: the older format's running score", () => {
    // Listed under Argentina, but the running score after it (1–1) counts it for Brazil.
    const { c, events } = tournament(
      {
        team1: { name: "Argentina", code: "ARG" },
        team2: { name: "Brazil", code: "BRA" },
        score1: 1,
        score2: 1,
        score1i: 1,
        score2i: 0,
        goals1: [
          { name: "Messi", minute: 20, score1: 1, score2: 0 },
          { name: "Neymar", minute: 70, score1: 1, score2: 1 },
        ],
        goals2: [],
      },
      "rounds",
    );
    expect(c.report.refused).toEqual([]);
    expect(events.map(clock)).toEqual([
      ["Messi", 20, null, 12, "home"],
      ["Neymar", 70, null, 13, "away"],
    ]);
    expect(c.report.notes.map((n) => n.note)).toEqual([
      "1 goal(s) listed under one side and counted for the other by the file's running score",
    ]);
  });

  it("credited to the other side where the file says so: an own goal listed under the scorer's side", () => {
    const { c, events } = tournament({
      team1: "Argentina",
      team2: "Brazil",
      score: { ht: [1, 0], ft: [2, 0] },
      goals1: [{ name: "Messi", minute: 20 }],
      goals2: [{ name: "Marquinhos", minute: 80, owngoal: true }],
    });
    // Brazil has one listed and scored none, Argentina scored two with one listed: the own goal counted for Argentina.
    expect(c.report.refused).toEqual([]);
    expect(events).toEqual([
      expect.objectContaining({ type: "goal", player: "Messi", team: "home" }),
      expect.objectContaining({ type: "own_goal", player: "Marquinhos", team: "home", minute: 80 }),
    ]);
  });

  it("goals that merely fall short of the score are imported as they are, and the report says so", () => {
    const { c, events } = tournament({
      team1: "Argentina",
      team2: "Brazil",
      score: { ft: [2, 1] },
      goals1: [{ name: "Messi", minute: 20 }],
      goals2: [{ name: "Neymar", minute: 70 }],
    });
    expect(c.report.refused).toEqual([]);
    expect(events).toHaveLength(2);
    expect(c.report.notes.map((n) => n.note)).toEqual(["its goals (1–1) do not add up to its score (2–1)"]);
  });
});
