// The first step of every surface: an API key, from any transport, as the one Principal shape.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authenticateKey, requireScope } from "../../../src/core/auth/authenticate";
import { Principal } from "../../../src/core/auth/principal";
import { ApiError } from "../../../src/core/errors";
import { createKey } from "../../helpers/admin";
import { seed } from "../../helpers/seed";

const s = await seed(["eng1", "acb"]);
const at = (headers: Record<string, string>, query = "") =>
  new Request(`http://127.0.0.1:8787/v1/football/leagues${query}`, { headers });

describe("authenticateKey", () => {
  it("gives the same key Principal whichever transport carries the key, and it satisfies the Principal schema", async () => {
    const found = await Promise.all([
      authenticateKey(at({ "x-api-key": s.key }), env),
      authenticateKey(at({ authorization: `Bearer ${s.key}` }), env),
      authenticateKey(at({}, `?api_key=${s.key}`), env),
    ]);
    for (const p of found) expect(p).toEqual(found[0]);
    const p = Principal.parse(found[0]);
    expect(p.type).toBe("key");
    if (p.type !== "key") return;
    expect(p.accountId).toBe(s.accountId);
    // The account's choice, and its private replay leagues (src/core/db/queries/visibility.ts).
    expect(p.tracked.split(",").sort()).toEqual([
      "lg_bb_acb",
      "lg_fb_eng1",
      `rpb_${s.accountId}`,
      `rpf_${s.accountId}`,
    ]);
    expect(p.scopes).toContain("mcp:invoke");
  });

  it("refuses a missing key with 401 invalid_api_key", async () => {
    const err = await authenticateKey(at({}), env).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("invalid_api_key");
  });

  it("requireScope refuses a key without the scope with 401 insufficient_scope naming it", async () => {
    const k = await createKey(s.accountId, ["read:matches"]);
    const p = await authenticateKey(at({ "x-api-key": k.key }), env);
    expect(() => requireScope(p, "read:matches")).not.toThrow();
    const err = (() => {
      try {
        requireScope(p, "mcp:invoke");
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(err?.status).toBe(401);
    expect(err?.code).toBe("insufficient_scope");
    expect(err?.detail).toContain("`mcp:invoke`");
  });
});
