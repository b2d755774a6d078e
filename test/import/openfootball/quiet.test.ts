// Quiet history: importing a whole season sends no webhook and no stream message, yet each match's seq and the
// changes feed are true (docs/data.md "Quiet history").
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundled, importBundled } from "../../helpers/openfootball";
import { connect, ingestRaw } from "../../helpers/live";
import { getJson, seed, type Seeded } from "../../helpers/seed";
import { createWebhook, fakeReceivers, RECEIVER } from "../../helpers/webhooks";

let s: Seeded;
const receivers = fakeReceivers();
afterAll(() => receivers.restore());
beforeAll(async () => {
  s = await seed(["eng1"]);
});

describe("a quiet import", () => {
  it("a season and a World Cup: no webhook, no stream message; the changes feed and seq have them", async () => {
    await createWebhook(s.accountId, { url: `${RECEIVER}/all` });
    const live = (await connect(`/v1/ws/live?api_key=${s.key}`)).socket!;
    const since = (await getJson(`/v1/football/changes?since=now`, s.key)).body.next_cursor as string;

    const report = await importBundled(bundled(/2015-16\/en\.1|2018\/worldcup\.json/));
    expect(report.files.map((f) => f.matches)).toEqual([380, 64]);

    // Every imported match is in the changes feed of the league the account tracks.
    const ids = new Set<string>();
    for (let cursor = since; ;) {
      const page = (await getJson(`/v1/football/changes?since=${cursor}&limit=200`, s.key)).body;
      for (const c of page.data) ids.add(c.match_id);
      if (page.data.length === 0) break;
      cursor = page.next_cursor;
    }
    const imported = await env.DB.prepare(
      "SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' AND season = '2015/16'",
    ).all<{ id: string }>();
    expect(imported.results).toHaveLength(380);
    expect([...ids].filter((id) => id.startsWith("m_of_")).sort()).toEqual(imported.results.map((r) => r.id).sort());

    // A World Cup match's seq counts its goals (each numbered like a live event), and its change row says so.
    const final = (await env.DB.prepare(
      "SELECT m.id, m.seq, (SELECT count(*) FROM match_events e WHERE e.match_id = m.id) AS goals, (SELECT max(c.seq) FROM changes c WHERE c.match_id = m.id) AS changed FROM matches m WHERE m.league_id = 'lg_fb_wc' AND m.home_team_id = 'tm_fb_nt_france' AND m.away_team_id = 'tm_fb_nt_croatia'",
    ).first<{ seq: number; goals: number; changed: number }>())!;
    expect(final).toMatchObject({ seq: 6, goals: 6, changed: 6 });

    // Nothing was pushed or sent: give a delivery or a frame the time it would take, then look.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receivers.at("/all")).toEqual([]);
    expect(live.messages).toEqual([]);
    live.ws.close(1000);
  });

  it("a quiet batch may not leave a match in play", async () => {
    const res = await ingestRaw({
      quiet: true,
      ops: [
        {
          op: "match",
          id: "m_quiet_live",
          sport: "football",
          league_id: "lg_fb_eng1",
          home_team_id: "tm_fb_arsenal",
          away_team_id: "tm_fb_chelsea",
          kickoff_ts: Math.floor(Date.now() / 1000),
          status_code: 2,
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toContain("`quiet`");
    expect(await env.DB.prepare("SELECT id FROM matches WHERE id = 'm_quiet_live'").first()).toBeNull();
  });

  it("a quiet batch may not touch a match in play, even to finish it: refused whole, the match and its streams as they were", async () => {
    const kickoff = Math.floor(Date.now() / 1000) - 600;
    const live = {
      op: "match",
      id: "m_quiet_was_live",
      sport: "football",
      league_id: "lg_fb_eng1",
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_chelsea",
      kickoff_ts: kickoff,
      status_code: 2,
      period: 12,
      minute: 10,
    };
    expect((await ingestRaw({ ops: [{ ...live, status_code: 1, period: null, minute: null }] })).status).toBe(200);
    expect((await ingestRaw({ ops: [live] })).status).toBe(200);
    const socket = (await connect(`/v1/ws/match/m_quiet_was_live?since=0`, { "x-api-key": s.key })).socket!;
    const heard = (await socket.next(2)).length; // its kickoff and first score, replayed from seq 0
    const before = await getJson("/v1/football/matches/m_quiet_was_live", s.key);
    const res = await ingestRaw({
      quiet: true,
      ops: [
        { op: "team", id: "tm_quiet_new", sport: "football", name: "Quiet Town", country: "England" },
        {
          op: "match",
          id: "m_quiet_was_live",
          sport: "football",
          league_id: "lg_fb_eng1",
          status_code: 3,
          home_score: 7,
          away_score: 0,
        },
      ],
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { detail: string; errors?: { name: string }[] };
    expect(problem.detail).toContain("`quiet`");
    expect(problem.detail).toContain("m_quiet_was_live");
    const after = await getJson("/v1/football/matches/m_quiet_was_live", s.key);
    expect(after.body).toMatchObject({ status_code: 2, home_score: 0, away_score: 0, seq: before.body.seq });
    // Nothing of the batch was written: not even its team.
    expect(await env.DB.prepare("SELECT id FROM teams WHERE id = 'tm_quiet_new'").first()).toBeNull();
    // The same change, not quiet, reaches the socket.
    expect(
      (
        await ingestRaw({
          ops: [{ ...live, status_code: 3, home_score: 7, away_score: 0, period: null, minute: null }],
        })
      ).status,
    ).toBe(200);
    const frames = await socket.next(heard + 2);
    expect(frames.slice(heard).map((m) => [m.type, m.data])).toEqual([
      ["score_update", { home: 7, away: 0, period: null, minute: null, added_time: null }],
      ["status_change", { from: 2, to: 3 }],
    ]);
    socket.ws.close(1000);
  });
});
