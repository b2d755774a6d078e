import { unstable_readConfig } from "wrangler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open, refusedStatus } from "./ws-client";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
const kickoff = Math.floor(Date.now() / 1000) - 1200;

beforeAll(async () => {
  w = await startWorker();
  const res = await w.ingest([
    {
      op: "match",
      id: "m_e2e_1",
      sport: "football",
      league_id: "lg_fb_eng1",
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_everton",
      kickoff_ts: kickoff,
      status_code: 2,
      period: 12,
      minute: 20,
    },
  ]);
  expect(res.status).toBe(200);
});
afterAll(async () => w?.stop());

async function accountWithKey(email: string, leagues: string[], plan = "growth") {
  const acc = (await (await w.admin("POST", "/accounts", { email, plan })).json()) as { id: string };
  await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: leagues });
  return (await (await w.admin("POST", `/accounts/${acc.id}/keys`, { name: "e2e" })).json()) as {
    id: string;
    key: string;
  };
}

const score = (home: number, minute: number) => ({
  op: "match",
  id: "m_e2e_1",
  sport: "football",
  league_id: "lg_fb_eng1",
  home_score: home,
  minute,
});

describe("WebSocket compression", () => {
  // Locally Miniflare's entry Worker negotiates permessage-deflate whatever our flags say, so the deployed
  // configuration is what can be checked here: each environment as wrangler resolves it.
  it("every environment refuses permessage-deflate on the stream sockets", () => {
    for (const env of [undefined, "staging", "production"]) {
      const config = unstable_readConfig({ config: "wrangler.toml", env });
      expect(config.compatibility_flags, env ?? "local").toContain("no_web_socket_compression");
    }
  });
});

describe("live over real WebSockets (ws client, wrangler dev)", () => {
  it("a match client and a live client both get the score_update of an ingest; another account's client gets nothing", async () => {
    const match = await open(`${w.ws}/v1/ws/match/m_e2e_1?api_key=${w.demoKey}`);
    const live = await open(`${w.ws}/v1/ws/live`, { "x-api-key": w.demoKey });
    const other = await accountWithKey("nba-only@example.com", ["lg_bb_nba"]);
    const stranger = await open(`${w.ws}/v1/ws/live`, { authorization: `Bearer ${other.key}` });
    expect((await w.ingest([score(1, 21)])).status).toBe(200);
    const [a] = await match.waitFor(1);
    const fromLive = (await live.waitFor(1))[0];
    expect(a).toMatchObject({
      type: "score_update",
      match_id: "m_e2e_1",
      sport: "football",
      data: { home: 1, away: 0, minute: 21 },
    });
    expect(fromLive).toEqual(a);
    await new Promise((r) => setTimeout(r, 500));
    expect(stranger.messages.filter((m) => m.match_id === "m_e2e_1")).toEqual([]);
    match.ws.send("ping");
    await match.waitFor(2);
    expect(match.messages[1]).toBe("pong");
    for (const c of [match, live, stranger]) c.ws.close();
  });

  it("reconnecting with ?since= loses nothing", async () => {
    const first = await open(`${w.ws}/v1/ws/match/m_e2e_1?api_key=${w.demoKey}`);
    await w.ingest([score(2, 22)]);
    const [seen] = await first.waitFor(1);
    first.ws.terminate();
    for (let i = 3; i <= 5; i++) await w.ingest([score(i, 20 + i)]);
    const again = await open(`${w.ws}/v1/ws/match/m_e2e_1?api_key=${w.demoKey}&since=${seen.seq}`);
    const missed = await again.waitFor(3);
    expect(missed.map((m) => m.seq)).toEqual([seen.seq + 1, seen.seq + 2, seen.seq + 3]);
    expect(missed.map((m) => m.data.home)).toEqual([3, 4, 5]);
    again.ws.close();
  });

  it("untracking the league: within 5 s the match stream gets 1008 and the live stream stops forwarding it", async () => {
    const acc = (await (
      await w.admin("POST", "/accounts", { email: "untrack-e2e@example.com", plan: "growth" })
    ).json()) as {
      id: string;
    };
    await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_fb_eng1", "lg_bb_nba"] });
    const { key } = (await (await w.admin("POST", `/accounts/${acc.id}/keys`, { name: "e2e" })).json()) as {
      key: string;
    };
    const match = await open(`${w.ws}/v1/ws/match/m_e2e_1?api_key=${key}`);
    const live = await open(`${w.ws}/v1/ws/live?api_key=${key}`);
    const t0 = Date.now();
    expect((await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_bb_nba"] })).status).toBe(
      200,
    );
    // The server's close frame turns the socket to CLOSING; the close event follows the TCP teardown (~10 s more
    // under wrangler dev), so it is awaited separately.
    while (match.ws.readyState === match.ws.OPEN && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 10));
    expect(match.ws.readyState).toBe(match.ws.CLOSING);
    expect(await match.closed).toBe(1008);
    await w.ingest([score(9, 40)]);
    await new Promise((r) => setTimeout(r, 500));
    expect(live.messages.filter((m) => m.match_id === "m_e2e_1")).toEqual([]);
    live.ws.close();
  });

  it("401, 404, 426 and 429 come before the upgrade", async () => {
    expect(await refusedStatus(`${w.ws}/v1/ws/live`)).toBe(401);
    expect(await refusedStatus(`${w.ws}/v1/ws/live?api_key=sk_test_${"x".repeat(43)}`)).toBe(401);
    expect(await refusedStatus(`${w.ws}/v1/ws/match/m_nope?api_key=${w.demoKey}`)).toBe(404);
    const plain = await fetch(`${w.base}/v1/ws/live?api_key=${w.demoKey}`);
    expect(plain.status).toBe(426);
    const trial = await accountWithKey("trial-e2e@example.com", ["lg_fb_eng1"], "trial");
    const one = await open(`${w.ws}/v1/ws/live?api_key=${trial.key}`);
    const two = await open(`${w.ws}/v1/ws/match/m_e2e_1?api_key=${trial.key}`);
    expect(await refusedStatus(`${w.ws}/v1/ws/live?api_key=${trial.key}`)).toBe(429);

    // Revocation: the server's close frame (1008) reaches both sockets within 5 s. (Under `wrangler dev` the
    // TCP teardown after the handshake then takes ~10 s more, so the close *event* is awaited separately.)
    const t0 = Date.now();
    expect((await w.admin("DELETE", `/keys/${trial.id}`)).status).toBe(204);
    while ([one, two].some((c) => c.ws.readyState === c.ws.OPEN) && Date.now() - t0 < 5000) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect([one.ws.readyState, two.ws.readyState]).toEqual([one.ws.CLOSING, two.ws.CLOSING]);
    expect(await Promise.all([one.closed, two.closed])).toEqual([1008, 1008]);
  });
});
