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
import { noCors } from "../http/cors";
import { v1AnswerHeaders } from "../http/finish";
import { restBudget } from "../http/rate-limit";
import type { WarmStart } from "../http/warm-start";
import { logRequest } from "../http/request-log";
import { cachedAnswer, type Entry } from "./cache";

/** The read API's paths (leagues, matches, changes, people of a sport); streams and everything else go to the app. */
const READ_PATH = /^\/v1\/(?:football|basketball)\//;

/**
 * The answer, or what was learned on the way for the app to answer with (undefined: nothing; the app starts afresh).
 */
export async function warmRead(
  request: Request,
  env: Env,
  pathname: string,
): Promise<Response | WarmStart | undefined> {
  if (request.method !== "GET" || !READ_PATH.test(pathname) || noCors(pathname)) return undefined;
  const start = performance.now();
  // Any refusal or failure up to the budget goes to the app, which words it (a 401, a 403, a 500 with its request id),
  // with what was learned on the way (../http/warm-start.ts), handed to it with the request: the app's key step does
  // none of it again.
  const learned: WarmStart = {};
  const found = await cachedFor(request, env, learned).catch(() => undefined);
  if (!found) return learned;
  const { principal, hit } = found;
  const requestId = crypto.randomUUID();
  const budget = await restBudget(env, principal, requestId).catch(() => undefined);
  if (!budget) return learned;
  const res = budget.refused ?? answer(hit, request.headers.get("if-none-match"));
  for (const [k, v] of v1AnswerHeaders({ method: "GET", path: pathname, requestId, rate: budget.rate }))
    res.headers.set(k, v);
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
