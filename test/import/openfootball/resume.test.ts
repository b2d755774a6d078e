// An import cut short resumes: the next run skips the files the first finished and sends the rest; nothing is
// applied twice (docs/data.md "Importing history").
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { convertFile } from "../../../src/import/openfootball/convert";
import { importFiles, type Target } from "../../../src/import/run";
import { bundled, IMPORT_NOW, workerTarget } from "../../helpers/openfootball";

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe("an interrupted import", () => {
  it("resumes where it stopped, and ends as a clean import would", async () => {
    const files = bundled(/2016-17\/en\.1|2018\/worldcup\.json|2022\/worldcup\.json/);
    const target = workerTarget();
    let sends = 0;
    // Batches of 100 ops: the season is five, the 2018 World Cup two. The connection drops on the seventh: the season
    // is done, the World Cup half-sent.
    const flaky: Target = {
      ...target,
      send: async (ops) => {
        if (++sends === 7) throw new Error("connection reset");
        return target.send(ops);
      },
    };
    await expect(importFiles(files, flaky, { now: IMPORT_NOW, batchOps: 100 })).rejects.toThrow("connection reset");
    const ledger = await target.imported();
    expect([...ledger.keys()]).toEqual(["football.json/2016-17/en.1.json"]);

    const resumed = await importFiles(files, target, { now: IMPORT_NOW, batchOps: 100 });
    expect(resumed.alreadyImported).toEqual(["football.json/2016-17/en.1.json"]);
    // The 2018 World Cup's first batch (100 ops) is sent again and changes nothing; so do the 2022 file's teams that
    // played in 2018 too.
    expect(resumed.unchanged).toBeGreaterThanOrEqual(100);
    expect(resumed.files.map((f) => f.source)).toEqual([
      "worldcup.json/2018/worldcup.json",
      "worldcup.json/2022/worldcup.json",
    ]);

    // As a clean import: every match once, every goal once, numbered once.
    const expected = files.map((f) => convertFile(f.path, JSON.parse(f.text), IMPORT_NOW).report);
    expect(await count("SELECT count(*) AS n FROM matches")).toBe(expected.reduce((n, r) => n + r.matches, 0));
    expect(await count("SELECT count(*) AS n FROM match_events")).toBe(expected.reduce((n, r) => n + r.goals, 0));
    expect(
      await count(
        "SELECT count(*) AS n FROM matches m WHERE m.seq <> (SELECT count(*) FROM match_events e WHERE e.match_id = m.id)",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM (SELECT match_id, seq FROM changes GROUP BY match_id, seq HAVING count(*) > 1)",
      ),
    ).toBe(0);

    const again = await importFiles(files, target, { now: IMPORT_NOW });
    expect(again.files).toEqual([]);
    expect(again.alreadyImported).toHaveLength(3);
  });
});
