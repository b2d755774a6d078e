// `subscriptions/listen` (MCP 2026-07-28) on match resources: `notifications/resources/updated` for each ingest
// commit that changes a subscribed match, while the caller may see it, until the final whistle
// (docs/mcp.md "Resources and subscriptions").
//
// The events live in the matches' MatchRoom Durable Objects, not in this isolate, so each listen request gets the
// SDK's own handler (agents' wrapper does not take a `bus`) over a ServerEventBus that reads the rooms' feeds. The
// SDK keeps the wire semantics (ack first, filtering, subscription ids, the graceful `complete`); this file decides
// what is subscribable, re-checks the caller before every delivery, and ends the stream when nothing is left.
import { signalShed } from "../core/auth/entitlement-signal";
import {
  classifyInboundRequest,
  createMcpHandler,
  type ServerEvent,
  type ServerEventBus,
} from "@modelcontextprotocol/server";
import { loadHolderEntitlement, mayReceive, type Entitlement, type Holder } from "../core/auth/entitlements";
import { credentialOf, holderOf, type Principal } from "../core/auth/principal";
import { admitSlot, listenHolder } from "../core/live/sockets";
import type { ToolContext } from "./tools/define";
import { isFinished } from "../core/domain/codes";
import { primaryDb } from "../core/db/client";
import { getMatch } from "../core/db/queries/matches";
import { log } from "../lib/log";
import type { FeedLine } from "../core/live/messages";
import { admitCall } from "./gate";
import { acceptsBoth } from "./direct";
import { parseMatchUri } from "./resources";
import { buildServer } from "./server";

/** Resources one listen may name; a client watching more opens more listens. */
export const MAX_LISTEN_URIS = 20;
/**
 * How old the entitlement a delivery is checked against may be (docs/security-and-limits.md "Entitlements are live").
 */
const RECHECK_MS = 1000;

/** Whether this POST is a listen request: 2026-07-28 requests name their method in `Mcp-Method` (the SDK checks it). */
export const isListenRequest = (request: Request) =>
  request.method === "POST" && request.headers.get("mcp-method") === "subscriptions/listen";

const rpcError = (id: unknown, code: number, message: string) =>
  Response.json({ jsonrpc: "2.0", id: id ?? null, error: { code, message } });

/** A listen's slot in its account's gate: given back when the listen ends, and re-confirmed while it lasts. */
interface Slot {
  id: string;
  credential: string;
  gate: ReturnType<Env["ACCOUNT_GATE"]["getByName"]>;
}

/** How often an open listen asks its gate whether its slot still stands (revoked, or over a lowered plan). */
const SLOT_CHECK_MS = 2000;

async function takeSlot(env: Env, ctx: ToolContext): Promise<Slot | string> {
  const gate = env.ACCOUNT_GATE.getByName(ctx.principal.accountId);
  const slot = { id: crypto.randomUUID(), credential: credentialOf(ctx.principal), gate };
  const admission = await admitSlot(env, ctx.principal.accountId, {
    slotId: slot.id,
    kind: "listen",
    credential: slot.credential,
    holder: listenHolder(),
    seen: { plan: ctx.plan, version: ctx.entitlementVersion },
  });
  await signalShed(env, ctx.principal.accountId, admission.over);
  if (admission.ok) return slot;
  return admission.reason === "revoked"
    ? "credentials no longer valid"
    : `the ${admission.plan} plan allows ${admission.limit} concurrent streams per account (WebSockets, SSE streams ` +
        "and MCP listens together); end one first";
}

/** One subscribed match: its URI, league (for the delivery check) and, unless it already finished, its room's feed. */
interface Feed {
  uri: string;
  leagueId: string;
  stream?: ReadableStream<Uint8Array>;
}

export async function serveListen(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  principal: Principal,
): Promise<Response> {
  const body = (await request
    .clone()
    .json()
    .catch(() => undefined)) as { id?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } };
  const uris = body?.params?.notifications?.resourceSubscriptions;
  let feeds: Feed[] = [];
  // Anything malformed goes to the SDK as is, which answers it by the spec (-32602, header mismatch, …), and a request
  // the SDK will refuse spends nothing: no call of the budget, no stream slot (docs/mcp.md "Resources and subscriptions").
  let slot: Slot | undefined;
  if (willListen(request, body) && Array.isArray(uris) && uris.every((u) => typeof u === "string")) {
    // One feed per distinct resource: naming a match twenty times is one subscription, not twenty room feeds.
    const distinct = [...new Set(uris)];
    if (distinct.length > MAX_LISTEN_URIS) {
      return rpcError(body.id, -32602, `Invalid params: at most ${MAX_LISTEN_URIS} resourceSubscriptions per listen`);
    }
    const ctx = await admitCall(principal);
    if (typeof ctx === "string") return rpcError(body.id, -32600, ctx);
    const found = await Promise.all(
      distinct.map(async (uri) => {
        const ref = parseMatchUri(uri);
        const match = ref && (await getMatch(ctx.db, ref.sport, ref.id, ctx.leagues));
        return { uri, match };
      }),
    );
    const missing = found.find((f) => !f.match);
    if (missing) {
      return rpcError(
        body.id,
        -32602,
        `Invalid params: no match at ${missing.uri} (resources are sports://{sport}/matches/{id} of tracked leagues)`,
      );
    }
    // A listen is a stream like a socket: it takes a slot of the account's concurrent streams from its gate.
    const taken = await takeSlot(env, ctx);
    if (typeof taken === "string") return rpcError(body.id, -32600, taken);
    slot = taken;
    // The room is asked for its feed before the SDK acknowledges, so nothing committed after the ack is missed. A
    // match that has finished gets no feed: the stream completes right after the ack.
    try {
      feeds = await Promise.all(
        found.map(async ({ uri, match }) => ({
          uri,
          leagueId: match!.league.id,
          stream: isFinished(match!.status_code) ? undefined : await env.MATCH_ROOM.getByName(match!.id).listen(),
        })),
      );
    } catch (err) {
      await taken.gate.release(taken.id).catch(() => {});
      throw err;
    }
  }

  // The slot's release outlives the request: a client's going ends the request's own work.
  const bus = new MatchFeedBus(
    feeds,
    (leagueId) => deliverable(env, principal, leagueId),
    slot,
    (p) => ctx.waitUntil(p),
  );
  const handler = createMcpHandler(() => buildServer(principal, "modern"), {
    bus,
    legacy: "reject",
    onerror: (e) => log("warn", "mcp listen", { error: e.message }),
  });
  const res = await handler.fetch(request);
  if (!res.body || !(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    bus.close();
    return res;
  }
  // However the response ends (the listen's result, a failure, or the client's going), the slot goes back.
  const out = relay(res.body, () => bus.close());
  // Every match finished (or stopped being visible): the SDK's graceful close sends the `complete` result.
  bus.onDone = () => void handler.close();
  // The caller lost the right to any of it (key or grant revoked, token expired) or a room went away: the stream
  // breaks, and a client that re-listens is told why (401, or a fresh feed).
  bus.onFail = (reason) => {
    out.fail(reason);
    void handler.close();
  };
  bus.start();
  return new Response(out.body, res);
}

/**
 * Whether the SDK will serve this request as a listen: the SDK's own classifier routes it as a 2026-07-28 request for
 * `subscriptions/listen` (not a notification, headers matching the body, a supported version, …) and it accepts both
 * media types the stream answers with. Anything else is refused by the SDK before any work.
 */
function willListen(request: Request, body: unknown): boolean {
  if (!acceptsBoth(request.headers.get("accept"))) return false;
  const h = request.headers;
  const header = (name: string) => h.get(name) ?? undefined;
  const route = classifyInboundRequest({
    httpMethod: request.method,
    protocolVersionHeader: header("mcp-protocol-version"),
    mcpMethodHeader: header("mcp-method"),
    mcpNameHeader: header("mcp-name"),
    body,
  });
  return route.kind === "modern" && route.messageKind === "request" && route.message.method === "subscriptions/listen";
}

/** Re-checked before each delivery: the credential still stands and the account still tracks the league. */
async function deliverable(env: Env, p: Principal, leagueId: string): Promise<"ok" | "league" | "credential"> {
  if (p.type === "oauth" && p.expiresAt !== undefined && p.expiresAt * 1000 <= Date.now()) return "credential";
  const ent = await recentEntitlement(env, holderOf(p));
  if (!ent) return "credential";
  return mayReceive(ent, leagueId) ? "ok" : "league";
}

/** Entitlements read for deliveries in this isolate, shared by its streams for up to RECHECK_MS. */
const recent = new Map<string, { at: number; ent: Promise<Entitlement | undefined> }>();

function recentEntitlement(env: Env, h: Holder): Promise<Entitlement | undefined> {
  const key = `${h.accountId}|${h.keyId ?? ""}|${h.grantId ?? ""}`;
  const now = Date.now();
  const hit = recent.get(key);
  if (hit && now - hit.at < RECHECK_MS) return hit.ent;
  if (recent.size > 1000) for (const [k, v] of recent) if (now - v.at >= RECHECK_MS) recent.delete(k);
  const ent = loadHolderEntitlement(primaryDb(env.DB), h);
  recent.set(key, { at: now, ent });
  ent.catch(() => recent.delete(key));
  return ent;
}

/**
 * The SDK's event seam over the subscribed matches' room feeds: each feed line (one ingest commit) becomes a
 * `resource_updated` event for the SDK's listen router, after the delivery check. `publish` also delivers locally,
 * as the interface requires (nothing here publishes: events come from the rooms).
 */
export class MatchFeedBus implements ServerEventBus {
  private listeners = new Set<(e: ServerEvent) => void>();
  private readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  private open: number;
  private closed = false;
  onDone?: () => void;
  onFail?: (reason: Error) => void;

  private watch?: ReturnType<typeof setInterval>;

  constructor(
    private feeds: Feed[],
    private check: (leagueId: string) => Promise<"ok" | "league" | "credential">,
    private slot?: Slot,
    private keep: (p: Promise<unknown>) => void = () => {},
  ) {
    this.open = feeds.length;
  }

  publish(event: ServerEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (e) {
        log("warn", "mcp listen listener failed", { error: String(e) });
      }
    }
  }

  subscribe(listener: (e: ServerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.close();
    };
  }

  /** Starts reading the feeds (after the SDK has subscribed its router); ends at once if none is open. */
  start(): void {
    if (this.closed) return;
    // A quiet match sends nothing to re-check against: the slot is asked on a timer too, so a revocation or a lower
    // plan ends the listen within SLOT_CHECK_MS plus a round trip.
    const slot = this.slot;
    if (slot)
      this.watch = setInterval(() => {
        slot.gate.confirm(slot.id, slot.credential).then(
          (v) =>
            v !== "ok" &&
            this.fail(new Error(v === "revoked" ? "credentials no longer valid" : "stream budget lowered")),
          () => {},
        );
      }, SLOT_CHECK_MS);
    const live = this.feeds.filter((f) => f.stream);
    this.open = live.length;
    if (this.open === 0) return this.done();
    for (const f of live) void this.pump(f, f.stream!.getReader());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.watch) clearInterval(this.watch);
    if (this.slot) this.keep(this.slot.gate.release(this.slot.id).catch(() => {}));
    for (const r of this.readers) r.cancel().catch(() => {});
    for (const f of this.feeds) if (f.stream && !f.stream.locked) f.stream.cancel().catch(() => {});
  }

  private done() {
    if (this.closed) return;
    this.close();
    this.onDone?.();
  }

  private async pump(feed: Feed, reader: ReadableStreamDefaultReader<Uint8Array>) {
    this.readers.push(reader);
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.closed) break;
        buffered += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffered.indexOf("\n")) >= 0) {
          const line = JSON.parse(buffered.slice(0, nl)) as FeedLine;
          buffered = buffered.slice(nl + 1);
          const verdict = await this.check(feed.leagueId);
          if (this.closed) return;
          if (verdict === "credential") return this.fail(new Error("credentials no longer valid"));
          if (verdict === "league") {
            await reader.cancel().catch(() => {});
            return this.feedEnded();
          }
          this.publish({ kind: "resource_updated", uri: feed.uri });
          if (line.final) break;
        }
      }
      this.feedEnded();
    } catch (e) {
      if (!this.closed) this.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private feedEnded() {
    if (--this.open === 0) this.done();
  }

  private fail(reason: Error) {
    if (this.closed) return;
    this.close();
    this.onFail?.(reason);
  }
}

/**
 * How often an open listen writes an SSE comment line when nothing else was sent. A connection learns that its client
 * left only when it writes, and a quiet match writes nothing: without these a listen whose client closed it would
 * keep its stream slot until the final whistle. A write a little after the client's going fails (under `wrangler dev`
 * the third, through its proxies), so the slot is back within about 1 s. Cost: a timer turn 4 times a second per
 * open listen (listens are bounded by the plans' streams).
 */
export const LISTEN_PING_MS = 250;
const PING = new TextEncoder().encode(":\n\n");
/** Whether a chunk ends an SSE event (a blank line), so a comment may follow it without splitting an event. */
const endsEvent = (b: Uint8Array) =>
  b.length >= 2 && b[b.length - 1] === 10 && (b[b.length - 2] === 10 || b[b.length - 2] === 13);

/**
 * The SDK's SSE body, passed through, with a comment line every LISTEN_PING_MS between events, a way to cut it short
 * (a client sees a dropped stream, not `complete`), and `onEnd` once when it ends in any way: its last byte sent, cut
 * short, or its client gone (the body cancelled, or a write failed).
 */
function relay(source: ReadableStream<Uint8Array>, onEnd: () => void) {
  const reader = source.getReader();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let betweenEvents = true;
  let quiet = true;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(ping);
    onEnd();
  };
  const ping = setInterval(() => {
    if (ended) return;
    if (quiet && betweenEvents) {
      try {
        controller.enqueue(PING);
      } catch {
        return end();
      }
    }
    quiet = true;
  }, LISTEN_PING_MS);
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    async pull(c) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (ended) return;
      if (done) {
        c.close();
        return end();
      }
      betweenEvents = endsEvent(value!);
      quiet = false;
      c.enqueue(value!);
    },
    cancel: (reason) => {
      end();
      return reader.cancel(reason).catch(() => {});
    },
  });
  return {
    body,
    fail(reason: Error) {
      if (ended) return;
      // Ended without the listen's result: to the client, a dropped stream (it re-listens and learns why).
      try {
        controller.close();
      } catch {
        // the client already went away
      }
      end();
      reader.cancel(reason).catch(() => {});
    },
  };
}
