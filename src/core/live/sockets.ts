// What the Worker tells a MatchRoom/LiveHub about a socket it has admitted, where sockets live (holders), and the
// connection budget. The info header only travels Worker → Durable Object (a DO is not reachable from the internet).
// "Socket" here means any stream a holder serves: a WebSocket or an SSE response (stream-client.ts).
import type { Admission, SlotRequest } from "../limits/slots";
import type { StateMessage } from "./messages";

export interface SocketInfo {
  /** The credential it was opened with, as the account's gate names it (`key:<id>`, `grant:<id>`; a token's parent). */
  credential: string;
  accountId: string;
  slotId: string;
  /** `?since=` of a match stream; null for none. */
  since: number | null;
  /** The match had already finished when the client connected. */
  final: boolean;
  /** MatchRoom: the match's league (the socket closes when the account stops tracking it); LiveHub: null. */
  leagueId: string | null;
  /** The account's entitlement version the Worker's key check read: the holder reloads anything older. */
  entitlementVersion: number;
  /** A match stream's match, added on the way to its relay (src/core/live/relays.ts). */
  matchId?: string;
  /** "sse": answer with an event stream instead of accepting a WebSocket upgrade. Absent: a WebSocket. */
  transport?: "sse";
  /**
   * A match stream opened without `since`: the match as the Worker read it from the primary, sent first; the holder
   * then replays the room's log after its seq (docs/live-streams.md "Streams open with state").
   */
  state?: StateMessage;
  /**
   * A restricted browser token's streams: only these matches, or only matches of these leagues (each at most 50 ids,
   * so the attachment stays far under its 16 KiB). Absent: whatever the account may receive.
   */
  only?: StreamRestriction;
}

export interface StreamRestriction {
  matches?: string[];
  leagues?: string[];
}

/** Whether a restricted stream may carry a message of this match and league. */
export const restrictionAllows = (only: StreamRestriction | undefined, matchId: string, leagueId: string) =>
  !only || ((!only.matches || only.matches.includes(matchId)) && (!only.leagues || only.leagues.includes(leagueId)));

/**
 * What a socket keeps in its attachment: small and bounded (16 KiB limit), never a list that can grow. `after`: the
 * seq a relay's replay sent it up to; frames up to it that were already on their way are not sent twice.
 */
export type SocketAttachment = Pick<SocketInfo, "credential" | "accountId" | "slotId" | "only"> & { after?: number };

const HEADER = "x-socket-info";

export function withSocketInfo(request: Request, info: SocketInfo): Request {
  const headers = new Headers(request.headers);
  headers.set(HEADER, JSON.stringify(info));
  return new Request(request.url, { headers, method: "GET" });
}

export const socketInfo = (request: Request): SocketInfo => JSON.parse(request.headers.get(HEADER) ?? "null");

/** Returns the socket's slot to its account's gate. */
export async function releaseSocket(env: Env, info: SocketAttachment | null): Promise<void> {
  if (!info) return;
  await env.ACCOUNT_GATE.getByName(info.accountId).release(info.slotId);
}

/** FNV-1a (32 bit): a stable, evenly spread hash of an id, for placing sockets on shards and relays. */
export function fnv1a(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** `id`: the caller's parent credential's id (a key's or a grant's), so one credential's streams share a shard. */
export const hubShard = (id: string, shards: number): number => fnv1a(id) % shards;

export const hubShards = (env: Env) => Math.max(1, Number(env.LIVE_HUB_SHARDS) || 1);

/** Holder names, as the account gate records where each stream lives: built and resolved only here. */
export const roomHolder = (matchId: string) => `room:${matchId}`;
export const hubHolder = (shard: string) => `hub:${shard}`;
export const hubShardName = (id: string, env: Env) => `shard-${hubShard(id, hubShards(env))}`;

/** An MCP listen's streams live in the isolate that serves it: nothing to signal; it asks its gate instead. */
export const listenHolder = () => "listen:isolate";

/** The object holding a stream, or undefined where no object holds it (listens). */
export function holderStub(env: Env, holder: string) {
  if (holder.startsWith("listen:")) return undefined;
  const [kind, name] = [holder.slice(0, holder.indexOf(":")), holder.slice(holder.indexOf(":") + 1)];
  return kind === "room" ? env.MATCH_ROOM.getByName(name) : env.LIVE_HUB.getByName(name);
}

/**
 * Takes a slot of the account's concurrent streams from its gate. When the account is full and some of its streams
 * are SSE, their holders first look for clients that left: a connection learns that its peer is gone only when it
 * writes (an SSE holder otherwise notices at the second heartbeat, up to 30 s later), so each holder writes two
 * heartbeats to the account's SSE streams and gives back the slots of those that fail; then the gate is asked once
 * more. WebSockets and listens give their slots back when their clients leave, so only SSE needs this.
 */
export async function admitSlot(env: Env, accountId: string, r: SlotRequest): Promise<Admission> {
  const gate = env.ACCOUNT_GATE.getByName(accountId);
  const first = await gate.admit(r);
  if (first.ok || first.reason !== "full" || first.sse.length === 0) return first;
  const freed = await Promise.all(
    first.sse.map(
      (h) =>
        holderStub(env, h)
          ?.probeSse(accountId)
          .catch(() => 0) ?? Promise.resolve(0),
    ),
  );
  if (!freed.some((n) => n > 0)) return first;
  const second = await gate.admit(r);
  return { ...second, over: [...first.over, ...second.over] };
}
