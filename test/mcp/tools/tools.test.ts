import { describe, expect, it } from "vitest";
import { admin, createKey } from "../../helpers/admin";
import { mcpSession } from "../../helpers/mcp";
import { getJson, seed, today } from "../../helpers/seed";

const s = await seed(["eng1", "facup", "euroleague"]);
const mcp = await mcpSession({ "x-api-key": s.key });
const text = (r: any) => r.content.map((c: any) => c.text).join("\n");

describe("MCP tools over /v1/mcp", () => {
  it("lists the fifteen read-only tools (thirteen, and the match centre's two) with input schemas", async () => {
    const tools = await mcp.list();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_head_to_head",
      "get_leaders",
      "get_match",
      "get_match_events",
      "get_match_lineups",
      "get_match_players",
      "get_match_stats",
      "get_matches",
      "get_player",
      "get_standings",
      "get_team",
      "list_leagues",
      "refresh_match_token",
      "search",
      "show_match",
    ]);
    for (const t of tools) {
      expect(t.annotations.readOnlyHint).toBe(true);
      expect(t.inputSchema.type).toBe("object");
    }
    // The list limits are REST's: the same bounds, default and wording as the OpenAPI document's parameters.
    const doc = (await getJson("/v1/openapi.json")).body;
    const restLimit = (path: string) => doc.paths[path].get.parameters.find((p: any) => p.name === "limit").description;
    const limitOf = (name: string) => tools.find((t) => t.name === name).inputSchema.properties.limit.description;
    expect(limitOf("get_matches")).toBe(restLimit("/v1/football/matches"));
    expect(limitOf("get_head_to_head")).toBe(restLimit("/v1/football/matches/{id}/h2h"));
    expect(limitOf("search")).toBe(restLimit("/v1/football/search"));
    const gm = tools.find((t) => t.name === "get_matches");
    expect(Object.keys(gm.inputSchema.properties).sort()).toEqual([
      "date",
      "league_id",
      "limit",
      "sport",
      "status",
      "team_id",
    ]);
  });

  it("get_matches status=live answers what REST answers, with a line a model reads well", async () => {
    const r = await mcp.call("get_matches", { sport: "football", status: "live" });
    const rest = await getJson("/v1/football/matches?status=live", s.key);
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.matches.map((m: any) => m.id)).toEqual(rest.body.data.map((m: any) => m.id));
    const m = rest.body.data[0];
    expect(text(r)).toContain(`${m.home_team} ${m.home_score}–${m.away_score} ${m.away_team}, ${m.minute}'`);
  });

  it("get_matches accepts today and both sports; bad input is a tool error naming the field", async () => {
    const r = await mcp.call("get_matches", { date: "today", limit: 100 });
    const fb = await getJson(`/v1/football/matches?date=${today()}&limit=1`, s.key);
    const bb = await getJson(`/v1/basketball/matches?date=${today()}&limit=1`, s.key);
    expect(r.structuredContent.total).toBe(fb.body.total + bb.body.total);
    const bad = await mcp.call("get_matches", { date: "2026-02-30" });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/date/);
  });

  it("match detail, events, stats, lineups, standings, head-to-head", async () => {
    const [m] = (
      await getJson("/v1/football/matches?status=finished&league_id=lg_fb_eng1&limit=200", s.key)
    ).body.data.slice(-1);
    const detail = await mcp.call("get_match", { match_id: m.id });
    expect(detail.structuredContent.match).toMatchObject({ id: m.id, home_score: m.home_score });
    expect(text(detail)).toContain(`${m.home_team} ${m.home_score}–${m.away_score} ${m.away_team}, FT`);
    const events = await mcp.call("get_match_events", { match_id: m.id });
    expect(events.structuredContent.events.length).toBeGreaterThan(2);
    expect(text(events)).toMatch(/period start/);
    const stats = await mcp.call("get_match_stats", { match_id: m.id });
    expect(text(stats)).toMatch(/Ball possession: \d+ – \d+/);
    const lineups = await mcp.call("get_match_lineups", { match_id: m.id });
    expect(lineups.structuredContent.home.starters).toHaveLength(11);
    const table = await mcp.call("get_standings", { league_id: "lg_fb_eng1" });
    expect(table.structuredContent.standings).toHaveLength(20);
    expect(text(table)).toMatch(
      /^Premier League table \(as of .*\):\n1\. .* pts \(P\d+ W\d+ D\d+ L\d+, GD [+-]?\d+\)\n/,
    );
    const before = await mcp.call("get_standings", { match_id: m.id });
    expect(before.structuredContent.league_id).toBe("lg_fb_eng1");
    expect(text(before)).toMatch(/^Premier League table before .* \(as of .*\):\n1\. /);
    expect(text(before)).toContain(`table before ${m.home_team} v ${m.away_team} [${m.id}] (as of `);
    const h2h = await mcp.call("get_head_to_head", { match_id: m.id, limit: 3 });
    expect(h2h.structuredContent.matches.length).toBeLessThanOrEqual(3);
    // A limit over the maximum is clamped as REST clamps it, not refused.
    const all = await mcp.call("get_head_to_head", { match_id: m.id, limit: 100000 });
    const rest = await getJson(`/v1/football/matches/${m.id}/h2h?limit=100000`, s.key);
    expect(all.isError).toBeFalsy();
    expect(ids(all.structuredContent.matches)).toEqual(ids(rest.body.matches));
    const sum = h2h.structuredContent.summary;
    expect(text(h2h)).toContain(
      `${m.home_team} v ${m.away_team}: ${sum.played} played, ${sum.home_team_wins}–${sum.draws}–${sum.away_team_wins} ` +
        `(W–D–L for ${m.home_team}), goals ${sum.home_team_goals}–${sum.away_team_goals}\n`,
    );
    const both = await mcp.call("get_standings", { league_id: "lg_fb_eng1", match_id: m.id });
    expect(both.isError).toBe(true);
  });

  it("respects tracked leagues: another account sees none of these", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "mcp-other@example.com" })).json()) as {
      id: string;
    };
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    const other = await mcpSession({ "x-api-key": (await createKey(id)).key });
    const leagues = await other.call("list_leagues", {});
    expect(leagues.structuredContent.leagues.map((l: any) => l.id)).toEqual(["lg_bb_euroleague"]);
    const [m] = (await getJson("/v1/football/matches?limit=1", s.key)).body.data;
    const hidden = await other.call("get_match", { match_id: m.id });
    expect(hidden.isError).toBe(true);
    expect(text(hidden)).toContain("not found");
    expect((await other.call("get_matches", { sport: "football" })).structuredContent.matches).toEqual([]);
  });
});

const ids = (ms: any[]) => ms.map((m) => m.id);
const yyyyMmDd = (m: any) => new Date(m.kickoff_ts * 1000).toISOString().slice(0, 10);
const byKickoff = (a: any, b: any) => a.kickoff_ts - b.kickoff_ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Both sports' REST list for a query string, merged in kickoff order. */
async function restBoth(query: string) {
  const pages = await Promise.all(
    ["football", "basketball"].map(async (sport) => (await getJson(`/v1/${sport}/matches?${query}`, s.key)).body),
  );
  return { data: pages.flatMap((p) => p.data).sort(byKickoff), total: pages[0].total + pages[1].total };
}

describe("get_matches around now (no date)", () => {
  it("lists live matches first, then today's other matches in kickoff order, with their total", async () => {
    const live = await restBoth("status=live&limit=200");
    const day = await restBoth(`date=${today()}&limit=200`);
    const others = day.data.filter((m: any) => m.status_code !== 2);
    expect(live.data.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const r = await mcp.call("get_matches", { limit: 100 });
    expect(r.isError).toBeFalsy();
    expect(ids(r.structuredContent.matches)).toEqual([...ids(live.data), ...ids(others)].slice(0, 100));
    expect(r.structuredContent.total).toBe(live.total + others.length);
    // Not the oldest matches, as before: nothing from another day unless it is live.
    for (const m of r.structuredContent.matches)
      expect(m.status_code === 2 || new Date(m.kickoff_ts * 1000).toISOString().startsWith(today())).toBe(true);
  });

  it("limit has the REST list's default and maximum; a larger one is clamped, as REST clamps it", async () => {
    const rest = (query: string) => getJson(`/v1/football/matches?${query}`, s.key).then((r) => r.body.limit);
    const [byDefault, max] = [await rest(""), await rest("limit=100000")];
    const live = await restBoth("status=live&limit=200");
    const day = await restBoth(`date=${today()}&limit=200`);
    const all = [...ids(live.data), ...ids(day.data.filter((m: any) => m.status_code !== 2))];
    expect(ids((await mcp.call("get_matches", {})).structuredContent.matches)).toEqual(all.slice(0, byDefault));
    const big = await mcp.call("get_matches", { limit: 100000 });
    expect(big.isError).toBeFalsy();
    expect(ids(big.structuredContent.matches)).toEqual(all.slice(0, max));
  });

  it("a small limit is filled by the live matches first", async () => {
    const live = await restBoth("status=live&limit=200");
    const r = await mcp.call("get_matches", { limit: 2 });
    expect(ids(r.structuredContent.matches)).toEqual(ids(live.data).slice(0, 2));
    expect(text(r)).toMatch(/\(\d+ more; narrow the filters or raise limit\)$/);
  });

  it("status=finished or scheduled without a date means today's; with a date, that day as before", async () => {
    for (const status of ["finished", "scheduled"]) {
      const want = await restBoth(`status=${status}&date=${today()}&limit=200`);
      const r = await mcp.call("get_matches", { status, limit: 100 });
      expect(ids(r.structuredContent.matches), status).toEqual(ids(want.data).slice(0, 100));
      expect(r.structuredContent.total).toBe(want.total);
    }
    const y = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const want = await restBoth(`date=${y}&league_id=lg_fb_eng1&limit=200`);
    const r = await mcp.call("get_matches", { date: "yesterday", league_id: "lg_fb_eng1", limit: 100 });
    expect(ids(r.structuredContent.matches)).toEqual(ids(want.data));
  });

  it("team_id narrows to one team's matches, around now or on a day", async () => {
    const { data } = await restBoth(`date=${today()}&limit=200`);
    const m = data.find((x: any) => x.status_code !== 2) ?? data[0];
    const team = m.home_team_id;
    const r = await mcp.call("get_matches", { team_id: team });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.matches.length).toBeGreaterThan(0);
    for (const x of r.structuredContent.matches) expect([x.home_team_id, x.away_team_id]).toContain(team);
    expect(ids(r.structuredContent.matches)).toContain(m.id);
    // With a date: that day's matches of the team, as REST's ?team_id= lists them.
    const all = await restBoth(`team_id=${team}&limit=200`);
    const day = yyyyMmDd(all.data[0]);
    const d = await mcp.call("get_matches", { team_id: team, date: day });
    expect(ids(d.structuredContent.matches)).toEqual(ids(all.data.filter((x: any) => yyyyMmDd(x) === day)));
  });
});

describe("text in the sport's words", () => {
  const lastFinished = async (sport: string, league: string) =>
    (await getJson(`/v1/${sport}/matches?status=finished&league_id=${league}&limit=200`, s.key)).body.data.at(-1);

  it("basketball standings name the league and read W–L, win percentage and points, never draws or pts", async () => {
    const r = await mcp.call("get_standings", { league_id: "lg_bb_euroleague" });
    const t = text(r);
    const first = r.structuredContent.standings[0];
    expect(t).toMatch(/^EuroLeague table \(as of .*\):\n/);
    expect(t).toContain(
      `\n1. ${first.team} ${first.won}–${first.lost} W–L (${first.win_pct.toFixed(3).replace(/^0/, "")}), GB ${first.games_behind}, points ${first.points_for}–${first.points_against}`,
    );
    expect(t).not.toMatch(/ pts |D\d|GD /);
  });

  it("basketball head-to-head reads W–L and points, not W–D–L and goals", async () => {
    const m = await lastFinished("basketball", "lg_bb_euroleague");
    const r = await mcp.call("get_head_to_head", { match_id: m.id });
    expect(r.isError).toBeFalsy();
    const sum = r.structuredContent.summary;
    expect(text(r).split("\n")[0]).toBe(
      `${m.home_team} v ${m.away_team}: ${sum.played} played, ${sum.home_team_wins}–${sum.away_team_wins} ` +
        `(W–L for ${m.home_team}), points ${sum.home_team_goals}–${sum.away_team_goals}`,
    );
    expect(text(r)).not.toMatch(/W–D–L|goals/);
  });
});

describe("bad input", () => {
  it("is one sentence naming the field, with no doubled prefix", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["get_matches", { limit: "abc" }, "Invalid `limit`: must be a number, not a string."],
      ["get_matches", { limit: 0 }, "Invalid `limit`: must be at least 1."],
      ["get_matches", { limit: 2.5 }, "Invalid `limit`: must be an integer."],
      ["get_head_to_head", { match_id: "x", limit: "3" }, "Invalid `limit`: must be a number, not a string."],
      ["get_matches", { sport: "tennis" }, "Invalid `sport`: must be one of football, basketball."],
      ["get_matches", { date: 20260101 }, "Invalid `date`: must be YYYY-MM-DD, today, yesterday or tomorrow."],
      ["get_matches", { date: "2026-02-30" }, "Invalid `date`: not a calendar date."],
      ["get_match", {}, "`match_id` is required."],
      ["get_standings", {}, "Give exactly one of league_id and match_id."],
    ];
    for (const [name, args, message] of cases) {
      const r = await mcp.call(name, args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(text(r)).toBe(message);
      expect(text(r)).not.toMatch(/input validation|invalid arguments|invalid input/i);
    }
  });
});
