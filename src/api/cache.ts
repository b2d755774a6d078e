// Response cache for the read API, in the isolate's memory. A read's answer depends on its URL, the account's
// tracked leagues and the data: an entry is filed under the data version (a counter every write bumps,
// migrations/0004_data_version.sql; at most 1 s old, src/core/db/data-view.ts) and the account's entitlement version (bumped
// by every change of its leagues, plan or keys, migrations/0007), so it is reused only while nothing it could contain
// has changed. Per account, not per tracked-league set: the data session may be newer than the key record (never
// older), so an answer can show a league change the record does not have yet, and must not reach another account.
// The key is still checked on every request (from its record, at most 2 s old), and the rate limit still counts it;
// what a hit saves is the data query, the JSON and the ETag hash.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import type { Scope } from "../core/domain/codes";
import { hexOf } from "../core/auth/keys";
import { ByteLru } from "../lib/lru";
import { factsBefore, fileShared, serveShared, sharedKey } from "./shared-cache";

export interface Entry {
  /** UTF-8, encoded once: a hit sends these bytes without encoding the text again. */
  body: Uint8Array;
  headers: [string, string][];
  /** The ETag among `headers`, for a conditional GET answered without the app. */
  etag: string;
  /** The route pattern (the log line's) and the key step's check: what the warm read needs (./warm-read.ts). */
  route: string;
  warm?: { scope: Scope | null };
}

const MAX_ENTRY_BYTES = 512 * 1024;
const entries = new ByteLru<Entry>(16 * 1024 * 1024);

/** The path and the sorted query without a credential. */
function requestKey(url: string) {
  const u = new URL(url);
  u.searchParams.delete("api_key");
  u.searchParams.sort();
  return `${u.pathname}?${u.searchParams}`;
}

/** The cache key: data version, account and its entitlement version, then the request. */
const keyOf = (dataVersion: string, accountId: string, entitlementVersion: number, request: string) =>
  `${dataVersion}\n${accountId}:${entitlementVersion}\n${request}`;

/** The handler's 200 with the ETag the etag middleware would compute (hex SHA-1 of the body), computed once. */
async function withEtag(c: Context<AppEnv>): Promise<Entry | undefined> {
  const body = new Uint8Array(await c.res.arrayBuffer());
  const etag = `"${hexOf(await crypto.subtle.digest("SHA-1", body))}"`;
  const headers: [string, string][] = [...c.res.headers.entries()].filter(([k]) => k !== "set-cookie");
  headers.push(["etag", etag]);
  c.res = new Response(body, { status: 200, headers });
  if (body.byteLength > MAX_ENTRY_BYTES) return undefined;
  return { body, headers, etag, route: c.req.routePath, warm: c.get("readScope").warm };
}

/**
 * After the key check: answers a GET from the cache, or runs the handler and keeps its 200 (with its ETag). Answers
 * that cannot change go to the shared cache instead (./shared-cache.ts).
 */
export const responseCache = createMiddleware<AppEnv>(async (c, next) => {
  const scope = c.get("readScope");
  if (c.req.method !== "GET" || !scope || scope.dataVersion === null) return next();
  const request = requestKey(c.req.url);
  const shared = await sharedKey(c, request);
  if (shared && (await serveShared(c, shared))) return;
  const key = keyOf(scope.dataVersion, c.get("principal").accountId, scope.entitlementVersion, request);
  const hit = entries.get(key);
  if (hit) {
    c.res = new Response(hit.body, { status: 200, headers: hit.headers });
    return;
  }
  const facts = shared && (await factsBefore(c, shared));
  await next();
  if (c.res.status !== 200) return;
  const kept = await withEtag(c);
  if (!kept || (shared && (await fileShared(c, shared, facts, kept)))) return;
  entries.set(key, kept, kept.body.byteLength + key.length * 2);
});

/** A cached answer to `url` for this account as of these versions (the warm read, ./warm-read.ts), or undefined. */
export const cachedAnswer = (url: string, dataVersion: string, accountId: string, entitlementVersion: number) =>
  entries.get(keyOf(dataVersion, accountId, entitlementVersion, requestKey(url)));

/** For tests: how many responses are cached. */
export const cachedResponses = () => entries.size;
