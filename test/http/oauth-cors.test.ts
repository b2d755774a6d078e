// The OAuth library answers its own endpoints (/oauth/token, /oauth/register, /.well-known/*) with the request's
// Origin reflected: browser MCP clients discover, register and exchange codes from their own origins. That is safe
// because nothing there rides on an ambient credential: no response allows credentials, so a page can never read an
// answer its cookies bought, and every answer it can read needs what only the client holds (a code and its PKCE
// verifier, a refresh token). The pages that do use a cookie (sign-in, consent, the dashboard) send no CORS headers
// (docs/security-and-limits.md "CORS").
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const BASE = "http://127.0.0.1:8787";
const ORIGIN = "https://elsewhere.example";
const ask = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(`${BASE}${path}`, { ...init, headers: { origin: ORIGIN, ...init.headers } });

describe("CORS on the OAuth endpoints", () => {
  it("reflects any Origin on the library's endpoints, but never allows credentials", async () => {
    const answers = [
      await ask("/.well-known/oauth-authorization-server"),
      await ask("/.well-known/oauth-protected-resource/v1/mcp"),
      await ask("/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=authorization_code&code=nope&code_verifier=nope&client_id=nope",
      }),
      await ask("/oauth/token", { method: "OPTIONS", headers: { "access-control-request-method": "POST" } }),
    ];
    for (const res of answers) {
      expect(res.headers.get("access-control-allow-origin"), res.url).toBe(ORIGIN);
      expect(res.headers.get("access-control-allow-credentials"), res.url).toBeNull();
      await res.body?.cancel();
    }
  });

  it("the cookie pages (sign-in and consent, the dashboard) send no CORS headers", async () => {
    for (const path of ["/oauth/authorize?response_type=code&client_id=x", "/dashboard/sign-in", "/dashboard"]) {
      const res = await ask(path, { redirect: "manual" });
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(res.headers.get("access-control-allow-credentials"), path).toBeNull();
      await res.body?.cancel();
    }
  });
});
