// A league whose matches are already finished when it is mapped (a past season, a league mapped mid-season, a poller
// that lost its storage): each match gets the data one followed live would have — its detail call (timeline,
// line-ups, statistics where the provider has them) and its tables, ordered as the matches were played. Played on the
// real recorded answers: football-data.org's whole 2022 World Cup and API-Football's Premier League of 29 Aug – 4 Sep
// 2022 (test/fixtures/real).
import { describe, expect, it } from "vitest";
import { named, RecordedProvider } from "../../fakes/recorded";
import { getJson, seed } from "../../helpers/seed";
import { mapLeagues, recordedPoller as poller, track } from "./harness";

const s = await seed(["eng1"]);
const get = async (path: string) => (await getJson(path, s.key)).body;
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("football-data.org: the 2022 World Cup mapped after it was played", () => {
  const fake = new RecordedProvider("football-data", [named("wc-2022-complete-64-after-final")]);
  const { p, settle } = poller("football-data", fake);

  it("64 results, each fetched in full once; a table per group of its group matches, none of the knockouts", async () => {
    await mapLeagues("football-data", [{ provider_league: "WC", season: "2022", league_id: "lg_fb_fd_wc" }]);
    await p.tick(); // the first poll creates the league; then an account tracks it
    await track(s.accountId, ["lg_fb_eng1", "lg_fb_fd_wc"]);
    await settle();
    // A change of tracked leagues holds within 2 s of its commit (docs/architecture.md "Edge read path").
    const list = await eventually(
      () => get("/v1/football/matches?league_id=lg_fb_fd_wc&limit=200"),
      (l) => l.total === 64,
    );
    expect(list.total).toBe(64);
    expect(list.data.every((m: any) => [3, 9].includes(m.status_code))).toBe(true);
    const details = fake.calls.filter((c) => /\/matches\/\d+$/.test(c));
    expect(new Set(details).size).toBe(64);
    expect(details.length).toBe(64);

    const table = await get("/v1/football/leagues/lg_fb_fd_wc/standings?season=2022/23");
    expect(table.standings).toHaveLength(32);
    const groups = new Map<string, any[]>();
    for (const r of table.standings) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
    expect([...groups.keys()]).toEqual(["A", "B", "C", "D", "E", "F", "G", "H"].map((g) => `Group ${g}`));
    for (const rows of groups.values()) {
      expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4]);
      expect(rows.every((r) => r.played === 3)).toBe(true);
    }
    const line = (g: string) => groups.get(g)!.map((r) => `${r.team} ${r.points}`);
    expect(line("Group A")).toEqual(["Netherlands 7", "Senegal 6", "Ecuador 4", "Qatar 0"]);
    expect(line("Group C")).toEqual(["Argentina 6", "Poland 4", "Mexico 4", "Saudi Arabia 3"]);
    expect(p.status().errors).toEqual([]);
  });

  it("the results keep the order they were played: the table before the final is the groups' final one", async () => {
    const list = (await get("/v1/football/matches?league_id=lg_fb_fd_wc&limit=200")).data as any[];
    const final = list.find((m) => m.home_team === "Argentina" && m.away_team === "France")!;
    const opener = list.find((m) => m.home_team === "Qatar" && m.away_team === "Ecuador")!;
    const before = await get(`/v1/football/matches/${final.id}/standings`);
    expect(before.standings.every((r: any) => r.played === 3)).toBe(true);
    const detail = await get(`/v1/football/matches/${opener.id}`);
    // Kickoff 20 Nov 2022 16:00 UTC; the whistle taken as 1 h 55 min later, not the time of the poll.
    expect(Date.parse(detail.finished_at)).toBe(Date.parse("2022-11-20T17:55:00Z"));
  });

  it("a second poll of the same season fetches nothing again in full", async () => {
    const before = fake.calls.filter((c) => /\/matches\/\d+$/.test(c)).length;
    await settle();
    expect(fake.calls.filter((c) => /\/matches\/\d+$/.test(c)).length).toBe(before);
  });
});

describe("API-Football: a Premier League week of 2022 mapped after it was played", () => {
  const fake = new RecordedProvider("api-football", [
    named("premier-league-2022-08-29-to-09-04"),
    named("manutd-arsenal-2022-09-04-detail"),
  ]);
  const { p, settle } = poller("api-football", fake);

  it("20 results, one detail call for all of them, Manchester United 3–1 Arsenal with its goals, and the week's table", async () => {
    await mapLeagues("api-football", [{ provider_league: "39", season: "2022", league_id: "lg_fb_eng1" }]);
    await settle();
    const week = (await get("/v1/football/matches?league_id=lg_fb_eng1&season=2022/23&limit=200")).data as any[];
    expect(week.filter((m) => m.id.startsWith("m_af_"))).toHaveLength(20);
    expect(fake.calls.filter((c) => c.startsWith("/fixtures?ids="))).toHaveLength(1);
    const events = await get("/v1/football/matches/m_af_868001/events");
    expect(events.data.filter((e: any) => e.type === "goal").map((e: any) => `${e.player} ${e.minute}'`)).toEqual([
      "Antony 35'",
      "B. Saka 60'",
      "M. Rashford 66'",
      "M. Rashford 75'",
    ]);
    const table = await get("/v1/football/leagues/lg_fb_eng1/standings?season=2022/23");
    expect(table.standings).toHaveLength(20);
    expect(table.standings.every((r: any) => r.group === null)).toBe(true);
    expect(table.standings.reduce((n: number, r: any) => n + r.played, 0)).toBe(40);
    expect(p.status().errors).toEqual([]);
  });
});
