// A tournament played in groups has a table per group, of its group matches only (issue 47): the history's 2022
// World Cup (openfootball, "Group A, Matchday 1" … then "Round of 16" …) over REST and in MCP's text.
import { describe, expect, it } from "vitest";
import { bundled, importBundled } from "../../helpers/openfootball";
import { mcpSession } from "../../helpers/mcp";
import { getJson, seed } from "../../helpers/seed";
import { track } from "../../core/feeds/harness";

const s = await seed(["eng1"]);

describe("the 2022 World Cup's tables", () => {
  it("eight groups of four, each ranked on its own, three games each: the knockouts are in no table", async () => {
    await importBundled(bundled(/2022\/worldcup\.json/));
    await track(s.accountId, ["lg_fb_eng1", "lg_fb_wc"]);
    const table = (await getJson("/v1/football/leagues/lg_fb_wc/standings?season=2022/23", s.key)).body;
    expect(table.standings.map((r: any) => r.group)).toEqual(
      ["A", "B", "C", "D", "E", "F", "G", "H"].flatMap((g) => Array(4).fill(`Group ${g}`)),
    );
    expect(table.standings.map((r: any) => r.position)).toEqual(Array(8).fill([1, 2, 3, 4]).flat());
    expect(table.standings.every((r: any) => r.played === 3)).toBe(true);
    const groupC = table.standings.filter((r: any) => r.group === "Group C").map((r: any) => `${r.team} ${r.points}`);
    expect(groupC).toEqual(["Argentina 6", "Poland 4", "Mexico 4", "Saudi Arabia 3"]);
  });

  it("MCP's table text heads each group", async () => {
    const session = await mcpSession({ "x-api-key": s.key });
    const text = (await session.call("get_standings", { league_id: "lg_fb_wc" })).content[0].text as string;
    expect(text).toMatch(/^Group A:$/m);
    expect(text.split("\n").filter((l) => /^Group [A-H]:$/.test(l))).toHaveLength(8);
    expect(text).toMatch(/Group C:\n1\. Argentina 6 pts/);
  });
});
