// Answers that cannot change (CONTRACT.md "Edge read path"): a finished match's events, stats, lineups, box score,
// table at kickoff and head-to-head. Shared by every isolate of a location through the Cache API (caches.default), and
// kept in this isolate's memory in front of it (a memory hit costs no I/O at all; benchmark P1 in the README).
// - Filed without the caller's key: by URL, and for head-to-head, whose meetings are those of the tracked leagues, by a
//   hash of the account's tracked leagues too.
// - Visibility is still checked per request: each entry carries its match's league, which must be among the leagues
//   of the caller's key record (at most 2 s old), or the answer is the handler's 404.
// - Filed only when the match was finished before the handler read it, so nothing live is ever kept. A head-to-head is
//   filed only if the session saw the account's entitlement version of the key record before and after the handler
//   ran: its meetings were then read with exactly the leagues the hash names.
// - Kept SHARED_TTL_S: a correction to a finished match (the contract allows ones that keep it finished) reaches these
//   answers within that time; the sockets, MCP subscriptions and webhooks carry it at once.
import type { Context, Next } from "hono";
import { isFinished } from "../domain/codes";
import { cacheFacts } from "../db/queries/cache-facts";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { ByteLru } from "../lru";

export const SHARED_TTL_S = 3600;
const PATH = /^\/v1\/(?:football|basketball)\/matches\/([^/]+)\/(events|stats|lineups|standings|players|h2h)$/;

interface Entry {
  body: string;
  headers: [string, string][];
  leagueId: string;
  expires: number;
}

const memory = new ByteLru<Entry>(8 * 1024 * 1024);
const LEAGUE_HEADER = "x-shared-league";

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (s: string) => hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));

/** The match id and the answer's key, if this request's answer may be shared (`request`: path and query, no key). */
export async function sharedKey(c: Context<AppEnv>, request: string) {
  const m = PATH.exec(new URL(c.req.url).pathname);
  if (!m || c.req.method !== "GET") return undefined;
  const h2h = m[2] === "h2h";
  const tracked = h2h ? `&tracked=${await sha256(c.get("readScope").tracked.split(",").sort().join(","))}` : "";
  return { matchId: m[1]!, h2h, key: `${new URL(c.req.url).origin}/__shared${request}${tracked}` };
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
  return { body: await res.text(), headers, leagueId, expires: Date.now() + SHARED_TTL_S * 1000 };
}

/** Serves from memory or the location's cache, or runs the handler and files a shareable 200 in both. */
export async function sharedCache(
  c: Context<AppEnv>,
  next: Next,
  shared: { matchId: string; h2h: boolean; key: string },
  keep: () => Promise<{ body: string; headers: [string, string][] } | undefined>,
) {
  const now = Date.now();
  const inMemory = memory.get(shared.key);
  if (inMemory && inMemory.expires > now) {
    c.res = visible(c, inMemory);
    return;
  }
  const located = await fromCacheApi(shared.key);
  if (located) {
    memory.set(shared.key, located, located.body.length * 2 + shared.key.length * 2);
    c.res = visible(c, located);
    return;
  }
  const db = c.get("db");
  const auth = c.get("auth");
  const before = await cacheFacts(db, shared.matchId, auth.accountId);
  await next();
  if (c.res.status !== 200 || !before || !isFinished(before.status_code)) return;
  if (shared.h2h) {
    const after = await cacheFacts(db, shared.matchId, auth.accountId);
    const ev = auth.entitlementVersion;
    if (before.entitlement_version !== ev || after?.entitlement_version !== ev) return;
  }
  const kept = await keep();
  if (!kept) return;
  const headers = kept.headers.filter(([k]) => k === "content-type" || k === "etag");
  const entry: Entry = { body: kept.body, headers, leagueId: before.league_id, expires: now + SHARED_TTL_S * 1000 };
  memory.set(shared.key, entry, kept.body.length * 2 + shared.key.length * 2);
  const stored = new Response(kept.body, {
    headers: [...headers, [LEAGUE_HEADER, before.league_id], ["cache-control", `public, max-age=${SHARED_TTL_S}`]],
  });
  c.executionCtx.waitUntil(caches.default.put(shared.key, stored));
}

/** For tests: forgets this isolate's copies, as another isolate of the location would not have them. */
export const dropSharedMemory = () => memory.clear();
