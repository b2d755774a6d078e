// A traced ingest (X-Trace: 1) answers its hop marks as Server-Timing (docs/operations.md "Tracing an ingest"): the
// benchmark P4's breakdown reads them. An untraced one answers none.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { connect } from "../../helpers/live";
import { matchOp, newMatchOp } from "../../helpers/ops";
import { getJson, seed, type Seeded } from "../../helpers/seed";

const s: Seeded = await seed(["eng1"]);
const live = (await getJson("/v1/football/matches?status=live&league_id=lg_fb_eng1&limit=1", s.key)).body.data[0];

const post = (ops: unknown[], headers: Record<string, string> = {}) =>
  exports.default.fetch("http://127.0.0.1:8787/internal/ingest", {
    method: "POST",
    headers: { authorization: `Bearer ${env.INGEST_TOKEN}`, "content-type": "application/json", ...headers },
    body: JSON.stringify({ ops }),
  });

/**
 * `trace;desc="<epoch ms>", hop;dur=<ms since it>, …` → the start and the hops in order. A hop stamped by another
 * object is on that object's clock, which may run behind the route's: its `dur` can be negative.
 */
function parse(header: string) {
  const [first, ...rest] = header.split(", ");
  const start = Number(first!.match(/^trace;desc="([\d.]+)"$/)![1]);
  const hops = rest.map((e) => {
    const m = e.match(/^([\w-]+);dur=(-?[\d.]+)$/)!;
    return { hop: m[1]!, at: Number(m[2]) };
  });
  return { start, hops };
}

describe("POST /internal/ingest with X-Trace: 1", () => {
  it("answers every hop from the route to the relay's send loop and back, each object's in order", async () => {
    const { socket } = await connect(`/v1/ws/match/${live.id}`, { "x-api-key": s.key });
    await socket!.wait(socket!.states, 1);
    const before = Date.now();
    const res = await post([matchOp({ id: live.id, home_score: live.home_score + 1 })], { "x-trace": "1" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ applied: 1, unchanged: 0 });
    const { start, hops } = parse(res.headers.get("server-timing") ?? "");
    expect(Math.abs(start - before)).toBeLessThan(5_000);
    const names = hops.map((h) => h.hop);
    const causal = [
      "route",
      "ingestor",
      "d1_read",
      "plan",
      "derived_reads",
      "d1_write",
      "room",
      "room_log",
      "relays_called",
      "relay",
      "relay_sent",
      "relays_answered",
      "room_answered",
      "hubs_answered",
      "published",
      "ingestor_answered",
      "answer",
    ];
    expect(names).toEqual(causal);
    // Each object stamps on its own clock: its own hops are in order. Across objects nothing is asserted: this pool
    // fakes Date per isolate, so clocks of different objects need not agree here (a full-suite run saw 8 ms apart).
    const at = Object.fromEntries(hops.map((h) => [h.hop, h.at]));
    const inOrder = (...chain: string[]) =>
      expect(chain.map((h) => at[h])).toEqual(chain.map((h) => at[h]).sort((a, b) => a! - b!));
    inOrder("route", "ingestor_answered", "answer");
    inOrder("ingestor", "d1_read", "plan", "derived_reads", "d1_write", "room_answered", "hubs_answered", "published");
    inOrder("room", "room_log", "relays_called", "relays_answered");
    inOrder("relay", "relay_sent");
    // The socket got the frame the trace followed.
    const [frame] = await socket!.wait(socket!.messages, 1);
    expect(frame).toMatchObject({ type: "score_update", data: { home: live.home_score + 1 } });
    socket!.ws.close();
  });

  it("answers no Server-Timing without the header, and a match with no socket traces no relay", async () => {
    const plain = await post([matchOp({ id: live.id, minute: 40 })]);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("server-timing")).toBeNull();
    const traced = await post([newMatchOp({ id: "m_traced" })], { "x-trace": "1" });
    expect(traced.status).toBe(200);
    const names = parse(traced.headers.get("server-timing") ?? "").hops.map((h) => h.hop);
    expect(names).toContain("d1_write");
    expect(names).not.toContain("relay");
  });
});
