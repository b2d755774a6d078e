import { describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app";
import { getJson } from "../../helpers/seed";

describe("GET /v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document served without a key", async () => {
    const r = await getJson("/v1/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    expect(r.body.components.securitySchemes).toHaveProperty("ApiKeyHeader");
  });

  it("documents every public GET route the app serves", async () => {
    const doc = (await getJson("/v1/openapi.json")).body;
    const served = buildApp()
      .routes.filter(
        (r) => r.method === "GET" && (r.path.startsWith("/v1/") || r.path === "/health") && r.path !== "/v1/*",
      )
      .map((r) => r.path.replace(/:(\w+)/g, "{$1}").replace(/\/$/, ""));
    expect(served.length).toBeGreaterThanOrEqual(19);
    for (const p of served) if (p !== "/v1/openapi.json") expect(Object.keys(doc.paths), p).toContain(p);
  });

  it("lists every match list parameter and every error status with problem+json", async () => {
    const doc = (await getJson("/v1/openapi.json")).body;
    for (const sport of ["football", "basketball"]) {
      const op = doc.paths[`/v1/${sport}/matches`].get;
      expect(op.parameters.map((p: any) => p.name).sort()).toEqual([
        "after",
        "date",
        "league_id",
        "limit",
        "season",
        "status",
        "team_id",
      ]);
      const status = op.parameters.find((p: any) => p.name === "status");
      expect(status.schema.enum).toEqual(["live", "scheduled", "finished"]);
      for (const code of ["400", "401", "404", "429", "500"]) {
        expect(op.responses[code].content["application/problem+json"].schema.$ref).toBe("#/components/schemas/Problem");
      }
      expect(op.responses["304"]).toBeDefined();
    }
  });

  it("documents the challenge on every key-protected 401, and the API sends it", async () => {
    const doc = (await getJson("/v1/openapi.json")).body;
    const with401 = Object.entries(doc.paths).filter(
      ([p]) => p !== "/v1/mcp" && (doc.paths as any)[p].get?.responses["401"],
    );
    expect(with401.length).toBeGreaterThanOrEqual(18);
    for (const [p, item] of with401)
      expect((item as any).get.responses["401"].headers?.["WWW-Authenticate"], p).toBeDefined();
    const res = await getJson("/v1/football/leagues");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="api", error="invalid_token"');
  });

  it("documents the people endpoints with their schemas, per sport", async () => {
    const doc = (await getJson("/v1/openapi.json")).body;
    const leaders = (sport: string) =>
      doc.paths[`/v1/${sport}/leagues/{leagueId}/leaders`].get.parameters.find((p: any) => p.name === "stat");
    expect(leaders("football").schema.enum).toEqual(["goals", "assists", "cards"]);
    expect(leaders("basketball").schema.enum).toEqual(["points", "rebounds", "assists", "ppg"]);
    const search = doc.paths["/v1/football/search"].get;
    expect(search.parameters.map((p: any) => p.name)).toEqual(["q", "type", "limit"]);
    expect(search.responses["200"].content["application/json"].schema.$ref).toBe("#/components/schemas/SearchList");
    for (const id of ["Team", "Squad", "PlayerProfile", "BoxScore", "Leaders", "SearchHit", "FootballPlayerLine"])
      expect(doc.components.schemas, id).toHaveProperty(id);
    expect(doc.components.schemas.Event.properties).toHaveProperty("player_id");
  });

  it("every $ref resolves to a component schema", async () => {
    const doc = (await getJson("/v1/openapi.json")).body;
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(20);
    for (const id of new Set(refs)) expect(doc.components.schemas, id).toHaveProperty(id);
    expect(doc.components.schemas.MatchDetail.properties).toHaveProperty("period_label");
    expect(doc.components.schemas.Problem.properties.code.enum).toContain("invalid_api_key");
  });
});
