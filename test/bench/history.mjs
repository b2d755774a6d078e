// P15: importing the bundled history (data/openfootball, 62 files, ~20,000 matches) through the ingest path — the
// importer as `npm run import` runs it, over HTTP, quiet batches of 500 ops, each planned, its tables, snapshots,
// search rows, seq and changes derived — against writing the same rows (leagues, teams, players, matches, goals) with
// one D1 batch per 500 rows (one INSERT … SELECT FROM json_each per batch, through the Worker's D1 binding from
// outside it): no derived data, no seq. Each side on a fresh Worker, in
// alternating rounds; the figure is wall time to the last row.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { abRounds, median, startHarness } from "./lib.mjs";

const ROUNDS = Number(process.env.P15_ROUNDS ?? (process.env.BENCH_SMOKE === "1" ? 1 : 3));
const ROWS_PER_BATCH = 500;

/** The importer and the openfootball converter as `npm run import` runs them (bundled for Node). */
export async function importer() {
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

/** The rows the ops stand for, per table, as a plain writer would store them: no tables, no snapshots, no seq, no search. */
function rowsOf(convertFile, files, now) {
  const at = new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z");
  const rows = { leagues: [], teams: [], players: [], matches: [], match_events: [] };
  const teams = new Map();
  for (const f of files) {
    for (const o of convertFile(f.path, JSON.parse(f.text), now).ops) {
      const { op, ...r } = o;
      if (op === "league") rows.leagues.push({ ...r, updated_at: at });
      else if (op === "team") {
        teams.set(r.id, r.name);
        rows.teams.push(r);
      } else if (op === "player") rows.players.push(r);
      else if (op === "match")
        rows.matches.push({
          ...r,
          home_team: teams.get(r.home_team_id),
          away_team: teams.get(r.away_team_id),
          updated_at: at,
        });
      else if (op === "events")
        r.events.forEach((e, i) => rows.match_events.push({ ...e, match_id: r.match_id, seq: i + 1 }));
    }
  }
  return rows;
}

/** One D1 batch per 500 rows of a table: one INSERT … SELECT FROM json_each(?) over them. */
function statements(db, rows) {
  const out = [];
  for (const [table, list] of Object.entries(rows)) {
    const cols = [...new Set(list.flatMap((r) => Object.keys(r)))];
    const sql = `INSERT OR REPLACE INTO ${table} (${cols.join(", ")}) SELECT ${cols.map((c) => `value ->> '$.${c}'`).join(", ")} FROM json_each(?)`;
    for (let i = 0; i < list.length; i += ROWS_PER_BATCH)
      out.push(db.prepare(sql).bind(JSON.stringify(list.slice(i, i + ROWS_PER_BATCH))));
  }
  return out;
}

export async function p15() {
  const smoke = process.env.BENCH_SMOKE === "1";
  const { importFiles, httpTarget, convertFile, isImportable } = await importer();
  const files = bundledFiles(isImportable, smoke);
  const now = Date.now();
  const rows = rowsOf(convertFile, files, now);
  const matchCount = rows.matches.length;
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
          for (const st of statements(w.db, rows)) await w.db.batch([st]);
          const n = await w.db.prepare("SELECT count(*) AS n FROM matches WHERE id GLOB 'm_of_*'").first("n");
          if (n !== matchCount) throw new Error(`the plain writer stored ${n} of ${matchCount} matches`);
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
    rows: Object.values(rows).reduce((n, l) => n + l.length, 0),
    ingestMs: median(r.runs.b.map((x) => x.ms)),
    rawMs: median(r.runs.a.map((x) => x.ms)),
  };
}
