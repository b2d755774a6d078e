import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../../src/core/auth/password";
import { Agent, signedUp } from "../../helpers/browser";
import { get, seed } from "../../helpers/seed";

const seeded = await seed(["eng1", "euroleague"]);

async function createKey(a: Agent, name: string, scopes?: string[]) {
  const _csrf = await a.csrf("/dashboard/keys");
  const res = await a.post("/dashboard/keys", {
    name,
    _csrf,
    ...(scopes ? { scopes } : { scopes: ["read:matches", "read:leagues", "stream:websocket", "mcp:invoke"] }),
  });
  // Post/redirect/get: the key is on the page the POST redirects to, once.
  const html = res.status === 303 ? await (await a.get(res.headers.get("location")!)).text() : await res.text();
  return { res, html, key: /id="new-key-value">(sk_test_[0-9A-Za-z]{43})</.exec(html)?.[1] };
}

describe("replays on the keys page (docs/replays.md)", () => {
  it("the first steps show a new test key how to start a replay, and the page lists the account's replays", async () => {
    const a = await signedUp("replays-dash@example.com");
    const { html, key } = await createKey(a, "first");
    expect(html).toContain('id="first-replay"');
    const step = /id="first-replay">([^<]*)</.exec(html)![1]!.replaceAll("&quot;", '"').replaceAll("&#39;", "'");
    expect(step).toContain(`X-API-Key: ${key}`);
    expect(step).toContain('{"match_id":"m_of_wc_2022_6ae2a9b7","speed":600}');
    expect(step).toContain("/v1/replays");
    expect(html).toContain("No replays");

    // The demo account replays one of its finished matches with a timeline: the keys page lists it.
    const finished = (await (await get("/v1/football/matches?status=finished&limit=20", seeded.key)).json()) as {
      data: { id: string }[];
    };
    let source = "";
    for (const m of finished.data)
      if ((await get(`/v1/football/matches/${m.id}/events`, seeded.key)).status === 200) {
        source = m.id;
        break;
      }
    const created = await exports.default.fetch("http://127.0.0.1:8787/v1/replays", {
      method: "POST",
      headers: { "x-api-key": seeded.key, "content-type": "application/json" },
      body: JSON.stringify({ match_id: source, speed: 1 }),
    });
    expect(created.status).toBe(201);
    const replay = (await created.json()) as { id: string; match_id: string };
    const demo = new Agent();
    await demo.signIn("demo@example.com", "demo-password");
    const page = await (await demo.get("/dashboard/keys")).text();
    expect(page).toContain(`data-replay-id="${replay.id}"`);
    expect(page).toContain(replay.match_id);
    expect(page).toContain(source);
    await exports.default.fetch(`http://127.0.0.1:8787/v1/replays/${replay.id}`, {
      method: "DELETE",
      headers: { "x-api-key": seeded.key },
    });
  });
});

describe("passwords (PBKDF2-SHA256, per-user salt)", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("sessions", () => {
  it("sign-up starts a session in an HttpOnly SameSite=Lax cookie; sign-out ends it", async () => {
    const a = new Agent();
    const res = await a.signUp("life@example.com");
    expect(res.headers.get("location")).toBe("/dashboard/keys");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sd_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const page = await a.get("/dashboard/keys");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Signed in as life@example.com");
    const stored = await env.DB.prepare("SELECT id_hash FROM sessions").all<{ id_hash: string }>();
    expect(stored.results.some((r) => r.id_hash === a.cookies.get("sd_session"))).toBe(false);
    const _csrf = await a.csrf("/dashboard/keys");
    const out = await a.post("/dashboard/sign-out", { _csrf });
    expect(out.status).toBe(303);
    expect((await a.get("/dashboard/keys")).headers.get("location")).toBe("/dashboard/sign-in");
  });

  it("over https the cookie is __Host- and Secure", async () => {
    const a = new Agent("https://localhost");
    const res = await a.signUp("https@example.com");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__Host-session="))).toMatch(/Secure/);
  });

  it("an expired session signs the user out", async () => {
    const a = await signedUp("expiry@example.com");
    await env.DB.prepare(
      "UPDATE sessions SET expires_at = 0 WHERE account_id = (SELECT id FROM accounts WHERE email = 'expiry@example.com')",
    ).run();
    expect((await a.get("/dashboard/keys")).status).toBe(303);
  });

  it("wrong passwords are throttled per account: the sixth try is refused even with the right password", async () => {
    await signedUp("throttle@example.com");
    const a = new Agent();
    for (let i = 0; i < 5; i++) expect((await a.signIn("throttle@example.com", "wrong password!")).status).toBe(401);
    const blocked = await a.signIn("throttle@example.com", "correct horse battery");
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many failed attempts");
    const other = await signedUp("not-throttled@example.com");
    expect(other.cookies.size).toBeGreaterThan(0);
  });

  it("the demo account signs in with the README's credentials", async () => {
    const a = new Agent();
    expect((await a.signIn("demo@example.com", "demo-password")).status).toBe(303);
  });
});

describe("CSRF", () => {
  it("rejects a form POST without the token, with a wrong token, or from another origin", async () => {
    const a = await signedUp("csrf@example.com");
    const _csrf = await a.csrf("/dashboard/keys");
    expect((await a.post("/dashboard/keys", { name: "x", scopes: "read:matches" })).status).toBe(403);
    expect((await a.post("/dashboard/keys", { name: "x", scopes: "read:matches", _csrf: "A".repeat(22) })).status).toBe(
      403,
    );
    expect(
      (
        await a.post(
          "/dashboard/keys",
          { name: "x", scopes: "read:matches", _csrf },
          { origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    expect((await a.post("/dashboard/keys", { name: "x", scopes: "read:matches", _csrf })).status).toBe(303);
    const fresh = new Agent();
    expect(
      (await fresh.post("/dashboard/sign-in", { email: "csrf@example.com", password: "correct horse battery" })).status,
    ).toBe(403);
  });
});

describe("API keys page", () => {
  it("shows a new key once, lists it by name, prefix and last four; the key works and revocation stops it", async () => {
    const a = await signedUp("keys@example.com");
    const { res, key, html } = await createKey(a, "Backfill job", ["read:leagues"]);
    expect(res.status).toBe(303);
    expect(key).toBeDefined();
    expect(html).toContain("shown only this once");
    const listed = await (await a.get("/dashboard/keys")).text();
    expect(listed).not.toContain(key!);
    expect(listed).toContain(`sk_test_…${key!.slice(-4)}`);
    expect(listed).toContain("Backfill job");
    expect(listed).toContain("read:leagues");
    expect((await get("/v1/football/leagues", key!)).status).toBe(200);
    expect((await get("/v1/football/matches", key!)).status).toBe(401);
    const keyId = /data-key-id="([^"]+)"/.exec(listed)![1]!;
    const afterUse = await (await a.get("/dashboard/keys")).text();
    expect(afterUse).toMatch(/data-label="Last used"><time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time>/);
    const _csrf = await a.csrf("/dashboard/keys");
    expect((await a.post(`/dashboard/keys/${keyId}/revoke`, { _csrf })).status).toBe(303);
    expect((await get("/v1/football/leagues", key!)).status).toBe(401);
    expect(await (await a.get("/dashboard/keys")).text()).toContain("revoked");
  });

  it("shows a new key once: reloading the page neither shows it again nor creates a second key", async () => {
    const a = await signedUp("reload@example.com");
    const { key, html } = await createKey(a, "reload key");
    expect(html).toContain(key!);
    const reloaded = await (await a.get("/dashboard/keys")).text();
    expect(reloaded).not.toContain(key!);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM api_keys WHERE account_id = (SELECT id FROM accounts WHERE email = 'reload@example.com')",
    ).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("a trial account holds at most 3 active keys: the 4th is refused beside the form (403 plan_limit)", async () => {
    const a = await signedUp("cap@example.com");
    for (let i = 0; i < 3; i++) expect((await createKey(a, `k${i}`)).key).toBeDefined();
    const fourth = await createKey(a, "k3");
    expect(fourth.res.status).toBe(403);
    expect(fourth.html).toContain("the trial plan allows 3 active keys");
    expect(fourth.html).toMatch(/3 of 3 active keys your plan allows\s*: revoke one to create another\./);
  });

  it("escapes a key name like <script>", async () => {
    const a = await signedUp("xss@example.com");
    await createKey(a, `<script>alert("x")</script>`);
    const html = await (await a.get("/dashboard/keys")).text();
    expect(html).not.toContain(`<script>alert`);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("cannot revoke another account's key", async () => {
    const owner = await signedUp("owner@example.com");
    const { key } = await createKey(owner, "mine");
    const ownerId = /data-key-id="([^"]+)"/.exec(await (await owner.get("/dashboard/keys")).text())![1]!;
    const thief = await signedUp("thief@example.com");
    const _csrf = await thief.csrf("/dashboard/keys");
    expect((await thief.post(`/dashboard/keys/${ownerId}/revoke`, { _csrf })).status).toBe(404);
    expect((await get("/v1/football/leagues", key!)).status).toBe(200);
  });

  it("serves every page in standards mode with a strict CSP, no-store, the icon and the docs link", async () => {
    const a = await signedUp("headers@example.com");
    const pages = [
      "/dashboard/keys",
      "/dashboard/leagues",
      "/dashboard/plan",
      "/dashboard/apps",
      "/dashboard/webhooks",
    ];
    for (const p of [...pages, "/dashboard/sign-in", "/dashboard/sign-up"]) {
      const res = await (p.endsWith("sign-in") || p.endsWith("sign-up") ? new Agent() : a).get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html.startsWith("<!doctype html><html")).toBe(true);
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
      expect(html).toContain('<a href="/docs">');
      expect(html).toContain('<a href="/live">');
    }
  });

  it("shows the getting-started steps while no key is active, with the new key in the commands once made", async () => {
    const a = await signedUp("newcomer@example.com");
    const empty = await (await a.get("/dashboard/keys")).text();
    expect(empty).toContain("Getting started");
    expect(empty).toContain("No keys yet");
    expect(empty).toContain("curl -H &quot;X-API-Key: sk_test_…&quot; &quot;http://127.0.0.1:8787/v1/football/matches");
    const { html, key } = await createKey(a, "first");
    expect(html).toContain(`curl -H &quot;X-API-Key: ${key}&quot;`);
    expect(html).toContain(`http://127.0.0.1:8787/v1/mcp --header &quot;Authorization: Bearer ${key}&quot;`);
    const listed = await (await a.get("/dashboard/keys")).text();
    expect(listed).not.toContain("Getting started");
    const keyId = /data-key-id="([^"]+)"/.exec(listed)![1]!;
    await a.post(`/dashboard/keys/${keyId}/revoke`, { _csrf: await a.csrf("/dashboard/keys") });
    expect(await (await a.get("/dashboard/keys")).text()).toContain("Getting started");
  });
});

describe("tracked leagues and plan pages", () => {
  it("unticking a league removes it from the account's API", async () => {
    const a = await signedUp("leagues@example.com");
    const { key } = await createKey(a, "k");
    expect(((await (await get("/v1/basketball/leagues", key!)).json()) as any).data.map((l: any) => l.id)).toEqual([
      "lg_bb_euroleague",
    ]);
    const _csrf = await a.csrf("/dashboard/leagues");
    const saved = await a.post("/dashboard/leagues", { _csrf, league_ids: ["lg_fb_eng1"] });
    expect(saved.headers.get("location")).toBe("/dashboard/leagues?saved=1");
    expect(((await (await get("/v1/basketball/leagues", key!)).json()) as any).data).toEqual([]);
    const page = await (await a.get("/dashboard/leagues")).text();
    expect(page).toMatch(/value="lg_fb_eng1" checked/);
    expect(page).not.toMatch(/value="lg_bb_euroleague" checked/);
  });

  it("shows the plan, its limits and this minute's usage", async () => {
    const a = await signedUp("plan@example.com");
    const { key } = await createKey(a, "usage key");
    for (let i = 0; i < 3; i++) await get("/v1/football/leagues", key!);
    const html = await (await a.get("/dashboard/plan")).text();
    expect(html).toContain('<strong id="plan">trial</strong>');
    expect(html).toContain('<td id="limit-rest" class="num">60</td>');
    expect(html).toContain('<td id="rest-this-minute" data-label="Now" class="num this-minute">3</td>');
    expect(html).toContain('<td id="keys-active" data-label="Now" class="num">1</td>');
  });
});
