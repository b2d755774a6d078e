// Sign-in and sign-up budgets (CONTRACT.md "Abuse limits"), through the dashboard forms.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Agent, signedUp } from "../helpers/browser";

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
