import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dbFor } from "../../src/core/db/client";
import { seedDemo } from "../../src/demo/seed";
import { admin } from "../helpers/admin";
import { get, seed } from "../helpers/seed";

describe("admin token (Authorization: Bearer ADMIN_TOKEN)", () => {
  it.each([
    ["missing", ""],
    ["wrong", "not-the-token"],
    ["a prefix of the token", env.ADMIN_TOKEN.slice(0, -1)],
    ["the token plus a suffix", `${env.ADMIN_TOKEN}x`],
  ])("%s token → 401 problem+json, nothing written", async (_, token) => {
    const res = await admin("POST", "/accounts", { email: `nobody-${token.length}@example.com` }, token);
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const row = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?")
      .bind(`nobody-${token.length}@example.com`)
      .first();
    expect(row).toBeNull();
  });

  it("an API key is not an admin token", async () => {
    const s = await seed(["eng1"]);
    expect((await admin("POST", "/accounts", { email: "k@example.com" }, s.key)).status).toBe(401);
  });
});

describe("accounts, plans, tracked leagues, keys", () => {
  it("creates an account (201 {id}); a duplicate email is 409", async () => {
    const res = await admin("POST", "/accounts", {
      email: "new@example.com",
      password: "correct horse battery",
      plan: "starter",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^acc_/);
    const row = await env.DB.prepare("SELECT plan, password_hash FROM accounts WHERE id = ?").bind(id).first<any>();
    expect(row.plan).toBe("starter");
    expect(row.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row.password_hash).not.toContain("correct horse");
    expect((await admin("POST", "/accounts", { email: "NEW@example.com" })).status).toBe(409);
  });

  it("rejects bad bodies with 400 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ email: "not-an-email" }, "email"],
      [{ email: "a@b.co", plan: "platinum" }, "plan"],
      [{ email: "a@b.co", password: "short" }, "password"],
    ];
    for (const [body, field] of cases) {
      const res = await admin("POST", "/accounts", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).detail).toContain(`\`${field}\``);
    }
    const raw = await env.DB.prepare("SELECT count(*) AS n FROM accounts WHERE email = 'a@b.co'").first<{
      n: number;
    }>();
    expect(raw!.n).toBe(0);
    const notJson = await admin("POST", "/accounts", undefined);
    expect(notJson.status).toBe(400);
  });

  it("changes the plan; unknown account → 404", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "plan@example.com" })).json()) as { id: string };
    expect((await admin("PUT", `/accounts/${id}/plan`, { plan: "growth" })).status).toBe(200);
    expect((await env.DB.prepare("SELECT plan FROM accounts WHERE id = ?").bind(id).first<any>()).plan).toBe("growth");
    expect((await admin("PUT", `/accounts/acc_nope/plan`, { plan: "growth" })).status).toBe(404);
  });

  it("tracked leagues: unknown league ids are refused as a whole", async () => {
    await seed(["eng1", "acb"]);
    const { id } = (await (await admin("POST", "/accounts", { email: "track@example.com" })).json()) as { id: string };
    expect((await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] })).status).toBe(200);
    const bad = await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_bb_acb", "lg_fake"] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).detail).toContain("lg_fake");
    const { results } = await env.DB.prepare("SELECT league_id FROM tracked_leagues WHERE account_id = ?")
      .bind(id)
      .all();
    expect(results).toEqual([{ league_id: "lg_fb_eng1" }]);
  });

  it("creates a key shown once with the environment prefix and chosen scopes, and revokes it", async () => {
    await seed(["eng1"]);
    const { id } = (await (await admin("POST", "/accounts", { email: "keys@example.com" })).json()) as { id: string };
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const res = await admin("POST", `/accounts/${id}/keys`, { name: "ci", scopes: ["read:leagues"] });
    expect(res.status).toBe(201);
    const k = (await res.json()) as { id: string; key: string };
    expect(k.key).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    expect((await get("/v1/football/leagues", k.key)).status).toBe(200);
    expect((await get("/v1/football/matches", k.key)).status).toBe(401);
    expect((await admin("POST", `/accounts/${id}/keys`, { name: "x", scopes: ["write:all"] })).status).toBe(400);
    expect((await admin("DELETE", `/keys/${k.id}`)).status).toBe(204);
    expect((await get("/v1/football/leagues", k.key)).status).toBe(401);
    expect((await admin("DELETE", `/keys/key_unknown`)).status).toBe(404);
  });

  it("refuses a key without a name or with no scope in the dashboard's words (one key schema)", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "key-rules@example.com" })).json()) as {
      id: string;
    };
    const detail = async (body: object) => {
      const res = await admin("POST", `/accounts/${id}/keys`, body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { detail: string }).detail;
    };
    expect(await detail({ name: "  " })).toBe("invalid `name`: give the key a name");
    expect(await detail({ name: "ci", scopes: [] })).toBe("invalid `scopes`: choose at least one scope");
    expect((await admin("POST", `/accounts/${id}/keys`, { name: "ci" })).status).toBe(201);
  });
});

describe("active keys per plan", () => {
  it("a trial account gets 3 active keys, the 4th is 403 plan_limit; revoking one makes room; a higher plan allows more", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "cap-admin@example.com" })).json()) as {
      id: string;
    };
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await admin("POST", `/accounts/${id}/keys`, { name: `k${i}` }));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    const fourth = await admin("POST", `/accounts/${id}/keys`, { name: "k3" });
    expect(fourth.status).toBe(403);
    expect(await fourth.json()).toMatchObject({ code: "plan_limit", detail: expect.stringContaining("3 active keys") });
    const first = (await made[0]!.json()) as { id: string };
    expect((await admin("DELETE", `/keys/${first.id}`)).status).toBe(204);
    expect((await admin("POST", `/accounts/${id}/keys`, { name: "k4" })).status).toBe(201);
    expect((await admin("PUT", `/accounts/${id}/plan`, { plan: "starter" })).status).toBe(200);
    expect((await admin("POST", `/accounts/${id}/keys`, { name: "k5" })).status).toBe(201);
  });

  it("concurrent creates cannot pass the cap together", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "cap-race@example.com" })).json()) as {
      id: string;
    };
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) => admin("POST", `/accounts/${id}/keys`, { name: `r${i}` })),
    );
    expect(all.filter((r) => r.status === 201)).toHaveLength(3);
    expect(all.filter((r) => r.status === 403)).toHaveLength(5);
  });
});

describe("demo seeding", () => {
  it("is idempotent: a second run the same day writes nothing new", async () => {
    // One instant for every run: live matches' timelines grow with the clock, so a forced regeneration a second later
    // would rightly write more events. The day's data may already be there from earlier in this file (another
    // instant), so the first run here is forced too.
    const now = new Date();
    const first = await seed(["eng1", "euroleague"], now);
    await seedDemo(env, {
      demoApiKey: first.key,
      leagues: ["eng1", "euroleague"],
      force: true,
      now,
    });
    const count = async () =>
      env.DB.prepare(
        "SELECT (SELECT count(*) FROM matches) AS m, (SELECT count(*) FROM match_events) AS e, (SELECT count(*) FROM accounts) AS a, (SELECT count(*) FROM api_keys) AS k",
      ).first();
    const before = await count();
    const again = await seedDemo(env, {
      demoApiKey: first.key,
      leagues: ["eng1", "euroleague"],
      now,
    });
    expect(again.seeded).toBe(false);
    expect(await count()).toEqual(before);
    const forced = await seedDemo(env, {
      demoApiKey: first.key,
      leagues: ["eng1", "euroleague"],
      force: true,
      now,
    });
    expect(forced.seeded).toBe(true);
    expect(await count()).toEqual(before);
  }, 120_000); // two full demo seedings

  it("refuses a DEMO key that is not an sk_test_ key", async () => {
    const res = await admin("POST", "/demo", { demo_api_key: "sk_live_" + "a".repeat(43) });
    expect(res.status).toBe(400);
  });
});
