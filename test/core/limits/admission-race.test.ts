// Admission against revocation and plan changes, at random interleavings: streams (WebSockets to /v1/ws/live and to
// a match, and MCP listens) are opened at random offsets while the key is revoked or the plan lowered at another
// random offset. Whatever the order, once everything has settled no stream of the revoked key is open, and no more
// streams than the lowered plan allows. Replay a failure with FUZZ_SEED=<seed printed below>.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { admin, createKey } from "../../helpers/admin";
import { connect, type TestSocket } from "../../helpers/live";
import { modernClient } from "../../helpers/mcp";
import { seed as seedData } from "../../helpers/seed";

await seedData(["eng1"]);
const live = (await env.DB.prepare(
  "SELECT id FROM matches WHERE status_code = 2 AND league_id = 'lg_fb_eng1' LIMIT 1",
).first<{ id: string }>())!;
const seed = Number(env.FUZZ_SEED) || Date.now() % 2 ** 31;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const accounts: string[] = [];
let n = 0;

async function account(plan: string) {
  const { id } = (await (
    await admin("POST", "/accounts", { email: `race-${seed}-${n++}@example.com`, plan })
  ).json()) as {
    id: string;
  };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
  accounts.push(id);
  return { accountId: id, ...(await createKey(id)) };
}

/** One stream, opened after `delay` ms: whether it was admitted, and a promise that settles when it ends. */
type Opened = { admitted: boolean; ended: Promise<unknown>; isOpen: () => boolean };
async function open(kind: "hub" | "match" | "listen", key: string, delay: number): Promise<Opened> {
  await sleep(delay);
  if (kind === "listen") {
    try {
      const c = await modernClient({ "x-api-key": key });
      const sub = await c.listen({ resourceSubscriptions: [`sports://football/matches/${live.id}`] });
      let open = true;
      const ended = sub.closed.then(() => (open = false));
      return { admitted: true, ended, isOpen: () => open };
    } catch {
      return { admitted: false, ended: Promise.resolve(), isOpen: () => false };
    }
  }
  const res = await connect(kind === "hub" ? "/v1/ws/live" : `/v1/ws/match/${live.id}`, { "x-api-key": key });
  if (!res.socket) return { admitted: false, ended: Promise.resolve(), isOpen: () => false };
  const s: TestSocket = res.socket;
  let open = true;
  const ended = s.closed.then((c) => {
    open = false;
    return c;
  });
  return { admitted: true, ended, isOpen: () => open };
}

/** Waits until no stream is open or `ms` have passed; the open ones then are the survivors. */
async function survivors(streams: Opened[], ms = 5000) {
  const deadline = Date.now() + ms;
  while (streams.some((s) => s.isOpen()) && Date.now() < deadline) await sleep(50);
  return streams.filter((s) => s.isOpen()).length;
}

const kinds = fc.constantFrom<"hub" | "match" | "listen">("hub", "match", "listen");
const plan = fc.array(fc.tuple(kinds, fc.integer({ min: 0, max: 40 })), { minLength: 6, maxLength: 10 });

afterAll(async () => {
  // Let holders finish releasing slots of closed sockets before the runtime shuts down.
  const deadline = Date.now() + 5000;
  for (const id of accounts)
    while ((await env.ACCOUNT_GATE.getByName(id).holders()).length > 0 && Date.now() < deadline) await sleep(50);
});

describe(`admission ordered against revocation and plan changes (seed ${seed})`, () => {
  it("no stream of a key survives its revocation, at any interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(plan, fc.integer({ min: 0, max: 40 }), async (streams, revokeAt) => {
        const k = await account("growth");
        const opening = streams.map(([kind, at]) => open(kind, k.key, at));
        const revoked = sleep(revokeAt).then(() => admin("DELETE", `/keys/${k.id}`));
        const opened = await Promise.all(opening);
        expect((await revoked).status).toBe(204);
        expect(await survivors(opened)).toBe(0);
      }),
      { numRuns: 6, seed },
    );
  });

  it("no more streams than a lowered plan allows survive it, at any interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(plan, fc.integer({ min: 0, max: 40 }), async (streams, lowerAt) => {
        const k = await account("growth");
        const opening = streams.map(([kind, at]) => open(kind, k.key, at));
        const lowered = sleep(lowerAt).then(() => admin("PUT", `/accounts/${k.accountId}/plan`, { plan: "trial" }));
        const opened = await Promise.all(opening);
        expect((await lowered).status).toBe(200);
        // Trial allows 2 streams: whatever was admitted before or after the change, at most 2 stay open.
        const deadline = Date.now() + 5000;
        while (opened.filter((s) => s.isOpen()).length > 2 && Date.now() < deadline) await sleep(50);
        expect(opened.filter((s) => s.isOpen()).length).toBeLessThanOrEqual(2);
        await Promise.all(opened.map((s) => s.isOpen() && admin("DELETE", `/keys/${k.id}`)));
        await survivors(opened);
      }),
      { numRuns: 6, seed },
    );
  });

  it("a key without stream:websocket keeps its MCP listen through an account change (only revocation kills)", async () => {
    const k = await account("growth");
    const mcpOnly = await createKey(k.accountId, ["mcp:invoke", "read:matches"]);
    const c = await modernClient({ "x-api-key": mcpOnly.key });
    const sub = await c.listen({ resourceSubscriptions: [`sports://football/matches/${live.id}`] });
    let ended = false;
    void sub.closed.then(() => (ended = true));
    // Any change of the account goes through the gate; then let the listen's slot check (every 2 s) run twice.
    expect(
      (await admin("PUT", `/accounts/${k.accountId}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] })).status,
    ).toBe(200);
    await sleep(4500);
    expect(ended).toBe(false);
    expect((await admin("DELETE", `/keys/${mcpOnly.id}`)).status).toBe(204);
    await sub.closed;
  });

  it("a listen takes a slot like a socket, and naming one match many times is one listen", async () => {
    const k = await account("trial");
    const c = await modernClient({ "x-api-key": k.key });
    const uri = `sports://football/matches/${live.id}`;
    const first = await c.listen({ resourceSubscriptions: Array.from({ length: 20 }, () => uri) });
    const socket = await connect("/v1/ws/live", { "x-api-key": k.key });
    expect(socket.status).toBe(101);
    await expect(c.listen({ resourceSubscriptions: [uri] })).rejects.toThrow(/2 concurrent streams per account/);
    const refused = await connect("/v1/ws/live", { "x-api-key": k.key });
    expect(refused.status).toBe(429);
    await first.close();
    socket.socket!.ws.close(1000);
    await socket.socket!.closed;
  });
});
