// The direct path for a stateless tools/call (src/mcp/direct.ts) against the SDK's path it stands in for: the same
// request through both must get the same status, headers and bytes. Every tool, both eras (three 2025-era versions),
// an API key and an OAuth grant, valid and invalid arguments, a result made now and one served from the result cache.
// Requests the direct path must leave to the SDK are checked both ways: it does not take them, and the answer is the
// SDK's. The only bytes allowed to differ are the browser token and its expiry that the match centre's two tools mint
// on every call: each call gets its own.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { serveMcp } from "../../src/mcp/front";
import { mcpHandler, mcpHandlerViaSdk } from "../../src/mcp/handler";
import { directCall } from "../../src/mcp/direct";
import { clearResults } from "../../src/mcp/result-cache";
import { TOOLS } from "../../src/mcp/tools";
import { admin } from "../helpers/admin";
import { getJson, seed, today } from "../helpers/seed";
import pkg from "../../package.json?raw";

describe("the packages whose bytes the direct path re-creates", () => {
  it("are pinned to exact versions, so an upgrade is a deliberate edit that runs this test first (docs/mcp.md)", () => {
    const { dependencies, devDependencies } = JSON.parse(pkg) as Record<string, Record<string, string>>;
    const all = { ...dependencies, ...devDependencies };
    for (const name of [
      "@modelcontextprotocol/server",
      "@modelcontextprotocol/client",
      "@modelcontextprotocol/sdk",
      "@modelcontextprotocol/ext-apps",
      "agents",
    ])
      expect(all[name], name).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

const s = await seed(["eng1"]);
// Hundreds of calls: the demo plan's per-minute budget would refuse some, and a refusal would compare only refusals.
const planned = await admin("PUT", `/accounts/${s.accountId}/plan`, { plan: "scale" });
if (planned.status !== 200) throw new Error(`plan: HTTP ${planned.status}`);

// The latest finished match: a table stood before it, so every valid call has data. And, for head-to-head, the
// latest whose teams met earlier.
const finished = await getJson(`/v1/football/matches?league_id=lg_fb_eng1&status=finished&limit=200`, s.key);
const latestFirst = [...finished.body.data].sort((a: any, b: any) => b.kickoff_ts - a.kickoff_ts);
const match = latestFirst[0];
let rematch: any;
for (const m of latestFirst) {
  if ((await getJson(`/v1/football/matches/${m.id}/h2h`, s.key)).status === 200) {
    rematch = m;
    break;
  }
}
if (!rematch) throw new Error("no finished match whose teams met earlier");
const lineups = await getJson(`/v1/football/matches/${match.id}/lineups`, s.key);
const player = lineups.body.home.starters[0];
const word = String(match.home_team).split(" ")[0]!;

/** Valid arguments per tool (each tool must have some: a new tool fails here until it is covered). */
const VALID: Record<string, Record<string, unknown>[]> = {
  list_leagues: [{}, { sport: "football" }],
  get_standings: [{ league_id: "lg_fb_eng1" }, { match_id: match.id }],
  get_leaders: [{ league_id: "lg_fb_eng1", stat: "goals" }],
  get_matches: [
    { sport: "football", date: today(), limit: 20 },
    { league_id: "lg_fb_eng1", status: "finished", limit: 3 },
  ],
  get_match: [{ match_id: match.id }],
  get_match_events: [{ match_id: match.id }],
  get_match_stats: [{ match_id: match.id }],
  get_match_lineups: [{ match_id: match.id }],
  get_head_to_head: [{ match_id: rematch.id, limit: 3 }],
  get_match_players: [{ match_id: match.id }],
  search: [{ query: word, limit: 5 }],
  get_team: [{ team_id: match.home_team_id }],
  get_player: [{ player_id: player.player_id }],
  show_match: [{ match_id: match.id }],
  refresh_match_token: [{ match_id: match.id }],
};

/** Arguments every tool refuses or answers with a tool error: wrong types, a missing field, an unknown id. */
const INVALID: (Record<string, unknown> | undefined)[] = [
  undefined,
  { sport: "curling", limit: "ten", match_id: 7, league_id: 7, team_id: 7, player_id: 7, query: 7, stat: "x" },
  { match_id: "m_nope", league_id: "lg_nope", team_id: "t_nope", player_id: "p_nope", query: "zzzzqqq", stat: "goals" },
  { match_id: "", limit: 0 },
];

type Era = "2025-06-18" | "2025-03-26" | "2025-11-25" | "2026-07-28";
const ERAS: Era[] = ["2025-06-18", "2025-03-26", "2025-11-25", "2026-07-28"];

function callRequest(
  era: Era,
  id: string | number,
  name: string,
  args: unknown,
  credentials: Record<string, string>,
  edit?: { headers?: Record<string, string | null>; body?: (m: any) => unknown },
) {
  const modern = era === "2026-07-28";
  const message: any = {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name,
      ...(args !== undefined && { arguments: args }),
      ...(modern && {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": era,
          "io.modelcontextprotocol/clientInfo": { name: "differential", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      }),
    },
  };
  const body = JSON.stringify(edit?.body ? edit.body(message) : message);
  const headers: Record<string, string> = {
    host: "127.0.0.1:8787",
    "content-type": "application/json",
    "content-length": String(new TextEncoder().encode(body).length),
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": era,
    ...(modern && { "mcp-method": "tools/call", "mcp-name": name }),
    ...credentials,
  };
  for (const [k, v] of Object.entries(edit?.headers ?? {})) {
    if (v === null) delete headers[k];
    else headers[k] = v;
  }
  const make = () => new Request("http://127.0.0.1:8787/v1/mcp", { method: "POST", headers, body });
  return { make, body: JSON.parse(body) as unknown };
}

const ctxWith = (props?: Record<string, unknown>) =>
  ({ props, waitUntil() {}, passThroughOnException() {} }) as unknown as ExecutionContext;
const noOAuth = async () => new Response("the OAuth provider is not in this test", { status: 500 });

type Who = "key" | "oauth";
/** One request through one path, as the Worker sends it: a key through the front door; a grant's props as the OAuth provider sets them. */
function serve(who: Who, handler: typeof mcpHandler, request: Request) {
  if (who === "key") return serveMcp(request, env, ctxWith(), handler, noOAuth);
  return handler(request, env, ctxWith({ type: "oauth", accountId: s.accountId }));
}
const CREDENTIALS: Record<Who, Record<string, string>> = {
  key: { "x-api-key": s.key },
  oauth: { authorization: "Bearer acc:grant:secret" },
};

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}
async function answer(res: Response): Promise<Answer> {
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

/** The match centre's minted token and its expiry differ on every call, by design. */
const unminted = (a: Answer) => ({
  ...a,
  body: a.body
    .replace(/"token":"[^"]+"/g, '"token":"<minted>"')
    .replace(/"expires_at":"[^"]+"/g, '"expires_at":"<expiry>"')
    .replace(/api_key=[^&"\s]+/g, "api_key=<minted>")
    .replace(/until [0-9T:.Z-]+/g, "until <expiry>"),
});

/** Both paths answer `call`; `fresh`: each with an empty result cache (else the second reads what the first kept). */
async function both(who: Who, call: ReturnType<typeof callRequest>, fresh: boolean) {
  if (fresh) clearResults();
  const direct = await answer(await serve(who, mcpHandler, call.make()));
  if (fresh) clearResults();
  const sdk = await answer(await serve(who, mcpHandlerViaSdk, call.make()));
  return { direct: unminted(direct), sdk: unminted(sdk) };
}

describe("the direct tools/call path answers what the SDK answers", () => {
  it("covers every tool", () => {
    expect(TOOLS.map((t) => t.name).sort()).toEqual(Object.keys(VALID).sort());
  });

  for (const who of ["key", "oauth"] as const) {
    for (const era of ERAS) {
      it(`${who}, ${era}: every tool, valid and invalid arguments, fresh and kept results`, async () => {
        let id = 1;
        let compared = 0;
        for (const t of TOOLS) {
          const valid = VALID[t.name]!;
          for (const args of [...valid, ...INVALID]) {
            for (const fresh of [true, false]) {
              const call = callRequest(era, id++, t.name, args, CREDENTIALS[who]);
              // The direct path takes it (else this would compare the SDK with itself).
              expect(directCall(call.make(), call.body), `${t.name} ${JSON.stringify(args)}`).toBeDefined();
              const { direct, sdk } = await both(who, call, fresh);
              expect(direct, `${t.name} ${JSON.stringify(args)} fresh=${fresh}`).toEqual(sdk);
              expect(sdk.status).toBe(200);
              // A valid call gets data, not a tool error: the comparison covers real results.
              if (valid.includes(args!))
                expect(sdk.body, `${t.name} ${JSON.stringify(args)}`).not.toContain('"isError":true');
              compared++;
            }
          }
        }
        const cases = TOOLS.reduce((n, t) => n + VALID[t.name]!.length + INVALID.length, 0);
        expect(compared).toBe(cases * 2);
      });
    }
  }
});

describe("what the direct path leaves to the SDK", () => {
  const legacy = "2025-06-18" as const;
  const modern = "2026-07-28" as const;
  const args = { sport: "football" };
  const CASES: [string, ReturnType<typeof callRequest>][] = [
    ["an unknown tool (2025)", callRequest(legacy, 1, "nope", {}, CREDENTIALS.key)],
    ["an unknown tool (2026)", callRequest(modern, 1, "nope", {}, CREDENTIALS.key)],
    [
      "another method",
      callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, { body: (m) => ({ ...m, method: "tools/list" }) }),
    ],
    ["a batch", callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, { body: (m) => [m] })],
    ["arguments that are not an object", callRequest(legacy, 1, "list_leagues", ["football"], CREDENTIALS.key)],
    [
      "a key beyond JSON-RPC's",
      callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, { body: (m) => ({ ...m, extra: 1 }) }),
    ],
    ["an id JSON-RPC refuses", callRequest(legacy, 1.5, "list_leagues", args, CREDENTIALS.key)],
    [
      "Accept without text/event-stream (2025)",
      callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, { headers: { accept: "application/json" } }),
    ],
    [
      "Accept without application/json (2026)",
      callRequest(modern, 1, "list_leagues", args, CREDENTIALS.key, { headers: { accept: "text/event-stream" } }),
    ],
    [
      "no MCP-Protocol-Version (2025)",
      callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, { headers: { "mcp-protocol-version": null } }),
    ],
    ["a 2024 version", callRequest("2024-11-05" as Era, 1, "list_leagues", args, CREDENTIALS.key)],
    ["an unknown version", callRequest("1999-01-01" as Era, 1, "list_leagues", args, CREDENTIALS.key)],
    [
      "a session id",
      callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, { headers: { "mcp-session-id": "s1" } }),
    ],
    [
      "a progress token (2025)",
      callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, {
        body: (m) => ({ ...m, params: { ...m.params, _meta: { progressToken: 1 } } }),
      }),
    ],
    [
      "a progress token (2026)",
      callRequest(modern, 1, "list_leagues", args, CREDENTIALS.key, {
        body: (m) => ({ ...m, params: { ...m.params, _meta: { ...m.params._meta, progressToken: 1 } } }),
      }),
    ],
    [
      "Mcp-Name naming another tool",
      callRequest(modern, 1, "list_leagues", args, CREDENTIALS.key, { headers: { "mcp-name": "search" } }),
    ],
    [
      "no Mcp-Method",
      callRequest(modern, 1, "list_leagues", args, CREDENTIALS.key, { headers: { "mcp-method": null } }),
    ],
    [
      "no MCP-Protocol-Version (2026)",
      callRequest(modern, 1, "list_leagues", args, CREDENTIALS.key, { headers: { "mcp-protocol-version": null } }),
    ],
    [
      "a 2025 header on a 2026 envelope",
      callRequest(modern, 1, "list_leagues", args, CREDENTIALS.key, { headers: { "mcp-protocol-version": legacy } }),
    ],
    [
      "a 2026 header without the envelope",
      callRequest(legacy, 1, "list_leagues", args, CREDENTIALS.key, { headers: { "mcp-protocol-version": modern } }),
    ],
    [
      "an envelope without clientCapabilities",
      callRequest(modern, 1, "list_leagues", args, CREDENTIALS.key, {
        body: (m) => ({ ...m, params: { ...m.params, _meta: { "io.modelcontextprotocol/protocolVersion": modern } } }),
      }),
    ],
  ];
  for (const [what, call] of CASES) {
    it(`${what}: not taken, and answered by the SDK`, async () => {
      expect(directCall(call.make(), call.body)).toBeUndefined();
      const { direct, sdk } = await both("key", call, true);
      expect(direct).toEqual(sdk);
    });
  }

  it("Accept in capitals (media types are case-insensitive): both paths answer the call alike, 200", async () => {
    for (const era of [legacy, modern]) {
      const call = callRequest(era, 1, "list_leagues", args, CREDENTIALS.key, {
        headers: { accept: "Application/JSON, Text/Event-Stream" },
      });
      const { direct, sdk } = await both("key", call, true);
      expect(direct.status).toBe(200);
      expect(direct).toEqual(sdk);
    }
  });

  it("ids of every JSON-RPC kind are echoed as the SDK echoes them", async () => {
    for (const era of [legacy, modern]) {
      for (const id of [0, -3, 2 ** 53 - 1, "", 'call-ä"\\\n😀', "1e3"]) {
        const call = callRequest(era, id, "list_leagues", args, CREDENTIALS.key);
        expect(directCall(call.make(), call.body)).toBeDefined();
        const { direct, sdk } = await both("key", call, false);
        expect(direct).toEqual(sdk);
      }
    }
  });
});
