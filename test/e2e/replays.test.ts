// A replay over the real runtime (wrangler dev: the ReplayPlayer's alarm on the real clock, ingest, rooms, relays,
// queues): the 2022 World Cup final as the bundled history holds it (data/openfootball, imported with the importer's
// CLI), replayed at speed 600 and followed on a WebSocket opened with since=0, an SSE stream and a webhook endpoint of
// the account — the source's goals in order, seq without gaps, the end as the source ended, the last goal no sooner
// than its minute allows — while another account sees it nowhere (docs/replays.md).
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open } from "./ws-client";
import { startWorker, type RunningWorker } from "./worker";

const FINAL = "m_of_wc_2022_6ae2a9b7";
const SPEED = 600;

/** The final's goals as the file lists them, in the order of the clock: [minute, scorer]. */
function fileGoals(): [number, string][] {
  const wc = JSON.parse(readFileSync("data/openfootball/worldcup.json/2022/worldcup.json", "utf8")) as {
    matches: {
      round: string;
      goals1: { name: string; minute: number }[];
      goals2: { name: string; minute: number }[];
    }[];
  };
  const f = wc.matches.find((m) => m.round === "Final")!;
  return [...f.goals1, ...f.goals2].sort((a, b) => a.minute - b.minute).map((g) => [g.minute, g.name]);
}

let w: RunningWorker;
let server: Server;
let receiver = "";
const hooks: { path: string; body: string; headers: Record<string, string> }[] = [];

async function account(email: string) {
  const { id } = (await (await w.admin("POST", "/accounts", { email, plan: "growth" })).json()) as { id: string };
  await w.admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_wc"] });
  const { key } = (await (await w.admin("POST", `/accounts/${id}/keys`, { name: "replays" })).json()) as {
    key: string;
  };
  const hook = (await (await w.admin("POST", `/accounts/${id}/webhooks`, { url: `${receiver}/${id}` })).json()) as {
    secret: string;
  };
  return { id, key, secret: hook.secret };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      hooks.push({ path: req.url ?? "", body, headers: req.headers as Record<string, string> });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  receiver = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  w = await startWorker({ simulator: false });
  // The real history's 2022 World Cup, through the importer as an operator runs it.
  const imported = spawnSync(
    process.execPath,
    ["scripts/import.mjs", "--target", w.base, "data/openfootball/worldcup.json/2022/worldcup.json"],
    { env: { ...process.env, INGEST_TOKEN: w.ingestToken }, encoding: "utf8", timeout: 120_000 },
  );
  expect(imported.status, imported.stdout + imported.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await w?.stop();
  await new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r())));
});

describe("the 2022 World Cup final, replayed at speed 600", () => {
  it("arrives on a WebSocket (since=0), an SSE stream and a webhook endpoint: every goal in order, seq gapless, 3–3 and 4–2 on penalties", async () => {
    const mine = await account("replay-e2e@example.com");
    const other = await account("replay-e2e-other@example.com");
    const created = await fetch(`${w.base}/v1/replays`, {
      method: "POST",
      headers: { "x-api-key": mine.key, "content-type": "application/json" },
      body: JSON.stringify({ match_id: FINAL, speed: SPEED }),
    });
    expect(created.status).toBe(201);
    const replay = (await created.json()) as { id: string; match_id: string; starts_at: string };
    const kickoff = Date.parse(replay.starts_at);

    const ws = await open(`${w.ws}/v1/ws/match/${replay.match_id}?since=0`, { "x-api-key": mine.key });
    const sse = await fetch(`${w.base}/v1/sse/match/${replay.match_id}?since=0`, {
      headers: { "x-api-key": mine.key },
    });
    expect(sse.status).toBe(200);
    const sseText = sse.text();

    const code = await Promise.race([ws.closed, new Promise((r) => setTimeout(() => r("timeout"), 40_000))]);
    expect(code).toBe(1000);
    const messages = ws.messages.filter((m) => m !== "pong");
    const goals = fileGoals();

    // WebSocket: seq 1, 2, 3 … with no gap; the goals in the file's order; the last message the final status.
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
    const added = messages.filter((m) => m.type === "event_added");
    expect(added.map((m) => [m.data.minute, m.data.player])).toEqual(goals);
    expect(messages.at(-1)).toMatchObject({ type: "status_change", data: { to: 9 } });
    // No goal before its minute × 60 / speed: the last (118') at least 11.8 s after kickoff.
    for (const m of added) expect(m.ts - kickoff).toBeGreaterThanOrEqual((m.data.minute * 60_000) / SPEED);
    expect(added.at(-1).ts - kickoff).toBeGreaterThanOrEqual(11_800);

    // SSE: the same messages, the same ids, then the close.
    const text = await sseText;
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(messages.map((m) => m.seq));
    expect(text).toMatch(/event: close\ndata: \{"code":1000/);

    // The end, as the source ended.
    const final = (await (
      await fetch(`${w.base}/v1/football/matches/${replay.match_id}`, { headers: { "x-api-key": mine.key } })
    ).json()) as Record<string, unknown>;
    expect(final).toMatchObject({ status_code: 9, home_score: 3, away_score: 3, home_penalties: 4, away_penalties: 2 });

    // Webhooks: the account's endpoint gets every goal and the finish, signed; the other account's gets nothing of it.
    const deadline = Date.now() + 15_000;
    const ofReplay = (path: string) =>
      hooks
        .filter((h) => h.path === path && h.body.includes(replay.match_id))
        .map((h) => ({ h, p: JSON.parse(h.body) }));
    while (Date.now() < deadline && !ofReplay(`/${mine.id}`).some((x) => x.p.type === "match.finished"))
      await new Promise((r) => setTimeout(r, 100));
    const mineHooks = ofReplay(`/${mine.id}`);
    for (const { h } of mineHooks) new Webhook(mine.secret).verify(h.body, h.headers);
    const hookGoals = mineHooks.filter((x) => x.p.type === "match.event_added").map((x) => x.p.data);
    expect(hookGoals.map((g) => [g.minute, g.player]).sort()).toEqual([...goals].sort());
    expect(mineHooks.some((x) => x.p.type === "match.finished")).toBe(true);
    expect(ofReplay(`/${other.id}`)).toEqual([]);

    // The other account: 404 on the match, nothing in its replays.
    const theirs = await fetch(`${w.base}/v1/football/matches/${replay.match_id}`, {
      headers: { "x-api-key": other.key },
    });
    expect(theirs.status).toBe(404);
    const list = (await (await fetch(`${w.base}/v1/replays`, { headers: { "x-api-key": other.key } })).json()) as {
      data: unknown[];
    };
    expect(list.data).toEqual([]);
  }, 120_000);
});
