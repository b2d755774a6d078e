import { beforeAll, describe, expect, it } from "vitest";
import { get, seed, type Seeded } from "../helpers/seed";

let s: Seeded;
beforeAll(async () => {
  s = await seed(["eng1", "euroleague"]);
});

async function problem(path: string, key = s.key) {
  const res = await get(path, key);
  expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  return { status: res.status, body: (await res.json()) as any };
}

describe("bad query values → 400 invalid_request naming the parameter", () => {
  const cases: [string, string][] = [
    ["date=2026-13-01", "date"],
    ["date=2026-02-30", "date"],
    ["date=yesterday", "date"],
    ["date=2026-1-1", "date"],
    ["date=", "date"],
    ["limit=0", "limit"],
    ["limit=-5", "limit"],
    ["limit=1.5", "limit"],
    ["limit=ten", "limit"],
    ["limit=", "limit"],
    ["status=LIVE", "status"],
    ["status=postponed", "status"],
    ["status=", "status"],
    ["after=not-a-cursor", "after"],
    [`after=${btoa("123:x y")}`, "after"],
    [`after=${"A".repeat(300)}`, "after"],
    ["league_id=lg%20fb", "league_id"],
    ["league_id=%27%3B%20DROP%20TABLE%20matches%3B--", "league_id"],
  ];
  for (const sport of ["football", "basketball"]) {
    it.each(cases)(`/v1/${sport}/matches?%s → 400 naming \`%s\``, async (query, param) => {
      const { status, body } = await problem(`/v1/${sport}/matches?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe("invalid_request");
      expect(body.detail).toContain(`\`${param}\``);
    });
  }

  it("h2h limit is validated too", async () => {
    for (const q of ["limit=0", "limit=x"]) {
      const { status, body } = await problem(`/v1/football/matches/m_x/h2h?${q}`);
      expect(status).toBe(400);
      expect(body.detail).toContain("`limit`");
    }
  });
});

describe("odd ids and unknown paths never give a 500", () => {
  const paths = [
    "/v1/football/matches/" + encodeURIComponent("<script>"),
    "/v1/football/matches/" + encodeURIComponent("' OR 1=1 --"),
    "/v1/football/matches/" + "x".repeat(65),
    "/v1/football/matches/%F0%9F%98%80",
    "/v1/football/matches/%00",
    "/v1/football/leagues/" + encodeURIComponent("a;b") + "/standings",
    "/v1/basketball/matches/..%2F..%2Fetc/events",
  ];
  it.each(paths)("%s → 400 naming the id", async (path) => {
    const { status, body } = await problem(path);
    expect(status).toBe(400);
    expect(body.code).toBe("invalid_request");
    expect(body.detail).toMatch(/`(id|leagueId)`/);
  });

  it.each([
    "/v1/hockey/matches",
    "/v1/tennis/leagues",
    "/v1/FOOTBALL/matches",
    "/v1/football/teams",
    "/v2/football/matches",
  ])("unknown sport or route %s → 404 not_found", async (path) => {
    const { status, body } = await problem(path);
    expect(status).toBe(404);
    expect(body.code).toBe("not_found");
  });

  it("a write method on a read endpoint is not a 500", async () => {
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch("http://127.0.0.1:8787/v1/football/matches", {
      method: "POST",
      headers: { "x-api-key": s.key },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("auth comes before validation: a bad value without a key is 401", async () => {
    const { status } = await problem("/v1/football/matches?limit=0", "");
    expect(status).toBe(401);
  });
});
