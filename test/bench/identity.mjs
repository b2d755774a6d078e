// P17: one identity across sources (docs/identity.md). (a) A provider's first season of 380 matches onto a league
// whose season the history already holds (every team and match resolved once, by the rules, onto the history's),
// against importing that season fresh (P15's path: the importer, quiet batches of 500 ops). (b) A known reference:
// one live score change of a match by its provider's reference (one crosswalk lookup) against the same change by our
// id, POST /internal/ingest round trips in alternating rounds.
import { readFileSync } from "node:fs";
import { importer } from "./history.mjs";
import { abRounds, median, startHarness } from "./lib.mjs";

const SMOKE = process.env.BENCH_SMOKE === "1";
const ROUNDS = Number(process.env.P17_ROUNDS ?? (SMOKE ? 1 : 3));
const OPS_ROUNDS = Number(process.env.P17_OPS ?? (SMOKE ? 20 : 300));
const FILE = "data/openfootball/football.json/2022-23/en.1.json";
const NOW = Date.UTC(2026, 10, 27, 11);

const post = (w, body) =>
  fetch(`${w.base}/internal/ingest`, {
    method: "POST",
    headers: { authorization: `Bearer ${w.ingestToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (r) => {
    if (!r.ok) throw new Error(`ingest ${r.status}: ${await r.text()}`);
    return r.json();
  });

/** The season as API-Football would report it: its own team and fixture ids, its names ("Arsenal", not "Arsenal FC"). */
function providerSeason(json) {
  const names = [...new Set(json.matches.flatMap((m) => [m.team1, m.team2]))].sort();
  const id = new Map(names.map((n, i) => [n, 10_000 + i]));
  const plain = (n) => n.replace(/^AFC /, "").replace(/ FC$/, "");
  const teams = names.map((n) => ({
    op: "team",
    id: `tm_af_${id.get(n)}`,
    sport: "football",
    name: plain(n),
    country: "England",
  }));
  const matches = json.matches
    .filter((m) => m.score?.ft)
    .map((m, k) => ({
      op: "match",
      id: `m_af_${900_000 + k}`,
      sport: "football",
      league_id: "lg_fb_eng1",
      season: "2022/23",
      home_team_id: `tm_af_${id.get(m.team1)}`,
      away_team_id: `tm_af_${id.get(m.team2)}`,
      kickoff_ts: Math.floor(Date.parse(`${m.date}T15:00:00Z`) / 1000),
      status_code: 3,
      home_score: m.score.ft[0],
      away_score: m.score.ft[1],
    }));
  return [...teams, ...(SMOKE ? matches.slice(0, 40) : matches)];
}

export async function p17() {
  const { importFiles, httpTarget } = await importer();
  const text = readFileSync(FILE, "utf8");
  const files = [{ path: FILE.replace(/^data\//, ""), text }];
  const season = providerSeason(JSON.parse(text));
  const matches = season.filter((o) => o.op === "match").length;
  // (a) Each round on a fresh Worker: the history's season imported (a), then the provider's onto it (b).
  const a = await abRounds(
    ROUNDS,
    async (side) => {
      const w = await startHarness({ scale: "demo" });
      try {
        if (side === "a") {
          const t0 = performance.now();
          await importFiles(files, httpTarget(w.base, w.ingestToken), { now: NOW });
          return { ms: performance.now() - t0 };
        }
        await importFiles(files, httpTarget(w.base, w.ingestToken), { now: NOW });
        const t0 = performance.now();
        for (let i = 0; i < season.length; i += 500)
          await post(w, { ops: season.slice(i, i + 500), source: "api-football" });
        const ms = performance.now() - t0;
        const n = await w.db
          .prepare("SELECT count(*) AS n FROM matches WHERE league_id = 'lg_fb_eng1' AND season = '2022/23'")
          .first("n");
        const expected = SMOKE ? 380 : matches;
        if (n !== expected) throw new Error(`P17: ${n} matches in the season after the provider's, not ${expected}`);
        return { ms };
      } finally {
        await w.stop();
      }
    },
    (x) => x.ms,
  );
  // (b) One Worker: a known match's score by its provider reference (b) or by our id (a), alternating.
  const w = await startHarness({ scale: "demo" });
  try {
    await importFiles(files, httpTarget(w.base, w.ingestToken), { now: NOW });
    await post(w, { ops: season, source: "api-football" });
    const ours = await w.db
      .prepare("SELECT id FROM identities WHERE source = 'api-football' AND kind = 'match' AND ref = '900000'")
      .first("id");
    let goals = 0;
    const one = async (side) => {
      const t0 = performance.now();
      goals = (goals + 1) % 9;
      const op = { op: "match", sport: "football", league_id: "lg_fb_eng1", referee: `Referee ${goals}` };
      if (side === "b") await post(w, { ops: [{ ...op, id: "m_af_900000" }], source: "api-football" });
      else await post(w, { ops: [{ ...op, id: ours }] });
      return performance.now() - t0;
    };
    const b = await abRounds(
      ROUNDS,
      async (side) => {
        const times = [];
        for (let i = 0; i < OPS_ROUNDS; i++) times.push(await one(side));
        return { p50: median(times) };
      },
      (x) => x.p50,
    );
    return {
      matches,
      seasonMs: median(a.runs.b.map((x) => x.ms)),
      freshMs: median(a.runs.a.map((x) => x.ms)),
      seasonRatio: a,
      opMs: median(b.runs.b.map((x) => x.p50)),
      ourMs: median(b.runs.a.map((x) => x.p50)),
      opRatio: b,
    };
  } finally {
    await w.stop();
  }
}
