// `npm start` (through POST /internal/admin/demo) and tests: demo season for today, demo account and key.
import {
  createAccount,
  createApiKey,
  findAccountIdByEmail,
  writePlan,
  writeTrackedLeagues,
} from "../core/auth/service";
import { sha256Hex } from "../core/auth/keys";
import { dbFor } from "../core/db/client";
import type { Op } from "../core/ingest/ops";
import { ingestInOrder } from "../core/ingest/serial";
import { findKeyByHash } from "../core/db/queries/accounts";
import { leagueIdsExist } from "../core/db/queries/leagues";
import { appendDemo, demoStamp, resetDemo, setDemoStamp, writeDemo } from "../core/db/queries/demo";
import { demoOps } from "./ops";
import { demoLeagueIds, generateDemo, generateHistory, type DemoSelection } from "./generate";
import { utcDay } from "../lib/time";

export const DEMO_EMAIL = "demo@example.com";
/** Bump when the generator's output changes, so an existing local database is regenerated on the next start. */
const GENERATOR_VERSION = 5;
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

/** Ops sent to ingest per batch (its limit). */
const BATCH = 500;

async function send(env: Env, ops: Op[], quiet: boolean) {
  for (let i = 0; i < ops.length; i += BATCH)
    await ingestInOrder(env, ops.slice(i, i + BATCH), undefined, undefined, quiet);
}

export async function seedDemo(env: Env, opts: SeedOptions = {}) {
  const db = dbFor(env.DB);
  const environment = env.ENVIRONMENT;
  const now = opts.now ?? new Date();
  const day = Math.floor(now.getTime() / 86_400_000);
  const bench = opts.scale === "bench";
  const sel: DemoSelection = { only: opts.leagues, extended: bench, realHistory: opts.realHistory };
  const leagueIds = demoLeagueIds(opts.leagues, bench);
  // Idempotent: the same UTC day's data (for the same leagues) is written once; a new day gets a fresh season.
  const stamp = `${GENERATOR_VERSION}:${day}:${leagueIds.join(",")}${bench ? `:h${BENCH_HISTORY}` : ""}${opts.realHistory ? ":real" : ""}`;
  const seeded = opts.force || (await demoStamp(db)) !== stamp;
  let matches: number | null = null;
  if (seeded && !bench) {
    // Through the one ingest path: the day's earlier demo goes (its own matches only; imported history stays), then
    // the new one is sent as any source's ops: what is not in play as quiet history, the live matches as a feed's.
    // The stamp is written last, so a run cut short is redone (ops are upserts).
    const data = generateDemo(now, sel);
    await resetDemo(
      db,
      data.leagues.map((l) => String(l.id)),
    );
    const { history, live } = demoOps(data);
    await send(env, history, true);
    await send(env, live, false);
    await setDemoStamp(db, stamp);
    matches = data.matches.length;
  } else if (seeded) {
    // The benchmark's data set (test/bench) is written directly, in bulk: 36,000 matches through ingest would take
    // minutes of every benchmark run. One transaction for the current seasons, then a season at a time (one
    // season's rows fit in a Worker's memory; all of them would not), and the stamp last.
    const data = generateDemo(now, sel);
    await writeDemo(db, `${stamp}:partial`, data);
    matches = data.matches.length;
    for (let back = 2; back <= BENCH_HISTORY; back++) {
      const older = generateHistory(now, sel, back);
      await appendDemo(db, older);
      matches += older.matches.length;
    }
    await setDemoStamp(db, stamp);
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
