import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { get, getJson, seed } from "../helpers/seed";

afterEach(() => vi.restoreAllMocks());

describe("unknown failures", () => {
  it("answer 500 problem+json with a request id and no internals; the log has the cause and the same id", async () => {
    const s = await seed(["eng1"]);
    const [m] = (await getJson("/v1/football/matches?status=finished&limit=1", s.key)).body.data;
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));
    await env.DB.exec("DROP TABLE match_stats");
    const res = await get(`/v1/football/matches/${m.id}/stats`, s.key);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body).toMatchObject({ type: "about:blank", title: "Internal Server Error", status: 500, code: "internal" });
    expect(text).not.toMatch(/match_stats|SQL|D1_|at \w+ \(/);
    expect(res.headers.get("x-request-id")).toBe(body.request_id);
    const line = logged.find((l) => l.includes(body.request_id));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: "error", request_id: body.request_id });
    expect(line).toContain("match_stats");
    expect(line).not.toContain(s.key);
  });
});

describe("HTTP semantics", () => {
  it("write methods on the read-only API get 405 with Allow", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await exports.default.fetch("http://127.0.0.1:8787/v1/football/matches", { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
  });

  it("HEAD behaves like GET without a body", async () => {
    const s = await seed(["eng1"]);
    const res = await exports.default.fetch("http://127.0.0.1:8787/v1/football/leagues", {
      method: "HEAD",
      headers: { "x-api-key": s.key },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBeTruthy();
  });

  it("/health needs no key and every response carries a request id", async () => {
    const res = await get("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
