// Every program in README.md, docs/ and sdk/README.md runs as pasted. Each shell, JavaScript, TypeScript or HTML
// block carries a `<!-- snippet: name -->` line, and each name has a plan here: run against a running Worker (in a
// scratch project whose packages come from this repository's devDependencies, with no registry reachable) and
// checked for what it prints, on Node 22 and on Node 20 where the snippet claims it; or, for what cannot run here
// (a deploy to Cloudflare, npm test itself), the reason and the test that covers it. A reader fills in placeholders
// (`<id>`, `sk_test_…`), and so does the test; the only other change is the Worker's port for 8787.
import { createServer, type Server } from "node:http";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium } from "./chromium";
import { liveFootballMatch, FOOTBALL } from "./live-fixtures";
import {
  blocks,
  commands,
  importAnotherLeague,
  killAll,
  launch,
  NODE20,
  NODE22,
  PROGRAM_LANGS,
  scratchProject,
  sh,
  writeIn,
  type Block,
} from "./snippets";
import { freePort, startWorker, type RunningWorker } from "./worker";

const FILES = [
  "README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
  "sdk/README.md",
];
const all = blocks(FILES).filter((b) => PROGRAM_LANGS.has(b.lang));
const named = new Map(all.filter((b) => b.name).map((b) => [b.name!, b]));
const block = (name: string) => named.get(name)!;

let w: RunningWorker & { demoAccountId?: string };
let dir = "";
/** The test's own live football match (seq 3), and a live basketball match of the demo. */
const MATCH = "m_snippets_1";
let basketballId = "";
const nodes = () => [NODE22, ...(NODE20 ? [NODE20] : [])];
const nodeName = (bin: string) => (bin === NODE22 ? "Node 22" : "Node 20");

/** What a reader fills in, and the Worker's port. */
function paste(body: string, extra: Record<string, string> = {}): string {
  let out = body
    .replaceAll("http://127.0.0.1:8787", w.base)
    .replaceAll("ws://127.0.0.1:8787", w.ws)
    .replaceAll("sk_test_…", w.demoKey)
    .replaceAll("m_eng1_2026_0153_20261122", MATCH)
    .replaceAll("local-admin-token-change-me", w.adminToken)
    .replaceAll("local-ingest-token-change-me", w.ingestToken);
  for (const [k, v] of Object.entries({ "<id>": MATCH, ...extra })) out = out.replaceAll(k, v);
  return out;
}

const problem = /"status":\s*[45]\d\d/;
const get = async (path: string) =>
  (await (await fetch(`${w.base}${path}`, { headers: { "x-api-key": w.demoKey } })).json()) as {
    data: { id: string; league_id: string; home_score: number | null; away_score: number | null }[];
  };

beforeAll(async () => {
  w = await startWorker({ simulator: false });
  await liveFootballMatch(w, MATCH);
  basketballId = (await get("/v1/basketball/matches?status=live&limit=1")).data[0]!.id;
  dir = scratchProject();
  // What npm start leaves in a clone, which the README's commands read.
  writeIn(dir, ".wrangler/demo-api-key", w.demoKey);
  writeIn(dir, ".dev.vars", `ADMIN_TOKEN=${w.adminToken}\nINGEST_TOKEN=${w.ingestToken}\n`);
}, 180_000);
afterEach(() => killAll());
afterAll(async () => {
  killAll();
  await w?.stop();
});

/** Each line of a shell block as a reader runs it, to its end; every answer a success, none a problem. */
async function shellLines(
  b: Block,
  extra: Record<string, string> = {},
  after?: (cmd: string, out: string) => void | Promise<void>,
) {
  const { assignments, commands: cmds } = commands(b.body);
  for (const cmd of cmds) {
    const script = paste([...assignments, cmd].join("\n"), extra);
    const { code, output } = await sh(script, dir, { KEY: w.demoKey, ADMIN_TOKEN: w.adminToken }, 300_000);
    expect(code, `${cmd}\n${output}`).toBe(0);
    expect(output, cmd).not.toMatch(problem);
    await after?.(cmd, output);
  }
}

/** A streaming command: it prints `pattern` within the time, then is stopped. */
async function streams(cmd: string, pattern: RegExp) {
  const p = launch("bash", ["-c", paste(cmd)], dir, { KEY: w.demoKey });
  await p.waitFor(pattern, 30_000);
  p.kill();
}

/** A goal and the final whistle for a match of the test's own (one per flow that ends it). */
const goal = (id: string, home: number) => w.ingest([{ ...FOOTBALL, id, home_score: home }]);
const fullTime = (id: string) => w.ingest([{ ...FOOTBALL, id, status_code: 3 }]);

/** This Worker has the demo, not the history: a finished demo match with a timeline stands in for the 2022 final. */
async function finishedWithTimeline(): Promise<string> {
  for (const m of (await get("/v1/football/matches?status=finished&limit=20")).data) {
    const r = await fetch(`${w.base}/v1/football/matches/${m.id}/events`, { headers: { "x-api-key": w.demoKey } });
    if (r.status === 200 && ((await r.json()) as { data: unknown[] }).data.length > 0) return m.id;
  }
  throw new Error("no finished demo match with a timeline");
}

type Plan = { skip: string } | { covered: string } | { run: () => Promise<void>; ms?: number };

const PLANS: Record<string, Plan> = {
  "readme-run": {
    skip: "npm start itself: test/e2e/start.test.ts starts a copy of the project with it; CI runs npm test",
  },
  "readme-leagues": {
    run: async () => {
      const { output } = await sh(paste(block("readme-leagues").body), dir);
      expect(output).toMatch(/"coverage":\{"live":(true|false),"events":(true|false),"lineups"/);
      expect(output).toMatch(/"simulated":(true|false)/);
    },
  },
  "readme-rest": {
    run: async () => {
      const seen: string[] = [];
      await shellLines(block("readme-rest"), { "<id>": basketballId }, (_, out) => void seen.push(out));
      expect(seen.join("\n")).toMatch(/Atlético Madrid/);
      expect(seen.length).toBe(6);
    },
  },
  "readme-streams": {
    run: async () => {
      const [live, replay, sse] = commands(block("readme-streams").body).commands;
      await streams(live!, /"type":"state"/);
      // since=41 is beyond this match's seq (3): the stream opens with a fresh state instead of silence.
      await streams(replay!, new RegExp(`"type":"state","match_id":"${MATCH}"`));
      await streams(sse!, /event: state\ndata: \{"type":"state"/);
    },
  },
  "streams-connect": { covered: "readme-streams" },
  "readme-node-ws": {
    run: async () => {
      writeIn(dir, "live.mjs", paste(block("readme-node-ws").body));
      for (const node of nodes()) {
        const p = launch(node, ["live.mjs"], dir, { KEY: w.demoKey });
        await p.waitFor(new RegExp(`^\\d+ ${MATCH} state `, "m"));
        p.kill();
      }
    },
  },
  "readme-token-server": { covered: "readme-token-page" },
  "readme-token-page": {
    ms: 120_000,
    run: async () => {
      if (!chromiumAvailable) return;
      const port = String(await freePort());
      const server = block("readme-token-server").body.replace("listen(3000)", `listen(${port})`);
      const browser = await launchChromium();
      try {
        for (const node of nodes()) {
          const id = `m_snippets_page_${node === NODE22 ? 22 : 20}`;
          await liveFootballMatch(w, id);
          writeIn(dir, "server.mjs", paste(server, { "<id>": id }));
          writeIn(dir, "index.html", paste(block("readme-token-page").body, { "<id>": id }));
          const running = launch(node, ["server.mjs"], dir, { SPORTS_KEY: w.demoKey });
          const page = await browser.newPage();
          let streams = 0;
          page.on("request", (r) => void (r.url().includes(`/v1/sse/match/${id}`) && streams++));
          await retry(() => page.goto(`http://127.0.0.1:${port}/`));
          const log = page.locator("#log");
          await expect.poll(() => log.textContent(), { timeout: 15_000 }).toMatch(/^state at seq \d+$/m);
          await goal(id, 2);
          await expect.poll(() => log.textContent(), { timeout: 15_000 }).toMatch(/^score \{"home":2,/m);
          await fullTime(id);
          await expect.poll(() => log.textContent(), { timeout: 15_000 }).toMatch(/^closed \{"code":1000/m);
          // An EventSource left open would reconnect within ~3 s; the page closed it.
          await new Promise((r) => setTimeout(r, 4_000));
          expect(streams, nodeName(node)).toBe(1);
          await page.close();
          running.kill();
        }
      } finally {
        await browser.close();
      }
    },
  },
  "readme-sdk": {
    run: async () => {
      writeIn(dir, "index.ts", paste(block("readme-sdk").body));
      await typeChecks("index.ts");
      const p = launch(NODE22, ["index.ts"], dir, { KEY: w.demoKey });
      await p.waitFor(/^\d+ state \d+ \d+$/m);
    },
  },
  "readme-claude": {
    skip: "the claude CLI is not a dependency here; test/e2e/mcp.test.ts connects to the same URL with the same header",
  },
  "readme-webhook-receiver": {
    run: async () => {
      writeIn(dir, "receiver.mjs", paste(block("readme-webhook-receiver").body));
      for (const node of nodes()) {
        const port = await freePort();
        const made = await w.admin("POST", `/accounts/${w.demoAccountId}/webhooks`, {
          url: `http://127.0.0.1:${port}/`,
        });
        expect(made.status).toBe(201);
        const { id, secret } = (await made.json()) as { id: string; secret: string };
        writeIn(dir, "receiver.mjs", paste(block("readme-webhook-receiver").body).replace("4000", String(port)));
        const receiver = launch(node, ["receiver.mjs"], dir, { WEBHOOK_SECRET: secret });
        await new Promise((r) => setTimeout(r, 500));
        expect((await w.admin("POST", `/webhooks/${id}/test`)).status).toBe(202);
        await receiver.waitFor(/^msg_\S+ webhook\.test /m, 30_000);
        receiver.kill();
        expect((await w.admin("DELETE", `/webhooks/${id}`)).status).toBe(204);
      }
    },
  },
  "readme-deploy": { skip: "deploys to a Cloudflare account; CI builds the bundle with wrangler deploy --dry-run" },
  "bench-commands": { skip: "the benchmarks; test/e2e/bench-smoke.test.ts runs node test/bench/smoke.mjs" },
  "data-import": {
    skip: "imports into npm start's deployment: test/e2e/start.test.ts, and test/import through the same route",
  },
  "data-import-league": {
    ms: 300_000,
    run: async () => {
      const out = await importAnotherLeague(block("data-import-league").body, w);
      expect(out).toMatch(/^imported 1 file\(s\) in [\d.]+ s: 6 matches/m);
      expect(out).toContain(
        'new league: lg_fb_ned1 "Eredivisie" (Netherlands, league, local times in Europe/Amsterdam)',
      );
      expect(out).toMatch(/"AFC Ajax" → tm_fb_ned_ajax: a new team/);
    },
  },
  "feeds-mapping": {
    run: async () => shellLines(block("feeds-mapping")),
  },
  "feeds-fake-start": { skip: "npm start with the fake provider: test/e2e/feeds.test.ts runs that set-up" },
  "feeds-fake-mapping": { run: async () => shellLines(block("feeds-fake-mapping")) },
  "identity-admin": { run: async () => shellLines(block("identity-admin")) },
  "replays-create": { covered: "replays-follow" },
  "replays-sdk": {
    ms: 90_000,
    run: async () => {
      const source = await finishedWithTimeline();
      writeIn(dir, "replay.ts", paste(block("replays-sdk").body, { m_of_wc_2022_6ae2a9b7: source }));
      await typeChecks("replay.ts");
      const p = launch(NODE22, ["replay.ts"], dir, { KEY: w.demoKey });
      await p.waitFor(new RegExp(`^replaying ${source} as rpm_`, "m"));
      await p.waitFor(/^1 (score_update|event_added|status_change) /m);
      await p.waitFor(/^\{ kind: 'finished'/m, 60_000);
      expect(await p.exited()).toBe(0);
    },
  },
  "replays-follow": {
    ms: 90_000,
    run: async () => {
      const source = await finishedWithTimeline();
      let created: { id: string; match_id: string } | undefined;
      await shellLines(block("replays-create"), { m_of_wc_2022_6ae2a9b7: source }, (_, out) => {
        const m = /"id":"(rp_[^"]+)","match_id":"([^"]+)"/.exec(out);
        if (m) created = { id: m[1]!, match_id: m[2]! };
      });
      expect(created, "the create's answer names the replay and its match").toBeDefined();
      const extra = { "<match_id>": created!.match_id, "<replay_id>": created!.id };
      const {
        assignments,
        commands: [follow, list, stop],
      } = commands(block("replays-follow").body);
      // The replay plays at 600×: its stream, opened with since=0, runs to the final whistle and closes itself.
      const p = launch("bash", ["-c", paste([...assignments, follow!].join("\n"), extra)], dir, { KEY: w.demoKey });
      await p.waitFor(/event: event_added[\s\S]*event: close\ndata: \{"code":1000/, 60_000);
      p.kill();
      const listed = await sh(paste([...assignments, list!].join("\n"), extra), dir);
      expect(listed.output).toContain(`"id":"${created!.id}"`);
      expect(listed.output).toMatch(/"status":"finished"/);
      const stopped = await sh(paste([...assignments, stop!].join("\n"), extra), dir);
      expect(stopped.output.trim()).toBe("204");
    },
  },
  "mcp-listen": {
    ms: 90_000,
    run: async () => {
      writeIn(dir, "listen.mjs", paste(block("mcp-listen").body));
      for (const node of nodes()) {
        const p = launch(node, ["listen.mjs"], dir);
        // Whichever live match the snippet picked: score changes on every one until it prints one.
        for (let home = 10; !/–\d+ /.test(p.output) && home < 40; home++) {
          for (const sport of ["football", "basketball"])
            for (const m of (await get(`/v1/${sport}/matches?status=live&limit=50`)).data)
              await w.ingest([{ op: "match", sport, id: m.id, league_id: m.league_id, home_score: 100 + home }]);
          await new Promise((r) => setTimeout(r, 1_000));
        }
        await p.waitFor(/^.+ \d+–\d+ .+ \(.+\)$/m, 5_000);
        p.kill();
      }
    },
  },
  "ops-tests": { skip: "npm test itself: CI runs it" },
  "ops-deploy": { covered: "readme-deploy" },
  "ops-first-account": { skip: "the calls of ops-admin (which runs here) against a deployment at https://<host>" },
  "ops-ingest": {
    run: async () => {
      const { output } = await sh(paste(block("ops-ingest").body, { "<live id>": MATCH }), dir);
      expect(output).toMatch(/^\{"applied":1,/);
    },
  },
  "tokens-curl": {
    run: async () => {
      const { output } = await sh(paste(block("tokens-curl").body), dir, { KEY: w.demoKey });
      expect(output).toMatch(/^\{"token":"tk_test_[^"]+","expires_at":"/);
      expect(output).toContain(`"match_ids":["${MATCH}"]`);
    },
  },
  "tokens-server": {
    run: async () => {
      writeIn(dir, "token-server.mjs", paste(block("tokens-server").body));
      for (const node of nodes()) {
        const port = String(await freePort());
        const body = paste(block("tokens-server").body).replace("listen(3000)", `listen(${port})`);
        writeIn(dir, "token-server.mjs", body);
        const p = launch(node, ["token-server.mjs"], dir, { SPORTS_API: w.base, SPORTS_KEY: w.demoKey });
        const res = await retry(() => fetch(`http://127.0.0.1:${port}/scoreboard-token`));
        expect(res.status, nodeName(node)).toBe(201);
        expect(((await res.json()) as { token: string }).token).toMatch(/^tk_test_/);
        p.kill();
      }
    },
  },
  "tokens-page": {
    skip: "a page's functions (API_WS and show are the page's own); README's token page runs the same flow in Chromium",
  },
  "webhooks-admin": {
    run: async () => {
      const hits: string[] = [];
      const hook: Server = createServer((req, res) => (hits.push(req.headers["webhook-id"] as string), res.end()));
      const port = await new Promise<number>((r) =>
        hook.listen(0, "127.0.0.1", () => r((hook.address() as { port: number }).port)),
      );
      const vars: Record<string, string> = {
        "<id>": w.demoAccountId!,
        "https://hooks.example.com/in": `http://127.0.0.1:${port}/in`,
      };
      try {
        await shellLines(block("webhooks-admin"), vars, async (cmd, out) => {
          if (cmd.includes("/webhooks ") && cmd.includes("-d ")) {
            const made = JSON.parse(out) as { id: string; secret: string };
            expect(made.secret).toMatch(/^whsec_/);
            vars["<wid>"] = made.id;
          }
          // A reader sees the test event arrive before deleting the endpoint.
          if (cmd.includes("/test ")) await expect.poll(() => hits.length, { timeout: 15_000 }).toBe(1);
        });
      } finally {
        hook.close();
      }
    },
  },
  "sdk-install": { skip: "test/e2e/sdk-package.test.ts packs the SDK and installs the .tgz into a fresh project" },
  "sdk-rest": {
    run: async () => {
      writeIn(dir, "rest.ts", paste(block("sdk-rest").body));
      await typeChecks("rest.ts");
      const runs = [launch(NODE22, ["rest.ts"], dir, { KEY: w.demoKey })];
      if (NODE20) runs.push(launch(NODE20, ["out/rest.js"], dir, { KEY: w.demoKey }));
      // The first live match as a list row, then its venue and league from its own read.
      const first = (await get("/v1/football/matches?status=live&limit=1")).data[0]!;
      const detail = (await (
        await fetch(`${w.base}/v1/football/matches/${first.id}`, { headers: { "x-api-key": w.demoKey } })
      ).json()) as { venue: string | null; league: { name: string } };
      for (const p of runs) {
        expect(await p.exited()).toBe(0);
        expect(p.output).toMatch(new RegExp(`^${first.id} .+ \\d+$`, "m"));
        expect(p.output.trimEnd().split("\n").at(-1)).toBe(`${detail.venue} ${detail.league.name}`);
      }
    },
  },
  "sdk-live": {
    ms: 90_000,
    run: async () => {
      const id = "m_snippets_sdk";
      await liveFootballMatch(w, id);
      const live = block("sdk-live").body.replaceAll("m_eng1_2026_0153_20261122", id);
      const program = `${paste(block("sdk-rest").body)}\n${paste(live)}\nconsole.log(outcome);\n`;
      writeIn(dir, "follow.ts", program);
      await typeChecks("follow.ts");
      const p = launch(NODE22, ["follow.ts"], dir, { KEY: w.demoKey });
      await p.waitFor(/^Arsenal 1-0 Everton$/m);
      await goal(id, 2);
      await p.waitFor(/^Arsenal 2-0 Everton$/m);
      await fullTime(id);
      await p.waitFor(/^\{ kind: 'finished'/m);
      expect(await p.exited()).toBe(0);
    },
  },
  "sdk-node20": {
    run: async () => {
      if (!NODE20) return;
      writeIn(dir, "node20.ts", paste(block("sdk-node20").body));
      await typeChecks("node20.ts");
      const p = launch(NODE20, ["out/node20.js"], dir, { KEY: w.demoKey });
      await p.waitFor(/^\d+ state \S+ \d+$/m);
    },
  },
  "sdk-browser": {
    skip: "a page's fragment (render is the page's own); test/e2e/sdk.test.ts runs the token provider in Chromium",
  },
  "sdk-generate": { skip: "rewrites the committed documents; test/e2e/sdk.test.ts checks they equal what is served" },
  // Last: it seeds the benchmark data set and stops the simulator, as an operator would.
  "ops-admin": {
    ms: 400_000,
    run: async () => {
      const vars: Record<string, string> = {};
      await shellLines(block("ops-admin"), vars, (cmd, out) => {
        if (cmd.includes("$B/accounts ")) vars["<id>"] = (JSON.parse(out) as { id: string }).id;
        if (cmd.includes("/keys ")) {
          const made = JSON.parse(out) as { id: string; key: string };
          expect(made.key).toMatch(/^sk_test_/);
          vars["<keyId>"] = made.id;
        }
      });
      expect(Object.keys(vars)).toEqual(["<id>", "<keyId>"]);
    },
  },
};

/** `tsc` in the scratch project: the file type-checks as pasted, and out/ holds it compiled (for Node 20). */
async function typeChecks(file: string) {
  const { code, output } = await sh(`"${join(process.cwd(), "node_modules/.bin/tsc")}" -p . `, dir, {}, 120_000);
  expect(code, `${file}: ${output}`).toBe(0);
}

async function retry<T>(f: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await f();
    } catch (e) {
      if (i > 40) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

describe("the docs' program blocks", () => {
  it("each has a name, and each name one plan", () => {
    const unnamed = all.filter((b) => !b.name).map((b) => `${b.file}:${b.line}`);
    expect(unnamed, "a ```sh/js/ts/html block without <!-- snippet: name -->").toEqual([]);
    const names = all.map((b) => b.name!);
    expect(names.length).toBe(new Set(names).size);
    expect(Object.keys(PLANS).sort()).toEqual([...names].sort());
    for (const [name, plan] of Object.entries(PLANS))
      if ("covered" in plan) expect("run" in PLANS[plan.covered]! || "skip" in PLANS[plan.covered]!, name).toBe(true);
  });

  it("every kind runs: curl, wscat, Node, TypeScript with the SDK, a browser page, a webhook receiver", () => {
    const runs = Object.entries(PLANS).filter(([, p]) => "run" in p);
    const langs = new Set(runs.map(([name]) => named.get(name)?.lang));
    expect([...langs].sort()).toEqual(["html", "js", "sh", "ts"]);
    expect(runs.length).toBeGreaterThanOrEqual(15);
  });
});

describe.each(
  Object.entries(PLANS).filter(([, p]) => "run" in p) as [string, { run: () => Promise<void>; ms?: number }][],
)("%s", (name, plan) => {
  it(`runs as pasted (${named.get(name)?.file}:${named.get(name)?.line})`, () => plan.run(), plan.ms ?? 60_000);
});
