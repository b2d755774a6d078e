// The fan-out tree of a match stream: the match's MatchRoom numbers, logs and replays its updates; its sockets live
// on MatchRelay objects (`<match id>:<index>`), one per MATCH_RELAY_SOCKETS sockets, and the room forwards each
// publish to every relay. A new socket asks the room which relay takes it (a stable hash of its connection id over
// the room's relay count, which grows with the match's sockets), then upgrades on that relay.
import { fnv1a, socketInfo, withSocketInfo } from "./sockets";
import type { Marks } from "../../lib/trace";

/** One numbered frame as the room sends it to its relays: `text` is the envelope's JSON. */
export interface Frame {
  seq: number;
  text: string;
}

/** One publish, as each relay of the match receives it. */
export interface RelayBatch {
  matchId: string;
  leagueId: string;
  frames: Frame[];
  /** The batch ends the match: every socket closes with 1000 after its frames. */
  final: boolean;
  /** A traced publish: the relay hands back its hop marks (src/lib/trace.ts). */
  trace?: boolean;
}

/** A relay's answer to a publish: the streams it held, and a traced publish's hop marks. */
export interface Delivered {
  held: number;
  marks?: Marks;
}

/** What the room answers a relay replaying `?since=`: the log after it, and the room's seq when it was read. */
export interface Replay {
  frames: Frame[];
  seq: number;
}

/** Sockets per relay (N): chosen from measurements (docs/operations.md "Capacity model"); at least 1. */
export const socketsPerRelay = (env: Env) => Math.max(1, Number(env.MATCH_RELAY_SOCKETS) || 1);

export const relayName = (matchId: string, index: number) => `${matchId}:${index}`;

/** The relay a new connection goes to: a stable hash of its connection (lease) id over the match's relay count. */
export const relayIndex = (connectionId: string, relays: number) => fnv1a(connectionId) % Math.max(1, relays);

/**
 * The upgrade target of `/v1/ws/match/{id}` (src/api/ws.ts admits the socket first): the room picks the relay,
 * the relay takes the socket. Only called after the budget check, so a refused connection touches no room.
 */
export function matchSockets(env: Env, matchId: string) {
  return {
    async fetch(request: Request): Promise<Response> {
      const info = socketInfo(request);
      const index = await env.MATCH_ROOM.getByName(matchId).assign(matchId, info.slotId);
      return env.MATCH_RELAY.getByName(relayName(matchId, index)).fetch(withSocketInfo(request, { ...info, matchId }));
    },
  };
}
