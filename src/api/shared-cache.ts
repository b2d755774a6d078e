// Answers that cannot change (docs/architecture.md "Edge read path"): a finished match's events, stats, lineups, box
// score, table at kickoff and head-to-head. Shared by every isolate of a location through the Cache API
// (caches.default), and kept in this isolate's memory in front of it (a memory hit costs no I/O at all; benchmark P1 in
// docs/benchmarks.md).
// - Filed without the caller's key: by URL, and for head-to-head, whose meetings are those of the tracked leagues, by a
//   hash of the account's tracked leagues too.
// - Visibility is still checked per request: each entry carries its match's league, which must be among the leagues
//   of the caller's key record (at most 2 s old), or the answer is the handler's 404.
// - Filed only when the match was finished before the handler read it, so nothing live is ever kept (a live match's
//   answers go to the per-isolate response cache like any other). A head-to-head is filed only if the session saw the
//   key record's entitlement version before and after the handler ran: its meetings were then read with exactly the
//   leagues the hash names.
// - Filed under the finished version (src/core/db/queries/meta.ts): a correction to a finished match bumps it in its
//   commit, and every request after sees the new version within the data version's 1 s; kept SHARED_TTL_S otherwise.
import type { Context } from "hono";
import { sha256Hex } from "../core/auth/keys";
import { isFinished } from "../core/domain/codes";
import { cacheFacts } from "../core/db/queries/cache-facts";
import { finishedPart } from "../core/db/queries/meta";
import type { AppEnv } from "../http/app-env";
import { notFound } from "../core/errors";
import { ByteLru } from "../lib/lru";

export const SHARED_TTL_S = 3600;
const PATH = /^\/v1\/(?:football|basketball)\/matches\/([^/]+)\/(events|stats|lineups|standings|players|h2h)$/;

interface Entry {
  /** UTF-8 bytes, as the response cache keeps them (./cache.ts). */
  body: Uint8Array;
  headers: [string, string][];
  leagueId: string;
  expires: number;
}

const memory = new ByteLru<Entry>(8 * 1024 * 1024);
const LEAGUE_HEADER = "x-shared-league";
const EXPIRES_HEADER = "x-shared-expires";

export type SharedRequest = { matchId: string; h2h: boolean; key: string };

/** The match id and the answer's key, if this request's answer may be shared (`request`: path and query, no key). */
export async function sharedKey(c: Context<AppEnv>, request: string): Promise<SharedRequest | undefined> {
  const m = PATH.exec(c.req.path);
  if (!m || c.req.method !== "GET") return undefined;
  const h2h = m[2] === "h2h";
  const tracked = h2h ? `&tracked=${await sha256Hex(c.get("readScope").tracked.split(",").sort().join(","))}` : "";
  // Filed under the finished version: a correction to any finished match retires every kept answer at once.
  const finished = finishedPart(c.get("readScope").dataVersion);
  return { matchId: m[1]!, h2h, key: `${new URL(c.req.url).origin}/__shared/${finished}${request}${tracked}` };
}

const visible = (c: Context<AppEnv>, e: Entry) => {
  if (!c.get("readScope").tracked.split(",").includes(e.leagueId)) throw notFound("match");
  return new Response(e.body, { status: 200, headers: e.headers });
};

async function fromCacheApi(key: string): Promise<Entry | undefined> {
  const res = await caches.default.match(key);
  if (!res) return undefined;
  const leagueId = res.headers.get(LEAGUE_HEADER) ?? "";
  const headers = [...res.headers.entries()].filter(([k]) => k === "content-type" || k === "etag");
  const expires = Number(res.headers.get(EXPIRES_HEADER)) || Date.now();
  return { body: new Uint8Array(await res.arrayBuffer()), headers, leagueId, expires };
}

/** Serves the request from memory or the location's cache; false when neither has it. */
export async function serveShared(c: Context<AppEnv>, shared: SharedRequest): Promise<boolean> {
  const inMemory = memory.get(shared.key);
  if (inMemory && inMemory.expires > Date.now()) {
    c.res = visible(c, inMemory);
    return true;
  }
  const located = await fromCacheApi(shared.key);
  if (!located) return false;
  memory.set(shared.key, located, located.body.byteLength + shared.key.length * 2);
  c.res = visible(c, located);
  return true;
}

/** Read before the handler runs: whether its answer may be filed (the match already finished), and under what. */
export const factsBefore = (c: Context<AppEnv>, shared: SharedRequest) =>
  cacheFacts(c.get("db"), shared.matchId, c.get("principal").accountId);

/** Files the handler's 200 in memory and the location's cache if it cannot change; false if it may. */
export async function fileShared(
  c: Context<AppEnv>,
  shared: SharedRequest,
  before: Awaited<ReturnType<typeof factsBefore>>,
  kept: { body: Uint8Array; headers: [string, string][] },
): Promise<boolean> {
  if (!before || !isFinished(before.status_code)) return false;
  if (shared.h2h) {
    const ev = c.get("readScope").entitlementVersion;
    const after = await factsBefore(c, shared);
    if (before.entitlement_version !== ev || after?.entitlement_version !== ev) return false;
  }
  const headers = kept.headers.filter(([k]) => k === "content-type" || k === "etag");
  const entry: Entry = {
    body: kept.body,
    headers,
    leagueId: before.league_id,
    expires: Date.now() + SHARED_TTL_S * 1000,
  };
  memory.set(shared.key, entry, kept.body.byteLength + shared.key.length * 2);
  const stored = new Response(kept.body, {
    headers: [
      ...headers,
      [LEAGUE_HEADER, before.league_id],
      [EXPIRES_HEADER, String(entry.expires)],
      ["cache-control", `public, max-age=${SHARED_TTL_S}`],
    ],
  });
  c.executionCtx.waitUntil(caches.default.put(shared.key, stored));
  return true;
}

/** For tests: forgets this isolate's copies, as another isolate of the location would not have them. */
export const dropSharedMemory = () => memory.clear();
