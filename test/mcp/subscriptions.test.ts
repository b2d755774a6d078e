// Match resources and live subscriptions over MCP 2026-07-28 (docs/mcp.md "Resources and subscriptions"):
// resources/read answers the match detail; subscriptions/listen tells of every ingest commit that changes a subscribed
// match while the account tracks its league, and completes at the final whistle. Driven by the SDK v2 client.
import { afterAll, describe, expect, it } from "vitest";
import { admin, createKey } from "../helpers/admin";
import { ingestOps } from "../helpers/live";
import { mcpPost, mcpSession, modernClient, readRpc } from "../helpers/mcp";
import { watch } from "../helpers/mcp-watch";
import { eventOp, eventsOp, goalOp, liveMatchOp, matchOp, removeEventsOp } from "../helpers/ops";
import { getJson, seed } from "../helpers/seed";

const s = await seed(["eng1", "euroleague"]);
const liveOp = (id: string) => liveMatchOp({ id, period: 13, minute: 30, home_score: 0, away_score: 0 });
const ids = Array.from({ length: 6 }, (_, i) => `m_sub_${i}`);
await ingestOps(ids.map(liveOp));
const uri = (id: string) => `sports://football/matches/${id}`;
const score = (id: string, home: number, minute: number) => matchOp({ id, home_score: home, away_score: 0, minute });

type Client = Awaited<ReturnType<typeof modernClient>>;
const clients: Client[] = [];
async function client(key = s.key) {
  const c = await modernClient({ "x-api-key": key });
  clients.push(c);
  return c;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
});

describe("match resources", () => {
  it("lists the template, lists live matches, and reads one as the REST detail", async () => {
    const c = await client();
    const { resourceTemplates } = await c.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["sports://{sport}/matches/{id}"]);
    const { resources } = await c.listResources();
    expect(resources.map((r) => r.uri)).toContain(uri(ids[0]!));
    const read = await c.readResource({ uri: uri(ids[0]!) });
    const rest = await getJson(`/v1/football/matches/${ids[0]}`, s.key);
    expect(read.contents[0]).toMatchObject({ uri: uri(ids[0]!), mimeType: "application/json" });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(rest.body);
  });

  it("answers an unknown or untracked match as not found, naming the URI", async () => {
    const c = await client();
    await expect(c.readResource({ uri: "sports://football/matches/m_nope" })).rejects.toThrow(
      /sports:\/\/football\/matches\/m_nope/,
    );
    const bb = (await getJson("/v1/basketball/matches?limit=1", s.key)).body.data[0];
    const { id } = (await (await admin("POST", "/accounts", { email: "fb-only@example.com" })).json()) as any;
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const other = await client((await createKey(id)).key);
    await expect(other.readResource({ uri: `sports://basketball/matches/${bb.id}` })).rejects.toThrow(/not track/);
  });

  it("2025-era clients can read resources but are not offered subscriptions", async () => {
    const init = await readRpc(
      await mcpPost(
        {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "old", version: "1" } },
        },
        { "x-api-key": s.key },
      ),
    );
    expect(init.result.capabilities.resources).toBeDefined();
    expect(init.result.capabilities.resources.subscribe).toBeFalsy();
    const old = await mcpSession({ "x-api-key": s.key });
    const read = await old.rpc("resources/read", { uri: uri(ids[0]!) });
    expect(JSON.parse(read.body.result.contents[0].text).id).toBe(ids[0]);
  });
});

describe("subscriptions/listen", () => {
  it("delivers resources/updated for each commit that changes a subscribed match, only for that match", async () => {
    const c = await client();
    const got = await watch(c, [uri(ids[1]!)]);
    const sub = got.subscription;
    expect(sub.honoredFilter.resourceSubscriptions).toEqual([uri(ids[1]!)]);
    await ingestOps([score(ids[2]!, 1, 31)]); // another match: nothing
    await ingestOps([score(ids[1]!, 1, 32)]);
    await ingestOps([goalOp(ids[1]!, `${ids[1]}_g2`, 33), score(ids[1]!, 2, 33)]); // one commit: one update
    expect(await got.until(2)).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.updates.map((u) => u.uri)).toEqual([uri(ids[1]!), uri(ids[1]!)]);
    await sub.close();
    expect(await sub.closed).toBe("local");
  });

  it("a correction alone (an event removed, an event corrected) is an update too", async () => {
    const c = await client();
    const got = await watch(c, [uri(ids[2]!)]);
    await ingestOps([goalOp(ids[2]!, `${ids[2]}_g1`, 34)]);
    expect(await got.until(1)).toBe(1);
    await ingestOps([eventsOp({ match_id: ids[2], events: [eventOp({ id: `${ids[2]}_g1`, minute: 35 })] })]);
    expect(await got.until(2)).toBe(2);
    await ingestOps([removeEventsOp({ match_id: ids[2], event_ids: [`${ids[2]}_g1`] })]);
    expect(await got.until(3)).toBe(3);
    expect(got.updates.map((u) => u.uri)).toEqual([uri(ids[2]!), uri(ids[2]!), uri(ids[2]!)]);
    await got.subscription.close();
  });

  it("completes the stream at the final whistle, after telling of it", async () => {
    const c = await client();
    const got = await watch(c, [uri(ids[3]!)]);
    const sub = got.subscription;
    await ingestOps([matchOp({ id: ids[3], status_code: 3 })]);
    expect(await sub.closed).toBe("graceful");
    expect(got.updates.map((u) => u.uri)).toEqual([uri(ids[3]!)]);
    // Listening to a finished match: acknowledged, then complete at once.
    const again = await c.listen({ resourceSubscriptions: [uri(ids[3]!)] });
    expect(await again.closed).toBe("graceful");
  });

  it("refuses unknown, malformed and untracked URIs before acknowledging", async () => {
    const c = await client();
    await expect(c.listen({ resourceSubscriptions: ["sports://football/matches/m_none"] })).rejects.toThrow(/m_none/);
    await expect(c.listen({ resourceSubscriptions: ["https://example.com/x"] })).rejects.toThrow(/example\.com/);
    const many = Array.from({ length: 21 }, (_, i) => uri(`m_x${i}`));
    await expect(c.listen({ resourceSubscriptions: many })).rejects.toThrow(/at most 20/);
  });

  it("a listen the SDK refuses (a notification, a header naming another method) spends no call of the budget", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "refused-listens@example.com" })).json()) as any;
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const key = (await createKey(id)).key;
    const headers = {
      "x-api-key": key,
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "subscriptions/listen",
    };
    const params = {
      notifications: { resourceSubscriptions: [uri(ids[0]!)] },
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    };
    // The trial plan's 30 calls a minute, twice over: as a notification (no id), then with the body's method not the
    // header's.
    for (let i = 0; i < 30; i++) {
      const res = await mcpPost({ jsonrpc: "2.0", method: "subscriptions/listen", params }, headers);
      expect(res.status).not.toBe(200);
      await res.text();
    }
    for (let i = 0; i < 30; i++) {
      const res = await mcpPost({ jsonrpc: "2.0", id: i, method: "resources/list", params }, headers);
      await res.text();
    }
    // The budget is whole: a tool call goes through.
    const c = await client(key);
    const result = await c.callTool({ name: "list_leagues", arguments: { sport: "football" } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  });

  it("stops at delivery when the account stops tracking the league; ends when its key is revoked", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "watcher@example.com" })).json()) as any;
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const key = await createKey(id);
    const c = await client(key.key);
    const got = await watch(c, [uri(ids[4]!)]);
    const sub = got.subscription;
    await ingestOps([score(ids[4]!, 1, 40)]);
    expect(await got.until(1)).toBe(1);
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    await new Promise((r) => setTimeout(r, 1100)); // past the 1 s the delivery check may reuse a read
    await ingestOps([score(ids[4]!, 2, 41)]);
    expect(await sub.closed).toBe("graceful");
    expect(got.updates).toHaveLength(1);

    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const sub2 = await c.listen({ resourceSubscriptions: [uri(ids[5]!)] });
    expect((await admin("DELETE", `/keys/${key.id}`)).status).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 1100));
    await ingestOps([score(ids[5]!, 1, 42)]);
    expect(await sub2.closed).toBe("remote");
    expect(got.updates).toHaveLength(1);
  });
});
