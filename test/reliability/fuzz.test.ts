// Property-based fuzzing (fast-check) of every public endpoint and the ingest/admin APIs, inside workerd against the
// real Worker, D1 and Durable Objects. Properties: never a 5xx; errors on the API are problem+json with the request
// id; never a success for an invalid credential; a rejected ingest changes no row. FUZZ_SEED=<n> replays a run.
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { generateKey } from "../../src/core/auth/keys";
import { admin, createKey } from "../helpers/admin";
import { eventOp, eventsOp, matchOp, removeEventsOp, statsOp, teamOp } from "../helpers/ops";
import { seed, today } from "../helpers/seed";

const SEED = Number(env.FUZZ_SEED || Date.now() % 2 ** 31);
const RUNS = { read: 6000, write: 2500, other: 1500 };
let requests = 0;
let failures = 0;

const s = await seed(["eng1", "euroleague"]);
const matchId = (await env.DB.prepare("SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' LIMIT 1").first<{
  id: string;
}>())!.id;
const revoked = await createKey(s.accountId, undefined, "revoked");
expect((await admin("DELETE", `/keys/${revoked.id}`)).status).toBe(204);
const noScopes = await createKey(s.accountId, ["mcp:invoke"], "mcp only");

/** Credentials: the valid one, and every kind of invalid one (each must never get a 2xx or 3xx from /v1). */
const CREDENTIALS = {
  valid: s.key,
  none: null,
  revoked: revoked.key,
  unknown: generateKey("sk_test_"),
  wrongEnvironment: generateKey("sk_live_"),
  malformed: "sk_test_short",
  missingScope: noScopes.key,
} as const;
type Credential = keyof typeof CREDENTIALS;

// Adversarial strings: SQL-looking, unicode, control characters, path tricks, huge, number edge cases.
const nasty = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    "1; DROP TABLE matches",
    '"; SELECT * FROM api_keys; --',
    "%00",
    "%ZZ",
    "..%2F..%2Fetc%2Fpasswd",
    "../../",
    "\u0000",
    "\uFFFF",
    "😀⚽🏀",
    "İstanbul",
    "NaN",
    "-1",
    "0",
    "1e309",
    "9".repeat(400),
    "null",
    "true",
    "[]",
    "{}",
    "<script>alert(1)</script>",
    "a".repeat(5000),
    today(),
    "2026-02-30",
    "live",
    "finished",
    matchId,
    "lg_fb_eng1",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
);
const seg = nasty.map((x) => encodeURIComponent(x));

const sport = fc.constantFrom("football", "basketball", "football", "basketball", "tennis", "");
const readPath = fc.oneof(
  fc.tuple(sport).map(([sp]) => `/v1/${sp}/leagues`),
  fc.tuple(sport, fc.oneof(fc.constant("lg_fb_eng1"), seg)).map(([sp, l]) => `/v1/${sp}/leagues/${l}/standings`),
  { arbitrary: fc.tuple(sport).map(([sp]) => `/v1/${sp}/matches`), weight: 4 },
  fc
    .tuple(
      sport,
      fc.oneof(fc.constant(matchId), seg),
      fc.constantFrom("", "/events", "/stats", "/lineups", "/standings", "/h2h", "/players", "/x"),
    )
    .map(([sp, id, tail]) => `/v1/${sp}/matches/${id}${tail}`),
  fc.tuple(sport, fc.oneof(fc.constant("lg_fb_eng1"), seg)).map(([sp, l]) => `/v1/${sp}/leagues/${l}/leaders`),
  fc
    .tuple(sport, fc.oneof(fc.constant("tm_fb_arsenal"), seg), fc.constantFrom("", "/squad"))
    .map(([sp, t, tail]) => `/v1/${sp}/teams/${t}${tail}`),
  fc.tuple(sport, fc.oneof(fc.constant("pl_fb_arsenal_1"), seg)).map(([sp, p]) => `/v1/${sp}/players/${p}`),
  { arbitrary: fc.tuple(sport).map(([sp]) => `/v1/${sp}/search`), weight: 2 },
  fc.constantFrom("/v1/openapi.json", "/health", "/v1", "/v1/", "/"),
  fc.array(seg, { maxLength: 4 }).map((xs) => `/v1/${xs.join("/")}`),
);
// Each known parameter gets a valid value as often as an adversarial one, so requests reach the deep paths (a real
// filter combination, a cursor) as well as the validators; unknown parameters ride along.
const validCursor = await (async () => {
  const res = await exports.default.fetch("http://127.0.0.1:8787/v1/football/matches?limit=1", {
    headers: { "x-api-key": s.key },
  });
  return ((await res.json()) as { next_cursor: string }).next_cursor;
})();
const PARAMS: Record<string, fc.Arbitrary<string>> = {
  date: fc.oneof(
    fc.constantFrom(today(), "2025-01-01"),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    nasty,
  ),
  status: fc.oneof(fc.constantFrom("live", "finished", "scheduled"), nasty),
  league_id: fc.oneof(fc.constantFrom("lg_fb_eng1", "lg_bb_euroleague", "lg_fb_ucl"), nasty),
  limit: fc.oneof(fc.integer({ min: 1, max: 100 }).map(String), fc.integer().map(String), nasty),
  after: fc.oneof(fc.constant(validCursor), fc.constant(validCursor.slice(0, -2)), nasty),
  since: fc.oneof(fc.nat().map(String), nasty),
  team_id: fc.oneof(fc.constantFrom("tm_fb_arsenal", "tm_bb_real_madrid"), nasty),
  q: fc.oneof(fc.constantFrom("ars", "atl mad", "ødegaard", "MÜL", "x"), nasty),
  type: fc.oneof(fc.constantFrom("team", "player", "league"), nasty),
  stat: fc.oneof(fc.constantFrom("goals", "cards", "points", "ppg"), nasty),
};
const query = fc
  .tuple(
    fc
      .subarray(Object.keys(PARAMS))
      .chain((names) => fc.tuple(...names.map((n) => PARAMS[n]!.map((v) => [n, v] as const)))),
    fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 2 }),
  )
  .map(([known, extra]) => {
    const u = new URLSearchParams([...known, ...Object.entries(extra)]).toString();
    return u ? `?${u}` : "";
  });
// Half the requests carry the valid key (to get past the key check), the rest every kind of invalid one.
const credential = fc.oneof(
  { arbitrary: fc.constant<Credential>("valid"), weight: 6 },
  { arbitrary: fc.constantFrom(...(Object.keys(CREDENTIALS) as Credential[])), weight: 6 },
);
const transport = fc.constantFrom("x-api-key", "bearer", "query");
// Header values must be visible ASCII on the wire: anything else becomes "?".
const headerValue = nasty.map((v) => v.replace(/[^\x20-\x7e]/g, "?").trim());
const extraHeaders = fc.dictionary(
  fc.constantFrom("if-none-match", "accept", "origin", "content-type", "x-forwarded-for", "authorization"),
  fc.oneof(headerValue, fc.constant('W/"x"'), fc.constant("*")),
  { maxKeys: 3 },
);

async function call(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  requests++;
  return exports.default.fetch(`http://127.0.0.1:8787${path}`, { method, headers, body });
}

/** The contract's error shape: problem+json naming the request id. */
async function expectProblem(res: Response, what: string) {
  expect(res.headers.get("content-type"), what).toMatch(/^application\/problem\+json/);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.status, what).toBe(res.status);
  expect(typeof body.request_id === "string" && body.request_id.length > 0, what).toBe(true);
  expect(res.headers.get("x-request-id"), what).toBe(body.request_id);
}

/** Every table a write can touch, summed: equal before and after means nothing changed. */
async function fingerprint() {
  return env.DB.prepare(
    `SELECT (SELECT count(*) || ':' || total(home_score) || ':' || total(away_score) || ':' || ifnull(max(updated_at), '') FROM matches)
      || '|' || (SELECT count(*) || ':' || ifnull(max(id), '') FROM match_events)
      || '|' || (SELECT count(*) FROM match_stats) || '|' || (SELECT count(*) FROM match_lineups)
      || '|' || (SELECT count(*) FROM leagues) || '|' || (SELECT count(*) FROM teams)
      || '|' || (SELECT count(*) FROM standings_snapshots) || '|' || (SELECT count(*) FROM accounts)
      || '|' || (SELECT count(*) FROM api_keys) AS f`,
  ).first<{ f: string }>();
}

const params = (numRuns: number) => ({ numRuns, seed: SEED, endOnFailure: true });
/** fc.assert, counting a failure for the summary line (fast-check's message carries the seed and the request). */
async function check(property: fc.IAsyncPropertyWithHooks<any>, numRuns: number) {
  try {
    await fc.assert(property, params(numRuns));
  } catch (err) {
    failures++;
    throw err;
  }
}

// Each property runs a fixed number of requests; the time limit is only a backstop, sized for a slow machine (a
// loaded 2-core CI box took 30 s for the 2,500 ingest/admin requests).
describe(`fuzzing (seed ${SEED})`, { timeout: 180_000 }, () => {
  afterAll(() => {
    console.log(
      `fuzz: ${requests} generated requests, ${failures} failures (seed ${SEED}; replay with FUZZ_SEED=${SEED})`,
    );
  });

  it("read API: paths × queries × credentials × headers", async () => {
    await check(
      fc.asyncProperty(
        readPath,
        query,
        credential,
        transport,
        extraHeaders,
        fc.constantFrom("GET", "GET", "HEAD", "POST", "DELETE", "OPTIONS"),
        async (path, q, cred, via, extra, method) => {
          const headers: Record<string, string> = { ...extra };
          const key = CREDENTIALS[cred];
          let url = path + q;
          if (key && via === "x-api-key") headers["x-api-key"] = key;
          if (key && via === "bearer") headers.authorization = `Bearer ${key}`;
          if (key && via === "query") url += `${url.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`;
          const res = await call(method, url, headers);
          const what = `${method} ${url} [${cred} via ${via}] ${JSON.stringify(extra)} → ${res.status}`;
          expect(res.status, what).toBeLessThan(500);
          const dataRoute = /^\/v1\/(football|basketball)\/(leagues|matches|teams|players|search)/.test(path);
          if (dataRoute && cred !== "valid" && method === "GET") expect(res.status, what).toBeGreaterThanOrEqual(400);
          if (res.status >= 400 && method !== "HEAD" && (path.startsWith("/v1") || path === "/health"))
            await expectProblem(res, what);
          // A random path may land on an event stream, which stays open: leave it.
          else if (res.headers.get("content-type") === "text/event-stream") await res.body?.cancel();
          else await res.arrayBuffer();
        },
      ),
      RUNS.read,
    );
  });

  // Near-valid ingest batches with one field corrupted, junk JSON, huge and deeply nested bodies, wrong tokens.
  const validOp = fc.constantFrom(
    matchOp({ id: matchId, home_score: 1, minute: 50 }),
    eventsOp({ match_id: matchId, events: [eventOp({ id: `${matchId}_fz`, minute: 51, period: 13 })] }),
    removeEventsOp({ match_id: matchId, event_ids: [`${matchId}_fz`] }),
    statsOp({ match_id: matchId, data: [{ type: "possession", home: 50, away: 50 }] }),
    teamOp({ id: "tm_fb_fuzz", name: "Fuzz FC" }),
  );
  const corrupted = fc
    .tuple(
      validOp,
      fc.constantFrom(
        "op",
        "id",
        "match_id",
        "sport",
        "league_id",
        "home_score",
        "minute",
        "events",
        "event_ids",
        "data",
        "name",
        "extra",
      ),
      fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({})),
    )
    .map(([op, field, value]) => ({ ...op, [field]: value }));
  const deep = fc.integer({ min: 50, max: 5000 }).map((n) => "[".repeat(n) + "]".repeat(n));
  const ingestBody = fc.oneof(
    fc.array(corrupted, { minLength: 1, maxLength: 3 }).map((ops) => JSON.stringify({ ops })),
    // A valid op first, a broken one after: all or nothing.
    fc.tuple(validOp, corrupted).map(([a, b]) => JSON.stringify({ ops: [a, b] })),
    nasty,
    deep.map((d) => `{"ops":${d}}`),
    fc.constant(JSON.stringify({ ops: Array.from({ length: 5000 }, () => ({ op: "team" })) })),
    fc.constant("x".repeat(2_000_000)),
    fc.anything().map((x) => JSON.stringify(x) ?? "null"),
  );
  // Not /internal/admin/demo or /simulator: with the right token they regenerate the data set or start a feed.
  const writeTarget = fc.oneof(
    fc.constant({ path: "/internal/ingest", method: "POST" }),
    fc
      .constantFrom(
        "/accounts",
        `/accounts/${s.accountId}/plan`,
        `/accounts/${s.accountId}/tracked-leagues`,
        `/accounts/${s.accountId}/keys`,
      )
      .chain((p) => fc.constantFrom("POST", "PUT").map((method) => ({ path: `/internal/admin${p}`, method }))),
  );
  const token = fc.constantFrom("ingest", "admin", "none", "wrong", "empty");

  it("ingest and admin APIs: bodies × tokens; a rejected write changes nothing", async () => {
    await check(
      fc.asyncProperty(
        writeTarget,
        ingestBody,
        token,
        fc.constantFrom("application/json", "text/plain", ""),
        async (target, body, tok, type) => {
          const secret = {
            ingest: env.INGEST_TOKEN,
            admin: env.ADMIN_TOKEN,
            none: null,
            wrong: "not-the-token",
            empty: "",
          }[tok];
          const headers: Record<string, string> = {};
          if (secret !== null) headers.authorization = `Bearer ${secret}`;
          if (type) headers["content-type"] = type;
          // Admin writes with the right token may legitimately succeed (an account, a key): only rejections are held
          // to "nothing changed".
          const before = await fingerprint();
          const res = await call(target.method, target.path, headers, body);
          const what = `${target.method} ${target.path} [${tok}, ${type}] ${body.slice(0, 200)} → ${res.status}`;
          expect(res.status, what).toBeLessThan(500);
          const rightToken = target.path === "/internal/ingest" ? tok === "ingest" : tok === "admin";
          if (!rightToken) expect(res.status, what).toBe(401);
          if (res.status >= 400) {
            await expectProblem(res, what);
            expect(await fingerprint(), what).toEqual(before);
          } else await res.arrayBuffer();
        },
      ),
      RUNS.write,
    );
  });

  const otherPath = fc.oneof(
    fc.constantFrom(
      "/v1/ws/live",
      `/v1/ws/match/${matchId}`,
      "/v1/sse/live",
      `/v1/sse/match/${matchId}`,
      "/v1/mcp",
      "/live",
      "/live.js",
      "/dashboard",
      "/dashboard/keys",
      "/dashboard/sign-in",
      "/oauth/authorize",
      "/oauth/token",
      "/oauth/register",
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-authorization-server",
    ),
    seg.map((x) => `/v1/ws/match/${x}`),
    seg.map((x) => `/v1/sse/match/${x}`),
    seg.map((x) => `/dashboard/${x}`),
    seg.map((x) => `/oauth/${x}`),
  );

  it("WebSocket upgrades, SSE, MCP, OAuth, dashboard: never a 5xx; no stream or MCP session for a bad credential", async () => {
    await check(
      fc.asyncProperty(
        otherPath,
        query,
        credential,
        fc.boolean(),
        fc.constantFrom("GET", "POST"),
        fc.oneof(nasty, fc.constant('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')),
        async (path, q, cred, upgrade, method, body) => {
          const headers: Record<string, string> = { accept: "application/json, text/event-stream" };
          const key = CREDENTIALS[cred];
          if (key) headers["x-api-key"] = key;
          if (upgrade) headers.upgrade = "websocket";
          if (method === "POST") headers["content-type"] = "application/json";
          const res = await call(method, path + q, headers, method === "POST" ? body : undefined);
          const what = `${method} ${path}${q} [${cred}, upgrade ${upgrade}] → ${res.status}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status === 101) {
            expect(cred, what).toBe("valid");
            res.webSocket?.accept();
            res.webSocket?.close(1000);
          } else if (res.headers.get("content-type") === "text/event-stream") {
            // An event stream stays open: only a key with the route's scope opens one (the "missing scope" key holds
            // just `mcp:invoke`, which is what /v1/mcp asks for, and an MCP answer may be an event stream); leave it
            // (its slot is released).
            expect(cred === "valid" || (path === "/v1/mcp" && cred === "missingScope"), what).toBe(true);
            await res.body?.cancel();
          } else if (res.body) await res.arrayBuffer();
          const stream = /^\/v1\/(ws|sse)\//.test(path) || path === "/v1/mcp";
          if (stream && cred !== "valid" && cred !== "missingScope")
            expect(res.status, what).toBeGreaterThanOrEqual(400);
        },
      ),
      RUNS.other,
    );
  });
});
