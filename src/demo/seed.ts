// `npm start` (through POST /internal/admin/demo) and tests: demo season for today, demo account and key.
import { createAccount, createApiKey, findAccountIdByEmail, writePlan, writeTrackedLeagues } from "../core/auth/service";
import { sha256Hex } from "../core/auth/keys";
import type { Db } from "../core/db/client";
import { findKeyByHash } from "../core/db/queries/accounts";
import { leagueIdsExist } from "../core/db/queries/leagues";
import { appendDemo, demoStamp, setDemoStamp, writeDemo } from "../core/db/queries/demo";
import { demoLeagueIds, generateDemo, generateHistory, type DemoSelection } from "./generate";
import { utcDay } from "../lib/time";

export const DEMO_EMAIL = "demo@example.com";
/** Bump when the generator's output changes, so an existing local database is regenerated on the next start. */
const GENERATOR_VERSION = 4;
export const DEMO_PASSWORD = "demo-password";

export interface SeedOptions {
  demoApiKey?: string;
  now?: Date;
  /** Regenerate even if today's demo data is already there. */
  force?: boolean;
  /** Only these league codes (tests); the demo account then tracks just them. */
  leagues?: readonly string[];
  /**
   * "bench": the benchmark data set (test/bench): the extra competitions too, 10 per sport, and four more finished
   * seasons behind the previous one (a 5-season history), about 36,000 matches.
   */
  scale?: "demo" | "bench";
  /**
   * Real past seasons were imported (npm start imports data/openfootball first): the leagues that have them get no
   * invented previous season, and the demo account also tracks the imported tournaments.
   */
  realHistory?: boolean;
}

/** The tournaments the bundled history adds (src/import/openfootball/competitions.ts), tracked by the demo account. */
const IMPORTED_ONLY = ["lg_fb_wc", "lg_fb_euro"];

const BENCH_HISTORY = 5;

export async function seedDemo(db: Db, environment: string, opts: SeedOptions = {}) {
  const now = opts.now ?? new Date();
  const day = Math.floor(now.getTime() / 86_400_000);
  const bench = opts.scale === "bench";
  const sel: DemoSelection = { only: opts.leagues, extended: bench, realHistory: opts.realHistory };
  const leagueIds = demoLeagueIds(opts.leagues, bench);
  // Idempotent: the same UTC day's data (for the same leagues) is written once; a new day gets a fresh season.
  const stamp = `${GENERATOR_VERSION}:${day}:${leagueIds.join(",")}${bench ? `:h${BENCH_HISTORY}` : ""}${opts.realHistory ? ":real" : ""}`;
  const seeded = opts.force || (await demoStamp(db)) !== stamp;
  let matches: number | null = null;
  if (seeded) {
    const data = generateDemo(now, sel);
    // The demo is one transaction. The benchmark's history is appended a season at a time (one season's rows fit
    // in a Worker's memory; all of them would not), and the stamp is written last, so a partial run is redone.
    await writeDemo(db, bench ? `${stamp}:partial` : stamp, data);
    matches = data.matches.length;
    if (bench) {
      for (let back = 2; back <= BENCH_HISTORY; back++) {
        const older = generateHistory(now, sel, back);
        await appendDemo(db, older);
        matches += older.matches.length;
      }
      await setDemoStamp(db, stamp);
    }
  }

  const accountId =
    (await findAccountIdByEmail(db, DEMO_EMAIL)) ?? (await createAccount(db, DEMO_EMAIL, DEMO_PASSWORD, "growth")).id;
  await writePlan(db, accountId, "growth");
  const imported = opts.realHistory ? await leagueIdsExist(db, IMPORTED_ONLY) : [];
  await writeTrackedLeagues(db, accountId, [...leagueIds, ...imported]);
  let keyId: string | undefined;
  if (opts.demoApiKey) {
    keyId = (await findKeyByHash(db, await sha256Hex(opts.demoApiKey)))?.id;
    if (!keyId) keyId = (await createApiKey(db, environment, accountId, "Demo key", undefined, opts.demoApiKey)).id;
  }
  return {
    seeded,
    day: utcDay(day * 86_400_000),
    account_id: accountId,
    key_id: keyId ?? null,
    matches,
  };
}
