// P15: importing the bundled history (data/openfootball, 62 files, ~20,000 matches) through the ingest path — the
// importer as `npm run import` runs it, over HTTP, quiet batches of 500 ops, each planned, its tables, snapshots,
// search rows, seq and changes derived — against writing the same rows (leagues, teams, players, matches, goals) with
// one D1 batch per 500 rows from outside the Worker: no derived data, no seq. Each side on a fresh Worker, in
// alternating rounds; the figure is wall time to the last row.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { abRounds, median, startHarness } from "./lib.mjs";

const ROUNDS = Number(process.env.P15_ROUNDS ?? (process.env.BENCH_SMOKE === "1" ? 1 : 3));
const ROWS_PER_BATCH = 500;

async function importer() {
  const out = await build({
    stdin: {
      contents: `export { importFiles, httpTarget } from "./src/import/run.ts"; export { convertFile, isImportable } from "./src/import/openfootball/convert.ts";`,
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "error",
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
}

function bundledFiles(isImportable, smoke) {
  const out = [];
  const visit = (p) => {
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) visit(join(p, e));
    else if (p.endsWith(".json") && isImportable(p)) out.push({ path: p, text: readFileSync(p, "utf8") });
  };
  visit("data/openfootball");
  return smoke ? out.filter((f) => /2015-16|2018\/worldcup/.test(f.path)) : out;
}

/** The rows the ops stand for, as a plain writer would store them: no tables, no snapshots, no seq, no search. */
function rowsOf(convertFile, files, now) {
  const at = new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z");
  const rows = [];
  const teams = new Map();
  for (const f of files) {
    for (const o of convertFile(f.path, JSON.parse(f.text), now).ops) {
      if (o.op === "league")
        rows.push([
          "INSERT OR REPLACE INTO leagues (id, sport, country, name, season, logo_url, format, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          [o.id, o.sport, o.country, o.name, o.season, null, o.format, at],
        ]);
      else if (o.op === "team") {
        teams.set(o.id, o.name);
        rows.push([
          "INSERT OR REPLACE INTO teams (id, sport, name, country) VALUES (?, ?, ?, ?)",
          [o.id, o.sport, o.name, o.country],
        ]);
      } else if (o.op === "player")
        rows.push([
          "INSERT OR REPLACE INTO players (id, sport, team_id, name, number, position, nationality, birth_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          [o.id, o.sport, o.team_id, o.name, o.number, o.position, o.nationality, o.birth_date],
        ]);
      else if (o.op === "match")
        rows.push([
          "INSERT OR REPLACE INTO matches (id, sport, league_id, season, round, home_team_id, away_team_id, home_team, away_team, home_score, away_score, status_code, kickoff_ts, ht_home_score, ht_away_score, home_penalties, away_penalties, venue, finished_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          [
            o.id,
            o.sport,
            o.league_id,
            o.season,
            o.round,
            o.home_team_id,
            o.away_team_id,
            teams.get(o.home_team_id),
            teams.get(o.away_team_id),
            o.home_score,
            o.away_score,
            o.status_code,
            o.kickoff_ts,
            o.ht_home_score,
            o.ht_away_score,
            o.home_penalties ?? null,
            o.away_penalties ?? null,
            o.venue,
            o.finished_at ?? null,
            at,
          ],
        ]);
      else if (o.op === "events")
        o.events.forEach((e, i) =>
          rows.push([
            "INSERT OR REPLACE INTO match_events (id, match_id, seq, type, minute, added_time, period, team, player) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [e.id, o.match_id, i + 1, e.type, e.minute, e.added_time, e.period, e.team, e.player],
          ]),
        );
    }
  }
  return rows;
}

export async function p15() {
  const smoke = process.env.BENCH_SMOKE === "1";
  const { importFiles, httpTarget, convertFile, isImportable } = await importer();
  const files = bundledFiles(isImportable, smoke);
  const now = Date.now();
  const rows = rowsOf(convertFile, files, now);
  let report;
  const r = await abRounds(
    ROUNDS,
    async (side) => {
      const w = await startHarness({ scale: "demo" });
      try {
        const t0 = performance.now();
        if (side === "b") {
          report = await importFiles(files, httpTarget(w.base, w.ingestToken), { now });
        } else {
          for (let i = 0; i < rows.length; i += ROWS_PER_BATCH)
            await w.db.batch(rows.slice(i, i + ROWS_PER_BATCH).map(([sql, binds]) => w.db.prepare(sql).bind(...binds)));
        }
        return { ms: performance.now() - t0 };
      } finally {
        await w.stop();
      }
    },
    (x) => x.ms,
  );
  const matches = report.files.reduce((n, f) => n + f.matches, 0);
  return {
    ...r,
    files: files.length,
    matches,
    ops: report.ops,
    rows: rows.length,
    ingestMs: median(r.runs.b.map((x) => x.ms)),
    rawMs: median(r.runs.a.map((x) => x.ms)),
  };
}
