// The one password rule (docs/security-and-limits.md "Abuse limits"): 10–256 characters, not a common password, in the
// dashboard and the admin API alike.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "../../../src/core/auth/common-passwords";
import { Credentials, isCommonPassword, Password } from "../../../src/core/auth/password-policy";
import { DEMO_PASSWORD } from "../../../src/demo/seed";
import { admin } from "../../helpers/admin";
import { Agent } from "../../helpers/browser";

const accountExists = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first()) !== null;

describe("the password schema", () => {
  it("ships a list of at least 10,000 common passwords, one per line, lowercased", () => {
    const list = COMMON_PASSWORDS.split("\n");
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(list).size).toBe(list.length);
    expect(list.every((p) => p === p.toLowerCase() && p.length > 0)).toBe(true);
  });

  it("9 characters are refused, 10 accepted; 256 accepted, 257 refused", () => {
    expect(Password.safeParse("xkcd-93vq").success).toBe(false);
    expect(Password.safeParse("xkcd-93vqz").success).toBe(true);
    expect(Password.safeParse("xkcd-93vqz".repeat(26).slice(0, 256)).success).toBe(true);
    expect(Password.safeParse("xkcd-93vqz".repeat(26).slice(0, 257)).success).toBe(false);
  });

  it("refuses common passwords whatever their case, and one character repeated", () => {
    for (const p of ["1234567890", "qwertyuiop", "password123", "PassWord123", "BASKETBALL"]) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(Password.safeParse(p).success, p).toBe(false);
    }
    for (const p of ["aaaaaaaaaa", "0000000000000", "ßßßßßßßßßß", "😀😀😀😀😀😀😀😀😀😀"]) {
      expect(Password.safeParse(p).success, p).toBe(false);
    }
    expect(Password.safeParse("correct horse battery").success).toBe(true);
  });

  it("refuses the account's email or its local part as the password", () => {
    expect(
      Credentials.safeParse({ email: "Someone.Long@example.com", password: "someone.long@example.com" }).success,
    ).toBe(false);
    expect(Credentials.safeParse({ email: "someone.long@example.com", password: "Someone.Long" }).success).toBe(false);
    expect(
      Credentials.safeParse({ email: "someone.long@example.com", password: "correct horse battery" }).success,
    ).toBe(true);
  });

  it("the demo account's password passes the rule too (the demo account is created by code, not the form)", () => {
    expect(Password.safeParse(DEMO_PASSWORD).success).toBe(true);
  });
});

describe("dashboard sign-up applies it", () => {
  it.each([
    ["a common password", "1234567890", "too common"],
    ["9 characters", "xkcd-93vq", "at least 10 characters"],
    ["one character repeated", "aaaaaaaaaa", "one character repeated"],
    ["the email", "policy-email@example.com", "your email"],
  ])("%s → 400 with a clear message, no account", async (_, password, message) => {
    const email = password.includes("@") ? password : `policy-${password}@example.com`;
    const res = await new Agent().signUp(email, password);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await accountExists(email)).toBe(false);
  });

  it("10 uncommon characters are accepted", async () => {
    expect((await new Agent().signUp("policy-ten@example.com", "xkcd-93vqz")).status).toBe(303);
  });
});

describe("admin API POST /internal/admin/accounts applies it", () => {
  it.each([
    ["a common password", "qwertyuiop"],
    ["a common password in upper case", "QWERTYUIOP"],
    ["9 characters", "xkcd-93vq"],
    ["one character repeated", "aaaaaaaaaa"],
    ["the email", "admin-policy@example.com"],
  ])("%s → 400 problem+json naming `password`, no account", async (_, password) => {
    const res = await admin("POST", "/accounts", { email: "admin-policy@example.com", password });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as { code: string; detail: string };
    expect(body.code).toBe("invalid_request");
    expect(body.detail).toContain("`password`");
    expect(await accountExists("admin-policy@example.com")).toBe(false);
  });

  it("10 uncommon characters are accepted; no password at all still is (an account for API keys only)", async () => {
    expect((await admin("POST", "/accounts", { email: "admin-ten@example.com", password: "xkcd-93vqz" })).status).toBe(
      201,
    );
    expect((await admin("POST", "/accounts", { email: "admin-nopass@example.com" })).status).toBe(201);
  });
});
