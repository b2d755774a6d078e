// Admission against revocation and plan changes, end to end (the workerd property of
// test/core/limits/admission-race.test.ts, against `wrangler dev`): streams (WebSockets to /v1/ws/live and to a
// match with the `ws` package, and MCP SDK v2 `subscriptions/listen`) are opened at random offsets while the key is
// revoked or the plan lowered at another random offset. Whatever the order, once everything has settled no stream of
// the revoked key is open, and no more streams than the lowered plan (trial: 2) allows. Replay a failure with
// FUZZ_SEED=<seed printed below>.
//
// A server close of a WebSocket is seen by its close frame (the socket leaves OPEN at once), not by the `close`
// event, which under `wrangler dev` follows the TCP teardown ~10 s later. A listen has ended when its `closed`
// promise settles (an open listen asks its gate every 2 s). Only the invariant is asserted, after a generous deadline.
import type { Client as McpClient } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectModern } from "../helpers/mcp-watch";
import { open as openSocket, type Client as SocketClient } from "./ws-client";
import { liveMatch } from "./live-fixtures";
import { startWorker, type RunningWorker } from "./worker";

const seed = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;
const MATCH = "m_e2e_race";
/** How long streams get to close after the revocation or the plan change (and after each run's cleanup). */
const SETTLE_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let w: RunningWorker;
let n = 0;

beforeAll(async () => {
  console.log(`admission race (e2e): seed ${seed}; replay with FUZZ_SEED=${seed}`);
  w = await startWorker();
  await liveMatch(w, MATCH);
});

// Everything a run opened, closed after it (and again here, should a run have thrown half-way).
const sockets = new Set<SocketClient>();
const clients = new Set<McpClient>();
const listens = new Set<{ close(): Promise<void> }>();

async function closeAll() {
  for (const s of sockets) s.ws.terminate();
  sockets.clear();
  await Promise.all([...listens].map((l) => l.close().catch(() => {})));
  listens.clear();
  await Promise.all([...clients].map((c) => c.close().catch(() => {})));
  clients.clear();
}

afterAll(async () => {
  await closeAll();
  await w?.stop();
});

async function account(plan: string) {
  const acc = (await (
    await w.admin("POST", "/accounts", { email: `race-e2e-${seed}-${n++}@example.com`, plan })
  ).json()) as { id: string };
  expect((await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] })).status).toBe(
    200,
  );
  const key = (await (await w.admin("POST", `/accounts/${acc.id}/keys`, { name: "race" })).json()) as {
    id: string;
    key: string;
  };
  return { accountId: acc.id, keyId: key.id, key: key.key };
}

type Kind = "hub" | "match" | "listen";

/** One stream of a run: when it was asked for, whether it was admitted, and when the client saw it end. */
interface Stream {
  label: string;
  at: number;
  admitted?: boolean;
  settledAt?: number;
  refusal?: string;
  endedAt?: number;
  ended?: string;
  isOpen(): boolean;
}

/** A run's clock (ms since its start) and its events, printed with a failing assertion. */
class Race {
  readonly t0 = performance.now();
  readonly events: string[] = [];
  streams: Stream[] = [];
  /** When the revocation or plan change was sent. */
  changeSentAt?: number;
  now = () => Math.round(performance.now() - this.t0);
  note(e: string) {
    this.events.push(`${String(this.now()).padStart(5)} ms  ${e}`);
  }
  /** Records streams that have ended since the last look (a WebSocket's close frame is only seen by polling). */
  observe() {
    for (const s of this.streams)
      if (s.admitted && s.endedAt === undefined && !s.isOpen()) {
        s.endedAt = this.now();
        s.ended ??= "close frame";
        this.note(`${s.label} ended (${s.ended})`);
      }
  }
  /** Waits until at most `max` streams are open or SETTLE_MS have passed; the open ones then. */
  async settle(max: number) {
    const deadline = performance.now() + SETTLE_MS;
    for (;;) {
      this.observe();
      const open = this.streams.filter((s) => s.isOpen()).length;
      if (open <= max || performance.now() > deadline) return open;
      await sleep(20);
    }
  }
  /** One line for a passing run: how the streams fell around the change. */
  summary() {
    const sent = this.changeSentAt ?? NaN;
    const admitted = this.streams.filter((s) => s.admitted);
    const after = admitted.filter((s) => (s.settledAt ?? 0) > sent).length;
    const last = Math.max(0, ...admitted.map((s) => s.endedAt ?? 0));
    return (
      `${admitted.length} of ${this.streams.length} admitted (${after} answered after the change was sent at ${sent} ms), ` +
      `${this.streams.length - admitted.length} refused, the last ended at ${last} ms`
    );
  }
  report() {
    const streams = this.streams.map(
      (s) =>
        `  ${s.label}: asked at ${s.at} ms, ${s.admitted ? "admitted" : `refused (${s.refusal})`} at ${s.settledAt} ms` +
        (s.admitted ? `, ${s.isOpen() ? "STILL OPEN" : `ended at ${s.endedAt} ms (${s.ended})`}` : ""),
    );
    return [`seed ${seed}`, "streams:", ...streams, "events:", ...this.events.map((e) => `  ${e}`)].join("\n");
  }
}

/**
 * Opens one stream `delay` ms into the run. A listen's MCP client connects before the clock starts (it is only a
 * server/discover), so the listen request itself is what races the change.
 */
async function stream(
  race: Race,
  kind: Kind,
  i: number,
  key: string,
  delay: number,
  client: McpClient | undefined,
): Promise<Stream> {
  const s: Stream = { label: `${kind}#${i}`, at: delay, isOpen: () => false };
  race.streams.push(s);
  await sleep(delay);
  race.note(`${s.label} asked`);
  const done = (admitted: boolean, refusal?: string) => {
    s.admitted = admitted;
    s.refusal = refusal;
    s.settledAt = race.now();
    race.note(`${s.label} ${admitted ? "admitted" : `refused: ${refusal}`}`);
  };
  if (client) {
    try {
      const sub = await client.listen({ resourceSubscriptions: [`sports://football/matches/${MATCH}`] });
      listens.add(sub);
      let open = true;
      s.isOpen = () => open;
      void sub.closed.then((why) => {
        open = false;
        s.ended = `listen closed: ${why}`;
        race.observe();
      });
      done(true);
    } catch (e) {
      done(false, (e as Error).message);
    }
    return s;
  }
  try {
    const c = await openSocket(`${w.ws}${kind === "hub" ? "/v1/ws/live" : `/v1/ws/match/${MATCH}`}`, {
      "x-api-key": key,
    });
    sockets.add(c);
    // The server's close frame turns the socket to CLOSING at once; the `close` event comes with the TCP teardown.
    s.isOpen = () => c.ws.readyState === c.ws.OPEN;
    done(true);
  } catch (e) {
    const status = (e as { status?: number }).status;
    done(false, status ? `HTTP ${status}` : `error: ${(e as Error).message}`);
  }
  return s;
}

/** A refusal is the gate's or the key check's answer, never a broken connection (which would prove nothing). */
const EXPECTED_REFUSAL =
  /^HTTP (401|429)$|credentials no longer valid|concurrent streams per account|"code":"invalid_api_key"/;

const kinds = fc.constantFrom<Kind>("hub", "match", "listen");
// Offsets over ~300 ms: an upgrade or a listen takes tens of ms under wrangler dev, so the change lands before,
// among and after the admissions.
const offsets = fc.integer({ min: 0, max: 300 });
const plan = fc.array(fc.tuple(kinds, offsets), { minLength: 6, maxLength: 10 });
const params = { numRuns: 4, seed, endOnFailure: true } as const;

/** Runs `streams` against `change` (at `changeAt` ms) on a fresh account of plan growth (20 streams). */
async function race(
  streams: [Kind, number][],
  changeAt: number,
  change: (k: Awaited<ReturnType<typeof account>>) => Promise<Response>,
  label: string,
) {
  const k = await account("growth");
  const mcp = await Promise.all(
    streams.map(async ([kind]) => {
      if (kind !== "listen") return undefined;
      const c = await connectModern(w.base, { "x-api-key": k.key });
      clients.add(c);
      return c;
    }),
  );
  const r = new Race();
  const opening = streams.map(([kind, at], i) => stream(r, kind, i, k.key, at, mcp[i]));
  const changed = sleep(changeAt).then(async () => {
    r.changeSentAt = r.now();
    r.note(`${label} sent`);
    const res = await change(k);
    r.note(`${label} answered ${res.status}`);
    return res;
  });
  await Promise.all(opening);
  return { k, r, changed: await changed };
}

function checkRefusals(r: Race) {
  for (const s of r.streams) if (!s.admitted) expect(s.refusal, r.report()).toMatch(EXPECTED_REFUSAL);
}

describe(`admission ordered against revocation and plan changes, end to end (seed ${seed})`, () => {
  it("no stream of a key survives its revocation, at any interleaving", { timeout: 180_000 }, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(plan, offsets, async (streams, revokeAt) => {
        runs++;
        try {
          const { r, changed } = await race(
            streams,
            revokeAt,
            (k) => w.admin("DELETE", `/keys/${k.keyId}`),
            "revocation",
          );
          expect(changed.status, r.report()).toBe(204);
          checkRefusals(r);
          expect(await r.settle(0), r.report()).toBe(0);
          console.log(`revocation run ${runs}: ${r.summary()}`);
        } finally {
          await closeAll();
        }
      }),
      params,
    );
  });

  it("no more streams than a lowered plan allows survive it, at any interleaving", { timeout: 180_000 }, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(plan, offsets, async (streams, lowerAt) => {
        runs++;
        try {
          const { k, r, changed } = await race(
            streams,
            lowerAt,
            (k) => w.admin("PUT", `/accounts/${k.accountId}/plan`, { plan: "trial" }),
            "plan -> trial",
          );
          expect(changed.status, r.report()).toBe(200);
          checkRefusals(r);
          // Trial allows 2 streams: whatever was admitted before or after the change, at most 2 stay open.
          expect(await r.settle(2), r.report()).toBeLessThanOrEqual(2);
          // The survivors go with the key, as in the revocation property.
          r.note("revocation (cleanup) sent");
          expect((await w.admin("DELETE", `/keys/${k.keyId}`)).status).toBe(204);
          expect(await r.settle(0), r.report()).toBe(0);
          console.log(`plan run ${runs}: ${r.summary()}`);
        } finally {
          await closeAll();
        }
      }),
      params,
    );
  });
});
