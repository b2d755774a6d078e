// Server-Sent Events (src/api/sse.ts, served by the relays and hub shards that hold the WebSockets): the same messages
// as the WebSockets with `id:`/`event:`/`data:`, resume by Last-Event-ID, heartbeats, `event: close`, slots.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { admin, createKey } from "../helpers/admin";
import { connect, ingestOps } from "../helpers/live";
import { liveMatchOp, matchOp } from "../helpers/ops";
import { getJson, seed } from "../helpers/seed";
import { openSse, type TestStream } from "../helpers/sse";

const s = await seed(["eng1", "euroleague"]);
const ids = ["m_sse_state", "m_sse_resume", "m_sse_final", "m_sse_revoke", "m_sse_beat", "m_sse_spread", "m_sse_mix"];
await ingestOps(ids.map((id) => liveMatchOp({ id })));
const score = (id: string, home: number) => ingestOps([matchOp({ id, home_score: home, minute: 30 + home })]);

const accountIds: string[] = [s.accountId];
async function account(email: string, plan = "growth") {
  const { id } = (await (await admin("POST", "/accounts", { email, plan })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1", "lg_bb_euroleague"] });
  const key = await createKey(id);
  accountIds.push(id);
  return { id, key: key.key, keyId: key.id };
}
const gate = (accountId: string) => env.ACCOUNT_GATE.getByName(accountId);

async function sse(path: string, key = s.key, headers: Record<string, string> = {}): Promise<TestStream> {
  const res = await openSse(path, { "x-api-key": key, ...headers });
  expect(res.status, await (res.stream ? "" : res.text())).toBe(200);
  return res.stream!;
}

// Streams still open at the end of a test are cancelled (the client goes away) so their slots are released.
const open: TestStream[] = [];
afterAll(async () => {
  await Promise.all(open.map((t) => t.cancel()));
  const deadline = Date.now() + 5000;
  for (const id of accountIds)
    while ((await gate(id).holders()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
});
const kept = (t: TestStream) => (open.push(t), t);

describe("/v1/sse/match/{id}", () => {
  it("answers text/event-stream, opens with the state equal to the REST detail, then frames seq+1…", async () => {
    const id = "m_sse_state";
    await score(id, 1);
    await score(id, 2);
    const res = await openSse(`/v1/sse/match/${id}`, { "x-api-key": s.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(res.headers.get("etag")).toBeNull();
    const t = kept(res.stream!);
    const [state] = await t.next(1);
    const detail = (await getJson(`/v1/football/matches/${id}`, s.key)).body;
    expect(state!.event).toBe("state");
    expect(state!.id).toBe("2");
    expect(state!.json).toMatchObject({ type: "state", match_id: id, sport: "football", seq: 2 });
    const item = state!.json.data;
    expect(Object.keys(item).sort()).toEqual(
      Object.keys((await getJson(`/v1/football/matches?league_id=lg_fb_eng1&status=live`, s.key)).body.data[0]).sort(),
    );
    for (const k of Object.keys(item)) expect(item[k], k).toEqual(detail[k]);
    await score(id, 3);
    const [, next] = await t.next(2);
    expect(next).toMatchObject({ id: "3", event: "score_update" });
    expect(next!.json).toMatchObject({ type: "score_update", seq: 3, data: { home: 3 } });
    expect(t.raw).toContain(`id: 3\nevent: score_update\ndata: ${next!.data}\n\n`);
  });
});
