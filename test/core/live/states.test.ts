// Streams open with state (docs/live-streams.md "Streams open with state"): a match stream without `since` sends the
// match as REST shows it at a seq, then every message after it; /v1/ws/live one state per live match of the tracked
// leagues, then live messages; no gap and no duplicate, also when the connect races publishes.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { admin, createKey } from "../../helpers/admin";
import { connect, ingestOps, type TestSocket } from "../../helpers/live";
import { liveMatchOp, matchOp } from "../../helpers/ops";
import { getJson, seed } from "../../helpers/seed";

const s = await seed(["eng1", "euroleague"]);
const fbIds = ["m_st_detail", "m_st_since", "m_st_final", "m_st_race", "m_st_hub_a", "m_st_hub_b"];
await ingestOps([...fbIds.map((id) => liveMatchOp({ id })), liveMatchOp({ id: "m_st_hub_bb", sport: "basketball" })]);
const score = (id: string, home: number, sport = "football") =>
  ingestOps([
    sport === "football"
      ? matchOp({ id, home_score: home, minute: 30 + (home % 60) })
      : matchOp({ id, sport, home_score: home, game_clock_secs: 300 - (home % 300) }),
  ]);

const accountIds = [s.accountId];
async function account(email: string, leagues: string[]) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan: "growth" })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  accountIds.push(id);
  return { id, key: (await createKey(id)).key };
}

async function socket(path: string, key = s.key): Promise<TestSocket> {
  const res = await connect(path, { "x-api-key": key });
  expect(res.status).toBe(101);
  return res.socket!;
}

afterAll(async () => {
  const deadline = Date.now() + 5000;
  for (const id of accountIds)
    while ((await env.ACCOUNT_GATE.getByName(id).holders()).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
});

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
}

/** The list item's keys, as the REST list answers them. */
const listKeys = async () =>
  Object.keys((await getJson("/v1/football/matches?status=live&limit=1", s.key)).body.data[0]).sort();

describe("/v1/ws/match/{id} without since", () => {
  it("first sends the state, equal to the REST detail's list-item fields at that seq, then frames seq+1…", async () => {
    const id = "m_st_detail";
    await score(id, 1);
    await score(id, 2);
    const sock = await socket(`/v1/ws/match/${id}`);
    const [state] = await sock.wait(sock.all, 1);
    const detail = (await getJson(`/v1/football/matches/${id}`, s.key)).body;
    expect(state).toMatchObject({ type: "state", match_id: id, sport: "football", seq: 2 });
    expect(Object.keys(state).sort()).toEqual(["data", "match_id", "seq", "sport", "ts", "type"]);
    expect(Object.keys(state.data).sort()).toEqual(await listKeys());
    for (const k of Object.keys(state.data)) expect(state.data[k], k).toEqual(detail[k]);
    expect(detail.seq).toBe(2);
    await score(id, 3);
    await score(id, 4);
    const all = await sock.wait(sock.all, 3);
    expect(all.map((m) => [m.type, m.seq])).toEqual([
      ["state", 2],
      ["score_update", 3],
      ["score_update", 4],
    ]);
    sock.ws.close(1000);
  });

  it("with ?since= there is no state: the replay and live frames only", async () => {
    const id = "m_st_since";
    await score(id, 1);
    await score(id, 2);
    const sock = await socket(`/v1/ws/match/${id}?since=1`);
    await score(id, 3);
    const all = await sock.wait(sock.all, 2);
    expect(all.map((m) => [m.type, m.seq])).toEqual([
      ["score_update", 2],
      ["score_update", 3],
    ]);
    expect(sock.states).toEqual([]);
    sock.ws.close(1000);
  });

  it("a finished match: the final state, then 1000", async () => {
    const id = "m_st_final";
    await ingestOps([matchOp({ id, home_score: 2, status_code: 3 })]);
    const sock = await socket(`/v1/ws/match/${id}`);
    expect((await sock.closed).code).toBe(1000);
    expect(sock.all).toHaveLength(1);
    expect(sock.all[0]).toMatchObject({ type: "state", data: { status_code: 3, home_score: 2 } });
  });

  it("sockets connecting while updates are published: state.seq, then every later seq once, in order", async () => {
    const id = "m_st_race";
    await score(id, 1);
    let home = 1;
    const last = 14;
    const publishing = (async () => {
      while (home < last) await score(id, ++home);
    })();
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 5; i++) sockets.push(await socket(`/v1/ws/match/${id}`));
    await publishing;
    const finalSeq = (await getJson(`/v1/football/matches/${id}`, s.key)).body.seq;
    for (const sock of sockets) {
      await until(() => sock.all.at(-1)?.seq === finalSeq);
      const [state, ...frames] = sock.all;
      expect(state.type).toBe("state");
      // The state shows the score of its own seq: score k was message k (one score_update per ingest).
      expect(state.data.home_score).toBe(state.seq);
      expect(frames.map((f) => f.seq)).toEqual(
        Array.from({ length: finalSeq - state.seq }, (_, i) => state.seq + 1 + i),
      );
      sock.ws.close(1000);
    }
  });
});

describe("/v1/ws/live opens with state", () => {
  it("one state per live match of the tracked leagues only (both sports), then live frames", async () => {
    const fbOnly = await account("states-fb@example.com", ["lg_fb_eng1"]);
    const both = await account("states-both@example.com", ["lg_fb_eng1", "lg_bb_euroleague"]);
    const a = await socket("/v1/ws/live", fbOnly.key);
    const b = await socket("/v1/ws/live", both.key);
    const live = async (sport: string) =>
      (await getJson(`/v1/${sport}/matches?status=live&limit=200`, s.key)).body.data as any[];
    const [fbLive, bbLive] = [await live("football"), await live("basketball")];
    await until(() => a.states.length >= fbLive.length && b.states.length >= fbLive.length + bbLive.length);
    const byId = (list: any[]) => Object.fromEntries(list.map((m) => [m.match_id ?? m.id, m]));
    expect(Object.keys(byId(a.states)).sort()).toEqual(fbLive.map((m) => m.id).sort());
    expect(Object.keys(byId(b.states)).sort()).toEqual([...fbLive, ...bbLive].map((m) => m.id).sort());
    for (const st of b.states) {
      const rest = byId([...fbLive, ...bbLive])[st.match_id];
      expect(st).toMatchObject({
        type: "state",
        seq: rest.seq,
        sport: rest.league_id.startsWith("lg_bb") ? "basketball" : "football",
      });
      expect(st.data).toEqual(rest);
    }
    // States come before any live frame.
    await score("m_st_hub_a", 5);
    await score("m_st_hub_bb", 7, "basketball");
    await until(() => b.messages.length >= 2);
    expect(b.all.findIndex((m) => m.type !== "state")).toBe(b.states.length);
    expect(b.messages.map((m) => [m.match_id, m.type])).toEqual([
      ["m_st_hub_a", "score_update"],
      ["m_st_hub_bb", "score_update"],
    ]);
    await until(() => a.messages.length >= 1, 1000);
    expect(a.messages.map((m) => m.match_id)).toEqual(["m_st_hub_a"]);
    a.ws.close(1000);
    b.ws.close(1000);
  });

  it("connecting while ingests are published: per match state.seq, then consecutive seqs, no gap, no duplicate", async () => {
    const matches = ["m_st_hub_a", "m_st_hub_b", "m_st_hub_bb"];
    const sportOf = (id: string) => (id.endsWith("_bb") ? "basketball" : "football");
    let counter = 100;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...matches), { minLength: 4, maxLength: 10 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (plan, connectAfter, sockets) => {
          let done = 0;
          const publishing = (async () => {
            for (const id of plan) {
              await score(id, ++counter, sportOf(id));
              done++;
            }
          })();
          while (done < Math.min(connectAfter, plan.length)) await new Promise((r) => setTimeout(r, 5));
          const opened: TestSocket[] = [];
          for (let i = 0; i < sockets; i++) opened.push(await socket("/v1/ws/live"));
          await publishing;
          const last: Record<string, number> = {};
          for (const id of matches) last[id] = (await getJson(`/v1/${sportOf(id)}/matches/${id}`, s.key)).body.seq;
          for (const sock of opened) {
            const seqsOf = (id: string) => sock.all.filter((m) => m.match_id === id).map((m) => m.seq);
            await until(() => matches.every((id) => seqsOf(id).at(-1) === last[id]), 5000);
            for (const id of matches) {
              const own = sock.all.filter((m) => m.match_id === id);
              // Every one of these matches stays live, so each stream has its state first.
              expect(own[0]?.type, id).toBe("state");
              const seqs = own.map((m) => m.seq);
              expect(seqs, id).toEqual(Array.from({ length: seqs.length }, (_, i) => own[0].seq + i));
              expect(seqs.at(-1), id).toBe(last[id]);
              expect(own.filter((m) => m.type === "state")).toHaveLength(1);
            }
            sock.ws.close(1000);
          }
          await Promise.all(opened.map((o) => o.closed));
        },
      ),
      { numRuns: 8 },
    );
  });
});
