// One dataset whatever the order (issue 48): the history and two providers report the same season, in any order and
// any subset. The ids each one's references resolve to partition the same way (each real team and match one id), and
// the tables and the head-to-head are the same. Ids themselves are the first source's (the first id served stays:
// docs/identity.md "Ids never change"), so the comparison is by identity, not by id. Some runs add a stray source
// whose spelling of one club the rules cannot resolve (a second team, and a second copy of its matches), and the
// operator merges them afterwards (the team, then each duplicate match): the same ids, table and head-to-head again.
// FUZZ_SEED=<n> replays a run.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teamKey } from "../../../src/core/identity/names";
import { admin } from "../../helpers/admin";
import { ingestRaw } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";
import { track } from "../feeds/harness";

const SEED = Number(env.FUZZ_SEED || Date.now() % 2 ** 31);
const s = await seed(["eng1"]);
const NAMES = ["Ashby", "Bexley", "Corfe", "Dunmore"];
const KICKOFF = Math.floor(Date.UTC(2019, 7, 10, 14) / 1000);
/** A double round robin of four teams, every result fixed: [home, away, home goals, away goals]. */
const FIXTURES: [number, number, number, number][] = [];
for (let h = 0; h < 4; h++)
  for (let a = 0; a < 4; a++) if (h !== a) FIXTURES.push([h, a, (h * 3 + a) % 4, (a * 2 + h) % 3]);

/** How each source spells a club, and its references. */
const SOURCES = {
  openfootball: {
    team: (run: number, i: number) => `tm_of_p${run}_${i}`,
    match: (run: number, k: number) => `m_of_p${run}_${k}`,
    name: (n: string) => `${n} FC`,
  },
  "api-football": {
    team: (run: number, i: number) => `tm_af_${run * 100 + i}`,
    match: (run: number, k: number) => `m_af_${run * 100 + k}`,
    name: (n: string) => n,
  },
  "football-data": {
    team: (run: number, i: number) => `tm_fd_${run * 100 + i}`,
    match: (run: number, k: number) => `m_fd_${run * 100 + k}`,
    name: (n: string) => `${n} AFC`,
  },
  // A source of ours (the `http` feed, say) that spells the first club in a way no rule joins to the others.
  stray: {
    team: (run: number, i: number) => `tm_st${run}_${i}`,
    match: (run: number, k: number) => `m_st${run}_${k}`,
    name: (n: string) => (n === NAMES[0] ? `${n} Stray Borough` : n),
  },
} as const;
type Source = keyof typeof SOURCES;
const PROVIDERS = ["openfootball", "api-football", "football-data"] as const;

function opsOf(source: Source, run: number) {
  const src = SOURCES[source];
  const country = `Propland ${run}`;
  return [
    ...NAMES.map((n, i) => ({ op: "team", id: src.team(run, i), sport: "football", name: src.name(n), country })),
    ...FIXTURES.map(([h, a, hg, ag], k) => ({
      op: "match",
      id: src.match(run, k),
      sport: "football",
      league_id: `lg_fb_prop${run}`,
      season: "2019/20",
      home_team_id: src.team(run, h),
      away_team_id: src.team(run, a),
      kickoff_ts: KICKOFF + k * 7 * 86_400,
      status_code: 3,
      home_score: hg,
      away_score: ag,
    })),
  ];
}

/** The table every order must give: club (by key) → played, points, goal difference. */
const EXPECTED = (() => {
  const t = new Map(NAMES.map((n) => [teamKey(n), { played: 0, points: 0, gd: 0 }]));
  for (const [h, a, hg, ag] of FIXTURES) {
    const [H, A] = [t.get(teamKey(NAMES[h]!))!, t.get(teamKey(NAMES[a]!))!];
    (H.played++, A.played++);
    ((H.gd += hg - ag), (A.gd += ag - hg));
    H.points += hg > ag ? 3 : hg === ag ? 1 : 0;
    A.points += ag > hg ? 3 : hg === ag ? 1 : 0;
  }
  return Object.fromEntries([...t].sort());
})();

let run = 0;
const tracked = ["lg_fb_eng1"];

describe("sources reporting one season in any order", () => {
  it("end with one id per real team and match, the same table and the same head-to-head", async () => {
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray([...PROVIDERS], { minLength: 1 }), fc.boolean(), async (order, stray) => {
        const r = ++run;
        const league = `lg_fb_prop${r}`;
        const res0 = await ingestRaw({
          ops: [
            {
              op: "league",
              id: league,
              sport: "football",
              country: `Propland ${r}`,
              name: `Prop League ${r}`,
              season: "2019/20",
            },
          ],
        });
        expect(res0.status).toBe(200);
        tracked.push(league);
        await track(s.accountId, tracked);
        for (const source of order) {
          const res = await ingestRaw({ ops: opsOf(source, r), source, quiet: source === "openfootball" });
          expect(res.status, await res.clone().text()).toBe(200);
        }
        const sources: Source[] = stray ? [...order, "stray"] : order;
        const idOf = async (source: Source, kind: "team" | "match", local: string) =>
          (await env.DB.prepare("SELECT id FROM identities WHERE source = ? AND kind = ? AND ref = ?")
            .bind(source, kind, refOf(source, local))
            .first<{ id: string }>())!.id;
        if (stray) {
          const res = await ingestRaw({ ops: opsOf("stray", r), source: "stray" });
          expect(res.status, await res.clone().text()).toBe(200);
          // The operator's hand: the stray's club into the real one, then each match it doubled into the real one.
          const [from, into] = [
            await idOf("stray", "team", SOURCES.stray.team(r, 0)),
            await idOf(order[0]!, "team", SOURCES[order[0]!].team(r, 0)),
          ];
          expect(from, "the stray spelling is another team").not.toBe(into);
          expect((await admin("POST", "/identities/merge", { kind: "team", from, into })).status).toBe(200);
          for (const [k, [h, a]] of FIXTURES.entries()) {
            if (h !== 0 && a !== 0) continue;
            const [dup, real] = [
              await idOf("stray", "match", SOURCES.stray.match(r, k)),
              await idOf(order[0]!, "match", SOURCES[order[0]!].match(r, k)),
            ];
            const res = await admin("POST", "/identities/merge", { kind: "match", from: dup, into: real });
            expect(res.status, await res.clone().text()).toBe(200);
          }
        }
        // Each real team and match is one id, whichever sources named it.
        const teamIds = new Set<string>();
        const matchIds = new Set<string>();
        for (const source of sources)
          for (let i = 0; i < NAMES.length; i++)
            teamIds.add(`${i}:${await idOf(source, "team", SOURCES[source].team(r, i))}`);
        for (const source of sources)
          for (let k = 0; k < FIXTURES.length; k++)
            matchIds.add(`${k}:${await idOf(source, "match", SOURCES[source].match(r, k))}`);
        expect(teamIds.size, "one id per team").toBe(NAMES.length);
        expect(new Set([...teamIds].map((x) => x.split(":")[1])).size).toBe(NAMES.length);
        expect(matchIds.size, "one id per match").toBe(FIXTURES.length);
        const list = (await getJson(`/v1/football/matches?league_id=${league}&limit=100`, s.key)).body;
        expect(list.total).toBe(FIXTURES.length);

        const table = (await getJson(`/v1/football/leagues/${league}/standings?season=2019/20`, s.key)).body;
        const got = Object.fromEntries(
          (table.standings as any[])
            .map(
              (row) =>
                [teamKey(row.team), { played: row.played, points: row.points, gd: row.goal_difference }] as const,
            )
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        );
        expect(got).toEqual(EXPECTED);

        // Head-to-head of the first two clubs, from their second meeting: the first one, whoever named them.
        const second = list.data.find(
          (m: any) => teamKey(m.home_team) === teamKey(NAMES[1]!) && teamKey(m.away_team) === teamKey(NAMES[0]!),
        );
        const h2h = (await getJson(`/v1/football/matches/${second.id}/h2h`, s.key)).body;
        expect(h2h.summary.played).toBe(1);
        expect(h2h.matches.map((m: any) => `${m.home_score}-${m.away_score}`)).toEqual([
          `${FIXTURES[0]![2]}-${FIXTURES[0]![3]}`,
        ]);
      }),
      { numRuns: 10, seed: SEED, endOnFailure: true },
    );
  });
});

function refOf(source: Source, local: string) {
  return source === "openfootball" ? local : local.replace(/^(tm|m)_(af|fd)_/, "");
}
