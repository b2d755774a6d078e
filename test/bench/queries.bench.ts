// P3 (npm run bench:queries): a drizzle query vs the same SQL as a raw D1 prepared statement, inside workerd
// (vitest bench with the Workers pool: no proxy, real local D1). Same data, alternating in one run.
import { env } from "cloudflare:workers";
import { bench, describe } from "vitest";
import { dbFor } from "../../src/db/client";
import { matchPageQuery } from "../../src/db/queries/matches";
import { seed, today } from "../helpers/seed";

const s = await seed();
const db = dbFor(env.DB);
const filter = { sport: "football" as const, accountId: s.accountId, date: today() };
const { sql, params } = matchPageQuery(db, filter, 50).toSQL();
const raw = env.DB.prepare(sql);
// What caching the built query per filter shape would save: drizzle's result mapping without rebuilding the SQL.
const prepared = matchPageQuery(db, filter, 50).prepare();

describe("match page query (football, today, limit 50)", () => {
  bench(
    "drizzle",
    async () => {
      await matchPageQuery(db, filter, 50);
    },
    { time: 3000, warmupTime: 500 },
  );
  bench(
    "drizzle, built once (prepare)",
    async () => {
      await prepared.all();
    },
    { time: 3000, warmupTime: 500 },
  );
  bench(
    "raw prepared statement",
    async () => {
      await raw.bind(...params).all();
    },
    { time: 3000, warmupTime: 500 },
  );
});
