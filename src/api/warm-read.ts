// The warm read, in one straight line (issue 27, benchmark P1c): a GET whose answer the response cache holds for the
// caller's account, at the current data and entitlement versions, is answered here without the Hono app. The app's
// steps, with the app's functions: the credential (src/core/auth/authenticate.ts, the 2 s record) and the route's
// scope, the data version (src/core/db/data-view.ts), the REST budget (../http/rate-limit.ts), spent last and only for
// an answer the app would give; then the cached bytes with every header the app's layers would add, set once, and the
// same log line. Anything else (a miss, a refusal or failure before the budget, a restricted browser token, a route
// whose key step is not the plain one) returns undefined before any budget is spent, and the app answers it as always.
import { RETAINED_304_HEADERS } from "hono/etag";
import { authenticate, requireScope } from "../core/auth/authenticate";
import type { ApiPrincipal } from "../core/auth/principal";
import { currentData } from "../core/db/data-view";
import { ApiError } from "../core/errors";
import { CORS_RESPONSE_HEADERS, noCors } from "../http/cors";
import { restBudget } from "../http/rate-limit";
import { leaveToApp, type WarmStart } from "../http/warm-start";
import { logRequest } from "../http/request-log";
import { READ_CACHE_CONTROL } from "../http/respond";
import { cachedAnswer, type Entry } from "./cache";

/** The read API's paths (leagues, matches, changes, people of a sport); streams and everything else go to the app. */
const READ_PATH = /^\/v1\/(?:football|basketball)\//;

export async function warmRead(request: Request, env: Env, pathname: string): Promise<Response | undefined> {
  if (request.method !== "GET" || !READ_PATH.test(pathname) || noCors(pathname)) return undefined;
  const start = performance.now();
  // Any refusal or failure up to the budget goes to the app, which words it (a 401, a 403, a 500 with its request id),
  // with what was learned on the way (../http/warm-start.ts): the app's key step does none of it again.
  const learned: WarmStart = {};
  const found = await cachedFor(request, env, learned).catch(() => undefined);
  if (!found) {
    leaveToApp(request, learned);
    return undefined;
  }
  const { principal, hit } = found;
  const requestId = crypto.randomUUID();
  const budget = await restBudget(env, principal, requestId).catch(() => undefined);
  if (!budget) {
    leaveToApp(request, learned);
    return undefined;
  }
  const res = budget.refused ?? answer(hit, request.headers.get("if-none-match"));
  for (const [k, v] of CORS_RESPONSE_HEADERS) res.headers.set(k, v);
  if (budget.rate) for (const k in budget.rate) res.headers.set(k, budget.rate[k]!);
  res.headers.set(READ_CACHE_CONTROL[0], READ_CACHE_CONTROL[1]);
  res.headers.set("x-request-id", requestId);
  logRequest(requestId, "GET", hit.route, res.status, start, principal);
  return res;
}

/** Who is asking, and the answer cached for them, if the app's key step would let them have it; else undefined. */
async function cachedFor(
  request: Request,
  env: Env,
  learned: WarmStart,
): Promise<{ principal: ApiPrincipal; hit: Entry } | undefined> {
  let principal: ApiPrincipal;
  try {
    principal = await authenticate(request, env);
  } catch (refused) {
    // A refusal is final; a failure (D1 unreachable) is the app's to try again.
    if (refused instanceof ApiError) learned.who = { refused };
    return undefined;
  }
  learned.who = { principal };
  if (principal.type === "token" && (principal.matchIds || principal.leagueIds)) return undefined;
  const data = (learned.data = await currentData(env));
  if (data.version === null) return undefined;
  const hit = cachedAnswer(request.url, data.version, principal.accountId, principal.entitlementVersion);
  if (!hit?.warm) return undefined;
  if (hit.warm.scope) requireScope(principal, hit.warm.scope);
  return { principal, hit };
}

/** The cached 200, or the 304 the app's ETag step would send for it (RFC 9110 §13.1.2: weak comparison). */
function answer(hit: Entry, ifNoneMatch: string | null): Response {
  if (ifNoneMatch === "*" || ifNoneMatch?.match(/"[^"]*"/g)?.includes(hit.etag.replace(/^W\//, ""))) {
    const headers = hit.headers.filter(([k]) => RETAINED_304.has(k));
    return new Response(null, { status: 304, statusText: "Not Modified", headers });
  }
  return new Response(hit.body, { status: 200, headers: hit.headers });
}

const RETAINED_304 = new Set<string>(RETAINED_304_HEADERS);
