// The client's view of a match (docs/api.md "One version per match"): random sequences of ingests (scores, events,
// corrections, removals, the final whistle) while clients drop and come back — resuming with `?since=` or
// `Last-Event-ID`, or opening afresh with a `state` message — over WebSockets and SSE. Whatever the interleaving, the
// view a client builds from state messages, timeline reads and frames equals the REST read at the same seq, and the
// frames it applies are consecutive: no gap, no duplicate. Replay a failure with FUZZ_SEED=<seed printed below>.
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { connect, ingestOps, type TestSocket } from "../../helpers/live";
import { eventOp, eventsOp, liveMatchOp, matchOp } from "../../helpers/ops";
import { getJson, seed as seedData } from "../../helpers/seed";

const s = await seedData(["eng1"]);
const seed = Number(env.FUZZ_SEED) || Date.now() % 2 ** 31;

afterAll(async () => {
  const deadline = Date.now() + 5000;
  while ((await env.ACCOUNT_GATE.getByName(s.accountId).holders()).length > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
});

// ---------- two transports, one message list ----------
interface Stream {
  messages: any[];
  close(): void;
  /** The server ended the stream (final whistle). */
  ended(): boolean;
}

async function openWs(matchId: string, since: number | null): Promise<Stream> {
  const res = await connect(`/v1/ws/match/${matchId}${since === null ? "" : `?since=${since}`}`, {
    "x-api-key": s.key,
  });
  expect(res.status).toBe(101);
  const socket: TestSocket = res.socket!;
  let ended = false;
  void socket.closed.then(() => (ended = true));
  return { messages: socket.all, close: () => socket.ws.close(1000), ended: () => ended };
}

async function openSse(matchId: string, since: number | null): Promise<Stream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { "x-api-key": s.key };
  if (since !== null) headers["last-event-id"] = String(since);
  const res = await exports.default.fetch(`http://127.0.0.1:8787/v1/sse/match/${matchId}`, {
    headers,
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const messages: any[] = [];
  let ended = false;
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((l) => l && !l.startsWith(":"))
              .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trimStart()]),
          );
          if (fields.event === "close") continue;
          if (fields.data) {
            const msg = JSON.parse(fields.data);
            // The SSE id is the message's seq.
            expect(Number(fields.id)).toBe(msg.seq);
            expect(fields.event).toBe(msg.type);
            messages.push(msg);
          }
        }
      }
    } catch {
      // aborted by close()
    }
    ended = true;
  })();
  return { messages, close: () => controller.abort(), ended: () => ended };
}

// ---------- a client: what it shows, built only from what it received ----------
type Ev = Record<string, unknown>;
const EVENT_KEYS = [
  "id",
  "type",
  "minute",
  "added_time",
  "period",
  "team",
  "player",
  "player_in",
  "player_out",
  "detail",
  "player_id",
  "player_in_id",
  "player_out_id",
];
const norm = (e: Ev) => Object.fromEntries(EVENT_KEYS.map((k) => [k, e[k] ?? null]));

class Client {
  seq = 0;
  board = { home_score: 0, away_score: 0, minute: null as number | null, status_code: 0 };
  events = new Map<string, Ev>();
  stream: Stream | null = null;
  read = 0;
  problems: string[] = [];
  constructor(
    readonly matchId: string,
    readonly transport: "ws" | "sse",
  ) {}

  /** Opens afresh: a state message gives the board, the timeline read (with its seq) the events. */
  async openFresh() {
    const t = (await getJson(`/v1/football/matches/${this.matchId}/events`, s.key)).body;
    this.events = new Map(t.data.map((e: Ev) => [String(e.id), norm(e)]));
    const timelineSeq = t.seq as number;
    this.stream = await (this.transport === "ws" ? openWs : openSse)(this.matchId, null);
    this.read = 0;
    await this.until(() => this.stream!.messages.length > 0 || this.stream!.ended());
    const first = this.stream.messages[0];
    if (!first) return;
    expect(first.type).toBe("state");
    this.read = 1;
    this.seq = first.seq;
    const d = first.data;
    this.board = { home_score: d.home_score, away_score: d.away_score, minute: d.minute, status_code: d.status_code };
    // Nothing is ingested while a client opens (steps run one at a time), so the two reads are of one version.
    expect(timelineSeq).toBe(this.seq);
  }

  /** Resumes after the last seq applied. */
  async resume() {
    this.stream = await (this.transport === "ws" ? openWs : openSse)(this.matchId, this.seq);
    this.read = 0;
  }

  drop() {
    this.stream?.close();
    this.stream = null;
  }

  /** Applies what arrived; each frame must be the next seq. */
  drain() {
    if (!this.stream) return;
    for (; this.read < this.stream.messages.length; this.read++) {
      const m = this.stream.messages[this.read];
      if (m.type === "state") {
        this.problems.push(`state in the middle of a stream at ${m.seq}`);
        continue;
      }
      if (m.seq !== this.seq + 1) this.problems.push(`expected seq ${this.seq + 1}, got ${m.seq} (${m.type})`);
      this.seq = Math.max(this.seq, m.seq);
      if (m.type === "score_update") {
        this.board.home_score = m.data.home;
        this.board.away_score = m.data.away;
        if (m.data.minute !== undefined) this.board.minute = m.data.minute;
      } else if (m.type === "status_change") this.board.status_code = m.data.to;
      else this.applyEvent(m);
    }
  }

  private applyEvent(m: any) {
    if (m.type === "event_added" || m.type === "event_updated") this.events.set(m.data.id, norm(m.data));
    else if (m.type === "event_removed") this.events.delete(m.data.id);
  }

  async until(done: () => boolean, ms = 5000) {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  }
}

/** REST now: the detail and the timeline, each with its seq. */
async function rest(matchId: string) {
  const [d, t] = await Promise.all([
    getJson(`/v1/football/matches/${matchId}`, s.key),
    getJson(`/v1/football/matches/${matchId}/events`, s.key),
  ]);
  return { detail: d.body, timeline: t.body };
}

async function checkView(c: Client) {
  const { detail, timeline } = await rest(c.matchId);
  expect(timeline.seq).toBe(detail.seq);
  await c.until(() => (c.drain(), c.seq >= detail.seq));
  c.drain();
  expect(c.problems).toEqual([]);
  expect(c.seq).toBe(detail.seq);
  const { home_score, away_score, minute, status_code } = detail;
  expect(c.board).toEqual({ home_score, away_score, minute, status_code });
  const byId = (evs: Ev[]) => Object.fromEntries(evs.map((e) => [String(e.id), e]));
  expect(byId([...c.events.values()])).toEqual(byId(timeline.data.map(norm)));
}

// ---------- the random runs ----------
type Step =
  | { kind: "score"; home: number; away: number; minute: number }
  | { kind: "event"; n: number; minute: number }
  | { kind: "correct"; n: number; minute: number }
  | { kind: "remove"; n: number }
  | { kind: "drop"; client: number }
  | { kind: "back"; client: number; fresh: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("score" as const),
    home: fc.nat(4),
    away: fc.nat(4),
    minute: fc.integer({ min: 1, max: 90 }),
  }),
  fc.record({ kind: fc.constant("event" as const), n: fc.nat(5), minute: fc.integer({ min: 1, max: 90 }) }),
  fc.record({ kind: fc.constant("correct" as const), n: fc.nat(5), minute: fc.integer({ min: 1, max: 90 }) }),
  fc.record({ kind: fc.constant("remove" as const), n: fc.nat(5) }),
  fc.record({ kind: fc.constant("drop" as const), client: fc.nat(3) }),
  fc.record({ kind: fc.constant("back" as const), client: fc.nat(3), fresh: fc.boolean() }),
);

let run = 0;
async function play(steps: Step[], finish: boolean) {
  const matchId = `m_cv_${seed}_${run++}`;
  await ingestOps([liveMatchOp({ id: matchId })]);
  const clients = [
    new Client(matchId, "ws"),
    new Client(matchId, "sse"),
    new Client(matchId, "ws"),
    new Client(matchId, "sse"),
  ];
  try {
    for (const c of clients) await c.openFresh();
    const eventId = (n: number) => `${matchId}_e${n}`;
    const known = new Set<number>();
    for (const st of steps) {
      if (st.kind === "drop") clients[st.client]!.drop();
      else if (st.kind === "back") {
        const c = clients[st.client]!;
        if (c.stream) continue;
        if (st.fresh) await c.openFresh();
        else await c.resume();
      } else if (st.kind === "score") {
        await ingestOps([matchOp({ id: matchId, home_score: st.home, away_score: st.away, minute: st.minute })]);
      } else if (st.kind === "event" || st.kind === "correct") {
        if (st.kind === "correct" && !known.has(st.n)) continue;
        known.add(st.n);
        const detail = st.kind === "correct" ? `corrected at ${st.minute}` : null;
        await ingestOps([
          eventsOp({ match_id: matchId, events: [eventOp({ id: eventId(st.n), minute: st.minute, detail })] }),
        ]);
      } else {
        known.delete(st.n);
        await ingestOps([{ op: "remove_events", match_id: matchId, event_ids: [eventId(st.n)] }]);
      }
      for (const c of clients) if (c.stream) await checkView(c);
    }
    if (finish) await ingestOps([matchOp({ id: matchId, status_code: 3 })]);
    for (const c of clients) {
      if (!c.stream) await c.resume();
      await checkView(c);
    }
  } finally {
    clients.forEach((c) => c.drop());
  }
}

describe(`a client's view equals REST at the same seq (seed ${seed})`, () => {
  it("over random ingests, corrections, drops and resumes (WebSocket and SSE)", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), fc.boolean(), async (steps, finish) =>
        play(
          steps.map((x) => ({ ...x })),
          finish,
        ),
      ),
      { numRuns: 12, seed },
    );
  });
});
