// What the Worker tells a MatchRoom/LiveHub about a socket it has admitted, and the connection budget.
// These headers only travel Worker → Durable Object (a DO is not reachable from the internet).

export interface SocketInfo {
  keyId: string;
  accountId: string;
  leaseId: string;
  /** `?since=` of a match stream; null for none. */
  since: number | null;
  /** The match had already finished when the client connected. */
  final: boolean;
  /** LiveHub: the account's tracked league ids at connect time. */
  leagues: string[];
}

const HEADER = "x-socket-info";

export function withSocketInfo(request: Request, info: SocketInfo): Request {
  const headers = new Headers(request.headers);
  headers.set(HEADER, JSON.stringify(info));
  return new Request(request.url, { headers, method: "GET" });
}

export const socketInfo = (request: Request): SocketInfo => JSON.parse(request.headers.get(HEADER) ?? "null");

/** Returns the socket's slot in its key's connection budget. */
export async function releaseSocket(env: Env, info: SocketInfo | null): Promise<void> {
  if (!info) return;
  await env.KEY_LIMITER.getByName(info.keyId).release(info.leaseId);
}

export function hubShard(keyId: string, shards: number): number {
  let h = 2166136261;
  for (let i = 0; i < keyId.length; i++) h = Math.imul(h ^ keyId.charCodeAt(i), 16777619);
  return (h >>> 0) % shards;
}

export const hubShards = (env: Env) => Math.max(1, Number(env.LIVE_HUB_SHARDS) || 1);
