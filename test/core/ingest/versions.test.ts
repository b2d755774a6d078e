// One version per match (docs/api.md "One version per match"): the commit numbers the messages and stores the
// last seq with the row, so every REST representation carries the seq of the last message it reflects, and a stream
// opened with `?since=` that seq receives exactly what follows.
import { afterAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { connect, ingestOps } from "../../helpers/live";
import { eventsOp, eventOp, liveMatchOp, matchOp, statsOp } from "../../helpers/ops";
import { getJson, seed } from "../../helpers/seed";
const body = async (path: string, key: string) => (await getJson(path, key)).body;

const s = await seed(["eng1"]);
const id = "m_ver_one";
await ingestOps([liveMatchOp({ id })]);

afterAll(async () => {
  const deadline = Date.now() + 5000;
  while ((await env.ACCOUNT_GATE.getByName(s.accountId).holders()).length > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
});

const detail = () => body(`/v1/football/matches/${id}`, s.key);
const listed = async (path: string) =>
  ((await body(path, s.key)).data as { id: string; seq: number }[]).find((m) => m.id === id)!;

describe("seq on every representation", () => {
  it("is 0 before the first message and follows every commit that pushes one", async () => {
    expect((await detail()).seq).toBe(0);
    await ingestOps([
      matchOp({ id, home_score: 1, minute: 31 }),
      eventsOp({ match_id: id, events: [eventOp({ id: "ev_ver_1" })] }),
    ]);
    // score_update, event_added: two messages.
    expect((await detail()).seq).toBe(2);
    expect((await listed("/v1/football/matches?status=live")).seq).toBe(2);
    expect((await listed("/v1/football/matches?team_id=tm_fb_arsenal&status=live")).seq).toBe(2);
    // A commit with no message (stats) leaves the version alone.
    await ingestOps([statsOp({ match_id: id })]);
    expect((await detail()).seq).toBe(2);
  });

  it("a stream opened with ?since= the REST seq receives exactly the messages after it", async () => {
    const before = (await detail()).seq as number;
    const res = await connect(`/v1/ws/match/${id}?since=${before}`, { "x-api-key": s.key });
    expect(res.status).toBe(101);
    await ingestOps([matchOp({ id, home_score: 2, minute: 40 })]);
    const [frame] = await res.socket!.next(1);
    expect(frame).toMatchObject({ type: "score_update", seq: before + 1, data: { home: 2 } });
    expect((await detail()).seq).toBe(before + 1);
    res.socket!.ws.close(1000);
  });
});
