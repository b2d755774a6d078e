// Sign-in and sign-up budgets (docs/security-and-limits.md "Abuse limits"), through the dashboard forms.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Agent, signedUp } from "../../helpers/browser";

const PASSWORD = "correct horse battery";

/** `n` sign-ins at once with one CSRF token and cookie. */
async function parallelSignIns(a: Agent, n: number, email: (i: number) => string, password = "wrong password!") {
  const _csrf = await a.csrf("/dashboard/sign-in");
  return Promise.all(
    Array.from({ length: n }, (_, i) => a.post("/dashboard/sign-in", { email: email(i), password, _csrf })),
  );
}
const statuses = (res: Response[]) => res.map((r) => r.status);
const count = (res: Response[], status: number) => res.filter((r) => r.status === status).length;

describe("sign-in: 5 attempts per account and 20 per IP per 15 minutes, counted before the password check", () => {
  it("15 parallel wrong guesses for one account: 5 are checked, 10 get 429; then the right password is refused too", async () => {
    await signedUp("race@example.com");
    const attacker = new Agent();
    const res = await parallelSignIns(attacker, 15, () => "race@example.com");
    expect(count(res, 401), String(statuses(res))).toBe(5);
    expect(count(res, 429), String(statuses(res))).toBe(10);
    const limited = res.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(await limited.text()).toContain("Too many failed attempts");
    const owner = await new Agent().signIn("race@example.com", PASSWORD);
    expect(owner.status).toBe(429);
    expect(owner.headers.getSetCookie().some((c) => c.startsWith("sd_session="))).toBe(false);
  });

  it("21 parallel wrong guesses from one address over 21 accounts: at most 20 are checked", async () => {
    const res = await parallelSignIns(new Agent(), 21, (i) => `spray-${i}@example.com`);
    expect(count(res, 401), String(statuses(res))).toBe(20);
    expect(count(res, 429)).toBe(1);
  });

  it("a successful sign-in gives its attempt back: 4 wrong, right, 1 more wrong is still checked, the next is refused", async () => {
    await signedUp("giveback@example.com");
    const a = new Agent();
    for (let i = 0; i < 4; i++) expect((await a.signIn("giveback@example.com", "wrong password!")).status).toBe(401);
    expect((await a.signIn("giveback@example.com", PASSWORD)).status).toBe(303);
    expect((await a.signIn("giveback@example.com", "wrong password!")).status).toBe(401);
    expect((await a.signIn("giveback@example.com", PASSWORD)).status).toBe(429);
  });

  it("unknown emails are counted like known ones (no enumeration by the throttle)", async () => {
    const res = await parallelSignIns(new Agent(), 6, () => "nobody@example.com");
    expect(count(res, 401)).toBe(5);
    expect(count(res, 429)).toBe(1);
  });
});

describe("sign-up: 5 per client IP per hour", () => {
  it("the 5th sign-up from one address is accepted, the 6th gets a 429 page with Retry-After and creates nothing", async () => {
    const a = new Agent(undefined, "203.0.113.50");
    for (let i = 1; i <= 5; i++) expect((await a.signUp(`burst-${i}@example.com`)).status).toBe(303);
    const sixth = await a.signUp("burst-6@example.com");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(sixth.headers.get("content-type")).toContain("text/html");
    expect(await sixth.text()).toContain("Too many sign-ups from your network");
    const row = await env.DB.prepare("SELECT id FROM accounts WHERE email = 'burst-6@example.com'").first();
    expect(row).toBeNull();
    expect((await new Agent(undefined, "203.0.113.51").signUp("burst-6@example.com")).status).toBe(303);
  });

  it('without cf-connecting-ip all sign-ups share the budget of the address "local"', async () => {
    const a = new Agent(undefined, null);
    const res = [];
    for (let i = 1; i <= 6; i++) res.push((await a.signUp(`local-${i}@example.com`)).status);
    expect(res).toEqual([303, 303, 303, 303, 303, 429]);
  });
});

describe("the sign-in `next` parameter reaches the Location header: CR/LF → 400", () => {
  let signUps = 0;
  const sessions = async (email: string) =>
    (await env.DB.prepare(
      "SELECT count(*) AS n FROM sessions WHERE account_id = (SELECT id FROM accounts WHERE email = ?)",
    )
      .bind(email)
      .first<{ n: number }>())!.n;

  it.each([
    ["raw CR LF", "/oauth/authorize?client_id=x\r\nSet-Cookie: evil=1"],
    ["raw LF", "/oauth/authorize?client_id=x\nX: y"],
    ["raw CR", "/oauth/authorize?client_id=x\rX: y"],
    ["percent-encoded %0d%0a", "/oauth/authorize?client_id=x%0d%0aSet-Cookie:%20evil=1"],
    ["percent-encoded %0A, upper case", "/oauth/authorize?client_id=x%0ASet-Cookie:%20evil=1"],
  ])("POST with %s and the right password → 400, no session created", async (_, next) => {
    const email = `next-${++signUps}@example.com`;
    const owner = await signedUp(email);
    const _csrf = await owner.csrf("/dashboard/sign-in");
    const before = await sessions(email);
    const res = await owner.post("/dashboard/sign-in", { email, password: PASSWORD, _csrf, next });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(((await res.json()) as { detail: string }).detail).toContain("`next`");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sd_session="))).toBe(false);
    expect(await sessions(email)).toBe(before);
  });

  it.each([
    ["raw CR LF", "%0D%0A"],
    ["percent-encoded", "%250d%250a"],
  ])("GET /dashboard/sign-in and /dashboard/sign-up with %s in next → 400", async (_, crlf) => {
    for (const page of ["/dashboard/sign-in", "/dashboard/sign-up"]) {
      const res = await new Agent().get(
        `${page}?next=%2Foauth%2Fauthorize%3Fclient_id%3Dx${crlf}Set-Cookie%3A%20a%3Db`,
      );
      expect(res.status, page).toBe(400);
    }
  });

  it("sign-up with a CR/LF next → 400 and no account", async () => {
    const a = new Agent();
    const _csrf = await a.csrf("/dashboard/sign-up");
    const next = "/oauth/authorize?x\r\nSet-Cookie: a=b";
    const res = await a.post("/dashboard/sign-up", { email: "next-up@example.com", password: PASSWORD, _csrf, next });
    expect(res.status).toBe(400);
    expect(await env.DB.prepare("SELECT id FROM accounts WHERE email = 'next-up@example.com'").first()).toBeNull();
  });

  it("a clean next still leads back to the authorization", async () => {
    const owner = await signedUp("next-ok@example.com");
    const _csrf = await owner.csrf("/dashboard/sign-in");
    const next = "/oauth/authorize?client_id=x&state=y";
    const res = await owner.post("/dashboard/sign-in", {
      email: "next-ok@example.com",
      password: PASSWORD,
      _csrf,
      next,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(next);
  });
});
