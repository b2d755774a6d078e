// migrations/0010: search rows written when their slots held every season's leagues get the current season's, the
// slots refreshSearchLeagues writes (a database migrated from before finds only what the reads show).
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import migration from "../../../migrations/0010_search_current_seasons.sql?raw";
import { SEASONS, seedPeople, seedSeasons } from "../../helpers/people";
import { seed } from "../../helpers/seed";

const s = await seed(["acb"]);
await seedPeople(s.accountId);
await seedSeasons(s.accountId);

const slots = async () =>
  (
    await env.DB.prepare(
      "SELECT DISTINCT team_id, l1, l2, l3, l4 FROM search_prefixes WHERE team_id IS NOT NULL ORDER BY team_id",
    ).all()
  ).results;

it("recomputes every team's slots as ingest writes them, from slots of every season", async () => {
  const written = await slots();
  // As before: a previous season's league in the slots of a team that played only then.
  await env.DB.prepare("UPDATE search_prefixes SET l1 = 'lg_fb_seasons' WHERE team_id IN (?1, ?2)")
    .bind(SEASONS.previous[0], SEASONS.previous[1])
    .run();
  expect(await slots()).not.toEqual(written);
  const statement = migration
    .split("\n")
    .filter((l) => !l.startsWith("--"))
    .join("\n");
  await env.DB.prepare(statement).run();
  expect(await slots()).toEqual(written);
});
