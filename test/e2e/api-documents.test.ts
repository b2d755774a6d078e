// The published documents, checked by the ecosystem's own tools against the running Worker: Redocly lints the served
// OpenAPI document, Prism (in front of `wrangler dev`) validates real requests and responses against it, and the
// AsyncAPI parser validates /v1/asyncapi.json.
import { Parser } from "@asyncapi/parser";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "./worker";

const bin = (name: string) => join(process.cwd(), "node_modules/.bin", name);
let w: RunningWorker;
let dir: string;
let specFile: string;

beforeAll(async () => {
  w = await startWorker();
  dir = mkdtempSync(join(tmpdir(), "api-docs-"));
  specFile = join(dir, "openapi.json");
  writeFileSync(specFile, await (await fetch(`${w.base}/v1/openapi.json`)).text());
});
afterAll(async () => {
  await w?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("OpenAPI document", () => {
  it("passes `redocly lint` (recommended rules, redocly.yaml) with no errors and no warnings", async () => {
    const out = await promisify(execFile)(
      bin("redocly"),
      ["lint", specFile, "--config", "redocly.yaml", "--format=json"],
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    ).catch((e: { stdout: string }) => e);
    const report = JSON.parse(out.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("has an operationId on every operation and described codes", async () => {
    const doc = (await (await fetch(`${w.base}/v1/openapi.json`)).json()) as any;
    const ops = [...Object.values(doc.paths), ...Object.values(doc.webhooks)].flatMap((item: any) =>
      Object.values(item),
    );
    expect(ops.length).toBeGreaterThan(45);
    for (const op of ops as any[]) expect(op.operationId, op.summary).toMatch(/^[A-Za-z_]+$/);
    expect(new Set(ops.map((o: any) => o.operationId)).size).toBe(ops.length);
    const { StatusCode, PeriodCode, EventType } = doc.components.schemas;
    expect(StatusCode.enum).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(StatusCode["x-enumDescriptions"]["9"]).toMatch(/penalties/);
    expect(PeriodCode["x-enumDescriptions"]["38"]).toBe("football: Half-time");
    expect(EventType["x-enumDescriptions"].own_goal).toMatch(/own goal/);
    const list = doc.paths["/v1/football/matches"].get.responses;
    expect(Object.keys(list["200"].headers)).toEqual(
      expect.arrayContaining(["X-RateLimit-Limit", "X-Request-Id", "ETag"]),
    );
    expect(Object.keys(list["429"].headers)).toContain("Retry-After");
  });
});

describe("Prism validates real traffic against the document", () => {
  let prism: ChildProcess;
  let proxy: string;

  beforeAll(async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    proxy = `http://127.0.0.1:${port}`;
    prism = spawn(
      bin("prism"),
      ["proxy", specFile, w.base, "--errors", "--host", "127.0.0.1", "--port", String(port)],
      {
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let log = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`prism did not start:\n${log}`)), 60_000);
      const onData = (d: Buffer) => {
        log += d;
        if (log.includes("Prism is listening")) {
          clearTimeout(timer);
          resolve();
        }
      };
      prism.stdout!.on("data", onData);
      prism.stderr!.on("data", onData);
    });
  });
  afterAll(() => {
    try {
      process.kill(-prism.pid!, "SIGTERM");
    } catch {}
  });

  /** A GET through Prism: fails on any request or response violation it reports. */
  async function get(path: string, headers: Record<string, string> = { "x-api-key": w.demoKey }) {
    const res = await fetch(proxy + path, { headers });
    const violations = res.headers.get("sl-violations");
    const body = await res.text();
    expect(violations, `${path}: ${violations}`).toBeNull();
    return { status: res.status, headers: res.headers, body: body ? JSON.parse(body) : null };
  }

  for (const [sport, league] of [
    ["football", "lg_fb_eng1"],
    ["basketball", "lg_bb_nba"],
  ] as const) {
    it(`${sport}: every public read answers as documented (200, 304, 400, 401, 404)`, async () => {
      const v = `/v1/${sport}`;
      expect((await get(`${v}/leagues`)).status).toBe(200);
      expect((await get(`${v}/leagues/${league}/standings`)).status).toBe(200);
      const stat = sport === "football" ? "goals" : "ppg";
      expect((await get(`${v}/leagues/${league}/leaders?stat=${stat}`)).status).toBe(200);
      const finished = await get(`${v}/matches?league_id=${league}&status=finished&limit=200`);
      expect(finished.status).toBe(200);
      expect((await get(`${v}/matches?status=live`)).status).toBe(200);
      // Late in a season: it has a table at kickoff, earlier meetings, lineups and a box score.
      const m = finished.body.data.at(-1);
      for (const part of ["", "/events", "/stats", "/lineups", "/standings", "/players"])
        expect((await get(`${v}/matches/${m.id}${part}`)).status, part).toBe(200);
      // A first meeting has no earlier ones (404 no_data): either answer must match the document.
      const h2h = await get(`${v}/matches/${m.id}/h2h?limit=3`);
      expect(h2h.status === 200 || h2h.body.code === "no_data", JSON.stringify(h2h.body)).toBe(true);
      expect((await get(`${v}/teams/${m.home_team_id}`)).status).toBe(200);
      const squad = await get(`${v}/teams/${m.home_team_id}/squad`);
      expect(squad.status).toBe(200);
      expect((await get(`${v}/players/${squad.body.players[0].id}`)).status).toBe(200);
      expect((await get(`${v}/search?q=${sport === "football" ? "arse" : "lebr"}`)).status).toBe(200);

      const first = await get(`${v}/matches/${m.id}`);
      const again = await get(`${v}/matches/${m.id}`, {
        "x-api-key": w.demoKey,
        "if-none-match": first.headers.get("etag")!,
      });
      expect(again.status).toBe(304);
      expect((await get(`${v}/matches?after=not-a-cursor`)).status).toBe(400);
      expect((await get(`${v}/matches?date=2026-02-30`)).status).toBe(400);
      expect((await get(`${v}/matches/m_missing`)).status).toBe(404);
      expect((await get(`${v}/leagues`, { "x-api-key": `sk_test_${"x".repeat(43)}` })).status).toBe(401);
    });
  }

  it("no_data, /health and the documents answer as documented", async () => {
    expect((await get("/v1/football/leagues/lg_fb_facup/standings")).body.code).toBe("no_data");
    expect((await get("/health", {})).status).toBe(200);
    expect((await get("/v1/asyncapi.json", {})).status).toBe(200);
  });

  it("429 with Retry-After once a trial key's minute is used up", async () => {
    const account = (await (
      await w.admin("POST", "/accounts", { email: "trial@example.com", plan: "trial" })
    ).json()) as {
      id: string;
    };
    const { key } = (await (await w.admin("POST", `/accounts/${account.id}/keys`, { name: "trial" })).json()) as {
      key: string;
    };
    // The trial budget is 60 a minute in fixed one-minute windows. A window may end while the loop runs (it takes a
    // second or two, so at most one ends), which refills the budget once: 121 requests reach a 429 at any time of day.
    let last = await get("/v1/football/leagues", { "x-api-key": key });
    for (let i = 0; i < 120 && last.status === 200; i++) last = await get("/v1/football/leagues", { "x-api-key": key });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("AsyncAPI document", () => {
  it("is valid AsyncAPI 3.0 per @asyncapi/parser, with both sockets and every webhook event", async () => {
    const raw = await (await fetch(`${w.base}/v1/asyncapi.json`)).text();
    const { document, diagnostics } = await new Parser().parse(raw);
    expect(diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    expect(document).toBeDefined();
    expect(document!.version()).toBe("3.0.0");
    const channels = Object.fromEntries(
      document!
        .channels()
        .all()
        .map((c) => [c.id(), c]),
    );
    expect(channels.match!.address()).toBe("/v1/ws/match/{id}");
    expect(channels.live!.address()).toBe("/v1/ws/live");
    for (const id of ["match", "live"]) {
      const names = channels[id]!.messages()
        .all()
        .map((m) => m.name());
      expect(names).toEqual(
        expect.arrayContaining([
          "state",
          "score_update",
          "status_change",
          "event_added",
          "event_updated",
          "event_removed",
          "ping",
          "pong",
        ]),
      );
    }
    expect(channels.sseMatch!.address()).toBe("/v1/sse/match/{id}");
    expect(channels.sseLive!.address()).toBe("/v1/sse/live");
    for (const id of ["sseMatch", "sseLive"]) {
      const names = channels[id]!.messages()
        .all()
        .map((m) => m.name());
      expect(names.sort()).toEqual([
        "close",
        "event_added",
        "event_removed",
        "event_updated",
        "score_update",
        "state",
        "status_change",
      ]);
    }
    const hooks = channels
      .webhooks!.messages()
      .all()
      .map((m) => m.name());
    expect(hooks.sort()).toEqual(
      [
        "match.event_added",
        "match.event_removed",
        "match.event_updated",
        "match.finished",
        "match.score_updated",
        "match.status_changed",
        "standings.updated",
        "webhook.test",
      ].sort(),
    );
    const score = channels
      .live!.messages()
      .all()
      .find((m) => m.name() === "score_update")!;
    expect(Object.keys(score.payload()!.properties()!)).toEqual(["type", "match_id", "sport", "seq", "ts", "data"]);
    const ops = document!
      .operations()
      .all()
      .map((o) => `${o.action()} ${o.channels().all()[0]!.id()}`);
    expect(ops).toEqual(
      expect.arrayContaining([
        "send match",
        "send live",
        "send sseMatch",
        "send sseLive",
        "send webhooks",
        "receive match",
      ]),
    );
  });
});
